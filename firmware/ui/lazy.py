"""Screens that are open only now and then, in modules loaded when one opens.

``lazy.history.open_history(app)`` imports firmware.ui.history at the first use;
``release_all()`` (the App calls it on the scoreboard, where none of them is
open) lets them go again, so their code takes no RAM the rest of the time.

That pays most where the firmware runs from .mpy files, whose code loads as it
is; from .py sources every import compiles again, and each of these modules is
small enough to compile beside everything else.
"""

import sys

from firmware import forget


class Lazy:
    """Stands in for the module ``name``: imported at the first attribute asked for,
    let go by ``release``."""

    def __init__(self, name):
        self.name = name

    def __getattr__(self, attr):
        module = sys.modules.get(self.name)
        if module is None:
            import gc

            gc.collect()  # its code goes into the heap as whole as it can be
            __import__(self.name)
            module = sys.modules[self.name]
        return getattr(module, attr)

    def release(self):
        forget(self.name)


entry = Lazy("firmware.ui.entry")  # hand entry: what every kind shares
# The modules of each kind of entry, which firmware.ui.entry imports when one is entered;
# let go with it.
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
