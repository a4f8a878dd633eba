"""Screens that are open only now and then, in modules loaded when one opens.

``lazy.history.open_history(app)`` imports firmware.ui.history at the first use;
``release_all()`` (the App calls it on the scoreboard, where none of them is
open) lets them go again, so their code takes no RAM the rest of the time.

That pays where the firmware runs from .mpy files, whose code loads as it is.
From .py sources every import compiles again: hand entry, the largest, is kept
there (compiling it late, beside everything else, needs more RAM than keeping it).
"""

import sys

from firmware import forget


def from_source():
    """Whether the firmware runs from .py sources (every import compiles)."""
    return not globals().get("__file__", ".mpy").endswith(".mpy")


class Lazy:
    """Stands in for the module ``name``: imported at the first attribute asked for,
    let go by ``release`` (unless ``keep``)."""

    def __init__(self, name, keep=False):
        self.name = name
        self.keep = keep

    def __getattr__(self, attr):
        module = sys.modules.get(self.name)
        if module is None:
            import gc

            gc.collect()  # its code goes into the heap as whole as it can be
            __import__(self.name)
            module = sys.modules[self.name]
        return getattr(module, attr)

    def release(self):
        if not self.keep:
            forget(self.name)


entry = Lazy("firmware.ui.entry", keep=from_source())  # hand entry: what every kind shares
# The modules of each kind of entry, which firmware.ui.entry imports when one is entered;
# let go from .py sources too (each is small to compile).
ENTRY_KINDS = ("hand", "fem", "bidding", "knack", "irregular")
history = Lazy("firmware.ui.history")  # the history of entries, one entry's changes, undo
chart = Lazy("firmware.ui.chart")
result = Lazy("firmware.ui.result")  # the winner screen, the series standings
menu = Lazy("firmware.ui.menu")
newgame = Lazy("firmware.ui.newgame")  # the set-up screen, the rule options
seating = Lazy("firmware.ui.seating")  # the table builder, the name speller
ALL = (entry, history, chart, result, menu, newgame, seating)


def release_all():
    """Let every screen module go (the App calls it on the scoreboard)."""
    for module in ALL:
        module.release()
    for name in ENTRY_KINDS:
        forget("firmware.ui." + name)
