"""Finished games to the drive: games/NAME.json (rodskagg-record/1) and games/NAME.csv.

Pure apart from the ``os`` calls CircuitPython has (open, os.stat, os.mkdir,
os.listdir, os.rename, os.remove, os.sync when present). Each file is
written to NAME.ext.tmp first and then renamed, so a power cut leaves either
no file or a whole one (and at worst a stray .tmp, removed next time).
The texts are firmware/store/exporttext.py, imported while exporting only.

Who may write the drive is decided in boot.py (firmware/device/bootmode.py): the
device by default, the computer when the boot button is held at reset.
``writable`` is a callable that says which is on now.
"""

import os

from firmware import forget

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
            import gc

            gc.collect()
            from firmware.store import exporttext  # the files' texts: for the export only, let go after

            if game.base is None:
                text = exporttext.record_text(game)
                forget("firmware.record.writer")
                forget("firmware.record.format")
                forget("firmware.record")  # the package, empty now
                self._write(self._path(self.folder, name + ".json"), text)
            else:
                self.note = "hands 1-%d were not kept: score sheet only" % game.base.hands
                self.kept_from = game.base.hands + 1
            self._write(self._path(self.folder, name + ".csv"), exporttext.sheet_text(game, lang))
        except OSError as e:
            raise ExportError(IO, "cannot write the drive: %s" % e)
        finally:
            forget("firmware.store.exporttext")
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
