"""Binary save format (docs/STORAGE.md): records, entries, snapshots. Pure, portable.

Two kinds of record live in the NVM:

* a BASE record starts a slot: ``B5 VERSION SEQ LEN(varint) PAYLOAD CRC32``;
  the CRC (little endian) covers everything before it, from ``B5``.
* a COMMIT record follows the base (or the previous commit):
  ``LEN(varint) PAYLOAD CRC32``; its CRC starts from the CRC of the record
  before it (a chain), so a record left over from an older use of the slot
  never passes for a new one.

A base payload holds the settings blob and the game: rules, players, first
dealer, past winners of the series, an optional snapshot State (the entries
compacted away) and the entries kept. A commit payload is a list of
operations on that image: append an entry, cut the log, replace, delete or
insert an entry, set the settings. See Image.apply.

Format 2 (written now) adds the penalties during a hand (bit 7 of a played
hand's first byte, then a byte of seats and their reasons) and the option
``fail_extra``. Format 1 (the firmware before) is still read: its rule mask
has no ``fail_extra`` bit and its hands have no penalties during the hand.
"""

try:
    from binascii import crc32 as _crc32
except ImportError:  # a small build without binascii: the same CRC-32, bit by bit
    _crc32 = None  # type: ignore[assignment]

from firmware import rulecodes, score
from firmware.game import MAX_NAME, MAX_PLAYERS
from firmware.rules import OPTION_NAMES, OPTIONS, PRESETS, Rules

MAGIC = 0xB5
VERSION = 2  # the format this firmware writes; READABLE lists what it reads
READABLE = (1, 2)
V1_NEW_OPTION = OPTION_NAMES.index("fail_extra")  # the one option format 1 has no bit for
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
    """Bytes that are not a valid record of this format."""


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


# -- primitive writers / reader ------------------------------------------------

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


class Reader:
    """Reads a bytes object front to back; any overrun raises CodecError."""

    def __init__(self, data, pos=0, end=None):
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def u8(self):
        if self.pos >= self.end:
            raise CodecError("record ends early")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def take(self, n):
        if n < 0 or self.pos + n > self.end:
            raise CodecError("record ends early")
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return bytes(b)

    def uvar(self):
        n = 0
        shift = 0
        while True:
            b = self.u8()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 28:
                raise CodecError("number too long")

    def svar(self):
        n = self.uvar()
        return -((n + 1) >> 1) if n & 1 else n >> 1

    def text(self):
        raw = self.take(self.uvar())
        try:
            return raw.decode("utf-8")
        except UnicodeError:
            raise CodecError("text is not UTF-8")

    def done(self):
        return self.pos >= self.end


def _seat(value, n):
    if value >= n:
        raise CodecError("seat out of range")
    return value


def _pack3(values, bias):
    """Small numbers (0..7 after adding bias), 3 bits each, little endian."""
    acc = 0
    for i, v in enumerate(values):
        acc |= (v + bias) << (3 * i)
    return acc.to_bytes((3 * len(values) + 7) // 8, "little")


def _unpack3(r, n, bias):
    acc = int.from_bytes(r.take((3 * n + 7) // 8), "little")
    if acc >> (3 * n):
        raise CodecError("stray bits in tricks")
    return tuple(((acc >> (3 * i)) & 7) - bias for i in range(n))


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


def _get_faults(r, n):
    mask = r.u8()
    if not mask or mask >> n:
        raise CodecError("bad penalties during a hand")
    return tuple((s, r.text()) for s in range(n) if mask >> s & 1)


def entry_size(entry, n):
    out = bytearray()
    put_entry(out, entry, n)
    return len(out)


def get_entry(r, n, first, version=VERSION):
    """Decode one entry whose first byte (already read) is first."""
    kind = first & 0x0F
    high = first >> 4
    faults = False
    if kind <= score.BID and version > 1:
        faults = first & F_FAULTS
        high &= 7
    if kind == score.PLAY:
        if high > n:
            raise CodecError("bad call")
        tricks = _unpack3(r, n, 1)
        for t in tricks:
            if t > 5:
                raise CodecError("bad tricks")
        return (kind, tricks, high - 1, _get_faults(r, n) if faults else ())
    if kind == score.BID:
        declarer = _seat(high, n)
        bid = r.u8()
        tricks = _unpack3(r, n, 0)
        joined = r.u8()
        return (kind, declarer, bid, tricks, joined, _get_faults(r, n) if faults else ())
    if kind == score.LONE:
        return (kind, _seat(high, n))
    if kind == score.ALL_PASS:
        if high:
            raise CodecError("bad entry")
        return (kind,)
    if kind == score.MISDEAL:
        if high > 1:
            raise CodecError("bad entry")
        return (kind, high == 1)
    if kind == score.FAULT:
        return (kind, _seat(high, n), r.text())
    if kind == score.ADJUST:
        if high:
            raise CodecError("bad entry")
        mask = r.u8()
        if mask >> n:
            raise CodecError("bad correction")
        deltas = tuple(r.svar() if mask >> s & 1 else 0 for s in range(n))
        return (kind, deltas, r.text())
    raise CodecError("unknown entry kind %d" % kind)


# -- rules, header, snapshot -------------------------------------------------------

def put_rules(out, rules):
    """Preset, a 3-byte mask of options that differ from it, their codes."""
    codes = rulecodes.codes(rules)
    default = rulecodes.codes(Rules(rules.preset))
    mask = 0
    extra = bytearray()
    for i in range(1, len(codes)):
        if codes[i] != default[i]:
            mask |= 1 << (i - 1)
            extra.append(codes[i])
    out.append(codes[0])
    out.extend(mask.to_bytes(3, "little"))
    out.extend(extra)


def get_rules(r, version=VERSION):
    preset = r.u8()
    if preset >= len(PRESETS):
        raise CodecError("bad preset")
    codes = bytearray(rulecodes.codes(Rules(PRESETS[preset])))
    mask = int.from_bytes(r.take(3), "little")
    if version == 1:  # no fail_extra bit: the options after it are one bit lower
        low = mask & ((1 << V1_NEW_OPTION) - 1)
        mask = low | (mask ^ low) << 1
    if mask >> len(OPTIONS):
        raise CodecError("bad rules")
    for i in range(len(OPTIONS)):
        if mask >> i & 1:
            codes[1 + i] = r.u8()
    try:
        return rulecodes.from_codes(bytes(codes))
    except ValueError:
        raise CodecError("bad rules")


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


def get_state(r, rules, n):
    st = score.State(0, n, 0)
    st.scores = [r.svar() for _ in range(n)]
    count = r.u8()
    if count > n:
        raise CodecError("bad snapshot")
    st.out = [_seat(r.u8(), n) for _ in range(count)]
    b = r.u8()
    st.dealer = _seat(b & 15, n + 1) - 1
    st.winner = _seat(b >> 4, n + 1) - 1
    mask = r.u8()
    if mask >> n:
        raise CodecError("bad snapshot")
    st.tied = tuple(s for s in range(n) if mask >> s & 1)
    st.hands = r.uvar()
    if rules.pot:
        st.pot = r.uvar()
        st.balance = [r.svar() for _ in range(n)]
    return st


# -- the image: everything a save holds -----------------------------------------------

class Image:
    """What the NVM holds: settings, and the game (header, snapshot, entries).

    ``k`` is the number of entries folded into ``base`` (0 and None when the
    whole game is kept); ``entries`` are the entries after those, so entry
    ``i`` of the game is ``entries[i - k]``.
    """

    def __init__(self):
        self.settings = None
        self.rules = None  # None: no game
        self.players: tuple = ()
        self.dealer = 0
        self.past = []
        self.base = None
        self.k = 0
        self.entries = []

    def has_game(self):
        return self.rules is not None

    def copy(self):
        im = Image()
        im.settings = self.settings
        im.rules = self.rules
        im.players = self.players
        im.dealer = self.dealer
        im.past = list(self.past)
        im.base = self.base
        im.k = self.k
        im.entries = list(self.entries)
        return im

    def same_header(self, rules, players, dealer, past):
        return (self.rules is not None and rulecodes.codes(self.rules) == rulecodes.codes(rules)
                and tuple(self.players) == tuple(players) and self.dealer == dealer
                and list(self.past) == list(past))

    def apply(self, payload, version=VERSION):
        """Apply a commit payload (raises CodecError, image unchanged on error)."""
        r = Reader(payload)
        entries = list(self.entries)
        settings = self.settings
        n = len(self.players)
        k = self.k
        if r.done():
            raise CodecError("empty commit")
        while not r.done():
            b = r.u8()
            low = b & 0x0F
            if low < score.KIND_COUNT:
                if not self.has_game():
                    raise CodecError("entry without a game")
                entries.append(get_entry(r, n, b, version))
            elif b == OP_SETTINGS:
                settings = r.take(r.uvar())
            elif b == OP_NO_SETTINGS:
                settings = None
            elif b in (OP_CUT, OP_SET, OP_DEL, OP_INS):
                if not self.has_game():
                    raise CodecError("entry without a game")
                i = r.uvar() - k
                top = len(entries) + (1 if b in (OP_CUT, OP_INS) else 0)
                if not 0 <= i < top:
                    raise CodecError("no such entry")
                if b == OP_CUT:
                    del entries[i:]
                elif b == OP_DEL:
                    del entries[i]
                else:
                    e = get_entry(r, n, r.u8(), version)
                    if b == OP_SET:
                        entries[i] = e
                    else:
                        entries.insert(i, e)
            else:
                raise CodecError("unknown operation %d" % b)
        self.entries = entries
        self.settings = settings


def encode_base(im):
    """The payload of a base record for image im."""
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


def decode_base(payload, version=None):
    """Inverse of encode_base (for a format version in READABLE)."""
    if version is None:
        version = VERSION
    if version not in READABLE:
        raise CodecError("format %d unknown" % version)
    r = Reader(payload)
    im = Image()
    flags = r.u8()
    if flags >> 3:
        raise CodecError("bad flags")
    if flags & F_SETTINGS:
        im.settings = r.take(r.uvar())
    if flags & F_GAME:
        im.rules = get_rules(r, version)
        n = r.u8()
        if not 2 <= n <= MAX_PLAYERS:
            raise CodecError("bad player count")
        im.players = tuple(r.text() for _ in range(n))
        for name in im.players:
            if not 1 <= len(name) <= MAX_NAME:
                raise CodecError("bad name")
        b = r.u8()
        im.dealer = _seat(b & 15, n)
        im.past = [_seat(s, n) for s in r.take(b >> 4)]
        if flags & F_SNAPSHOT:
            im.k = r.uvar()
            im.base = get_state(r, im.rules, n)
        im.entries = [get_entry(r, n, r.u8(), version) for _ in range(r.uvar())]
    elif flags & F_SNAPSHOT:
        raise CodecError("bad flags")
    if not r.done():
        raise CodecError("stray bytes after the game")
    return im


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
    """(record bytes, its CRC: the chain value for the next commit)."""
    out = bytearray()
    put_uvar(out, len(payload))
    out.extend(payload)
    c = crc32(out, chain)
    out.extend(c.to_bytes(4, "little"))
    return bytes(out), c


def read_base(buf, pos, end):
    """Parse a base record at buf[pos:end].

    Returns (version, seq, payload, crc, next_pos); raises CodecError when the
    bytes are not a whole base record with a good CRC.
    """
    r = Reader(buf, pos, end)
    if r.u8() != MAGIC:
        raise CodecError("no base record")
    version = r.u8()
    seq = r.u8()
    payload = r.take(r.uvar())
    body_end = r.pos
    c = int.from_bytes(r.take(4), "little")
    if crc32(buf[pos:body_end]) != c:
        raise CodecError("base record CRC mismatch")
    return version, seq, payload, c, r.pos


def read_commit(buf, pos, end, chain):
    """Parse a commit at buf[pos:end] -> (payload, crc, next_pos) or CodecError."""
    r = Reader(buf, pos, end)
    payload = r.take(r.uvar())
    body_end = r.pos
    c = int.from_bytes(r.take(4), "little")
    if crc32(buf[pos:body_end], chain) != c:
        raise CodecError("commit CRC mismatch")
    return payload, c, r.pos
