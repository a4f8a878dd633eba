"""The second copy of the save, on the CIRCUITPY drive: save/copy.bin (docs/STORAGE.md).

CircuitPython erases the NVM's one flash sector before it programs it again;
a power cut in that window loses the whole NVM. So before any NVM write that
erases, the Store writes the new state here, reads it back, and only then
lets the NVM erase: while the file is written the NVM is whole, while the NVM
is erased the file is whole and nobody writes it.

``DriveCopy`` is what the Store keeps: where the file is and who may write it. The file's
format, its writing and its reading are firmware/store/copyfile.py, imported for a copy (a save
that erases, a start that reads the copy) and let go after.
"""

from firmware import finish, forget

HEAD = 21  # header bytes before the frame (firmware/store/copyfile.py has the same)


class DriveCopy:
    """save/copy.bin under root; ``writable()`` says whether the device may write the drive now."""

    def __init__(self, root="/", writable=None, capacity=2048, fs=None, folder="save"):
        self.folder = root.rstrip("/") + "/" + folder
        self.path = self.folder + "/copy.bin"
        self._writable = writable
        self.size = HEAD + capacity + 4  # the file is made this big: later writes never grow it
        self.fs = fs  # the drive's files (None: open and os; tools/sim/fakes.CutDrive in tests)
        self.writes = 0  # copies written (for make bench)
        self.bytes_written = 0

    def writable(self):
        if self._writable is None:
            return True
        try:
            return bool(self._writable())
        except Exception:  # a failing check means the computer may own the drive
            return False

    def put(self, frame, old):
        """Write frame (replacing NVM state old) and read it back; True when the drive holds it whole."""
        return finish(self.putting(frame, old))

    def putting(self, frame, old):
        """``put`` in steps (a generator, as Store.saving: copyfile.put's)."""
        if not self.writable() or HEAD + len(frame) + 4 > self.size:
            return False
        try:
            from firmware.store import copyfile
        except MemoryError:  # no room to load the writing: the save goes on uncovered (Store.notice)
            return False
        try:
            return (yield from copyfile.put(self, frame, old))
        finally:
            forget("firmware.store.copyfile")

    def get(self, buf):
        """(old, n) with the copy's frame in buf[:n]; None without a whole copy. Never raises:
        a missing or damaged file, or a drive that cannot be read, must not stop the NVM being used."""
        try:
            from firmware.store import copyfile

            return copyfile.get(self, buf)
        except Exception:  # whatever the drive does (no room for the reading, too), the NVM stays usable
            return None
        finally:
            forget("firmware.store.copyfile")
