"""make release: what a builder copies, for every board profile, into build/release/.

    python -m tools.build.release                  # every profile of firmware/device/boards.py
    python -m tools.build.release --board pico     # one

Per profile, the CIRCUITPY files of tools/build/bundle.py as zips whose contents go onto the drive
as they are (code.py, boot.py, settings.toml, firmware/, lib/):
- ``rodskagg-VERSION-BOARD-cpN-mpy.zip``: firmware/ and lib/ compiled by CircuitPython N's own
  mpy-cross (N from its ``--version``), as Adafruit's library bundles are made per major version:
  a board runs them only on CircuitPython N. Skipped, in one line, where that mpy-cross is not
  found (tools/shared.py).
- ``rodskagg-VERSION-BOARD-py.zip``: the same as .py source.
Both carry the replay, so that ``python3 -m firmware.replay games/0001-fem.json`` works from the
drive's top on any computer with Python 3 (README): the .py zip its modules the bundle has not as
.py in firmware/ (the device never imports them); the .mpy zip all of its sources in replay/ and a
launcher as firmware/replay.py (tools/build/replay_launcher.py), since CircuitPython loads a .py
before the .mpy beside it and CPython reads no .mpy.
Per build with an enclosure (``hardware/BOARD/enclosure.scad``), its printed parts as STL files
``rodskagg-VERSION-BOARD-PART.stl``, rendered by OpenSCAD; skipped, in one line, without it.
VERSION is firmware.VERSION, the version the device shows (menu, About) and writes into every
game record it exports. The zips hold the files in a fixed order with a fixed date, so the same
tree gives the same bytes.
"""

import ast
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tools.build import bundle as B
from tools.shared import ArgumentParser

OUT = B.ROOT / "build" / "release"
HARDWARE = B.ROOT / "hardware"
PARTS = ("base", "lid", "caps")  # the parts of an enclosure.scad (its `part` parameter)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # zip's earliest date: the bytes depend on the files only
CIRCUITPYTHON = 10  # the CircuitPython the firmware runs on (README, TOOLCHAIN.md)
MPY_CROSS_BUILDS = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
NO_MPY_CROSS = ("release: no .mpy zips: they need CircuitPython %d's mpy-cross (Adafruit's builds: %s); "
                "name it in CIRCUITPY_MPY_CROSS=/path/to/mpy-cross" % (CIRCUITPYTHON, MPY_CROSS_BUILDS))
LAUNCHER = Path(__file__).with_name("replay_launcher.py")


def version():
    from firmware import VERSION

    return VERSION


def circuitpython_major(tool):
    """The CircuitPython major version an mpy-cross compiles for (its --version), or None."""
    try:
        done = subprocess.run([tool, "--version"], capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    match = re.search(r"CircuitPython (\d+)\.", done.stdout + done.stderr)
    return int(match.group(1)) if match else None


def zip_folder(folder, path):
    """Zip every file under folder (paths relative to it) into path, reproducibly."""
    folder = Path(folder)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for file in B.tree_files(folder):
            info = zipfile.ZipInfo(file.relative_to(folder).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, file.read_bytes())
    return Path(path)


def name(board, kind, major=None):
    """The zip of a board: kind "mpy" (for CircuitPython major) or "py"."""
    cp = "-cp%d" % major if kind == "mpy" else ""
    return "rodskagg-%s-%s%s-%s.zip" % (version(), board, cp, kind)


def replay_sources(root=B.ROOT):
    """{path relative to root: the file} of every firmware module ``python3 -m firmware.replay``
    may import on CPython, with each package's __init__.py: followed from firmware/replay.py through
    every import that names firmware, in any branch (CPython's terminal handling too)."""
    root = Path(root)
    found = {}
    seen = set()
    todo = ["firmware.replay"]
    while todo:
        dotted = todo.pop()
        if dotted in seen:
            continue
        seen.add(dotted)
        parts = dotted.split(".")
        path = root.joinpath(*parts).with_suffix(".py")
        if not path.is_file():
            path = root.joinpath(*parts, "__init__.py")
            if not path.is_file():
                continue  # a name imported from a module, not a module
        for i in range(1, len(parts)):  # the packages it is in
            init = root.joinpath(*parts[:i], "__init__.py")
            found[init.relative_to(root).as_posix()] = init
        found[path.relative_to(root).as_posix()] = path
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module] + ["%s.%s" % (node.module, alias.name) for alias in node.names]
            else:
                continue
            todo += [n for n in names if n.split(".")[0] == "firmware"]
    return dict(sorted(found.items()))


def add_replay(folder, kind, root=B.ROOT):
    """Put the replay into a bundle folder (see the module's docstring); the paths added."""
    folder = Path(folder)
    sources = replay_sources(root)
    if kind == "mpy":
        files = {"replay/" + rel: path for rel, path in sources.items()}
        files["firmware/replay.py"] = LAUNCHER
    else:
        files = {rel: path for rel, path in sources.items() if not (folder / rel).exists()}
    for rel, path in files.items():
        dest = folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    return sorted(files)


def bundle_zip(board, out, kind, tool=None, major=None):
    """Build board's bundle (kind "mpy" with tool, or "py"), add the replay and zip it into out;
    the zip's path."""
    with tempfile.TemporaryDirectory(prefix="release-") as tmp:
        made = B.build(board, out=Path(tmp) / "CIRCUITPY", mpy_cross=tool if kind == "mpy" else None)
        add_replay(made.out, kind)
        made.raw, made.on_drive = B.tree_size(made.out)
        made.fits = B.fits(made.on_drive)
        if not all(ok for _label, _usable, _used, ok in made.fits):
            raise B.BundleError("%s: too big for a CIRCUITPY drive\n%s" % (board, made.report()))
        return zip_folder(made.out, Path(out) / name(board, kind, major))


def enclosures():
    """{board: its enclosure.scad} for the builds that have one."""
    return {p.parent.name: p for p in sorted(HARDWARE.glob("*/enclosure.scad"))}


def render_stl(scad, part, path, openscad):
    """One part of an enclosure as STL; raises on an OpenSCAD error or warning."""
    done = subprocess.run([openscad, "-o", str(path), "-D", 'part="%s"' % part, str(scad)],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or "WARNING" in done.stderr or "ERROR" in done.stderr:
        raise B.BundleError("openscad %s (%s):\n%s" % (scad, part, done.stderr.strip()))
    return Path(path)


def release(boards, out=OUT, tool=None, openscad=None, say=print):
    """Write the release into out (emptied first); the paths written."""
    out = Path(out)
    B.clear(out, lambda file: re.fullmatch(r"rodskagg-.+\.(zip|stl)", file) is not None)
    major = circuitpython_major(tool) if tool else None
    if tool and major is None:
        raise B.BundleError("%s does not say which CircuitPython it compiles for (--version): CircuitPython %d's "
                            "mpy-cross does (Adafruit's builds: %s)" % (tool, CIRCUITPYTHON, MPY_CROSS_BUILDS))
    if not tool:
        say(NO_MPY_CROSS)
    written = []
    for board in boards:
        if tool:
            written.append(bundle_zip(board, out, "mpy", tool, major))
        written.append(bundle_zip(board, out, "py"))
    cases = {b: p for b, p in enclosures().items() if b in boards}
    if cases and not openscad:
        say("release: no STL: openscad not found (Debian: apt-get install openscad)")
    elif cases:
        for board, scad in cases.items():
            for part in PARTS:
                written.append(render_stl(scad, part, out / ("rodskagg-%s-%s-%s.stl" % (version(), board, part)),
                                          openscad))
    return written


def main(argv=None):
    from firmware.device import boards
    from tools.shared import mpy_cross

    parser = ArgumentParser(prog="python -m tools.build.release", description=__doc__.split("\n")[0])
    parser.add_argument("--board", action="append", choices=sorted(boards.PROFILES),
                        help="a board profile (default: every profile)")
    parser.add_argument("--out", default=str(OUT), help="output folder (default build/release)")
    args = parser.parse_args(argv)
    chosen = args.board or list(boards.PROFILES)
    try:
        written = release(chosen, Path(args.out), mpy_cross(), shutil.which("openscad"))
    except (B.BundleError, OSError) as exc:  # OSError: the folder cannot be written, the disk is full
        print("release: %s" % exc, file=sys.stderr)
        return 1
    print("release %s: %s" % (version(), B._rel(args.out, B.ROOT)))
    for path in written:
        print("  %-48s %7d bytes" % (path.name, path.stat().st_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
