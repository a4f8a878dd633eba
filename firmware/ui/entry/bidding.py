"""Entering a bud or knack hand: the declarer, the bid, then bud's result list (the
declarer's tricks); everyone's tricks are firmware/ui/entry/knack.py's ``KnackWalk``."""

from firmware.core import score
from firmware.core.errors import EntryError
from firmware.ui.entry.flow import speaking_order
from firmware.ui.entry.hand import ask_fault, conclude
from firmware.ui.entry.picks import BidList, PickList, SeatList, goto
from firmware.ui.screen import pad


class Bidding:
    """bud/knack: declarer (or all pass) -> bid -> the tricks (bud: the declarer's;
    knack: everyone's, then who went along) -> save."""

    def __init__(self, app, flow):
        self.flow = flow
        self.seats = speaking_order(flow.state)
        old = flow.old_kind(score.BID)
        self.old = old
        self.declarer = old[1] if old else -1
        self.bid = old[2] if old else None
        self.faults = old[5] if old else ()  # penalties during the hand
        listed = around_last(self.seats)
        cursor = (len(listed) - 1) // 2  # the dealer
        if old and self.declarer in listed:
            cursor = listed.index(self.declarer)
        if flow.old_kind(score.ALL_PASS):
            cursor = len(listed)
        self.first = SeatList(flow, app.t("Hand %d: declarer") % flow.hand(), listed,
                              self.picked, flow.back, (app.t("All pass"),), cursor)
        app.view = self.first

    def picked(self, app, seat, _view):
        if seat < 0:  # all pass: asked, as every entry is (a long press may land here)
            self.flow.check(app, (score.ALL_PASS,), self.first)
            return
        self.declarer = seat
        app.view = BidList(self)

    def tricks(self, app, bid):
        self.bid = bid
        if self.flow.rules.others_score():
            from firmware.ui.entry.knack import KnackWalk

            app.view = KnackWalk(app, self)
        else:
            app.view = ResultList(self)

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


class ResultList(PickList):
    """bud: the declarer's tricks, each row with the declarer's score after it; the
    cursor starts on the bid made exactly; OK saves (the rows are the preview)."""

    def __init__(self, bidding):
        self.b = bidding
        total = bidding.flow.rules.tricks_per_hand
        old = bidding.old
        want = old[3][bidding.declarer] if old is not None and old[1] == bidding.declarer \
            else bidding.bid_tricks()
        PickList.__init__(self, "", None, lambda app: goto(app, BidList(bidding)),
                          min(max(0, want), total))
        self.total = total
        self.cache = {}

    def entry(self, t):
        b = self.b
        tricks = [0] * b.flow.state.n
        tricks[b.declarer] = t
        return (score.BID, b.declarer, b.bid, tuple(tricks), 0, b.faults)

    def after(self, t):
        if t not in self.cache:
            try:
                a = self.b.flow.state.copy()
                score.apply(self.b.flow.rules, a, self.entry(t))
                self.cache[t] = a
            except EntryError:
                self.cache[t] = None
        return self.cache[t]

    def title(self, app):
        b = self.b
        bid = "R" if b.bid == score.BID_R else "%d" % b.bid
        return app.t("%s %s: tricks?") % (b.flow.name(b.declarer), bid)

    def count(self, app):
        return self.total + 3

    def label(self, app, i):
        if i == self.total + 1:
            return app.t("Everyone's tricks...")
        if i > self.total:
            return app.t("Penalty in hand...")
        seat = self.b.declarer
        before = self.b.flow.state.scores[seat]
        after = self.after(i)
        text = pad("%d %s" % (i, app.t("tricks")), 10)
        if after is None:
            return text
        if after.over():
            return text + "%d %s" % (after.scores[seat], app.t("wins"))
        if seat in after.out:
            return text + app.t("out")
        return text + "%d>%d" % (before, after.scores[seat])

    def choose(self, app, i):
        if i == self.total + 1:
            from firmware.ui.entry.knack import KnackWalk

            app.view = KnackWalk(app, self.b)
            return
        if i > self.total:
            self.cursor = min(self.b.bid_tricks(), self.total)
            self.cache = {}
            ask_fault(app, self.b.flow, self.b, self)
            return
        conclude(_ResultSave(self, i), app)


class _ResultSave:
    """conclude() for a result row: the same check, the preview when not all is shown."""

    def __init__(self, view, t):
        self.flow = view.b.flow
        self.n = 1 if not view.b.faults else 99  # a penalty: every player's change, previewed
        self.view = view
        self.screen = view
        self.t = t

    def entry(self):
        return self.view.entry(self.t)
