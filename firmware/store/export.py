"""Finished games to the drive: games/NAME.json (rodskagg-record/1) and games/NAME.csv.

Pure apart from the ``os`` calls CircuitPython has (open, os.stat, os.mkdir,
os.listdir, os.rename, os.remove, os.sync when present). Each file is
written to NAME.ext.tmp first and then renamed, so a power cut leaves either
no file or a whole one (and at worst a stray .tmp, removed next time).
The texts and the writing are firmware/store/exporttext.py, imported while exporting only:
this module is what stays in RAM (who may write, the name of the last export).

Who may write the drive is decided in boot.py (firmware/device/bootmode.py): the
device by default, the computer when the boot button is held at reset.
``writable`` is a callable that says which is on now.
"""

from firmware import finish, forget

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


class Exporter:
    """Writes games to ROOT/games/; ``writable()`` says whether the device may."""

    def __init__(self, root="/", writable=None, folder="games", board=None):
        self.root = root
        self._writable = writable
        self.folder = folder
        self.board = board  # the board profile's name, for the score sheet's last row (with the version)
        self.note = None  # set when an export could write only part (a compacted game)
        self.kept_from = 0  # then: the first hand the score sheet still has (for the UI's words)

    def writable(self):
        if self._writable is None:
            return True
        try:
            return bool(self._writable())
        except Exception:
            return False

    def export(self, series_or_game, name=None, lang="en"):
        """Write games/NAME.json and games/NAME.csv (the CSV in lang); returns NAME or
        raises ExportError. name: the game's earlier export, replaced (one file per game);
        None gives the next free number. The writing is firmware/store/exporttext.py's,
        imported for it and let go after."""
        return finish(self.exporting(series_or_game, name, lang))

    def exporting(self, series_or_game, name=None, lang="en"):
        """``export`` in steps (a generator: exporttext.write's), its value NAME."""
        game = getattr(series_or_game, "game", series_or_game)
        if not self.writable():
            raise ExportError(READ_ONLY, "drive is read-only to the device: reset without "
                                         "holding the boot button to export")
        self.note = None
        self.kept_from = 0
        import gc

        gc.collect()
        from firmware.store import exporttext

        try:
            yield  # (a step: the import, then each of the writing's)
            return (yield from exporttext.write(self, game, name, lang))
        except OSError as e:
            raise ExportError(IO, "cannot write the drive: %s" % e)
        finally:
            forget("firmware.store.exporttext")
            forget("firmware.words.hand")
            forget("firmware.record.writer")
            forget("firmware.record.format")
            forget("firmware.record")  # the package, empty now

    def path(self, *parts):
        path = self.root.rstrip("/")
        for p in parts:
            path += "/" + p
        return path
