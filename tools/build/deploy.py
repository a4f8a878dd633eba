"""Copy build/CIRCUITPY/ (make bundle) to a mounted CIRCUITPY drive.

    python -m tools.build.deploy                    # finds the mounted CIRCUITPY drive
    python -m tools.build.deploy --drive /media/me/CIRCUITPY
    python -m tools.build.deploy --settings         # also replace the drive's settings.toml

What it does to the drive:
- firmware/ is replaced as a whole (a stale .py would shadow a new .mpy);
- each library of the bundle replaces the same library in lib/ (its .py or
  .mpy twin too); other libraries in lib/ are left alone;
- boot.py and code.py are overwritten, code.py last (CircuitPython restarts
  on every write; with code.py last it restarts into the complete program);
- settings.toml is written only when the drive has none, or with --settings;
- games/ (the exported score sheets) and anything else are never touched.

The scorekeeper's boot.py gives the drive to the device (to write games/);
the computer may write it only after a reset with the boot button held. A
read-only drive is reported with the button to hold, before anything is copied.
"""

import glob
import os
import shutil
import string
import sys
from pathlib import Path

from tools.build.bundle import BUILD

LABEL = "CIRCUITPY"
MARKER = "boot_out.txt"  # CircuitPython writes it at every start
NEVER = ("games", "settings.toml")


class DeployError(Exception):
    """The bundle cannot be copied; the text says what to do."""


def candidates():
    """Mount points where a CIRCUITPY drive usually appears, on Linux, macOS and Windows."""
    found = []
    for pattern in ("/media/*/" + LABEL, "/media/" + LABEL, "/run/media/*/" + LABEL,
                    "/Volumes/" + LABEL, "/mnt/" + LABEL):
        found += sorted(glob.glob(pattern))
    if os.name == "nt":  # pragma: no cover - Windows only
        found += _windows_drives()
    return [p for p in found if os.path.isfile(os.path.join(p, MARKER))]


def _windows_drives():  # pragma: no cover - Windows only
    import ctypes

    drives = []
    for letter in string.ascii_uppercase:
        root = "%s:\\" % letter
        if not os.path.exists(root):
            continue
        name = ctypes.create_unicode_buffer(64)
        ok = ctypes.windll.kernel32.GetVolumeInformationW(root, name, 64, None, None, None, None, 0)
        if ok and name.value == LABEL:
            drives.append(root)
    return drives


def find_drive(given=None):
    """The drive to write: the one given (checked), or the single mounted CIRCUITPY."""
    if given:
        drive = Path(given)
        if not drive.is_dir():
            raise DeployError("%s is not a folder; is the board plugged in and mounted?" % drive)
        if not (drive / MARKER).is_file():
            raise DeployError("%s has no %s, so it does not look like a CircuitPython drive. Plug the "
                              "board in (install CircuitPython first: hardware/README.md) or give the "
                              "right folder." % (drive, MARKER))
        return drive
    found = candidates()
    if not found:
        raise DeployError("no mounted CIRCUITPY drive found (looked in /media/*/, /run/media/*/, "
                          "/Volumes/). Plug the board in, wait for the drive, or give its folder: "
                          "make deploy DRIVE=/path/to/CIRCUITPY")
    if len(found) > 1:
        raise DeployError("several CIRCUITPY drives are mounted (%s); choose one with "
                          "make deploy DRIVE=..." % ", ".join(found))
    return Path(found[0])


def read_settings(text):
    """{KEY: value} of the simple `KEY = "text"` / `KEY = 123` lines of a settings.toml."""
    values = {}
    for line in text.splitlines():
        if line.strip().startswith("["):
            break  # CircuitPython reads only the keys before the first table
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or key.startswith("#"):
            continue
        if value.startswith('"') and '"' in value[1:]:
            values[key] = value[1:value.index('"', 1)]
        else:
            values[key] = value.split("#", 1)[0].strip()
    return values


def boot_button_hint(bundle, drive):
    """Which button opens the drive to the computer, from the drive's settings.toml or the bundle's."""
    for source in (Path(drive) / "settings.toml", Path(bundle) / "settings.toml"):
        try:
            values = read_settings(source.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        pin = values.get("RODSKAGG_BOOT_BUTTON")
        if not pin:
            continue
        roles = dict(reversed(part.split(":", 1)) for part in values.get("RODSKAGG_BUTTONS", "").split(",")
                     if ":" in part)
        role = roles.get(pin)
        return "the boot button (%s%s)" % (pin, ", the %s button" % role if role else "")
    return "the boot button (RODSKAGG_BOOT_BUTTON in settings.toml)"


def check_writable(bundle, drive):
    """Raise DeployError with what to do when the computer may not write the drive."""
    probe = Path(drive) / ".rodskagg-deploy"
    try:
        with open(probe, "wb") as f:
            f.write(b"x")
        probe.unlink()
    except OSError as exc:
        raise DeployError(
            "%s is read-only (%s). The scorekeeper's boot.py gives the drive to the device so it can "
            "save games/; to update it, hold %s while you press reset (or plug the board in), "
            "wait for the drive, and run this again." % (drive, exc.strerror or exc, boot_button_hint(bundle, drive)))


def _library_names(bundle):
    lib = bundle / "lib"
    if not lib.is_dir():
        return []
    return sorted(p.name for p in lib.iterdir())


def _size(path):
    if path.is_file():
        return path.stat().st_size
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return 0


def plan(bundle, drive, settings=False):
    """[(action, source or None, target)] in the order they run. Actions: remove, copy, keep."""
    bundle = Path(bundle)
    drive = Path(drive)
    steps = []
    for name in _library_names(bundle):
        stem = Path(name).stem if name.endswith((".py", ".mpy")) else name
        for twin in (stem, stem + ".py", stem + ".mpy"):
            if (drive / "lib" / twin).exists():
                steps.append(("remove", None, drive / "lib" / twin))
        steps.append(("copy", bundle / "lib" / name, drive / "lib" / name))
    if (bundle / "firmware").is_dir():
        if (drive / "firmware").exists():
            steps.append(("remove", None, drive / "firmware"))
        steps.append(("copy", bundle / "firmware", drive / "firmware"))
    if (bundle / "settings.toml").is_file():
        if settings or not (drive / "settings.toml").exists():
            steps.append(("copy", bundle / "settings.toml", drive / "settings.toml"))
        else:
            steps.append(("keep", bundle / "settings.toml", drive / "settings.toml"))
    extras = sorted(p for p in bundle.iterdir()
                    if p.name not in ("lib", "firmware", "settings.toml", "code.py"))
    for path in extras:
        steps.append(("copy", path, drive / path.name))
    if (bundle / "code.py").is_file():
        steps.append(("copy", bundle / "code.py", drive / "code.py"))
    for step in steps:
        if step[2].name in NEVER and step[0] == "remove":
            raise DeployError("refusing to remove %s" % step[2])  # pragma: no cover - a bug guard
    return steps


def deploy(bundle=BUILD, drive=None, settings=False, out=print):
    """Copy the bundle to the drive; return the plan carried out."""
    bundle = Path(bundle)
    if not (bundle / "code.py").is_file():
        raise DeployError("%s has no code.py: run `make bundle` first" % bundle)
    drive = find_drive(drive)
    check_writable(bundle, drive)
    steps = plan(bundle, drive, settings)
    need = sum(_size(src) for action, src, _dst in steps if action == "copy")
    freed = sum(_size(dst) for dst in {dst for action, _src, dst in steps if action in ("remove", "copy")})
    free = shutil.disk_usage(drive).free
    if need > free + freed:
        raise DeployError("%s has %d KiB free; the bundle needs %d KiB more. Delete old files "
                          "(keep games/) and try again." % (drive, free // 1024, (need - freed - free) // 1024))
    try:
        for action, src, dst in steps:
            if action == "remove":
                if dst.is_dir():
                    shutil.rmtree(dst)
                else:
                    dst.unlink()
            elif action == "copy":
                dst.parent.mkdir(parents=True, exist_ok=True)
                if src.is_dir():
                    shutil.copytree(src, dst)
                else:
                    shutil.copyfile(src, dst)
                out("copied %s" % dst.relative_to(drive))
            else:
                out("kept your %s (use --settings to replace it with the bundle's)" % dst.relative_to(drive))
    except OSError as exc:
        raise DeployError("writing %s failed: %s. If the drive became read-only, hold %s while you "
                          "press reset and run this again (see hardware/README.md)."
                          % (drive, exc, boot_button_hint(bundle, drive)))
    if hasattr(os, "sync"):
        os.sync()
    out("deployed to %s; eject the drive before unplugging the board" % drive)
    return steps


def main(argv=None):
    from tools.shared import ArgumentParser

    parser = ArgumentParser(prog="python -m tools.build.deploy", description=__doc__.split("\n")[0])
    parser.add_argument("--drive", help="the CIRCUITPY folder (default: find the mounted drive)")
    parser.add_argument("--bundle", default=str(BUILD), help="the bundle folder (default build/CIRCUITPY)")
    parser.add_argument("--settings", action="store_true",
                        help="replace the drive's settings.toml with the bundle's")
    args = parser.parse_args(argv)
    try:
        deploy(Path(args.bundle), args.drive, args.settings)
    except (DeployError, OSError) as exc:  # OSError: the drive went away while it was read
        print("deploy: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
