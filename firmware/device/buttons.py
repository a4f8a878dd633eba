"""Buttons: keypad key events -> logical events (pure; runs on the host too).

Feed it ``key(number, pressed, time_ms)`` for every keypad event and call
``poll(now_ms)`` often (every loop); both return one logical event or None.

- A short press is reported when the key is released.
- A key held for ``long_ms`` (600 ms) reports its ``*_LONG`` event once while
  still held (from ``poll``, or at the latest on release), and nothing else.
- Keys that overlap (a second key pressed before the first is up: quick
  two-finger entry) are n-key rollover, as on a keyboard: each press counts, in
  the order the keys went down, whichever comes up first. A press waits for the
  ones before it (a press that ends first is reported after them, from ``poll``).
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
# A key still held this long may be a long press: the loop has the App load what that press opens
# (App.ahead with the long event: the chart, the undo's question), which a short press of the key
# never needs and would wait for (an import takes 20-140 ms on a Pico; a short press is held 70-250
# ms, and what loads from here is there before the long press at 600).
AHEAD_MS = const(300)
DEBOUNCE_MS = const(30)
_HELD = const(-1)  # a press's outcome while its key is down
_NONE = const(-2)  # a press that reports nothing (a glitch, or a long press already reported)

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
        # The presses not yet reported, in the order their keys went down: [key, start, outcome]
        # (outcome _HELD while down, then its event, or _NONE); a long press is reported while
        # held and stays here as _NONE until its release.
        self.presses = []

    def key(self, number, pressed, time_ms):
        """One keypad event; returns a logical event or None."""
        if not 0 <= number < len(self.short):
            return None
        bit = 1 << number
        if pressed:
            if self.down & bit:
                return None  # a repeated press report: already down
            self.down |= bit
            last = self.released[number]
            if last is not None and _diff(time_ms, last) < self.debounce_ms:
                self.ignore |= bit  # contact bounce right after a release
                return None
            self.presses.append([number, time_ms, _HELD])
            return None
        if not self.down & bit:
            return None  # a release we never saw pressed
        self.down &= ~bit
        if self.ignore & bit:
            self.ignore &= ~bit
            self.released[number] = time_ms  # the bounce goes on: extend its window
            return None
        for p in self.presses:
            if p[0] == number and p[2] in (_HELD, _NONE) and p[1] is not None:
                held = _diff(time_ms, p[1])
                p[1] = None  # up
                if p[2] == _NONE:  # its long press was reported while held
                    self.released[number] = time_ms
                elif held < self.debounce_ms:
                    p[2] = _NONE  # a glitch, not a press
                else:
                    self.released[number] = time_ms
                    p[2] = self.long[number] if held >= self.long_ms else self.short[number]
                break
        return self._next()

    def poll(self, now_ms):
        """Call often: reports a long press once its key has been held long enough (after the
        presses before it), and a press that waited for those."""
        if self.presses:
            p = self.presses[0]
            if p[2] == _HELD and _diff(now_ms, p[1]) >= self.long_ms:
                p[2] = _NONE  # reported now, nothing at its release
                return self.long[p[0]]
        return self._next()

    def _next(self):
        """The first press's event once it is decided (presses that report nothing dropped)."""
        while self.presses:
            p = self.presses[0]
            if p[2] == _HELD or (p[2] == _NONE and p[1] is not None):
                return None  # still down: the presses after it wait
            self.presses.pop(0)
            if p[2] != _NONE:
                return p[2]
        return None


def _diff(a, b):
    """a - b for millisecond clocks, tolerant of supervisor.ticks_ms wrapping at 2**29."""
    d = a - b
    if d < -(1 << 28):
        d += 1 << 29
    return d
