"""Reading a save (docs/STORAGE.md): frames, entries, snapshots; the inverse of firmware/store/codec.py.

Needed only while a save is loaded at start (firmware/store/journal.py lets it go
after): every byte is checked, anything wrong raises codec.CodecError.
Format 1 (written by earlier firmware) is read too: its rule mask has no
``fail_extra`` bit and its hands have no penalties during the hand.
"""

from firmware.core import score
from firmware.core.game import MAX_NAME, MAX_PLAYERS
from firmware.core.rules import OPTION_NAMES, OPTIONS, PRESETS, Rules
from firmware.store import codec, rulecodes
from firmware.store.codec import (
    F_FAULTS,
    F_GAME,
    F_SETTINGS,
    F_SNAPSHOT,
    MAGIC,
    OP_CUT,
    OP_DEL,
    OP_INS,
    OP_NO_SETTINGS,
    OP_SET,
    OP_SETTINGS,
    VERSION,
    CodecError,
    Image,
    crc32,
)

V1_NEW_OPTION = OPTION_NAMES.index("fail_extra")  # the one option format 1 has no bit for


class Reader:
    """Reads a bytes object front to back; any overrun raises CodecError."""

    def __init__(self, data, pos=0, end=None):
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def u8(self):
        if self.pos >= self.end:
            raise CodecError("frame ends early")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def take(self, n):
        if n < 0 or self.pos + n > self.end:
            raise CodecError("frame ends early")
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


def _unpack3(r, n, bias):
    acc = int.from_bytes(r.take((3 * n + 7) // 8), "little")
    if acc >> (3 * n):
        raise CodecError("stray bits in tricks")
    return tuple(((acc >> (3 * i)) & 7) - bias for i in range(n))


def _get_faults(r, n):
    mask = r.u8()
    if not mask or mask >> n:
        raise CodecError("bad penalties during a hand")
    return tuple((s, r.text()) for s in range(n) if mask >> s & 1)


# -- entries ---------------------------------------------------------------------

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


# -- the image and the frames ---------------------------------------------------

def read_ops(payload, image, version=VERSION):
    """The operations of a commit payload on image, as codec.encode_ops takes them."""
    r = Reader(payload)
    n = len(image.players)
    ops: list = []
    if r.done():
        raise CodecError("empty commit")
    while not r.done():
        b = r.u8()
        if (b & 0x0F) < score.KIND_COUNT:
            if not image.has_game():
                raise CodecError("entry without a game")
            ops.append((None, 0, get_entry(r, n, b, version)))
        elif b == OP_SETTINGS:
            ops.append((OP_SETTINGS, 0, r.take(r.uvar())))
        elif b == OP_NO_SETTINGS:
            ops.append((OP_SETTINGS, 0, None))
        elif b in (OP_CUT, OP_DEL):
            ops.append((b, r.uvar(), None))
        elif b in (OP_SET, OP_INS):
            i = r.uvar()
            ops.append((b, i, get_entry(r, n, r.u8(), version)))
        else:
            raise CodecError("unknown operation %d" % b)
    return ops


def apply(image, payload, version=VERSION):
    """Apply a commit payload to image (raises CodecError, image unchanged on error)."""
    image.change(read_ops(payload, image, version))


def decode_base(payload, version=None):
    """Inverse of encode_base (for a format version in READABLE)."""
    if version is None:
        version = codec.VERSION
    if version not in codec.READABLE:
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


def read_base(buf, pos, end):
    """Parse a base frame at buf[pos:end].

    Returns (version, seq, payload, crc, next_pos); raises CodecError when the
    bytes are not a whole base frame with a good CRC.
    """
    r = Reader(buf, pos, end)
    if r.u8() != MAGIC:
        raise CodecError("no base frame")
    version = r.u8()
    seq = r.u8()
    payload = r.take(r.uvar())
    body_end = r.pos
    c = int.from_bytes(r.take(4), "little")
    if crc32(buf[pos:body_end]) != c:
        raise CodecError("base frame CRC mismatch")
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


# -- a slot of the NVM ---------------------------------------------------------------

class Slot:
    """A slot as read (Store.load picks the newest good one): its base and the commits that follow it."""

    def __init__(self, index):
        self.index = index
        self.state = "blank"  # blank, bad, newer, ok
        self.version = 0
        self.seq = 0
        self.image = None
        self.chain = 0
        self.base_crc = 0  # the base frame's CRC: with seq, index and pos it names the state (store/drivecopy.py)
        self.pos = 0  # where the next commit goes
        self.clean = True  # nothing but erased bytes after the last commit


def read_slot(nvm, index, half, buf):
    """Slot index (of size half) of nvm, read through buf (half bytes): a Slot."""
    sl = Slot(index)
    start = index * half
    blank = True
    for off in range(0, half, 64):  # small reads: nvm[a:b] makes a new object
        n = min(64, half - off)
        chunk = nvm[start + off:start + off + n]
        buf[off:off + n] = chunk
        if blank and chunk.count(b"\xff") != n:
            blank = False
    if blank:
        return sl
    try:
        version, seq, payload, chain, pos = read_base(buf, 0, len(buf))
    except (ValueError, IndexError):
        sl.state = "bad"
        return sl
    sl.version = version
    sl.seq = seq
    sl.base_crc = chain
    if version not in codec.READABLE:
        sl.state = "newer" if version > codec.VERSION else "bad"
        return sl
    try:
        im = decode_base(payload, version)
    except (ValueError, IndexError):
        sl.state = "bad"
        return sl
    sl.state = "ok"
    while True:
        try:
            body, c, nxt = read_commit(buf, pos, len(buf), chain)
            apply(im, body, version)
        except (ValueError, IndexError):
            break
        chain = c
        pos = nxt
    sl.clean = True
    for i in range(pos, len(buf)):
        if buf[i] != 0xFF:
            sl.clean = False
            break
    sl.image = im
    sl.chain = chain
    sl.pos = start + pos
    return sl
