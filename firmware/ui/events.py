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
LONG = const(4)  # PREV + LONG is PREV_LONG, and so on (BACK held is BACK)
