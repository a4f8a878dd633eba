"""bud's result list: the declarer's tricks, each row with the declarer's score after it
(firmware/ui/entry/bidding.py opens it; a knack hand never loads it)."""

from firmware.core import score
from firmware.ui.entry.hand import conclude
from firmware.ui.entry.picks import PickList
from firmware.ui.screenmodel import pad


class ResultList(PickList):
    """bud: the declarer's tricks, each row with the declarer's score after it, penalties
    included; it opens on the declarer's tricks in the hand (from the walk of everyone's
    tricks, or this list's last OK), else on the bid made exactly. OK on a row takes it as the
    declarer's tricks, and nobody else's, and saves (the rows are the preview; with a penalty,
    the preview of every player): moving the cursor chooses nothing. Below the rows, everyone's
    tricks; the penalty is on the bid list."""

    def __init__(self, bidding):
        self.bidding = bidding
        self.flow = bidding.flow
        self.hand = bidding.hand
        total = bidding.flow.rules.tricks_per_hand
        want = self.hand.tricks[self.hand.declarer]
        if want is None:
            want = bidding.bid_tricks()
        PickList.__init__(self, "", None, lambda app: bidding.open_bids(app),
                          min(max(0, want), total))
        self.total = total
        self.labels = {}  # entry -> its row's text: a row is scored once, not at every draw

    def entry(self, t):
        hand = self.hand
        tricks = [0] * self.flow.state.n
        tricks[hand.declarer] = t
        return (score.BID, hand.declarer, hand.bid, tuple(tricks), 0, hand.faults)

    def title(self, app):
        hand = self.hand
        later = self.flow.later(app, self.entry(self.cursor)) if self.cursor <= self.total else ""
        if later:  # an edit whose row ends the game sooner: what OK needs first
            return later
        bid = "R" if hand.bid == score.BID_R else "%d" % hand.bid
        return app.tr("%s %s: tricks?") % (self.flow.name(hand.declarer), bid)

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
        seat = self.hand.declarer
        before = self.flow.state.scores[seat]
        after = self.flow.after(entry)  # what saving this row gives, penalties included
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
        self.hand.update("result", i)
        conclude(_ResultSave(self, i), app)


class _ResultSave:
    """conclude() for a result row: the same check, the preview when not all is shown."""

    def __init__(self, view, tricks):
        self.flow = view.bidding.flow
        self.n = 1 if not view.hand.faults else 99  # a penalty: every player's change, previewed
        self.view = view
        self.screen = view
        self.tricks = tricks

    def entry(self):
        return self.view.entry(self.tricks)
