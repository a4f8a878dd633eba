"""Rödskägg scorekeeper: everything that runs on the device."""


def forget(name):
    """Drop a module that is no longer needed (start-up code, a save's reader) so its code
    can be collected; a later import loads it again. Kept on CPython (RAM is no matter there)."""
    import sys

    if sys.implementation.name == "cpython":
        return
    if sys.modules.pop(name, None) is not None:
        package, _dot, leaf = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and leaf in getattr(parent, "__dict__", {}):
            delattr(parent, leaf)
