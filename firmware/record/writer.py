"""Game -> the game record ``rodskagg-record/1`` (docs/RECORD.md), the same text on every VM.

The inverse of reader.py: seat numbers in the core become names in the record.
"""

import json

from firmware.core import score
from firmware.record.format import FORMAT, quote


def entry_to_json(players, entry, words=None):
    """An entry tuple -> its record object (inverse of record.entry_from_json). words: a
    reason's text as the record gives it (the export: in the table's language; a reason is
    free text), None as stored."""
    kind = entry[0]
    words = words or _same
    if kind == score.PLAY:
        obj = {"tricks": _counts_to_names(players, entry[1], lambda t: t >= 0)}
        if entry[2] != score.NO_SEAT:
            obj["call"] = players[entry[2]]
        return _faults_to_json(players, entry[3], obj, words)
    if kind == score.BID:
        _k, declarer, bid, tricks, joined, faults = entry
        obj = {"declarer": players[declarer], "bid": "R" if bid == score.BID_R else bid,
               "tricks": {}}
        for seat in range(len(players)):
            if tricks[seat] or seat == declarer:
                obj["tricks"][players[seat]] = tricks[seat]
        if joined:
            obj["joined"] = [players[s] for s in range(len(players)) if joined >> s & 1]
        return _faults_to_json(players, faults, obj, words)
    if kind == score.LONE:
        return {"lone": players[entry[1]]}
    if kind == score.ALL_PASS:
        return {"all_pass": True}
    if kind == score.MISDEAL:
        return {"misdeal": True, "knocked": entry[1]}
    if kind == score.FAULT:
        return {"fault": players[entry[1]], "reason": words(entry[2])}
    return {"adjust": _counts_to_names(players, entry[1], lambda d: d != 0), "reason": words(entry[2])}


def _same(reason):
    return reason


def _faults_to_json(players, faults, obj, words):
    if faults:
        obj["faults"] = {players[s]: words(reason) for s, reason in faults}
    return obj


def _counts_to_names(players, counts, keep):
    return {players[s]: counts[s] for s in range(len(players)) if keep(counts[s])}


# The order RECORD.md writes an entry's keys in. json.dumps(dict) follows the dict's
# order, which CircuitPython and MicroPython do not keep: write records with dumps().
KEY_ORDER = ("declarer", "bid", "tricks", "call", "joined", "faults", "lone", "all_pass", "misdeal",
             "knocked", "fault", "adjust", "reason")


def dumps(value, players=()):
    """JSON text of a record value, the same on every VM: an entry's keys in KEY_ORDER,
    names in seat order (other keys after them, sorted), strings in UTF-8 (not \\u escapes)."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (_rank(k, players), k))
        return "{%s}" % ", ".join("%s: %s" % (dumps(k), dumps(value[k], players)) for k in keys)
    if isinstance(value, (list, tuple)):
        return "[%s]" % ", ".join(dumps(v, players) for v in value)
    return json.dumps(value)


def _rank(key, players):
    if key in KEY_ORDER:
        return KEY_ORDER.index(key)
    if key in players:
        return len(KEY_ORDER) + list(players).index(key)
    return len(KEY_ORDER) + len(players)


def to_record(game):
    """The game as a record object, ready for json.dumps."""
    rules = {"preset": game.rules.preset}
    for name, value in game.rules.overrides():
        rules[name] = value
    return {"format": FORMAT, "rules": rules, "players": list(game.players),
            "dealer": game.players[game.first_dealer],
            "hands": [entry_to_json(game.players, e) for e in game.log]}
