"""bud's result list: the declarer's tricks, each row with the declarer's score after it
(firmware/ui/entry/bidding.py opens it; a knack hand never loads it)."""

from firmware.core import score
from firmware.core.errors import EntryError
from firmware.ui.entry.hand import ask_fault, conclude
from firmware.ui.entry.picks import BidList, PickList, goto
from firmware.ui.screenmodel import pad


class ResultList(PickList):
    """bud: the declarer's tricks, each row with the declarer's score after it; the
    cursor starts on the bid made exactly; OK saves (the rows are the preview)."""

    def __init__(self, bidding):
        self.bidding = bidding
        total = bidding.flow.rules.tricks_per_hand
        old = bidding.old
        want = old[3][bidding.declarer] if old is not None and old[1] == bidding.declarer \
            else bidding.bid_tricks()
        PickList.__init__(self, "", None, lambda app: goto(app, BidList(bidding)),
                          min(max(0, want), total))
        self.total = total
        self.cache = {}

    def entry(self, t):
        bidding = self.bidding
        tricks = [0] * bidding.flow.state.n
        tricks[bidding.declarer] = t
        return (score.BID, bidding.declarer, bidding.bid, tuple(tricks), 0, bidding.faults)

    def after(self, t):
        if t not in self.cache:
            try:
                a = self.bidding.flow.state.copy()
                score.apply(self.bidding.flow.rules, a, self.entry(t))
                self.cache[t] = a
            except EntryError:
                self.cache[t] = None
        return self.cache[t]

    def title(self, app):
        bidding = self.bidding
        bid = "R" if bidding.bid == score.BID_R else "%d" % bidding.bid
        return app.tr("%s %s: tricks?") % (bidding.flow.name(bidding.declarer), bid)

    def count(self, app):
        return self.total + 3

    def label(self, app, i):
        if i == self.total + 1:
            return app.tr("Everyone's tricks...")
        if i > self.total:
            return app.tr("Penalty in hand...")
        seat = self.bidding.declarer
        before = self.bidding.flow.state.scores[seat]
        after = self.after(i)
        text = pad("%d %s" % (i, app.tr("tricks")), 10)
        if after is None:
            return text
        if after.over():
            return text + "%d %s" % (after.scores[seat], app.tr("wins"))
        if seat in after.out:
            return text + app.tr("out")
        return text + "%d>%d" % (before, after.scores[seat])

    def choose(self, app, i):
        if i == self.total + 1:
            from firmware.ui.entry.knack import TricksWalk

            app.view = TricksWalk(app, self.bidding)
            return
        if i > self.total:
            self.cursor = min(self.bidding.bid_tricks(), self.total)
            self.cache = {}
            ask_fault(app, self.bidding.flow, self.bidding, self)
            return
        conclude(_ResultSave(self, i), app)


class _ResultSave:
    """conclude() for a result row: the same check, the preview when not all is shown."""

    def __init__(self, view, tricks):
        self.flow = view.bidding.flow
        self.n = 1 if not view.bidding.faults else 99  # a penalty: every player's change, previewed
        self.view = view
        self.screen = view
        self.tricks = tricks

    def entry(self):
        return self.view.entry(self.tricks)
