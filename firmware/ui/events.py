"""The UI's logical events: what a press means, whichever button and board sent it.

firmware/device/buttons.py turns keypad events into these; the UI (firmware/ui/app.py) takes them.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

PREV = const(1)
NEXT = const(2)
OK = const(3)
BACK = const(4)
PREV_LONG = const(5)
NEXT_LONG = const(6)
OK_LONG = const(7)

NAMES = ("", "PREV", "NEXT", "OK", "BACK", "PREV_LONG", "NEXT_LONG", "OK_LONG")

# The simulator's and the tests' key alphabet: short presses a b c (d = back),
# long presses A B C (D = back held). tools/sim/simulator.py and tools/play/presses.py use it.
KEY_CHARS = "abcdABCD"
KEY_EVENTS = (PREV, NEXT, OK, BACK, PREV_LONG, NEXT_LONG, OK_LONG, BACK)


def event_for_char(ch):
    """One character of the key alphabet -> its logical event (ValueError otherwise)."""
    i = KEY_CHARS.find(ch)
    if i < 0:
        raise ValueError("unknown key %r: use one of %s" % (ch, KEY_CHARS))
    return KEY_EVENTS[i]


def events_for(keys):
    """A key string ("abcC...") -> a list of logical events; spaces are ignored."""
    return [event_for_char(ch) for ch in keys if ch not in " \n\t"]


def char_for_event(event):
    """The key character that sends a logical event."""
    return KEY_CHARS[KEY_EVENTS.index(event)]
