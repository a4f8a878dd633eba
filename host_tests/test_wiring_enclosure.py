"""hardware/pico/enclosure.scad: matches the Pico profile, and OpenSCAD evaluates it (when installed)."""

import re
import shutil
import subprocess

import pytest

from firmware.device import boards
from tools.drawings import wiring

SCAD = wiring.HARDWARE / "pico" / "enclosure.scad"


def parameter(name):
    match = re.search(r"^%s\s*=\s*([^;]+);" % re.escape(name), SCAD.read_text(encoding="utf-8"), re.M)
    assert match, name
    return match.group(1).strip()


def test_the_lid_has_a_hole_for_each_button_of_the_pico_profile():
    assert int(parameter("buttons")) == len(boards.PROFILES["pico"]["buttons"])


def test_the_window_fits_the_display_of_the_pico_profile():
    w, h = (float(v) for v in parameter("oled_window").strip("[]").split(","))
    # a 0.96" 128x64 SSD1306 shows 21.7 x 10.9 mm; the window frames it with a small margin
    assert boards.PROFILES["pico"]["height"] == 64
    assert 21.7 < w < 27 and 10.9 < h < 16


@pytest.mark.parametrize("part", ["base", "lid", "caps"])
def test_openscad_evaluates_every_part(part, tmp_path):
    tool = shutil.which("openscad")
    if not tool:
        pytest.skip("openscad is not installed (apt-get install openscad); the parameters are checked above")
    out = tmp_path / ("%s.csg" % part)
    done = subprocess.run([tool, "-o", str(out), "-D", 'part="%s"' % part, "-D", "battery=true",
                           "-D", "power_switch=true", str(SCAD)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    assert out.stat().st_size > 1000
    assert "outside:" in done.stderr
