"""What an export writes, and the writing: a game's record as JSON text (rodskagg-record/1)
and its CSV score sheet, each written to NAME.ext.tmp a line at a time (no whole text in RAM)
and then renamed, so a power cut leaves either no file or a whole one (and at worst a stray
.tmp, removed next time). Imported by ``Exporter.export`` (firmware/store/export.py) for the
export only and let go after.
"""

import os

from firmware import VERSION, forget
from firmware.words import hand, tr


def write(exporter, game, name, lang):
    """Write game to the exporter's folder as NAME.json and NAME.csv; its value is NAME (a new one
    unless name is one this module made). Raises OSError. In steps (a generator, as
    firmware/store/journal.py Store.saving): it yields after each piece of text written and each
    sync, removal and rename (the drive's flash erases 4 KiB for every 512-byte block written, 45
    ms), so that a press is handled between them (firmware/ui/app.py App.work)."""
    folder = exporter.path(exporter.folder)
    if not _exists(folder):
        os.mkdir(folder)  # (a device's first export: four erases)
        yield
    _clean(folder)
    if not _good_name(name):
        name = next_name(folder, game)
    if game.base is None:
        yield from _write(exporter.path(exporter.folder, name + ".json"), record_parts(game, lang))
        forget("firmware.record.writer")
        forget("firmware.record.format")
        forget("firmware.record")  # the package, empty now
    else:
        exporter.note = "hands 1-%d were not kept: score sheet only" % game.base.hands
        exporter.kept_from = game.base.hands + 1
    yield from _write(exporter.path(exporter.folder, name + ".csv"), sheet_rows(game, lang, exporter.board))
    return name


def _sync():
    sync = getattr(os, "sync", None)
    if sync is not None:
        sync()


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _good_name(name):
    """True for a name export() made: NNNN-preset, nothing that leaves games/."""
    if not isinstance(name, str) or len(name) < 6 or not name[:4].isdigit() or name[4] != "-":
        return False
    return all("a" <= c <= "z" or "0" <= c <= "9" or c == "_" for c in name[5:])


def next_name(folder, game):
    """NNNN-preset, NNNN one more than the highest number in folder."""
    top = 0
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    for name in names:
        digits = name[:4]
        if len(name) > 4 and digits.isdigit():
            top = max(top, int(digits))
    return "%04d-%s" % (top + 1, game.rules.preset)


def _clean(folder):
    """Remove .tmp files a power cut left behind."""
    for name in os.listdir(folder):
        if name.endswith(".tmp"):
            try:
                os.remove(folder + "/" + name)
            except OSError:
                continue


def _write(path, parts):
    """The texts of parts, one after the other, as the file at path (whole or not at all); in
    steps, as ``write``."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        yield  # (its directory entry written)
        for part in parts:
            f.write(part.encode("utf-8"))
            yield
    _sync()
    yield
    if _exists(path):
        os.remove(path)
        yield
    os.rename(tmp, path)
    _sync()


def _csv_field(text):
    text = str(text)
    for c in ',"\n\r':
        if c in text:
            return '"%s"' % text.replace('"', '""')
    return text


def _csv_row(fields):
    return ",".join(_csv_field(f) for f in fields) + "\r\n"


def record_text(game, lang="en"):
    """The record as JSON text (what ``write`` puts in NAME.json)."""
    return "".join(record_parts(game, lang))


def record_parts(game, lang="en"):
    """The record as JSON text in pieces, keys in RECORD.md's order, one hand a line (the same
    on every VM); the reasons as the table saw them, in lang (a reason is free text).
    Exactly the keys RECORD.md has: a strict reader refuses any other, so what
    wrote the file is named in the score sheet (``sheet_rows``), not here.

    firmware.record.writer (and recordformat) is imported here, for the export only
    (``write`` lets them go after)."""
    import gc

    gc.collect()
    from firmware.record.format import FORMAT
    from firmware.record.writer import dumps, entry_to_json

    yield ""  # (the imports a step of their own: ``write`` yields after each piece)

    p = game.players
    text = '{"format": %s,\n "rules": {"preset": %s' % (dumps(FORMAT), dumps(game.rules.preset))
    for name, value in game.rules.overrides():
        text += ", %s: %s" % (dumps(name), dumps(value))
    text += "},\n \"players\": %s,\n" % dumps(list(p))
    yield text + ' "dealer": %s,\n "hands": [' % dumps(p[game.first_dealer])
    sep = "\n  "
    for e in game.log:
        yield sep + dumps(entry_to_json(p, e, lambda r: hand.reason(lang, r)), p)
        sep = ",\n  "
    yield ("\n " if game.log else "") + "]}\n"


def entries(game, lang="en"):
    """(number, what, state after) for each entry of the log, as the score sheet has them: the
    hand's number as the table counts them (None for an entry that is not a counted hand, whose
    words then say where it stands), the entry in words of lang (firmware/words/hand.py: every
    fact of it), the state after it (one State object, changed in place from one entry to the
    next: read it before the next)."""
    players = game.players
    before = game.fold([])
    for entry, state in zip(game.log, game.states()):
        what = hand.text(hand.phrases(lang, game.rules, players, entry, before, state))
        if state.hands > before.hands:
            number = state.hands
        else:
            number = None
            what += " (%s)" % (tr(lang, "before hand %d") % (before.hands + 1))
        before = state.copy()
        yield number, what, state


def sheet_text(game, lang="en", board=None):
    """The CSV score sheet in lang (what ``write`` puts in NAME.csv)."""
    return "".join(sheet_rows(game, lang, board))


def sheet_rows(game, lang="en", board=None):
    """The CSV score sheet in lang, a row at a time: one row per entry, one score column per player.

    The first column numbers the hands as the table counts them (Giv N, as the
    scoreboard does); an entry that is not a counted hand (all pass, misdeal,
    knock fault, correction) has no number and says where it stands. The last row
    names what wrote the sheet, as *Om* / *About* does: "Rödskägg VERSION, BOARD"."""
    players = game.players
    yield _csv_row([tr(lang, "hand"), tr(lang, "entry")] + list(players))
    if game.base is None:
        start = [game.rules.start] * len(players)
        yield _csv_row([0, tr(lang, "start")] + start)
    else:
        yield _csv_row([game.base.hands, tr(lang, "(earlier hands not kept)")]
                       + list(game.base.scores))
    for number, what, state in entries(game, lang):
        yield _csv_row(["" if number is None else number, what] + list(state.scores))
    st = game.state
    if st.over():
        yield _csv_row(["", tr(lang, "winner: %s") % players[st.winner]] + [""] * len(players))
    if game.rules.pot:
        yield _csv_row(["", tr(lang, "pot balance")] + list(st.balance))
    yield _csv_row(["", "Rödskägg %s" % VERSION + (", " + board if board else "")] + [""] * len(players))
