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
            from firmware.ui.entry.knack import TricksWalk

            app.view = TricksWalk(app, self.b)
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
