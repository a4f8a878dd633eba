"""Rödskägg scorekeeper: everything that runs on the device."""

# The release (CHANGELOG.md, make release): shown in the menu's About and written into every
# exported game record.
VERSION = "1.0.0"
# True keeps every module loaded: the host's sweeps of thousands of power cuts set it (importing
# a save's modules again at every cut made them minutes long); the device never does.
keep_modules = False


def forget(name):
    """Drop a module that is no longer needed (start-up code, a save's reader) so its code
    can be collected; a later import loads it again. The same on CPython, so that the host's
    tests see modules go and come back as the device does."""
    import sys

    if keep_modules:
        return
    if sys.modules.pop(name, None) is not None:
        package, _dot, leaf = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and leaf in getattr(parent, "__dict__", {}):
            delattr(parent, leaf)


def finish(steps):
    """Run a generator of steps (a save in steps: firmware/store/journal.py Store.saving) to its
    end, at once; its value."""
    try:
        while True:
            next(steps)
    except StopIteration as e:  # (its args hold the value: MicroPython's has no .value everywhere)
        return e.args[0] if e.args else None
