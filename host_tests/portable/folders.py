"""Folders for the portable tests (CPython, MicroPython and CircuitPython's VM: no tempfile there)."""

import os


def own_dir(what):
    """A new empty folder for one test: mkdir refuses a name in use, so two runs at once
    (two worktrees, pytest beside the MicroPython run) never share one (no tempfile on the VMs)."""
    while True:
        path = "/tmp/rodskagg-%s-" % what + "".join("%02x" % b for b in os.urandom(6))
        try:
            os.mkdir(path)
            return path
        except OSError:
            pass  # taken: another name


def rmtree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        p = path + "/" + name
        try:
            os.remove(p)
        except OSError:
            rmtree(p)
    os.rmdir(path)

