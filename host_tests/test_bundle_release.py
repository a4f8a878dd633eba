"""make release (tools/build/release.py): per board profile a zip of the CIRCUITPY files, named with
the project's version, that holds the bundle and the replay (README: ``python3 -m firmware.replay
games/0001-fem.json`` from the drive's top, on any computer with Python 3); the CHANGELOG names that
version. The board tier (test_board_tier.py) plays its sample on the pico .mpy zip unpacked onto the
emulated drive, replay and all."""

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from firmware import VERSION
from firmware.record.reader import loads
from firmware.store.export import Exporter
from host_tests.test_bundle_build import device_resolve
from tools.build import bundle as B
from tools.build import release
from tools.shared import mpy_cross

ROOT = Path(__file__).resolve().parent.parent
# A Python 3 as a person has it: the interpreter the venv was made from, without its packages.
PLAIN_PYTHON = next(p for p in (Path(sys.base_prefix) / "bin" / "python3", Path(sys.executable)) if p.is_file())


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


def test_the_py_zip_holds_the_bundle_and_the_replay_and_says_why_no_mpy(tmp_path):
    said = []
    written = release.release(["pico_242"], tmp_path / "out", tool=None, openscad=None, say=said.append)
    assert [p.name for p in written] == ["rodskagg-%s-pico_242-py.zip" % VERSION]
    assert said == [release.NO_MPY_CROSS, "release: no STL: openscad not found (Debian: apt-get install openscad)"]
    files = zipped(written[0])
    built = B.build("pico_242", out=tmp_path / "CIRCUITPY")
    bundled = tree(built.out)
    # what goes on the drive, at the zip's root, and the replay's modules the device never imports
    replay_only = {"firmware/replay.py", "firmware/record/reader.py", "firmware/record/replay.py",
                   "firmware/record/terminal.py", "firmware/record/usage.py"}
    assert set(files) == set(bundled) | replay_only and not replay_only & set(bundled)
    assert {n: files[n] for n in bundled} == bundled
    assert all(files[n] == (ROOT / n).read_bytes() for n in replay_only)
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
    # no .py in firmware/ but the replay's launcher: CircuitPython would load a .py before its .mpy
    assert compiled and [n for n in files if n.startswith("firmware/") and n.endswith(".py")] == ["firmware/replay.py"]
    assert all(files[n][:1] == b"C" for n in compiled)  # CircuitPython's own .mpy header
    assert files["code.py"] == (ROOT / "code.py").read_bytes()


def test_without_circuitpython_s_mpy_cross_release_says_which_where_and_the_variable():
    """One line: CircuitPython 10's (what the .mpy zip is compiled for), Adafruit's builds, the variable."""
    assert release.NO_MPY_CROSS == (
        "release: no .mpy zips: they need CircuitPython 10's mpy-cross (Adafruit's builds: "
        "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/); "
        "name it in CIRCUITPY_MPY_CROSS=/path/to/mpy-cross")
    p = subprocess.run([sys.executable, "-m", "tools.build.release", "--board", "pico_242", "--out", "build/x"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
                       env=dict(os.environ, CIRCUITPY_MPY_CROSS="/nowhere/mpy-cross", PATH="/usr/bin:/bin"))
    shutil.rmtree(ROOT / "build" / "x", ignore_errors=True)
    assert p.returncode == 0 and release.NO_MPY_CROSS + "\n" in p.stdout and p.stderr == ""


def exported_game(tmp_path):
    """games/0001-fem.json as the Pico exports it."""
    with open(ROOT / "host_tests" / "records" / "fem-basic.json", encoding="utf-8") as f:
        doc = json.load(f)
    (tmp_path / "device").mkdir()
    Exporter(str(tmp_path / "device"), lambda: True, board="pico").export(loads(json.dumps(doc["record"])))
    return tmp_path / "device" / "games" / "0001-fem.json"


def replays_from_the_drive_s_top(zip_path, tmp_path):
    """The zip unzipped as a builder does, a game exported into its games/, and README's command run
    there by a plain Python 3 (no venv, no checkout on its path): its output is the checkout's."""
    top = tmp_path / "CIRCUITPY"
    with zipfile.ZipFile(zip_path) as z:
        z.extractall(top)
    game = exported_game(tmp_path)
    (top / "games").mkdir()
    shutil.copyfile(game, top / "games" / "0001-fem.json")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    on_drive = subprocess.run([str(PLAIN_PYTHON), "-m", "firmware.replay", "games/0001-fem.json"], cwd=top,
                              capture_output=True, text=True, timeout=60, env=env)
    here = subprocess.run([sys.executable, "-m", "firmware.replay", str(game)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert here.returncode == 0 and json.loads(here.stdout)["scores"] == {"Anna": 11, "Bo": 6, "Cia": 4, "Dan": 22}
    assert (on_drive.returncode, on_drive.stdout, on_drive.stderr) == (0, here.stdout, "")
    return top


def test_an_unzipped_py_release_replays_an_exported_game(tmp_path):
    written = release.release(["pico"], tmp_path / "out", tool=None, say=lambda line: None)
    replays_from_the_drive_s_top(written[0], tmp_path)


@pytest.mark.skipif(not mpy_cross(), reason="CircuitPython's mpy-cross not found (CIRCUITPY_MPY_CROSS=): no .mpy zip")
def test_an_unzipped_mpy_release_replays_an_exported_game_and_the_board_loads_only_mpy(tmp_path):
    """The replay's sources in replay/, its launcher the only firmware/ .py; every module the device
    imports is found as CircuitPython finds it (/ then /lib, a .py before a .mpy) as its .mpy."""
    tool = mpy_cross()
    (tmp_path / "out").mkdir()
    zip_path = release.bundle_zip("pico", tmp_path / "out", "mpy", tool, release.circuitpython_major(tool))
    top = replays_from_the_drive_s_top(zip_path, tmp_path)
    files = tree(top)
    assert files["firmware/replay.py"] == release.LAUNCHER.read_bytes()
    sources = release.replay_sources()
    assert {n[len("replay/"):]: v for n, v in files.items() if n.startswith("replay/")} == {
        rel: path.read_bytes() for rel, path in sources.items()}
    assert sorted(n for n in files if n.endswith(".py") and not n.startswith("replay/")) == [
        "boot.py", "code.py", "firmware/replay.py"]
    graph = B.build("pico", out=tmp_path / "CIRCUITPY-mpy", mpy_cross=tool).graph
    assert "firmware.replay" not in graph.modules and len(graph.modules) > 40
    for module in graph.modules:
        assert device_resolve(top, module).suffix == ".mpy", module
