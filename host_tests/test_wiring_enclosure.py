"""The enclosures (hardware/BOARD/enclosure.scad): each matches its board profile, and OpenSCAD
renders every printed part to the STL make release ships (when OpenSCAD is installed)."""

import re
import shutil
import struct

import pytest

from firmware.device import boards
from tools.build import release

CASES = release.enclosures()
# The panel's active area (mm) of each build with an enclosure: the lid's window frames it.
ACTIVE_AREA = {"pico": (21.7, 10.9), "pico_242": (55.0, 27.5)}
OPENSCAD = shutil.which("openscad")


def parameter(scad, name):
    """A parameter's value as OpenSCAD takes it: the file's last assignment, else its include's."""
    text = scad.read_text(encoding="utf-8")
    found = re.findall(r"^%s\s*=\s*([^;]+);" % re.escape(name), text, re.M)
    if found:
        return found[-1].strip()
    include = re.search(r"^include <([^>]+)>", text, re.M)
    assert include, "%s: no %s" % (scad, name)
    return parameter((scad.parent / include.group(1)).resolve(), name)


def numbers(value):
    return [float(v) for v in value.strip("[]").split(",")]


def test_the_pico_and_table_builds_have_an_enclosure():
    assert set(CASES) == set(ACTIVE_AREA)
    assert set(CASES) <= set(boards.PROFILES)


@pytest.mark.parametrize("board", sorted(ACTIVE_AREA))
def test_the_lid_has_a_hole_for_each_button_of_the_profile(board):
    assert int(parameter(CASES[board], "buttons")) == len(boards.PROFILES[board]["buttons"])


@pytest.mark.parametrize("board", sorted(ACTIVE_AREA))
def test_the_window_frames_the_panel_and_the_buttons_fit_the_board(board):
    scad = CASES[board]
    w, h = numbers(parameter(scad, "oled_window"))
    aw, ah = ACTIVE_AREA[board]
    assert aw < w < aw + 5 and ah < h < ah + 5
    pcb_w, pcb_l = float(parameter(scad, "pcb_w")), float(parameter(scad, "pcb_l"))
    cx, cy = float(parameter(scad, "oled_center_x")), float(parameter(scad, "oled_center_y"))
    assert cx - w / 2 > 0 and cx + w / 2 < pcb_w and cy + h / 2 < pcb_l
    pitch, row = float(parameter(scad, "button_pitch")), float(parameter(scad, "button_row_y"))
    n = int(parameter(scad, "buttons"))
    hole = float(parameter(scad, "button_hole"))
    assert cx - (n - 1) / 2 * pitch - hole / 2 > 0 and cx + (n - 1) / 2 * pitch + hole / 2 < pcb_w
    assert row + hole / 2 < cy - h / 2  # the row below the window
    assert pitch > hole + 3  # room for a finger's cap between holes


def stl_box(path):
    """(min xyz, max xyz) of an STL file's vertices (OpenSCAD writes ASCII STL)."""
    data = path.read_bytes()
    if data.startswith(b"solid"):
        vertices = [tuple(map(float, m.split()))
                    for m in re.findall(rb"vertex\s+(\S+\s+\S+\s+\S+)", data)]
    else:
        count = struct.unpack_from("<I", data, 80)[0]
        vertices = [struct.unpack_from("<3f", data, 84 + 50 * i + 12 * (k + 1))
                    for i in range(count) for k in range(3)]
    assert len(vertices) > 100, path
    return [min(v[i] for v in vertices) for i in range(3)], [max(v[i] for v in vertices) for i in range(3)]


@pytest.mark.skipif(not OPENSCAD, reason="openscad not installed (apt-get install openscad): no STL rendered")
@pytest.mark.parametrize("board", sorted(ACTIVE_AREA))
def test_openscad_renders_every_part_to_the_size_of_the_box(board, tmp_path):
    scad = CASES[board]
    pcb = numbers("[%s, %s]" % (parameter(scad, "pcb_w"), parameter(scad, "pcb_l")))
    wall, clearance = float(parameter(scad, "wall")), float(parameter(scad, "clearance"))
    outer = [d + 2 * clearance + 2 * wall for d in pcb]
    boxes = {part: stl_box(release.render_stl(scad, part, tmp_path / (part + ".stl"), OPENSCAD))
             for part in release.PARTS}
    for part in ("base", "lid"):
        low, high = boxes[part]
        assert [round(high[i] - low[i], 3) for i in (0, 1)] == pytest.approx(outer), part
    low, high = boxes["caps"]
    cap = [float(parameter(scad, n)) for n in ("above", "switch_h", "lid_t", "cap_protrude")]
    assert high[2] - low[2] == pytest.approx(cap[0] - cap[1] + cap[2] + cap[3])  # switch top to above the lid


@pytest.mark.skipif(not OPENSCAD, reason="openscad not installed (apt-get install openscad): no STL rendered")
def test_the_battery_bay_and_the_switch_slot_render(tmp_path):
    import subprocess

    out = tmp_path / "base.stl"
    done = subprocess.run([OPENSCAD, "-o", str(out), "-D", 'part="base"', "-D", "battery=true",
                           "-D", "power_switch=true", str(CASES["pico"])], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "WARNING" not in done.stderr, done.stderr
    low, high = stl_box(out)
    assert high[2] - low[2] == pytest.approx(2 + 16 + 9 + 1.6 + 9)  # floor, bay, below, board, above
