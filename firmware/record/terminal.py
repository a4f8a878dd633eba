"""What the replay command needs on CPython, where a person runs it in a terminal: output the
terminal's encoding cannot write (PYTHONIOENCODING=ascii) as JSON's escapes, not a traceback, and
a reader that stops early (``| head``) ends it quietly. MicroPython and CircuitPython write UTF-8
and never run this (CPython's modules are imported in cli: make bench imports every module of
firmware/ on CircuitPython's VM to weigh it)."""

import sys


def _json_escape(error):
    """What the encoding cannot write, as JSON's \\u escapes: the output stays the same JSON."""
    out = ""
    for c in error.object[error.start:error.end]:
        n = ord(c)
        out += "\\u%04x" % n if n < 0x10000 else "\\u%04x\\u%04x" % (0xD7C0 + (n >> 10), 0xDC00 | n & 0x3FF)
    return out, error.end


def cli(main):
    """main(the command's arguments), its exit status."""
    import codecs
    import os

    codecs.register_error("json_escape", _json_escape)
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # a record is UTF-8 (RECORD.md)
    sys.stdout.reconfigure(errors="json_escape")  # type: ignore[union-attr]
    sys.stderr.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    try:
        code = main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader has gone: CPython would flush stdout again at exit, so point it at nothing
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    return code
