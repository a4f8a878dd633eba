"""Screens that are open only now and then, in modules loaded when one opens.

A module that opens such a screen names it: ``history = Lazy("firmware.ui.screens.history")``,
then ``history.open_history(app)`` imports it at the first use; ``release_all()`` (the App calls it
on the scoreboard, where none of them is open) lets every one go again, so their code takes no RAM
the rest of the time.

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
        return getattr(load(self.name), attr)

    def release(self):
        forget(self.name)


# The heap was collected since anything last ran (App.ahead says so for code.py's loop while a key
# goes down): the loads need no collection first.
clean = False


def load(name, collect=True):
    """The module name, imported now if it is not loaded (after a collection, so that its code
    goes into the heap as whole as it can be; collect False, or ``clean``: the heap was just
    collected)."""
    module = sys.modules.get(name)
    if module is None:
        if collect and not clean:
            import gc

            gc.collect()
        __import__(name)
        module = sys.modules[name]
    return module


def load_all(names):
    """Load each of the modules names (a view's ``ahead``: what a press will open, while its key is
    held) after one collection: a collection takes some 15 ms at a game's heap and the automatic
    ones (code.py's gc.threshold) come during the imports anyway, so that a hand's five modules
    load within the 120 ms a short press is held."""
    collect = True
    for name in names:
        if name not in sys.modules:
            load(name, collect)
            collect = False


# The packages whose modules load while open, and the App's parts used now and then (the start, the
# settings' saving, exports, a new game, the wording of refusals and entries, an entry's facts in
# words): every one is let go on the scoreboard.
PACKAGES = ("firmware.ui.screens.", "firmware.ui.entry.", "firmware.ui.resume", "firmware.ui.settings",
            "firmware.ui.exports", "firmware.ui.gamestart", "firmware.ui.text", "firmware.words.hand")


def release_all(keep=()):
    """Let every screen, hand-entry and other PACKAGES module go but those named in keep (the App
    calls it on the scoreboard, where none of their views is open)."""
    for name in [n for n in sys.modules if n.startswith(PACKAGES) and n not in keep]:
        forget(name)
