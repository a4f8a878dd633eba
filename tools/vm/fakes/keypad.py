"""Fake ``keypad``: ``Keys``, ``Event``, ``EventQueue``, fed by the launcher's key script.

The script (config ``keys``) is the simulator's alphabet: ``a`` ``b`` ``c``
``d`` press key 0..3 for 120 ms, capitals hold it 700 ms (a long press),
``.`` waits 10 s, and 250 ms pass after each release (tools/sim/simulator.py's
timing). As on a board, an event is queued once the key has read the same
for ``debounce_threshold`` scans, ``interval`` seconds apart, and carries
the ``supervisor.ticks_ms()`` of that scan.
"""

import _fakestate as S

PRESS_MS = 120
LONG_MS = 700  # buttons.LONG_MS (600) + 100, as the simulator holds a key
GAP_MS = 250
WAIT_MS = 10000
START_MS = 1000  # the script starts this long after power on


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return (isinstance(other, Event) and self.key_number == other.key_number
                and self.pressed == other.pressed)

    def __hash__(self):
        return self.key_number << 1 | (1 if self.pressed else 0)

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self, max_events):
        self._events = []
        self._max = max_events
        self.overflowed = False

    def get(self):
        if self._events:
            return self._events.pop(0)
        return None

    def get_into(self, event):
        if not self._events:
            return False
        e = self._events.pop(0)
        event.key_number = e.key_number
        event.pressed = e.pressed
        event.timestamp = e.timestamp
        return True

    def clear(self):
        self._events = []
        self.overflowed = False

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)

    def _put(self, ev):
        if len(self._events) >= self._max:
            self.overflowed = True
            return
        self._events.append(ev)


class _Script:
    """The key string read as it is played (a list of every event would take the heap a board
    does not spend): ``next()`` gives (time_ms, key_number, pressed) or None at the end."""

    def __init__(self, keys):
        self.keys = keys
        self.pos = 0
        self.t = START_MS
        self.release = None  # (time, number) of the key held now

    def next(self):
        if self.release is not None:
            t, number = self.release
            self.release = None
            self.t = t + GAP_MS
            return t, number, False
        while self.pos < len(self.keys):
            ch = self.keys[self.pos]
            self.pos += 1
            if ch in " \n\t\r":
                continue
            if ch == ".":
                self.t += WAIT_MS
                continue
            number = "abcd".index(ch.lower())
            self.release = (self.t + (LONG_MS if ch.isupper() else PRESS_MS), number)
            return self.t, number, True
        return None


def end_ms(keys):
    """When the key string is over: the time after its last release."""
    script = _Script(keys)
    while script.next() is not None:
        pass
    return script.t


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        if not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        for p in pins:
            S.claim(p, self)
        self._pins = tuple(pins)
        self.key_count = len(pins)
        self._delay = int(interval * 1000) * (debounce_threshold - 1)
        self.events = EventQueue(max_events)
        self._script = _Script(S.cfg.get("keys", ""))
        self._next = self._script.next()
        self._pressed = [False] * self.key_count
        S.on_sleep.append(self._scan)

    def _scan(self):
        now = S.now[0]
        while self._next is not None and self._next[0] + self._delay <= now:
            _t, n, p = self._next
            self._next = self._script.next()
            if n >= self.key_count:
                continue
            self._pressed[n] = p
            self.events._put(Event(n, p, now % (1 << 29)))

    def reset(self):
        self.events.clear()
        for n in range(self.key_count):
            if self._pressed[n]:
                self.events._put(Event(n, True, S.now[0] % (1 << 29)))

    def deinit(self):
        for p in self._pins:
            S.release(p)
        if self._scan in S.on_sleep:
            S.on_sleep.remove(self._scan)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
