"""The pick lists of hand entry: a player, a reason, a bid; and the hint lines below a list."""

from firmware.core import score
from firmware.ui import events
from firmware.ui.screenmodel import Screen
from firmware.ui.views import ListView, clip, scrolled


def hints(app, lines_):
    """The hint lines (English keys, or (key, number): a number the rules give) in the
    language, clipped to the grid."""
    return [clip(app.tr(x[0]) % x[1] if isinstance(x, tuple) else app.tr(x), app.cols - 1)
            for x in lines_]
class PickList(ListView):
    """A titled list; OK calls ``pick(app, value, self)``, back calls ``back(app)``.

    A long press of PREV or NEXT moves one row and picks it (the row above or
    below the cursor in one press)."""

    below = 1  # the hint row
    later = ()  # the modules the screens after it need, loaded while it waits (``soon``)

    def __init__(self, title, pick, back, cursor):
        ListView.__init__(self)
        self.head = title
        self.pick = pick
        self.back = back
        self.cursor = cursor

    def title(self, app):
        return self.head

    def soon(self, app):
        return self.later

    def leave(self, app):
        self.back(app)

    def ahead(self, app, ev):
        if ev == events.BACK:  # (the back key leaves, short or long: where to, loaded meanwhile)
            ready = getattr(self.back, "ahead", None)
            if ready is not None:
                ready(app)

    def long_prev(self, app):
        n = self.count(app)
        if n:
            self.cursor = (self.cursor - 1) % n
            self.choose(app, self.cursor)

    def long_next(self, app):
        n = self.count(app)
        if n:
            self.cursor = (self.cursor + 1) % n
            self.choose(app, self.cursor)

    def render(self, app):
        """The list, and below it what the keys do: that row stays on every panel (128x32:
        two rows of the list, which scrolls, and the title says so)."""
        screen = ListView.render(self, app)
        rows = list(screen.rows) + hints(app, ("hold ◀▶: move + OK",))
        return Screen(scrolled(self.title(app), self.win.top, app.rows - 1, self.count(app), app.cols),
                      rows, screen.selected)


class SeatList(PickList):
    """Pick a player (the declarer, the player at fault); ``extra`` labels end the list."""

    def __init__(self, flow, title, seats, pick, back, extra=(), cursor=0, dealer=-1):
        PickList.__init__(self, title, pick, back, cursor)
        self.flow = flow
        self.seats = seats
        self.extra = extra
        self.dealer = dealer  # marked *, as the scoreboard marks who deals (the declarer list)

    def count(self, app):
        return len(self.seats) + len(self.extra)

    def label(self, app, i):
        if i < len(self.seats):
            name = self.flow.name(self.seats[i])
            return name + " *" if self.seats[i] == self.dealer else name
        return self.extra[i - len(self.seats)]

    def choose(self, app, i):
        self.pick(app, self.seats[i] if i < len(self.seats) else -1 - (i - len(self.seats)), self)
def goto(app, view):
    """Open view (a back action for the pick lists)."""
    app.view = view


def bids(rules):
    return tuple(range(rules.min_bid, 7)) + (score.BID_R,)


class BidList(PickList):
    """The bid, min_bid..6 then Rödskägg; it opens on the bid chosen (the first time, on 3). In
    bud (the declarer's tricks only) a last row enters a penalty during the hand: there, not on
    the result list, whose rows are the declarer's tricks."""

    def __init__(self, bidding):
        self.bidding = bidding
        self.flow = bidding.flow
        self.choices = bids(bidding.flow.rules)
        self.penalty = not bidding.flow.rules.others_score()
        PickList.__init__(self, "", lambda app, v, view: bidding.bid_picked(app, v),
                          lambda app: goto(app, bidding.first), 0)
        self.arrive()

    def arrive(self):
        """The cursor on the bid chosen (the first time, on 3)."""
        want = self.flow.hand.bid if self.flow.hand.bid in self.choices else 3
        self.cursor = self.choices.index(want) if want in self.choices else 0

    def title(self, app):
        flow = self.flow
        return app.tr("Hand %d: %s bid") % (flow.number(), flow.name(flow.hand.declarer))

    def count(self, app):
        return len(self.choices) + (1 if self.penalty else 0)

    def label(self, app, i):
        if i == len(self.choices):  # who has one already, where someone does: OK adds or takes away
            faults = self.flow.hand.faults
            if not faults:
                return app.tr("Penalty in hand...")
            text = app.tr("Penalty: %s") % ", ".join([self.flow.name(f[0]) + "!" for f in faults])
            return text if len(text) < app.cols else app.tr("Penalty: %d players") % len(faults)
        v = self.choices[i]
        return app.tr("Rödskägg!") if v == score.BID_R else "%d" % v

    def choose(self, app, i):
        if i == len(self.choices):
            self.arrive()  # back from the penalty on the bid, not on this row
            self.bidding.ask_fault(app, self)
            return
        self.pick(app, self.choices[i], self)
