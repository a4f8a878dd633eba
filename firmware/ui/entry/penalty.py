"""Penalties during a hand (a long press in a hand's walk: who, then why) and the list of
reasons they and the irregular entries pick from; loaded when one is entered."""

from firmware.ui.entry.flow import seats_in, speaking_order
from firmware.ui.entry.picks import PickList, SeatList, goto

# Penalties during a hand (RULES.md): the stored text is the English.
HAND_FAULTS = ("forgot to ask går med", "late Rödskägg call", "")


def hand_faults(rules):
    """The in-hand penalty reasons that can happen in this game: forgot to ask (where går
    med is played), a late Rödskägg call (where the call is); then "no reason"."""
    return tuple([r for r in HAND_FAULTS if not ((r == HAND_FAULTS[0] and not rules.go_along)
                                                 or (r == HAND_FAULTS[1] and not rules.call))])


class ReasonList(PickList):
    """Pick a reason from a built-in list (the stored text is English); back returns to view."""

    def __init__(self, title, reasons, pick, view, cursor=0):
        PickList.__init__(self, title, pick, lambda app: goto(app, view), cursor)
        self.reasons = reasons

    def count(self, app):
        return len(self.reasons)

    def label(self, app, i):
        r = self.reasons[i]
        return app.tr(r) if r else app.tr("(no reason)")

    def choose(self, app, i):
        self.pick(app, self.reasons[i], self)


def with_fault(faults, seat, reason):
    """faults (seat order) with seat's penalty set to reason, or removed when reason is None."""
    out = [f for f in faults if f[0] != seat]
    if reason is not None:
        out.append((seat, reason))
    seats = sorted([f[0] for f in out])  # seats are unique: plain ints, nothing to tie
    return tuple([f for s in seats for f in out if f[0] == s])


def ask_fault(app, flow, holder, view):
    """A penalty during the hand: who (again: removes it), then why; back to view.

    holder has ``faults``; the likeliest reason for the preset comes first."""
    seats = speaking_order(flow.state) or seats_in(flow.state)

    def picked(a, seat, who):
        if any(f[0] == seat for f in holder.faults):
            holder.faults = with_fault(holder.faults, seat, None)
            a.view = view
            return
        def why(a2, reason, _v):
            holder.faults = with_fault(holder.faults, seat, reason or "penalty")
            a2.view = view

        reasons = hand_faults(flow.rules)
        if len(reasons) == 1:  # no reason this game can have: nothing to ask
            why(a, reasons[0], None)
            return
        a.view = ReasonList(a.tr("Penalty: why?"), reasons, why, who, 0)

    app.view = SeatList(flow, app.tr("Penalty in hand: who?"), seats, picked,
                        lambda a: goto(a, view))
