"""The simulator's and the tests' key alphabet: short presses a b c (d = back), long presses
A B C (D = back held), each standing for a logical event of firmware/ui/events.py. Host-only
(the device never spells keys), but portable: the MicroPython run of the portable tests uses it.
"""

from firmware.ui.events import BACK, NEXT, NEXT_LONG, OK, OK_LONG, PREV, PREV_LONG

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
