"""make release (tools/build/release.py): per board profile a zip of the CIRCUITPY files, named with
the project's version, that holds exactly the bundle; the CHANGELOG names that version. The board
tier (test_board_tier.py) plays its sample on the pico .mpy zip unpacked onto the emulated drive."""

import re
import zipfile
from pathlib import Path

import pytest

from firmware import VERSION
from tools.build import bundle as B
from tools.build import release
from tools.shared import mpy_cross

ROOT = Path(__file__).resolve().parent.parent


def zipped(path):
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in B.tree_files(folder)}


def test_the_changelog_heads_with_the_version_the_device_shows():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\d+\.\d+\.\d+)", text, re.M)
    assert versions and versions[0] == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


def test_the_py_zip_holds_the_bundle_for_the_drive_and_says_why_no_mpy(tmp_path):
    said = []
    written = release.release(["pico_242"], tmp_path / "out", tool=None, openscad=None, say=said.append)
    assert [p.name for p in written] == ["rodskagg-%s-pico_242-py.zip" % VERSION]
    assert said == ["release: no .mpy zips: CircuitPython's mpy-cross not found "
                    "(CIRCUITPY_MPY_CROSS=, see tools/shared.py)",
                    "release: no STL: openscad not found (Debian: apt-get install openscad)"]
    files = zipped(written[0])
    built = B.build("pico_242", out=tmp_path / "CIRCUITPY")
    assert files == tree(built.out)  # what goes on the drive, at the zip's root
    assert {"code.py", "boot.py", "settings.toml", "firmware/__init__.py", "firmware/words/sv.txt"} <= set(files)
    assert b'RODSKAGG_BOARD = "pico_242"' in files["settings.toml"]
    # the same tree gives the same bytes
    again = release.release(["pico_242"], tmp_path / "again", say=said.append)
    assert again[0].read_bytes() == written[0].read_bytes()


@pytest.mark.skipif(not mpy_cross(), reason="CircuitPython's mpy-cross not found (CIRCUITPY_MPY_CROSS=): no .mpy zip")
def test_the_mpy_zip_is_compiled_for_the_circuitpython_its_name_says(tmp_path):
    tool = mpy_cross()
    major = release.circuitpython_major(tool)
    assert major == 10
    written = release.release(["feather_oled"], tmp_path, tool=tool, say=lambda line: None)
    assert [p.name for p in written] == ["rodskagg-%s-feather_oled-cp10-mpy.zip" % VERSION,
                                         "rodskagg-%s-feather_oled-py.zip" % VERSION]
    files = zipped(written[0])
    compiled = [n for n in files if n.endswith(".mpy")]
    assert compiled and not [n for n in files if n.startswith("firmware/") and n.endswith(".py")]
    assert all(files[n][:1] == b"C" for n in compiled)  # CircuitPython's own .mpy header
    assert files["code.py"] == (ROOT / "code.py").read_bytes()
