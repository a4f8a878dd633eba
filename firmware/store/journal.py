"""The game and the settings in microcontroller.nvm, safe against a power cut (docs/STORAGE.md).

The NVM is two slots (halves). The active slot holds a base frame (the
whole image: settings, game header, snapshot, entries) followed by a chain
of commit frames, one per change. A change is one slice assignment of one
commit frame (a few bytes) after the last one; a write cut anywhere leaves
a frame whose CRC fails, so the chain ends at the old state. When the
active slot is full (or damaged) the image is compacted into the other slot
as a new base with the next sequence number, in one slice assignment that
never touches the active slot; a cut there leaves the old slot the newest
valid one. Pure: ``nvm`` is microcontroller.nvm or tools/sim/fakes.py's FakeNVM.

CircuitPython erases the NVM's one flash sector to rewrite it (on an RP2040
only when the bytes replaced are not all erased, on SAMD boards always), and
a cut in that erase would lose both slots. With ``copy`` (a
firmware/store/drivecopy.DriveCopy) every write that erases is preceded by the new
state written whole to the drive and read back; load() resumes that copy
when the NVM is blank, unreadable or holds the state the copy replaced.

Such a save takes some 200 ms of flash erases (the copy's, then the NVM's): ``saving`` is the
save in steps, a generator that yields between the erases, so that the device handles a press
between them (firmware/ui/app.py App.work) instead of after them all. ``save`` runs it at once.
"""

from firmware import finish, forget
from firmware.store import codec

# The save's codes: Store.warning's is firmware/store/rebase.py's FULL (set there only), those
# of loading are firmware/store/resume.py's.
UNCOVERED = "uncovered"  # (Store.notice) the drive copy could not be written: a cut in this erase loses the NVM


class Store:
    """Save and resume the series and the settings blob in an NVM byte array."""

    def __init__(self, nvm, reserve=None, copy=None, erase_always=None, buf=None):
        self.nvm = nvm
        self.size = len(nvm)
        self.copy = copy  # the drive copy (firmware/store/drivecopy.py), or None
        # Whether every NVM write erases the sector (the SAMD ports) or only one over bytes not all
        # erased (the RP2040 port). Of the boards the firmware knows only the RP2040 has a 4 KiB NVM.
        self.erase_always = (self.size != 4096) if erase_always is None else erase_always
        self.notice = None  # (UNCOVERED, text) once, when a copy could not be written
        self._noticed = False
        self.half = self.size // 2
        # A fresh base leaves this much of its slot free for commits (compaction
        # keeps the newest entries that fit in the rest).
        self.reserve = reserve if reserve is not None else (self.half // 4 if self.half >= 1024 else 16)
        self.image = codec.Image()
        self.slot = -1  # active slot, -1 when nothing is saved
        self.seq = 0
        self.chain = 0
        self.base_crc = 0  # the active base frame's CRC (names the NVM state in the drive copy)
        self.pos = 0
        self.other = None  # the other slot's (seq, base_crc, pos) when it holds a valid base
        self.rewrite = True  # the next save writes a new base (nothing valid, or damage)
        self.loaded = False
        self.warning = None  # (code, text) when the last save could not be made
        # Entries folded into the snapshot since entry dropped_from, as a CRC of
        # their encoding: tells whether the game in RAM still agrees with it.
        self.dropped_from = 0
        self.dropped_crc = 0
        self.writes = 0
        self.bytes_written = 0
        # One slot's bytes, allocated now (at boot, while the heap is whole) or given (code.py's, kept
        # for every Store it builds): reading a slot and writing a new base work in it, so a save
        # never needs a large block of a fragmented heap, nor does a restart after an error.
        self._buf = buf if buf is not None and len(buf) == self.half else bytearray(self.half)

    # -- reading -----------------------------------------------------------------

    def load(self):
        """Read the NVM: the best valid state, and a message when something was wrong
        (firmware/store/resume.py, decode.py and rulecodes.py, loaded for this only)."""
        from firmware.store import resume

        try:
            return resume.load(self)
        finally:
            forget("firmware.store.resume")  # read: their code can go
            forget("firmware.store.decode")
            forget("firmware.store.rulecodes")

    @property
    def undo_limit(self):
        """Entries undo can reach back after compaction; None when the whole game is kept."""
        if self.image.base is None:
            return None
        return len(self.image.entries)

    # -- writing -------------------------------------------------------------------

    def _write(self, offset, data):
        self.nvm[offset:offset + len(data)] = data
        self.writes += 1
        self.bytes_written += len(data)

    def _commit(self, ops, image):
        """Append one commit frame for ops (image is the result); False if it does not fit.
        In steps (a generator, as ``saving``)."""
        if self.rewrite or self.slot < 0:
            return False
        payload = codec.encode_ops(ops, len(image.players))
        frame, c = codec.frame_commit(self.chain, payload)
        if self.pos + len(frame) > (self.slot + 1) * self.half:
            return False
        if self._erases(self.pos, len(frame)):
            yield from self._cover(codec.frame_base(self.seq, codec.encode_base(image)))
        self._write(self.pos, frame)
        self.pos += len(frame)
        self.chain = c
        self.image = image
        return True

    def _rebase(self, image, fresh, covered=False):
        """Write image as a new base in the other slot, compacted to fit; False if it cannot
        (firmware/store/rebase.py plans it, loaded for that only: a new game, a full slot, a
        resume). In steps: the plan, the drive copy's (covered: it holds image already, load()
        resuming it), the NVM's write.
        fresh: image comes whole from the game in RAM; otherwise it grows out of the stored image."""
        from firmware.store import rebase

        try:
            planned = rebase.plan(self, image, fresh)
        finally:
            forget("firmware.store.rebase")  # (gone before the steps a press may come between)
        if planned is None:
            return False
        n, start, fields = planned
        if not covered and self._erases(start, self.half):
            yield  # (the fitting and encoding took their time: a press waiting is handled first)
            yield from self._cover(memoryview(self._buf)[:n])  # (no copy: nothing else writes the buffer meanwhile)
        self._write(start, self._buf)
        self.other = (self.seq, self.base_crc, self.pos) if self.slot >= 0 else None
        self.slot, self.seq, self.chain, self.pos, self.image, self.dropped_from, self.dropped_crc = fields
        self.base_crc = self.chain
        self.rewrite = False
        return True

    def _erases(self, start, n):
        """Whether writing nvm[start:start + n] erases the sector (and so needs the drive copy)."""
        if self.copy is None:
            return False
        if self.erase_always:
            return True
        nvm = self.nvm
        for off in range(start, start + n, 64):  # small reads: nvm[a:b] makes a new object
            piece = nvm[off:min(off + 64, start + n)]
            if piece.count(b"\xff") != len(piece):
                return True
        return False

    def _cover(self, frame):
        """Write the drive copy of the state in base frame before the NVM erases for it (in
        steps: the copy's writes and its read-back, a step each)."""
        here = (self.seq, self.base_crc, self.pos) if self.slot >= 0 else None
        other = self.other if self.slot >= 0 else None
        old = (here, other) if self.slot <= 0 else (other, here)  # per slot: what it holds now
        if (yield from self.copy.putting(frame, old)):
            yield  # (the read-back took its time: a press waiting is handled before the NVM's erase)
            return
        if not self._noticed and self.copy.writable():  # the computer's drive: the UI said so at start
            self._noticed = True
            self.notice = (UNCOVERED, "the drive copy could not be written: a power cut while "
                                      "saving can lose the game")

    def _ensure_loaded(self):
        if not self.loaded:
            self.load()

    def save(self, series):
        """Store the series after a change of its log; writes nothing when nothing changed.

        series None forgets the game (settings stay). Returns True when the NVM
        holds the new state (False: it does not fit; see self.warning).
        """
        return finish(self.saving(series))

    def saving(self, series):
        """``save`` in steps: a generator that yields before each flash write that erases (none
        for most saves: a commit's few bytes on erased flash), whose value is save's. Its steps
        run in order and nothing else may write the store meanwhile (App.jobs runs one job at a
        time); series is read at the first step."""
        self._ensure_loaded()
        im = self.image
        if series is None:
            if not im.has_game():
                return True
            return (yield from self._rebase(codec.Image(im.settings), True))
        game = series.game
        if im.same_header(game.rules, game.players, game.first_dealer, series.past):
            ops = self._diff(game)
            if ops is not None:
                if not ops:
                    return True
                new = im.copy()
                new.change(ops)
                if (yield from self._commit(ops, new)):
                    return True
        return (yield from self._rebase(codec.image_of(game, series.past, im.settings), True))

    def _diff(self, game):
        """Commit operations turning the stored log into game's; None: needs a new base."""
        im = self.image
        k = im.k
        gk = game.base_entries
        offset = k - gk
        if offset < 0 or offset > len(game.log):
            return None
        if offset:
            if gk != self.dropped_from:
                return None
            head = codec.encode_ops([(None, 0, e) for e in game.log[:offset]], len(game.players))
            if codec.crc32(head) != self.dropped_crc:
                return None
        elif k and game.base != im.base:
            return None
        old = im.entries
        new = game.log[offset:] if offset else game.log
        lo, ln = len(old), len(new)
        p = 0
        while p < lo and p < ln and old[p] == new[p]:
            p += 1
        if p == lo == ln:
            return []
        if p == lo:
            return [(None, 0, e) for e in new[p:]]
        if ln == lo and old[p + 1:] == new[p + 1:]:
            return [(codec.OP_SET, k + p, new[p])]
        if ln == lo - 1 and old[p + 1:] == new[p:]:
            return [(codec.OP_DEL, k + p, None)]
        if ln == lo + 1 and old[p:] == new[p + 1:]:
            return [(codec.OP_INS, k + p, new[p])]
        return [(codec.OP_CUT, k + p, None)] + [(None, 0, e) for e in new[p:]]

    def save_settings(self, blob):
        """Store the settings blob (bytes, at most 255; None clears); no write if unchanged."""
        return finish(self.saving_settings(blob))

    def saving_settings(self, blob):
        """``save_settings`` in steps (a generator, as ``saving``)."""
        self._ensure_loaded()
        if blob is not None:
            blob = bytes(blob)
            if len(blob) > codec.MAX_SETTINGS:
                raise ValueError("settings are at most %d bytes" % codec.MAX_SETTINGS)
        if blob == self.image.settings:
            return True
        new = self.image.copy()
        new.settings = blob
        ops = [(codec.OP_SETTINGS, 0, blob)]
        return (yield from self._commit(ops, new)) or (yield from self._rebase(new, False))
