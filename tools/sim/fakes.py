"""Host fakes for the device's storage: microcontroller.nvm, pins, the storage module.

``FakeNVM(size)`` behaves like ``microcontroller.nvm`` (len, index and slice
read -> int / bytes, index and equal-length slice assignment) and counts what
a real board would do:

* ``writes``: slice/index assignments; ``bytes_written``: bytes assigned;
* ``erases``: erase-sector operations. By default every assignment erases each
  sector it touches (``sector`` bytes: the SAMD21 row of 256 B, the RP2040's
  4096-byte sector, the SAMD51's 8192-byte block). With ``blank_program=True``
  an assignment whose target bytes are all 0xFF programs them without an
  erase, as CircuitPython's RP2040 port does;
* ``cut(nbytes, bits=0)``: the next assignment stops after ``nbytes`` bytes
  (plus the top ``bits`` bits of the next byte), as if the power went off,
  and raises PowerCut; the bytes after the cut keep their old value;
* ``cut_erase(n=1, pages=0)``: the power goes in the n-th sector erase from
  now, after the erase and after ``pages`` flash pages of the program (the
  RP2040's 256 B, the SAMD21's 64 B, the SAMD51's 512 B): every sector that
  write touches reads 0xFF from there on (CircuitPython erases and rewrites
  the whole sector whenever the bytes written are not all erased, so on a
  board with a one-sector NVM, as all three are, the whole NVM is blank or
  half programmed, in page order);
* ``path``: the contents persist in that file (the simulator keeps its NVM
  there); a missing file starts erased (all 0xFF).
"""

import os

BOARD_SIZES = {"samd21": 256, "rp2040": 4096, "samd51": 8192}
ERASE_SECTOR = {256: 256, 4096: 4096, 8192: 8192}
PROGRAM_PAGE = {256: 64, 4096: 256, 8192: 512}  # the flash page the program after an erase goes by


class PowerCut(Exception):
    """The fake power went off in the middle of an NVM write."""


class FakeNVM:
    def __init__(self, size=4096, sector=None, blank_program=False, path=None, data=None):
        self.size = size
        self.sector = sector or ERASE_SECTOR.get(size, 4096)
        self.blank_program = blank_program
        self.path = path
        self.data = bytearray(b"\xff" * size)
        if data is not None:
            self.data[:] = data
        elif path and os.path.exists(path):
            with open(path, "rb") as f:
                saved = f.read()
            self.data[:len(saved[:size])] = saved[:size]
        self.writes = 0
        self.bytes_written = 0
        self.erases = 0
        self.sector_erases = {}
        self.page = PROGRAM_PAGE.get(self.sector, 256)
        self._cut = None
        self._erase_cut = None
        self._erase_pages = 0

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1:
                raise ValueError("nvm slices must be contiguous")
            value = bytes(value)
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
        else:
            if not -self.size <= index < self.size:
                raise IndexError("nvm index out of range")
            start = index % self.size
            stop = start + 1
            if not 0 <= value <= 255:
                raise ValueError("byte value out of range")
            value = bytes((value,))
        self._store(start, stop, value)

    def _store(self, start, stop, value):
        if stop <= start:
            return
        self.writes += 1
        blank = all(b == 0xFF for b in self.data[start:stop])
        if not (self.blank_program and blank):
            first = start // self.sector
            last = (stop - 1) // self.sector
            for s in range(first, last + 1):
                self.erases += 1
                self.sector_erases[s] = self.sector_erases.get(s, 0) + 1
            if self._erase_cut is not None:
                self._erase_cut -= 1
                if self._erase_cut == 0:
                    self._erase_cut = None
                    lo = first * self.sector
                    hi = min(self.size, (last + 1) * self.sector)
                    new = bytearray(self.data[lo:hi])  # what the program would have written
                    new[start - lo:stop - lo] = value
                    self.data[lo:hi] = b"\xff" * (hi - lo)
                    done = min(hi - lo, self._erase_pages * self.page)
                    self.data[lo:lo + done] = new[:done]
                    self._persist()
                    raise PowerCut("power cut in the erase of sectors %d-%d, %d pages programmed"
                                   % (first, last, self._erase_pages))
        cut, self._cut = self._cut, None
        if cut is not None and cut[0] < len(value):
            nbytes, bits = cut
            self.data[start:start + nbytes] = value[:nbytes]
            self.bytes_written += nbytes
            if bits:
                mask = (0xFF << (8 - bits)) & 0xFF
                old = self.data[start + nbytes]
                self.data[start + nbytes] = (value[nbytes] & mask) | (old & ~mask & 0xFF)
            self._persist()
            raise PowerCut("power cut after %d bytes and %d bits of %d" % (nbytes, bits, len(value)))
        self.data[start:stop] = value
        self.bytes_written += len(value)
        self._persist()

    def cut_erase(self, n=1, pages=0):
        """Cut the power in the n-th sector erase from now, after pages pages of its program."""
        self._erase_cut = n
        self._erase_pages = pages

    def cut(self, nbytes, bits=0):
        """Make the next write stop after nbytes bytes (and bits bits of the next)."""
        self._cut = (nbytes, bits)

    def _persist(self):
        if self.path:
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(self.data)
            os.replace(tmp, self.path)

    def snapshot(self):
        return bytes(self.data)

    def reset_counters(self):
        self.writes = 0
        self.bytes_written = 0
        self.erases = 0
        self.sector_erases = {}


def nvm_for(board, **kw):
    """A FakeNVM of a board family's size: samd21 (256 B), rp2040 (4 KB), samd51 (8 KB)."""
    return FakeNVM(BOARD_SIZES[board], **kw)


class FakeDrive:
    """The CIRCUITPY drive on the host: a directory and a switch for who may write it.

    ``Exporter(drive.root, drive.writable)``; ``drive.readonly = True`` is the
    mode where the boot button was held (the computer owns the drive).
    """

    def __init__(self, root, readonly=False):
        self.root = str(root)
        self.readonly = readonly

    def writable(self):
        return not self.readonly

    def files(self, folder="games"):
        path = os.path.join(self.root, folder)
        return sorted(os.listdir(path)) if os.path.isdir(path) else []


class FakePins:
    """Buttons for boot-mode tests: pins held low are in ``held``; unknown pins raise."""

    def __init__(self, held=(), known=None):
        self.held = set(held)
        self.known = known

    def __call__(self, name):
        if self.known is not None and name not in self.known:
            raise ValueError("no pin %s" % name)
        return name in self.held


class FakeStorage:
    """The ``storage`` module's remount/getmount, recording what boot.py asked for."""

    class _Mount:
        def __init__(self):
            self.readonly = True

    def __init__(self, fail=False):
        self.fail = fail
        self.calls = []
        self.mount = FakeStorage._Mount()

    def remount(self, path, readonly=False, disable_concurrent_write_protection=False):
        self.calls.append((path, readonly))
        if self.fail:
            raise RuntimeError("Cannot remount '/' when visible via USB.")
        self.mount.readonly = readonly

    def getmount(self, path):
        return self.mount


# -- test and benchmark helpers: play a game, fingerprint a saved state ----------------

def state_key(st):
    return (tuple(st.scores), tuple(st.out), st.dealer, st.winner, tuple(st.tied), st.hands,
            st.pot, tuple(st.balance))


def series_key(series, settings):
    """Everything a resumed device shows: settings, header, entries kept, state."""
    from firmware.store import rulecodes

    if series is None:
        return (settings, None)
    g = series.game
    return (settings, rulecodes.codes(g.rules), tuple(g.players), g.first_dealer, tuple(series.past),
            g.base_entries, tuple(g.log), state_key(g.state))


def image_key(image):
    """series_key of what a Store image would resume to."""
    from firmware.store.resume import build

    series, _kept = build(image)
    return series_key(series, image.settings)


def valid_entry(rng, rules, state, endless=False):
    """A random entry the rules accept after state (and, if endless, that does not end the game)."""
    from firmware.core import score
    from firmware.core.errors import EntryError
    from tools.play.randgame import random_entry

    for _ in range(50):
        e = random_entry(rng, rules, state)
        after = state.copy()
        try:
            score.apply(rules, after, e)
        except EntryError:
            continue
        if not (endless and after.over()):
            return e
    return (score.ALL_PASS,)


def play(rng, series, steps, endless=False, settings=True):
    """Change series step by step like a scorekeeper would; yields (label, blob) per change.

    Mostly new hands; sometimes undo, an edit, a deleted or inserted hand, a
    new settings blob (label "settings": the caller saves blob); the next game
    when one is won. endless: entries never end the game (long-game tests).
    """
    from firmware.core import score
    from firmware.core.errors import EntryError
    for _ in range(steps):
        game = series.game
        roll = rng.random()
        if game.state.over():
            if series.over():
                return
            series.next_game()
            yield "next game", None
        elif roll < 0.08 and game.log:
            game.pop()
            yield "undo", None
        elif roll < 0.12 and game.log:
            i = rng.randrange(len(game.log))
            was = game.log[i]
            try:
                game.replace(i, (score.ADJUST, tuple((1 if s == 0 else 0) for s in range(len(game.players))),
                                 "edit"))
            except EntryError:
                continue
            if endless and game.state.over():
                game.replace(i, was)
                continue
            yield "edit", None
        elif roll < 0.14 and game.log:
            i = rng.randrange(len(game.log))
            was = game.log[i]
            try:
                game.delete(i)
            except EntryError:
                continue
            if endless and game.state.over():
                game.insert(i, was)
                continue
            yield "delete", None
        elif roll < 0.16:
            try:
                game.insert(rng.randrange(len(game.log) + 1), (score.MISDEAL, True))
                yield "insert", None
            except EntryError:
                continue
        elif roll < 0.19 and settings:
            yield "settings", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
        else:
            game.push(valid_entry(rng, game.rules, game.state, endless))
            yield "hand", None


# -- the drive copy's file system: cut at any step, damaged like a FAT cut can ----------------

class CutDrive:
    """An in-memory CIRCUITPY drive for firmware/store/drivecopy.py (its ``fs``), counting and cutting steps.

    Steps: an open, a mkdir, each byte written, a flush, a close, an os.sync.
    ``cut(n)`` makes the n-th step from now raise PowerCut (a write stops after
    the bytes before it: written through, as a FAT sector would be);
    ``damage(how)`` does what a cut inside a FAT write can: "missing" (the
    directory entry lost), "empty" (size 0), "garbage" (the data clusters
    overwritten), "flip" (one bit of the frame), "broken" (every open fails).
    ``spoil(start, stop, how)`` makes later writes to the file's bytes [start, stop) go wrong
    without a word, as a failing drive can: "drop" (they never land: the bytes there stay)
    or "flip" (they land inverted).
    ``snapshot()``/``restore()`` copy the whole drive (a device before a save).
    """

    def __init__(self):
        self.files = {}
        self.dirs = set()
        self.broken = False
        self.full = False  # every write raises OSError(28): no space left
        self.steps = 0
        self.bytes_written = 0
        self._cut = None
        self.spoiled = None  # (start, stop, how): see spoil()

    def cut(self, n):
        self._cut = self.steps + n

    def spoil(self, start, stop, how):
        self.spoiled = (start, stop, how)

    def _step(self, what):
        self.steps += 1
        if self._cut is not None and self.steps >= self._cut:
            self._cut = None
            raise PowerCut("power cut at drive step %d (%s)" % (self.steps, what))

    def open(self, path, mode):
        if self.broken:
            raise OSError(5, "EIO")
        self._step("open " + mode)
        if "r" in mode and path not in self.files:
            raise OSError(2, "ENOENT")
        if "w" in mode:
            folder = path.rsplit("/", 1)[0]
            if folder and folder not in self.dirs:
                raise OSError(2, "ENOENT")
            self.files[path] = bytearray()
        return _CutFile(self, path, writable="w" in mode or "+" in mode)

    def mkdir(self, path):
        self._step("mkdir")
        if path in self.dirs:
            raise OSError(17, "EEXIST")
        self.dirs.add(path)

    def sync(self):
        self._step("sync")

    def spoil_bytes(self, data, pos, b):
        """b as written at pos over data, with the spoiled range gone wrong."""
        start, stop, how = self.spoiled
        out = bytearray(b)
        for i in range(max(start - pos, 0), min(stop - pos, len(b))):
            if how == "flip":
                out[i] ^= 0xFF
            else:  # "drop": what the file held there, zeros past its end
                out[i] = data[pos + i] if pos + i < len(data) else 0
        return bytes(out)

    def damage(self, how, path):
        if how == "broken":
            self.broken = True
        elif how == "missing":
            self.files.pop(path, None)
        elif how == "empty" and path in self.files:
            self.files[path] = bytearray()
        elif how == "garbage" and path in self.files:
            data = self.files[path]
            data[:] = bytes((i * 37 + 11) & 0xFF for i in range(len(data)))
        elif how == "flip" and path in self.files and len(self.files[path]) > 20:
            self.files[path][20] ^= 0x10

    def snapshot(self):
        return ({k: bytes(v) for k, v in self.files.items()}, set(self.dirs), self.broken)

    def restore(self, snap):
        files, dirs, broken = snap
        self.files = {k: bytearray(v) for k, v in files.items()}
        self.dirs = set(dirs)
        self.broken = broken
        self._cut = None


class _CutFile:
    def __init__(self, drive, path, writable):
        self.drive = drive
        self.path = path
        self.pos = 0
        self.writable = writable

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def read(self, n=-1):
        data = self.drive.files.get(self.path, b"")
        end = len(data) if n < 0 else min(len(data), self.pos + n)
        out = bytes(data[self.pos:end])
        self.pos = max(self.pos, end)
        return out

    def write(self, b):
        drive = self.drive
        if not self.writable:
            raise OSError(9, "EBADF")
        if drive.full:
            raise OSError(28, "ENOSPC")
        data = drive.files.setdefault(self.path, bytearray())
        b = bytes(b)
        for i in range(len(b)):
            try:
                drive._step("byte %d of a write" % i)
            except PowerCut:
                data[self.pos:self.pos + i] = b[:i]
                raise
        if drive.spoiled is not None:
            b = drive.spoil_bytes(data, self.pos, b)
        data[self.pos:self.pos + len(b)] = b
        self.pos += len(b)
        drive.bytes_written += len(b)
        return len(b)

    def seek(self, pos):
        self.pos = pos

    def flush(self):
        self.drive._step("flush")

    def close(self):
        if self.writable:
            self.writable = False
            self.drive._step("close")


class FakeRadio:
    """``wifi.radio`` of a Pico 2 W as the phone view uses it (firmware/web/phones.py), for the
    simulator: the access point is a flag, its address the loopback (CPython's sockets serve)."""

    def __init__(self, ip="127.0.0.1", mac=b"\x28\xcd\xc1\x0f\x3f\x7a"):
        self.ap_active = False
        self.ipv4_address_ap = ip
        self.mac_address_ap = mac
        self.ssid = None
        self.password = None
        self.starts = 0

    def start_ap(self, ssid, password="", **kw):
        if password and not 8 <= len(password) <= 63:
            raise ValueError("WPA2 password must be 8-63 characters")
        self.ssid = ssid
        self.password = password
        self.ap_active = True
        self.starts += 1

    def stop_ap(self):
        self.ap_active = False
