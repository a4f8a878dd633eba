"""bud's result list: the declarer's tricks, each row with the declarer's score after it
(firmware/ui/entry/bidding.py opens it; a knack hand never loads it)."""

from firmware.core import score
from firmware.ui.entry.hand import conclude
from firmware.ui.entry.picks import PickList
from firmware.ui.screenmodel import pad


class ResultList(PickList):
    """bud: the declarer's tricks, each row with the declarer's score after it, penalties
    included; the cursor is the result (the bidding keeps it: ``b.result``), first on the
    bid made exactly. OK saves (the rows are the preview; with a penalty, the preview of
    every player). Below the rows, everyone's tricks; the penalty is on the bid list."""

    def __init__(self, bidding):
        self.bidding = bidding
        total = bidding.flow.rules.tricks_per_hand
        old = bidding.old
        want = bidding.result
        if want is None:
            want = old[3][bidding.declarer] if old is not None and old[1] == bidding.declarer \
                else bidding.bid_tricks()
        PickList.__init__(self, "", None, lambda app: bidding.open_bids(app),
                          min(max(0, want), total))
        self.total = total
        self.labels = {}  # entry -> its row's text: a row is scored once, not at every draw

    def entry(self, t):
        bidding = self.bidding
        tricks = [0] * bidding.flow.state.n
        tricks[bidding.declarer] = t
        return (score.BID, bidding.declarer, bidding.bid, tuple(tricks), 0, bidding.faults)

    def event(self, app, ev):
        PickList.event(self, app, ev)
        if app.view is self and self.cursor <= self.total:
            self.bidding.result = self.cursor  # the result is where the cursor is

    def title(self, app):
        bidding = self.bidding
        bid = "R" if bidding.bid == score.BID_R else "%d" % bidding.bid
        return app.tr("%s %s: tricks?") % (bidding.flow.name(bidding.declarer), bid)

    def count(self, app):
        return self.total + 2

    def label(self, app, i):
        if i > self.total:
            return app.tr("Everyone's tricks...")
        entry = self.entry(i)  # (the penalties in it: a row's text is new when they change)
        text = self.labels.get(entry)
        if text is None:
            text = self.labels[entry] = self.row(app, i, entry)
        return text

    def row(self, app, i, entry):
        seat = self.bidding.declarer
        before = self.bidding.flow.state.scores[seat]
        after = self.bidding.flow.after(entry)  # what saving this row gives, penalties included
        text = pad("%d %s" % (i, app.tr("tricks")), 10)
        if after is None:
            return text
        if after.over():
            return text + "%d %s" % (after.scores[seat], app.tr("wins"))
        if seat in after.out:
            return text + app.tr("out")
        return text + "%d>%d" % (before, after.scores[seat])

    def choose(self, app, i):
        if i > self.total:
            self.bidding.open_walk(app)
            return
        self.bidding.result = i
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
