"""Finished games to the drive: games/NAME.json (rodskagg-record/1) and games/NAME.csv.

Pure apart from the ``os`` calls CircuitPython has (open, os.stat, os.mkdir,
os.listdir, os.rename, os.remove, os.sync when present). Each file is
written to NAME.ext.tmp first and then renamed, so a power cut leaves either
no file or a whole one (and at worst a stray .tmp, removed next time).

Who may write the drive is decided in boot.py (firmware/bootmode.py): the
device by default, the computer when the boot button is held at reset.
``writable`` is a callable that says which is on now.
"""

import os

from firmware import score
from firmware.ui.lazy import forget
from firmware.ui.text import tr

DEVICE = "device"  # the code may write the drive: export works
COMPUTER = "computer"  # the computer may write the drive: export is refused

READ_ONLY = "readonly"
IO = "io"


class ExportError(Exception):
    """An export that could not be made; ``message`` says why, ``code`` for the UI."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self):
        return self.message


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

    firmware.recordwriter (and recordformat) is imported here, for the export only, and let go after it (RAM)."""
    import gc

    gc.collect()
    from firmware.recordformat import FORMAT
    from firmware.recordwriter import dumps, entry_to_json

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


def _good_name(name):
    """True for a name export() made: NNNN-preset, nothing that leaves games/."""
    if not isinstance(name, str) or len(name) < 6 or not name[:4].isdigit() or name[4] != "-":
        return False
    return all("a" <= c <= "z" or "0" <= c <= "9" or c == "_" for c in name[5:])


class Exporter:
    """Writes games to ROOT/games/; ``writable()`` says whether the device may."""

    def __init__(self, root="/", writable=None, folder="games"):
        self.root = root
        self._writable = writable
        self.folder = folder
        self.note = None  # set when an export could write only part (a compacted game)
        self.kept_from = 0  # then: the first hand the score sheet still has (for the UI's words)

    def writable(self):
        if self._writable is None:
            return True
        try:
            return bool(self._writable())
        except Exception:
            return False

    def mode(self):
        """DEVICE when the code may write the drive, COMPUTER when the computer may."""
        return DEVICE if self.writable() else COMPUTER

    def _path(self, *parts):
        path = self.root.rstrip("/")
        for p in parts:
            path += "/" + p
        return path

    def next_name(self, game):
        """NNNN-preset, NNNN one more than the highest number in games/."""
        top = 0
        try:
            names = os.listdir(self._path(self.folder))
        except OSError:
            names = []
        for name in names:
            digits = name[:4]
            if len(name) > 4 and digits.isdigit():
                top = max(top, int(digits))
        return "%04d-%s" % (top + 1, game.rules.preset)

    def export(self, series_or_game, name=None, lang="en"):
        """Write games/NAME.json and games/NAME.csv (the CSV in lang); returns NAME or
        raises ExportError. name: the game's earlier export, replaced (one file per game);
        None gives the next free number."""
        game = getattr(series_or_game, "game", series_or_game)
        if not self.writable():
            raise ExportError(READ_ONLY, "drive is read-only to the device: reset without "
                                         "holding the boot button to export")
        self.note = None
        self.kept_from = 0
        try:
            folder = self._path(self.folder)
            if not _exists(folder):
                os.mkdir(folder)
            self._clean(folder)
            if not _good_name(name):
                name = self.next_name(game)
            if game.base is None:
                text = record_text(game)
                forget("firmware.recordwriter")  # imported for the export only
                forget("firmware.recordformat")
                self._write(self._path(self.folder, name + ".json"), text)
            else:
                self.note = "hands 1-%d were not kept: score sheet only" % game.base.hands
                self.kept_from = game.base.hands + 1
            self._write(self._path(self.folder, name + ".csv"), sheet_text(game, lang))
        except OSError as e:
            raise ExportError(IO, "cannot write the drive: %s" % e)
        return name

    def _clean(self, folder):
        """Remove .tmp files a power cut left behind."""
        for name in os.listdir(folder):
            if name.endswith(".tmp"):
                try:
                    os.remove(folder + "/" + name)
                except OSError:
                    continue

    def _write(self, path, text):
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(text.encode("utf-8"))
        _sync()
        if _exists(path):
            os.remove(path)
        os.rename(tmp, path)
        _sync()
