"""Fake ``storage``: ``remount`` (boot.py only) and ``getmount``.

On a board boot.py may remount "/" for the code (readonly=False: the
computer then sees the drive read-only); code.py may not. The launcher
mounts the drive folder at "/" readonly or not from what boot.py chose (the
mode file of the config), so writes to a read-only drive fail with EROFS as
on a board.
"""

import _fakestate as S


class _Mount:
    def __init__(self, readonly):
        self.readonly = readonly
        self.label = "CIRCUITPY"


_mount = _Mount(S.cfg.get("code_writes", "0") != "1")


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    if mount_path != "/":
        raise OSError(22)
    if S.cfg.get("phase") != "boot":
        raise RuntimeError("Cannot remount path when visible via USB.")
    _mount.readonly = readonly
    f = S.files["mode"]  # opened by the launcher before "/" became the drive
    f.seek(0)
    f.write("0" if readonly else "1")
    f.flush()


def getmount(mount_path):
    if mount_path != "/":
        raise OSError(22)
    return _mount


def disable_usb_drive():
    pass


def enable_usb_drive():
    pass
