"""Penalties during a hand (a long press in a hand's walk: who, then why) and the list of
reasons they and the irregular entries pick from; loaded when one is entered."""

import sys

from firmware import forget
from firmware.ui.entry.flow import seats_in, speaking_order
from firmware.ui.entry.picks import PickList, SeatList, goto

IRREGULAR = "firmware.ui.entry.irregular"  # misdeals, knock faults, corrections: their reasons are these

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


def ask_fault(app, flow, view):
    """A penalty during the hand: who (again: removes it, as the title says there), then why;
    back to view. The likeliest reason for the preset comes first."""
    hand = flow.hand
    seats = speaking_order(flow.state) or seats_in(flow.state)

    def picked(a, seat, who):
        if hand.fault_mark(seat):
            hand.update("faults", with_fault(hand.faults, seat, None))
            back(a)
            return

        def why(a2, reason, _v):
            hand.update("faults", with_fault(hand.faults, seat, reason or "penalty"))
            back(a2)

        reasons = hand_faults(flow.rules)
        if len(reasons) == 1:  # no reason this game can have: nothing to ask
            why(a, reasons[0], None)
            return
        a.view = ReasonList(a.tr("Penalty: why?"), reasons, why, who, 0)

    def back(a):
        a.view = view
        if IRREGULAR not in sys.modules:  # (which holds its ReasonList: it stays with it)
            forget(__name__)  # back in the hand: its 1.5 KB need not stay (▶ held loads it again)

    app.view = FaultList(flow, seats, picked, back)


class FaultList(SeatList):
    """Who had a penalty during the hand: a player marked "!" has one, and OK on them takes it
    away (the title says so there)."""

    def __init__(self, flow, seats, pick, back):
        SeatList.__init__(self, flow, "", seats, pick, back)

    def title(self, app):
        seat = self.seats[self.cursor] if self.cursor < len(self.seats) else -1
        if seat >= 0 and self.flow.hand.fault_mark(seat):
            return app.tr("OK: %s no penalty") % self.flow.name(seat)
        return app.tr("Penalty in hand: who?")

    def label(self, app, i):
        return SeatList.label(self, app, i) + self.flow.hand.fault_mark(self.seats[i])
