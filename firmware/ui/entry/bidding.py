"""Entering a bud or knack hand: the declarer, the bid; then bud's result list (the
declarer's tricks: firmware/ui/entry/bud.py) or everyone's tricks (firmware/ui/entry/knack.py's
``TricksWalk``), each loaded only for its preset."""

from firmware.core import score
from firmware.ui.entry.flow import ALL_PASSED, speaking_order
from firmware.ui.entry.picks import BidList, SeatList


class Bidding:
    """bud/knack: declarer (or all pass) -> bid -> the tricks (bud: the declarer's;
    knack: everyone's, then who went along) -> save.

    It leads from screen to screen; every choice made lives in the hand (``flow.hand``: the
    declarer, the bid, the penalties, the tricks, the joiners), so that a detour (a penalty,
    back and forward again, a message) comes back to exactly the choices made."""

    def __init__(self, app, flow):
        self.flow = flow
        self.hand = flow.hand
        self.seats = speaking_order(flow.state)
        listed = around_last(self.seats)
        cursor = (len(listed) - 1) // 2  # the dealer
        if self.hand.declarer in listed:
            cursor = listed.index(self.hand.declarer)
        if self.hand.declarer == ALL_PASSED:
            cursor = len(listed)
        self.first = SeatList(flow, app.tr("Hand %d: declarer") % flow.number(), listed,
                              self.picked, flow.back, (app.tr("All pass"),), cursor, flow.state.dealer)
        # an edit from the history opens here with the modules up to this one loaded (Detail.ahead):
        # the tricks' (those after this one) load while the lists wait
        names = app.entry_modules()
        self.first.later = names[names.index(__name__) + 1:]
        app.view = self.first

    def picked(self, app, seat, _view):
        if seat < 0:  # all pass: asked, as every entry is (a long press may land here)
            self.hand.update("declarer", ALL_PASSED)
            self.flow.check(app, (score.ALL_PASS,), self.first)
            return
        self.hand.update("declarer", seat)
        self.open_bids(app)

    def open_bids(self, app):
        """The bid list, on the bid chosen (the first time: the usual one)."""
        app.view = BidList(self)
        app.view.later = self.first.later

    def bid_picked(self, app, bid):
        self.hand.update("bid", bid)
        self.open_tricks(app)

    def open_tricks(self, app):
        """What follows the bid: everyone's tricks (knack), or the declarer's (bud)."""
        if self.flow.rules.others_score():
            self.open_walk(app)
        else:
            from firmware.ui.entry.bud import ResultList

            app.view = ResultList(self)

    def open_walk(self, app):
        """Everyone's tricks from the first row, each starting on its value in the hand."""
        from firmware.ui.entry.knack import TricksWalk

        app.view = TricksWalk(app, self)

    def ask_fault(self, app, view):
        """A penalty during the hand (firmware/ui/entry/penalty.py); back to view."""
        from firmware.ui.entry.penalty import ask_fault

        ask_fault(app, self.flow, view)

    def bid_tricks(self):
        return self.flow.rules.tricks_per_hand if self.hand.bid == score.BID_R else self.hand.bid


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
