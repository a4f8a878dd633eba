"""Opens the views of one kind of entry, each kind in its own module, imported only when one
is entered (firmware/ui/lazy.py lets them go on the scoreboard). The kinds do not import this."""

from firmware.core import score


def start(app, flow, kind=None):
    """Open the entry views for a hand of kind (None: the preset's usual hand)."""
    back = flow.back
    if kind is None:
        if flow.rules.bidding:
            from firmware.ui.entry.bidding import Bidding

            Bidding(app, flow)
        else:
            from firmware.ui.entry.fem import FemWalk

            app.view = FemWalk(app, flow)
        return
    if kind == score.ALL_PASS:  # fem's menu: one choice instead of a pass per player
        flow.check(app, (score.ALL_PASS,), back)
        return
    from firmware.ui.entry import irregular

    if kind == score.MISDEAL:
        irregular.misdeal(app, flow, back)
    elif kind == score.FAULT:
        irregular.fault(app, flow, back)
    elif kind == score.ADJUST:
        app.view = irregular.AdjustWalk(app, flow, back)


def kind_of(entry):
    """The kind start() needs to edit entry."""
    if entry[0] in (score.MISDEAL, score.FAULT, score.ADJUST):
        return entry[0]
    return None
