"""Replay a game record: ``python3 -m firmware.replay GAME.json`` (or ``-`` for stdin).

Prints the result as one JSON object and exits 0; for an invalid record
prints ``hand N: what is wrong`` on stderr and exits 2. Runs on CPython,
MicroPython and CircuitPython alike. A test case that wraps the record with
its expected result (``{"record": {...}, "expect": {...}}``, the files in
host_tests/records/) is replayed as the record it holds.
"""

import json
import sys

from firmware.record import RecordError, load, result_json

USAGE = "usage: python3 -m firmware.replay GAME.json|-"


def run(text):
    """Record text -> result JSON text (raises RecordError)."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise RecordError(0, "not valid JSON")
    if isinstance(doc, dict) and "record" in doc and "format" not in doc:
        doc = doc["record"]  # a test case: the record and its expected result
    return result_json(load(doc))


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(USAGE + "\n")
        return 2
    try:
        if argv[0] == "-":
            text = sys.stdin.read()
        else:
            with open(argv[0], encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeError) as e:
        sys.stderr.write("hand 0: cannot read %s: %s\n" % (argv[0], e))
        return 2
    try:
        out = run(text)
    except RecordError as e:
        sys.stderr.write(str(e) + "\n")
        return 2
    sys.stdout.write(out + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
