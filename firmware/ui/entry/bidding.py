"""Entering a bud or knack hand: the declarer, the bid; then bud's result list (the
declarer's tricks: firmware/ui/entry/bud.py) or everyone's tricks (firmware/ui/entry/knack.py's
``TricksWalk``), each loaded only for its preset."""

from firmware.core import score
from firmware.ui.entry.flow import speaking_order
from firmware.ui.entry.picks import BidList, SeatList


class Bidding:
    """bud/knack: declarer (or all pass) -> bid -> the tricks (bud: the declarer's;
    knack: everyone's, then who went along) -> save.

    It is the hand being entered: every choice made lives here (the declarer, the bid,
    the penalties, bud's result, the tricks walk with its answers, the joiners), not in
    a screen's cursor, so that a detour (a penalty, back and forward again, a message)
    comes back to exactly the choices made."""

    def __init__(self, app, flow):
        self.flow = flow
        self.seats = speaking_order(flow.state)
        old = flow.old_kind(score.BID)
        self.old = old
        self.declarer = old[1] if old else -1
        self.bid = old[2] if old else None
        self.faults = old[5] if old else ()  # penalties during the hand
        self.result = None  # bud: the declarer's tricks on the result list (None: not chosen)
        self.walk = None  # everyone's tricks (firmware/ui/entry/knack.py), once entered
        self.joined = None  # the joiners' bitmask (None: not yet asked)
        listed = around_last(self.seats)
        cursor = (len(listed) - 1) // 2  # the dealer
        if old and self.declarer in listed:
            cursor = listed.index(self.declarer)
        if flow.old_kind(score.ALL_PASS):
            cursor = len(listed)
        self.first = SeatList(flow, app.tr("Hand %d: declarer") % flow.hand(), listed,
                              self.picked, flow.back, (app.tr("All pass"),), cursor, flow.state.dealer)
        app.view = self.first

    def picked(self, app, seat, _view):
        if seat < 0:  # all pass: asked, as every entry is (a long press may land here)
            self.flow.check(app, (score.ALL_PASS,), self.first)
            return
        self.declarer = seat
        self.open_bids(app)

    def open_bids(self, app):
        """The bid list, on the bid chosen (the first time: the usual one)."""
        app.view = BidList(self)

    def tricks(self, app, bid):
        self.bid = bid
        if self.flow.rules.others_score():
            self.open_walk(app)
        else:
            from firmware.ui.entry.bud import ResultList

            app.view = ResultList(self)

    def open_walk(self, app):
        """Everyone's tricks: the walk as it was left (its answers kept), or a new one."""
        from firmware.ui.entry.knack import TricksWalk

        if self.walk is None:
            self.walk = TricksWalk(app, self)
        else:
            self.walk.settle()  # the bid may have changed: the declarer's row starts on it
        app.view = self.walk

    def ask_fault(self, app, view):
        """A penalty during the hand (firmware/ui/entry/penalty.py); back to view."""
        from firmware.ui.entry.penalty import ask_fault

        ask_fault(app, self.flow, self, view)

    def bid_tricks(self):
        return self.flow.rules.tricks_per_hand if self.bid == score.BID_R else self.bid


def around_last(order):
    """The declarer list: the seats clockwise with the last to bid (order[-1], the
    dealer) in the middle row, where the cursor starts. The dealer, who hears every bid,
    the first speaker (the row below) and the player before the dealer (the row above)
    declare most hands at the typical tables (host_tests/typical): each is one press;
    "all pass" ends the list."""
    if not order:
        return []
    k = (len(order) - 1 - (len(order) - 1) // 2) % len(order)
    return order[k:] + order[:k]
