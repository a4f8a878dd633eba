"""Replay a game record: the work of ``python3 -m firmware.replay GAME.json`` (or ``-`` for stdin).

Prints the result as one JSON object and exits 0; for an invalid record
prints ``hand N: what is wrong`` on stderr and exits 2 (``GAME.json: why`` for
a file that holds no record). Runs on CPython, MicroPython and CircuitPython
alike. A test case that wraps the record with
its expected result (``{"record": {...}, "expect": {...}}``, the files in
host_tests/records/) is replayed as the record it holds.
"""

import json
import sys

from firmware.core.kinds import NO_SEAT
from firmware.record.format import quote
from firmware.record.reader import RecordError, intern_players, load


def _unwrap(doc):
    if isinstance(doc, dict) and "record" in doc and "format" not in doc:
        return doc["record"]  # a test case: the record and its expected result
    return doc


def _load(name):
    """The Game the record in file name (``-``: stdin) describes, parsed straight from the
    stream; a test case's expected result and each hand object are let go as soon as read.
    A file that holds no record at all gives the line that names it and says why (a record's
    own faults name their entry: RecordError)."""
    shown = "standard input" if name == "-" else name
    try:
        if name == "-":
            doc = json.load(sys.stdin)
        else:
            intern_players(name)
            with open(name, encoding="utf-8") as f:
                doc = json.load(f)
    except OSError as e:
        return "%s: cannot be read (%s)" % (shown, getattr(e, "strerror", None) or e)
    except UnicodeError:  # before ValueError, which it is on CPython
        return "%s: not UTF-8 text" % shown
    except ValueError:
        return "%s: not valid JSON, not a game record" % shown
    doc = _unwrap(doc)
    return load(doc, drop=True)


def _scores(players, scores):
    return "{%s}" % ", ".join("%s: %d" % (quote(players[s]), scores[s]) for s in range(len(players)))


def _name(players, seat):
    return "null" if seat == NO_SEAT else quote(players[seat])


def _names(players, seats):
    return "[%s]" % ", ".join(quote(players[s]) for s in seats)


def result_json(game):
    """The replay result as JSON text (write_result, collected into one string)."""
    parts: list = []
    write_result(game, parts.append)
    return "".join(parts)


def write_result(game, write):
    """Write the replay result as JSON text, piece by piece, keys in the order RECORD.md lists them.

    Written by hand rather than json.dumps(dict) so the order is the same on
    MicroPython, whose dicts do not keep insertion order; and in pieces (one
    "after" object at a time, folded as it is written) so a long game never
    needs its whole result in RAM.
    """
    p = game.players
    st = game.state
    write('{"scores": %s, "after": [' % _scores(p, st.scores))
    sep = ""
    for s in game.states():
        write(sep + _scores(p, s.scores))
        sep = ", "
    pot = "null"
    if game.rules.pot:
        pot = '{"pot": %d, "balance": %s}' % (st.pot, _scores(p, st.balance))
    write('], "dealer": %s, "winner": %s, "tiebreak": %s, "out": %s, "pot": %s}'
          % (_name(p, st.dealer), _name(p, st.winner), _names(p, st.tied), _names(p, st.out), pot))


def main(argv):
    if len(argv) != 1 or (argv[0][:1] == "-" and argv[0] != "-"):
        from firmware.record.usage import answer  # words a long replay need not hold

        return answer(argv)
    try:
        game = _load(argv[0])
    except RecordError as e:
        game = str(e)
    if isinstance(game, str):
        sys.stderr.write(game + "\n")
        return 2
    write_result(game, sys.stdout.write)  # one "after" object at a time
    sys.stdout.write("\n")
    return 0
