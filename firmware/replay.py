"""Replay a game record: ``python3 -m firmware.replay GAME.json`` (or ``-`` for stdin).

Prints the result as one JSON object and exits 0; for an invalid record
prints ``hand N: what is wrong`` on stderr and exits 2. Runs on CPython,
MicroPython and CircuitPython alike. A test case that wraps the record with
its expected result (``{"record": {...}, "expect": {...}}``, the files in
host_tests/records/) is replayed as the record it holds.
"""

import json
import sys

from firmware.record import RecordError, load, result_json, write_result

USAGE = "usage: python3 -m firmware.replay GAME.json|-"


def _unwrap(doc):
    if isinstance(doc, dict) and "record" in doc and "format" not in doc:
        return doc["record"]  # a test case: the record and its expected result
    return doc


def run(text):
    """Record text -> result JSON text (raises RecordError)."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise RecordError(0, "not valid JSON")
    return result_json(load(_unwrap(doc)))


def _load(name):
    """The Game the record in file name (``-``: stdin) describes, parsed straight from the
    stream; a test case's expected result and each hand object are let go as soon as read."""
    try:
        if name == "-":
            doc = json.load(sys.stdin)
        else:
            with open(name, encoding="utf-8") as f:
                doc = json.load(f)
    except (OSError, UnicodeError) as e:
        raise RecordError(0, "cannot read %s: %s" % (name, e))
    except ValueError:
        raise RecordError(0, "not valid JSON")
    doc = _unwrap(doc)
    return load(doc, drop=True)


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(USAGE + "\n")
        return 2
    try:
        game = _load(argv[0])
    except RecordError as e:
        sys.stderr.write(str(e) + "\n")
        return 2
    write_result(game, sys.stdout.write)  # one "after" object at a time
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
