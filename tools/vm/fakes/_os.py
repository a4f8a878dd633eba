"""Fake ``os``: the port's own ``os`` with CircuitPython's ``getenv`` from /settings.toml.

``getenv(key, default=None)`` reads ``key = "text"`` or ``key = 123`` lines
of the drive's settings.toml (strings with the usual escapes, decimal or
0x integers) and returns a str or an int, or default when the key is
missing, as CircuitPython 8+ does; anything else is a ValueError.
"""

import os as _builtin


def __getattr__(name):
    """Everything but getenv and rename: the port's own os."""
    return getattr(_builtin, name)


_ESC = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "b": "\b", "f": "\f"}


def _string(text):
    out = ""
    i = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return out
        if c == "\\":
            i += 1
            e = text[i]
            if e == "u":
                out += chr(int(text[i + 1:i + 5], 16))
                i += 4
            elif e in _ESC:
                out += _ESC[e]
            else:
                raise ValueError("Invalid escape in settings.toml")
        else:
            out += c
        i += 1
    raise ValueError("Invalid string in settings.toml")


def getenv(key, default=None):
    try:
        f = open("/settings.toml")  # noqa: SIM115 (closed by the with below)
    except OSError:
        return default
    with f:
        for line in f:
            line = line.strip()
            if not line or line[0] == "#" or "=" not in line:
                continue
            if line[0] == "[":
                return default  # a table: CircuitPython reads only the keys before it
            name, value = line.split("=", 1)
            if name.strip() != key:
                continue
            value = value.strip()
            if value.startswith('"'):
                return _string(value)
            value = value.split("#", 1)[0].strip()
            try:
                return int(value, 0)
            except ValueError:
                raise ValueError("Invalid setting %s in settings.toml" % key)
    return default


_host = _builtin.VfsPosix()  # the host's root, not mounted: only rename() below uses it


def rename(old_path, new_path):
    """FAT's rename on the drive (OSError EEXIST when new_path exists, EROFS on a read-only drive).

    The unix port's VfsPosix with a root folder loses the old path when it
    renames (both paths share one buffer), so the rename goes to the host's
    root with the drive folder in front of both paths.
    """
    import _fakestate as S

    if S.cfg.get("readonly") == "1":
        raise OSError(30)  # EROFS
    try:
        _builtin.stat(new_path)
    except OSError:
        pass
    else:
        raise OSError(17)  # EEXIST: FAT does not replace
    _builtin.stat(old_path)  # ENOENT as on a board
    cwd = _builtin.getcwd()
    drive = S.cfg["drive"].rstrip("/")
    paths = []
    for p in (old_path, new_path):
        if not p.startswith("/"):
            p = cwd.rstrip("/") + "/" + p
        paths.append(drive + p)
    _host.rename(paths[0], paths[1])
