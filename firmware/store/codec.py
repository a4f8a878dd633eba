"""Binary save format (docs/STORAGE.md), the writing half: frames, entries, snapshots, CRC.
Pure, portable. Reading a save is firmware/store/decode.py, loaded at start only.

Two kinds of frame live in the NVM:

* a BASE frame starts a slot: ``B5 VERSION SEQ LEN(varint) PAYLOAD CRC32``;
  the CRC (little endian) covers everything before it, from ``B5``.
* a COMMIT frame follows the base (or the previous commit):
  ``LEN(varint) PAYLOAD CRC32``; its CRC starts from the CRC of the frame
  before it (a chain), so a frame left over from an older use of the slot
  never passes for a new one.

A base payload holds the settings blob and the game: rules, players, first
dealer, past winners of the series, an optional snapshot State (the entries
compacted away) and the entries kept. A commit payload is a list of
operations on that image: append an entry, cut the log, replace, delete or
insert an entry, set the settings. See Image.change.

Format 2 (written now) adds the penalties during a hand (bit 7 of a played
hand's first byte, then a byte of seats and their reasons) and the option
``fail_extra``. Format 1 (written by earlier firmware) is still read: its rule mask
has no ``fail_extra`` bit and its hands have no penalties during the hand.
"""

try:
    from binascii import crc32 as _crc32
except ImportError:  # a small build without binascii: the same CRC-32, bit by bit
    _crc32 = None  # type: ignore[assignment]

from firmware import forget
from firmware.core import score
from firmware.core.rules import Rules

MAGIC = 0xB5
VERSION = 2  # the format this firmware writes; READABLE lists what it reads
READABLE = (1, 2)
F_FAULTS = 0x80  # in a played hand's first byte: penalties during the hand follow

# Base payload flags
F_GAME = 1
F_SNAPSHOT = 2
F_SETTINGS = 4

# Commit operations: a byte whose low nibble is an entry kind (0-6) appends
# that entry; the codes below (low nibble 7-15) are the other operations.
OP_CUT = 0x07  # varint n: keep the first n entries (absolute count)
OP_SET = 0x08  # varint i, entry: replace entry i
OP_DEL = 0x09  # varint i: delete entry i
OP_INS = 0x0A  # varint i, entry: insert before entry i
OP_SETTINGS = 0x0B  # varint length, blob
OP_NO_SETTINGS = 0x1B

MAX_SETTINGS = 255


class CodecError(ValueError):
    """Bytes that are not a valid frame of this format."""


def crc32_slow(data, start=0):
    """CRC-32 (the zlib/binascii polynomial) without binascii."""
    crc = start ^ 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def crc32(data, start=0):
    if _crc32 is None:
        return crc32_slow(data, start)
    return _crc32(data, start) & 0xFFFFFFFF


# -- primitive writers ------------------------------------------------------

def put_uvar(out, n):
    if n < 0:
        raise CodecError("negative length")
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def put_svar(out, n):
    put_uvar(out, (n << 1) if n >= 0 else ((-n << 1) - 1))


def put_text(out, text):
    raw = text.encode("utf-8")
    put_uvar(out, len(raw))
    out.extend(raw)


def _pack3(values, bias):
    """Small numbers (0..7 after adding bias), 3 bits each, little endian."""
    acc = 0
    for i, v in enumerate(values):
        acc |= (v + bias) << (3 * i)
    return acc.to_bytes((3 * len(values) + 7) // 8, "little")


# -- entries ---------------------------------------------------------------------

def put_entry(out, entry, n):
    """Append the compact form of an entry tuple (score.py) for n players."""
    kind = entry[0]
    if kind == score.PLAY:
        out.append(kind | (entry[2] + 1) << 4 | (F_FAULTS if entry[3] else 0))
        out.extend(_pack3(entry[1], 1))
        _put_faults(out, entry[3])
    elif kind == score.BID:
        _k, declarer, bid, tricks, joined, faults = entry
        out.append(kind | declarer << 4 | (F_FAULTS if faults else 0))
        out.append(bid)
        out.extend(_pack3(tricks, 0))
        out.append(joined)
        _put_faults(out, faults)
    elif kind == score.LONE:
        out.append(kind | entry[1] << 4)
    elif kind == score.ALL_PASS:
        out.append(kind)
    elif kind == score.MISDEAL:
        out.append(kind | (16 if entry[1] else 0))
    elif kind == score.FAULT:
        out.append(kind | entry[1] << 4)
        put_text(out, entry[2])
    elif kind == score.ADJUST:
        deltas = entry[1]
        mask = 0
        for s in range(n):
            if deltas[s]:
                mask |= 1 << s
        out.append(kind)
        out.append(mask)
        for s in range(n):
            if deltas[s]:
                put_svar(out, deltas[s])
        put_text(out, entry[2])
    else:
        raise CodecError("not an entry")


def _put_faults(out, faults):
    """Penalties during a hand: a byte of seats, then each one's reason (in seat order)."""
    if faults:
        mask = 0
        for seat, _r in faults:
            mask |= 1 << seat
        out.append(mask)
        for _s, reason in faults:
            put_text(out, reason)


def entry_size(entry, n):
    out = bytearray()
    put_entry(out, entry, n)
    return len(out)


# -- rules, header, snapshot -------------------------------------------------------

def put_rules(out, rules):
    """Preset, a 3-byte mask of options that differ from it, their codes (firmware/store/rulecodes.py,
    loaded for this and let go: a base is written only as a game starts and when the log is compacted)."""
    from firmware.store import rulecodes

    try:
        codes = rulecodes.codes(rules)
        default = rulecodes.codes(Rules(rules.preset))
    finally:
        forget("firmware.store.rulecodes")
    mask = 0
    extra = bytearray()
    for i in range(1, len(codes)):
        if codes[i] != default[i]:
            mask |= 1 << (i - 1)
            extra.append(codes[i])
    out.append(codes[0])
    out.extend(mask.to_bytes(3, "little"))
    out.extend(extra)


def put_state(out, st, rules):
    for v in st.scores:
        put_svar(out, v)
    out.append(len(st.out))
    out.extend(bytes(st.out))
    out.append((st.dealer + 1) | (st.winner + 1) << 4)
    mask = 0
    for s in st.tied:
        mask |= 1 << s
    out.append(mask)
    put_uvar(out, st.hands)
    if rules.pot:
        put_uvar(out, st.pot)
        for v in st.balance:
            put_svar(out, v)


# -- the image: everything a save holds -----------------------------------------------

class Image:
    """What the NVM holds: settings, and the game (header, snapshot, entries).

    ``k`` is the number of entries folded into ``base`` (0 and None when the
    whole game is kept); ``entries`` are the entries after those, so entry
    ``i`` of the game is ``entries[i - k]``.
    """

    def __init__(self, settings=None, rules=None, players=(), dealer=0, past=(), base=None, k=0,
                 entries=()):
        self.settings = settings
        self.rules = rules  # None: no game
        self.players: tuple = tuple(players)
        self.dealer = dealer
        self.past = list(past)
        self.base = base
        self.k = k
        self.entries = list(entries)

    def has_game(self):
        return self.rules is not None

    def copy(self):
        return Image(self.settings, self.rules, self.players, self.dealer, self.past, self.base,
                     self.k, self.entries)

    def same_header(self, rules, players, dealer, past):
        return (self.rules is not None and self.rules == rules
                and tuple(self.players) == tuple(players) and self.dealer == dealer
                and list(self.past) == list(past))

    def change(self, ops):
        """Apply commit operations (encode_ops' list); raises CodecError, image unchanged on error."""
        entries = list(self.entries)
        settings = self.settings
        for op, index, value in ops:
            if op == OP_SETTINGS:
                settings = value
                continue
            if not self.has_game():
                raise CodecError("entry without a game")
            if op is None:
                entries.append(value)
                continue
            i = index - self.k
            top = len(entries) + (1 if op in (OP_CUT, OP_INS) else 0)
            if not 0 <= i < top:
                raise CodecError("no such entry")
            if op == OP_CUT:
                del entries[i:]
            elif op == OP_DEL:
                del entries[i]
            elif op == OP_SET:
                entries[i] = value
            else:
                entries.insert(i, value)
        self.entries = entries
        self.settings = settings


def image_of(game, past=(), settings=None):
    """The image of a game (a series' past winners, the settings blob beside it)."""
    return Image(settings, game.rules, game.players, game.first_dealer, past, game.base,
                 game.base_entries, game.log)


def encode_base(im):
    """The payload of a base frame for image im."""
    out = bytearray()
    flags = 0
    if im.has_game():
        flags |= F_GAME
        if im.base is not None:
            flags |= F_SNAPSHOT
    if im.settings is not None:
        flags |= F_SETTINGS
    out.append(flags)
    if im.settings is not None:
        put_uvar(out, len(im.settings))
        out.extend(im.settings)
    if not im.has_game():
        return bytes(out)
    n = len(im.players)
    put_rules(out, im.rules)
    out.append(n)
    for name in im.players:
        put_text(out, name)
    out.append(im.dealer | len(im.past) << 4)
    out.extend(bytes(im.past))
    if im.base is not None:
        put_uvar(out, im.k)
        put_state(out, im.base, im.rules)
    put_uvar(out, len(im.entries))
    for e in im.entries:
        put_entry(out, e, n)
    return bytes(out)


def encode_ops(ops, n):
    """ops: list of (op, index, entry/blob) -> commit payload bytes."""
    out = bytearray()
    for op, index, value in ops:
        if op is None:  # append
            put_entry(out, value, n)
        elif op == OP_SETTINGS:
            if value is None:
                out.append(OP_NO_SETTINGS)
            else:
                out.append(OP_SETTINGS)
                put_uvar(out, len(value))
                out.extend(value)
        else:
            out.append(op)
            put_uvar(out, index)
            if op in (OP_SET, OP_INS):
                put_entry(out, value, n)
    return bytes(out)


# -- framing -----------------------------------------------------------------------

def frame_base(seq, payload, version=None):
    out = bytearray((MAGIC, VERSION if version is None else version, seq & 0xFF))
    put_uvar(out, len(payload))
    out.extend(payload)
    out.extend(crc32(out).to_bytes(4, "little"))
    return bytes(out)


def frame_commit(chain, payload):
    """(frame bytes, its CRC: the chain value for the next commit)."""
    out = bytearray()
    put_uvar(out, len(payload))
    out.extend(payload)
    c = crc32(out, chain)
    out.extend(c.to_bytes(4, "little"))
    return bytes(out), c


