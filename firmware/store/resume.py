"""Loading the save at start (Store.load): the newest good slot of the NVM, or the drive copy
when the NVM write after it was cut. Imported by firmware/store/journal.py for the load only and
let go after, with firmware/store/decode.py (the format's reading half) that it reads with.
"""

from firmware import finish
from firmware.core.errors import EntryError, RulesError
from firmware.core.game import Game
from firmware.core.series import Series
from firmware.store import codec, decode

# Load codes (Loaded.code); the UI may translate them, .message is English.
EMPTY = "empty"  # blank NVM: no saved game
DAMAGED = "damaged"  # some of the save was unreadable; the best valid state was kept
UNREADABLE = "unreadable"  # nothing valid at all
NEWER = "newer"  # written by a newer firmware in a format this one cannot read
MIGRATED = "migrated"  # an older format was read; it is rewritten in the current one
COPY = "copy"  # the NVM was lost (a cut in its erase): the drive copy was resumed


class Loaded:
    """What load() found: series (or None), settings (bytes or None), message and code."""

    def __init__(self):
        self.series = None
        self.settings = None
        self.message = None
        self.code = None
        self.hand = None  # entries kept, for "resumed after hand N"

    def say(self, code, message, hand=None):
        self.code = code
        self.message = message
        self.hand = hand


def _newer(a, b):
    """True when sequence number a (mod 256) follows b."""
    d = (a - b) & 0xFF
    return 0 < d < 128


def load(store):
    """Store.load: the best valid state of store's NVM (or its drive copy), and a message when
    something was wrong."""
    out = Loaded()
    store.loaded = True
    store.rewrite = True
    store.slot = -1
    store.image = codec.Image()
    slots = [decode.read_slot(store.nvm, i, store.half, store._buf) for i in (0, 1)]
    good = [s for s in slots if s.state == "ok"]
    best = None
    for s in good:
        if best is None or _newer(s.seq, best.seq):
            best = s
    states = [s.state for s in slots]
    copied = _copy_image(store, slots) if "newer" not in states else None
    if copied is not None:
        return _resume_copy(store, out, copied, best, slots)
    if best is None:
        store.seq = 0
        if "newer" in states:
            v = slots[states.index("newer")].version
            out.say(NEWER, "save from a newer firmware (format %d): not read" % v)
            store.seq = slots[states.index("newer")].seq
        elif "bad" in states:
            out.say(UNREADABLE, "save unreadable: no game to resume")
        else:
            out.say(EMPTY, "no saved game")
        return out
    _take(store, best, slots)
    other = slots[1 - best.index]
    im = best.image
    series, kept = build(im)
    damaged = not best.clean or other.state == "bad" or kept < len(im.entries)
    if kept < len(im.entries):
        im.entries = im.entries[:kept]
    if series is None and im.has_game():
        im = codec.Image(im.settings)
        damaged = True
    store.image = im
    store.dropped_from = im.k
    store.dropped_crc = 0
    store.rewrite = damaged or best.version != codec.VERSION
    out.series = series
    out.settings = im.settings
    hand = (im.k + len(im.entries)) if im.has_game() else None
    if other.state == "newer":
        out.say(NEWER, "save from a newer firmware (format %d) ignored" % other.version)
    elif damaged:
        if hand is None:
            out.say(DAMAGED, "save damaged: no game to resume")
        else:
            out.say(DAMAGED, "save damaged: resumed after hand %d" % hand, hand)
    elif best.version != codec.VERSION:
        out.say(MIGRATED, "save from format %d converted" % best.version, hand)
    return out


def _take(store, best, slots):
    """The NVM state to append to: slot best (a decode.Slot) of slots."""
    store.slot = best.index
    store.seq = best.seq
    store.chain = best.chain
    store.base_crc = best.base_crc
    store.pos = best.pos
    o = slots[1 - best.index]
    store.other = (o.seq, o.base_crc, o.pos) if o.state == "ok" else None


def _copy_image(store, slots):
    """The drive copy's image when it is to be resumed instead of the NVM, else None.

    It is when every valid slot of the NVM is one the copy recorded as there when it was
    made (the same base, its chain no longer than then): the NVM write after the copy was
    cut, in the erase or the program, which leaves each slot blank, cut short or as it was.
    Any other valid slot was written after the copy: the NVM is newer.
    """
    if store.copy is None:
        return None
    got = store.copy.get(store._buf)
    if got is None:
        return None
    old, n = got
    for s in slots:
        if s.state == "ok":
            was = old[s.index]
            if was is None or (s.seq, s.base_crc) != was[:2] or s.pos > was[2]:
                return None
    try:
        version, _seq, payload, _crc, _end = decode.read_base(store._buf, 0, n)
        if version not in codec.READABLE:
            return None
        im = decode.decode_base(payload, version)
    except (ValueError, IndexError):
        return None
    series, kept = build(im)
    if kept < len(im.entries) or (series is None and im.has_game()):
        return None  # not a state this firmware wrote: the NVM's stays
    return im, series


def _resume_copy(store, out, copied, best, slots):
    """Resume the drive copy and write it to the NVM at once (the copy, whole, covers that write)."""
    im, series = copied
    store.seq = 0
    if best is not None:
        _take(store, best, slots)
    store.rewrite = True
    finish(store._rebase(im, True, covered=True))
    out.series = series
    out.settings = im.settings
    if best is None and series is not None:
        hand = im.k + len(im.entries)
        out.say(COPY, "save lost: resumed from the drive copy after hand %d" % hand, hand)
    return out


def build(im):
    """The Series of an image, every entry refolded; (series, entries kept)."""
    if not im.has_game():
        return None, 0
    try:
        series = Series(im.rules, im.players, im.dealer, im.past)
        if im.base is not None:
            series.game = Game(im.rules, im.players, im.dealer, im.base, im.k)
    except (RulesError, ValueError):
        return None, 0
    game = series.game
    kept = 0
    for e in im.entries:
        try:
            game.push(e)
        except (EntryError, ValueError, TypeError, IndexError):
            break
        kept += 1
    return series, kept
