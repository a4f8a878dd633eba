"""Fake ``microcontroller``: ``Pin``, ``nvm`` (flash-backed ByteArray), ``watchdog``
(tools/vm/fakes/watchdog.py), ``reset()``.

``nvm`` behaves like CircuitPython's ``nvm.ByteArray``: ``len``, index and
slice reads (a slice is a new ``bytearray``), index and equal-length slice
assignment (``ValueError`` otherwise). Each assignment is one flash write;
when the bytes it replaces are not all erased (0xFF) CircuitPython reads the
whole sector, erases it and programs it again. The bytes live in a host file
(``nvm`` in the launcher config), so they survive a power cut between runs.
A config ``cut`` of ``N`` cuts the power at the N-th assignment (1-based)
before it writes anything; ``erase:N`` cuts it in the N-th erase, after the
sector was erased and before it was programmed again: the whole sector reads
0xFF (on an RP2040 the 4 KiB NVM is one sector).
"""

import _fakestate as S
from watchdog import timer as watchdog  # noqa: F401  (microcontroller.watchdog)


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        return isinstance(other, Pin) and other.name == self.name


class ByteArray:
    """The NVM's bytes live in the host file only (on a board they are flash, not heap)."""

    def __init__(self, path, size, sector):
        self._f = open(path, "r+b")  # noqa: SIM115 (the flash: open while powered)
        self._f.seek(0, 2)
        if self._f.tell() != size:
            raise ValueError("nvm file is %d bytes, not %d" % (self._f.tell(), size))
        self._size = size
        self._sector = sector
        self.writes = 0
        self.erases = 0
        cut = S.cfg.get("cut", "")
        self._cut_erase = cut.startswith("erase:")
        self._cut_at = int(cut.split(":")[-1]) if cut else 0

    def __len__(self):
        return self._size

    def _read(self, start, stop):
        self._f.seek(start)
        return bytearray(self._f.read(stop - start))

    def _range(self, index):
        n = self._size
        start, stop, step = index.start, index.stop, index.step
        if step not in (None, 1):
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        start = 0 if start is None else (start + n if start < 0 else start)
        stop = n if stop is None else (stop + n if stop < 0 else stop)
        start = min(max(start, 0), n)
        return start, min(max(stop, start), n)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop = self._range(index)
            return self._read(start, stop)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("index out of range")
        return self._read(index, index + 1)[0]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop = self._range(index)
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
            self._write(start, value)
        else:
            if index < 0:
                index += self._size
            if not 0 <= index < self._size:
                raise IndexError("index out of range")
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            self._write(index, bytes((value,)))

    def _write(self, start, value):
        if not len(value):
            return
        self.writes += 1
        stop = start + len(value)
        erased = True
        for b in self._read(start, stop):
            if b != 0xFF:
                erased = False
                break
        if self.writes == self._cut_at and not self._cut_erase:
            raise S.PowerOff("power cut before nvm write %d" % self.writes)
        f = self._f
        if not erased:
            self.erases += 1
            if self._cut_erase and self.erases == self._cut_at:
                first = start - start % self._sector
                last = min(self._size, stop - (stop - 1) % self._sector - 1 + self._sector)
                f.seek(first)
                for _ in range(first, last, 64):
                    f.write(b"\xff" * 64)
                f.flush()
                raise S.PowerOff("power cut in erase %d (nvm write %d)" % (self.erases, self.writes))
        f.seek(start)
        f.write(value)
        f.flush()


nvm = None
if S.cfg.get("nvm"):
    nvm = ByteArray(S.cfg["nvm"], int(S.cfg.get("nvm_size", "4096")), int(S.cfg.get("sector", "4096")))


def reset():
    raise S.PowerOff("microcontroller.reset()")


def on_next_reset(run_mode):
    pass
