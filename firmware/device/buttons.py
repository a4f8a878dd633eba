"""Buttons: keypad key events -> logical events (pure; runs on the host too).

Feed it ``key(number, pressed, time_ms)`` for every keypad event and call
``poll(now_ms)`` often (every loop); both return one logical event or None.

- A short press is reported when the key is released.
- A key held for ``long_ms`` (600 ms) reports its ``*_LONG`` event once while
  still held (from ``poll``, or at the latest on release), and nothing else.
- Two keys down at once (a chord): nothing at all until every key is up.
- Bounce: a press shorter than ``debounce_ms`` is ignored, and so is a press
  that starts within ``debounce_ms`` of the end of the same key's last counted
  press (or of its bounce), with its release.
- The optional fourth key (role ``back``) sends BACK, short or long.

Key numbers follow the order of the board profile's ``buttons``
(firmware/device/boards.py); ``roles`` is that order, e.g. ("prev", "next", "ok").

Three-button builds (no ``back`` key), as the UI reads the events:
OK_LONG is back (leave a screen, abandon a half-entered hand), PREV_LONG is
undo on the scoreboard. See docs/USER_GUIDE.md for every screen.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.ui.events import BACK, NEXT, NEXT_LONG, OK, OK_LONG, PREV, PREV_LONG

LONG_MS = const(600)
DEBOUNCE_MS = const(30)

_SHORT = {"prev": PREV, "next": NEXT, "ok": OK, "back": BACK}
_LONG = {"prev": PREV_LONG, "next": NEXT_LONG, "ok": OK_LONG, "back": BACK}


class Buttons:
    """Turns (key_number, pressed, time_ms) into PREV/NEXT/OK/BACK and long presses."""

    def __init__(self, roles=("prev", "next", "ok", "back"), long_ms=LONG_MS,
                 debounce_ms=DEBOUNCE_MS):
        for role in roles:
            if role not in _SHORT:
                raise ValueError("unknown button role %s" % role)
        self.short = tuple(_SHORT[r] for r in roles)
        self.long = tuple(_LONG[r] for r in roles)
        self.long_ms = long_ms
        self.debounce_ms = debounce_ms
        n = len(roles)
        self.released = [None] * n  # time each key's last counted press (or its bounce) ended
        self.down = 0  # bitmask of keys held (as reported)
        self.ignore = 0  # keys whose current press is a bounce: drop its release
        self.active = -1  # the one key whose press counts, or -1
        self.t0 = 0
        self.long_sent = False
        self.chord = False

    def key(self, number, pressed, time_ms):
        """One keypad event; returns a logical event or None."""
        if not 0 <= number < len(self.short):
            return None
        bit = 1 << number
        if pressed:
            if self.down & bit:
                return None  # a repeated press report: already down
            self.down |= bit
            if self.chord or self.down != bit:
                # Another key is down: a chord. Nothing counts until all are up.
                self.chord = True
                self.active = -1
                return None
            last = self.released[number]
            if last is not None and _diff(time_ms, last) < self.debounce_ms:
                self.ignore |= bit  # contact bounce right after a release
                return None
            self.active = number
            self.t0 = time_ms
            self.long_sent = False
            return None
        if not self.down & bit:
            return None  # a release we never saw pressed
        self.down &= ~bit
        if self.ignore & bit:
            self.ignore &= ~bit
            self.released[number] = time_ms  # the bounce goes on: extend its window
            return None
        if self.chord:
            if not self.down:
                self.chord = False
            return None
        if number != self.active:
            return None
        self.active = -1
        if self.long_sent:
            self.released[number] = time_ms
            return None
        held = _diff(time_ms, self.t0)
        if held < self.debounce_ms:
            return None  # a glitch, not a press
        self.released[number] = time_ms
        if held >= self.long_ms:
            return self.long[number]  # poll() was not called in time
        return self.short[number]

    def poll(self, now_ms):
        """Call often: reports a long press once its key has been held long enough."""
        if self.active < 0 or self.long_sent or self.chord:
            return None
        if _diff(now_ms, self.t0) >= self.long_ms:
            self.long_sent = True
            return self.long[self.active]
        return None


def _diff(a, b):
    """a - b for millisecond clocks, tolerant of supervisor.ticks_ms wrapping at 2**29."""
    d = a - b
    if d < -(1 << 28):
        d += 1 << 29
    return d
