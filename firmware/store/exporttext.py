"""What an export writes: a game's record as JSON text (rodskagg-record/1) and its CSV score
sheet. Imported by ``Exporter.export`` (firmware/store/export.py) for the export only and let go after.
"""

from firmware.core import score
from firmware.words import tr


def _csv_field(text):
    text = str(text)
    for c in ',"\n\r':
        if c in text:
            return '"%s"' % text.replace('"', '""')
    return text


def _csv_row(fields):
    return ",".join(_csv_field(f) for f in fields) + "\r\n"


def _faults(players, faults, lang):
    """Penalties during a hand, for the entry column: ", penalty Bo: late Rödskägg call"."""
    return "".join(", %s: %s" % (tr(lang, "penalty %s") % players[s], _reason(lang, reason))
                   for s, reason in faults)


def describe(players, entry, lang="en"):
    """A few words for an entry in lang: the CSV's second column."""
    kind = entry[0]
    if kind == score.PLAY:
        text = tr(lang, "hand")
        if entry[2] != score.NO_SEAT:
            text += ", " + tr(lang, "%s called") % players[entry[2]]
        return text + _faults(players, entry[3], lang)
    if kind == score.BID:
        bid = "R" if entry[2] == score.BID_R else str(entry[2])
        return tr(lang, "%s bid %s") % (players[entry[1]], bid) + _faults(players, entry[5], lang)
    if kind == score.LONE:
        return tr(lang, "%s alone") % players[entry[1]]
    if kind == score.ALL_PASS:
        return tr(lang, "all pass")
    if kind == score.MISDEAL:
        return tr(lang, "misdeal") if entry[1] else tr(lang, "misdeal, no knock")
    if kind == score.FAULT:
        return ("%s: %s" % (tr(lang, "fault %s") % players[entry[1]], _reason(lang, entry[2]))
                ).rstrip(": ")
    return ("%s: %s" % (tr(lang, "correction"), _reason(lang, entry[2]))).rstrip(": ")


def _reason(lang, reason):
    """A reason from the device's list in lang; anything else as it was written."""
    return tr(lang, reason) if lang == "sv" else reason


def record_text(game):
    """The record as JSON text, keys in RECORD.md's order, one hand a line (the same on every VM).

    firmware.record.writer (and recordformat) is imported here, for the export only
    (Exporter.export lets them go after it)."""
    import gc

    gc.collect()
    from firmware.record.format import FORMAT
    from firmware.record.writer import dumps, entry_to_json

    p = game.players
    text = '{"format": %s,\n "rules": {"preset": %s' % (dumps(FORMAT), dumps(game.rules.preset))
    for name, value in game.rules.overrides():
        text += ", %s: %s" % (dumps(name), dumps(value))
    text += "},\n \"players\": %s,\n" % dumps(list(p))
    text += ' "dealer": %s,\n "hands": [' % dumps(p[game.first_dealer])
    hands = [dumps(entry_to_json(p, e), p) for e in game.log]
    if hands:
        text += "\n  " + ",\n  ".join(hands) + "\n "
    return text + "]}\n"


def sheet_text(game, lang="en"):
    """The CSV score sheet in lang: one row per entry, one score column per player.

    The first column numbers the hands as the table counts them (Giv N, as the
    scoreboard does); an entry that is not a counted hand (all pass, misdeal,
    knock fault, correction) has no number and says where it stands."""
    players = game.players
    out = _csv_row([tr(lang, "hand"), tr(lang, "entry")] + list(players))
    if game.base is None:
        start = [game.rules.start] * len(players)
        out += _csv_row([0, tr(lang, "start")] + start)
        before = 0
    else:
        out += _csv_row([game.base.hands, tr(lang, "(earlier hands not kept)")]
                        + list(game.base.scores))
        before = game.base.hands
    for entry, state in zip(game.log, game.states()):
        what = describe(players, entry, lang)
        if state.hands > before:
            number = state.hands
        else:
            number = ""
            what += " (%s)" % (tr(lang, "before hand %d") % (before + 1))
        before = state.hands
        out += _csv_row([number, what] + list(state.scores))
    st = game.state
    if st.over():
        out += _csv_row(["", tr(lang, "winner: %s") % players[st.winner]] + [""] * len(players))
    if game.rules.pot:
        out += _csv_row(["", tr(lang, "pot balance")] + list(st.balance))
    return out
