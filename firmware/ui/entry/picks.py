"""The pick lists of hand entry: a player, a reason, a bid; and the hint lines below a list."""

from firmware.core import score
from firmware.ui.screenmodel import Screen
from firmware.ui.views import ListView, clip


def hints(app, lines_):
    """The hint lines (English keys) in the language, clipped to the grid."""
    return [clip(app.tr(x), app.cols - 1) for x in lines_]
class PickList(ListView):
    """A titled list; OK calls ``pick(app, value, self)``, back calls ``back(app)``.

    A long press of PREV or NEXT moves one row and picks it (the row above or
    below the cursor in one press)."""

    def __init__(self, title, pick, back, cursor):
        ListView.__init__(self)
        self.head = title
        self.pick = pick
        self.back = back
        self.cursor = cursor

    def title(self, app):
        return self.head

    def leave(self, app):
        self.back(app)

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
        """The list; below it, when there is room, what a long press does."""
        screen = ListView.render(self, app)
        rows = list(screen.rows)
        if len(rows) < app.rows and self.count(app) <= app.rows - 1:
            rows.extend(hints(app, ("hold ◀▶: move + OK",)))
        return Screen(screen.title, rows, screen.selected)


class SeatList(PickList):
    """Pick a player (the declarer, the player at fault); ``extra`` labels end the list."""

    def __init__(self, flow, title, seats, pick, back, extra=(), cursor=0):
        PickList.__init__(self, title, pick, back, cursor)
        self.flow = flow
        self.seats = seats
        self.extra = extra

    def count(self, app):
        return len(self.seats) + len(self.extra)

    def label(self, app, i):
        if i < len(self.seats):
            return self.flow.name(self.seats[i])
        return self.extra[i - len(self.seats)]

    def choose(self, app, i):
        self.pick(app, self.seats[i] if i < len(self.seats) else -1 - (i - len(self.seats)), self)
def goto(app, view):
    """Open view (a back action for the pick lists)."""
    app.view = view


def bids(rules):
    return tuple(range(rules.min_bid, 7)) + (score.BID_R,)


class BidList(PickList):
    """The bid, min_bid..6 then Rödskägg; the cursor starts on 3 (or the old bid)."""

    def __init__(self, bidding):
        self.bidding = bidding
        ch = bids(bidding.flow.rules)
        want = bidding.bid if bidding.bid in ch else 3
        cursor = ch.index(want) if want in ch else 0
        PickList.__init__(self, "", lambda app, v, view: bidding.tricks(app, v),
                          lambda app: goto(app, bidding.first), cursor)
        self.choices = ch

    def title(self, app):
        return app.tr("Hand %d: %s bid") % (self.bidding.flow.hand(), self.bidding.flow.name(self.bidding.declarer))

    def count(self, app):
        return len(self.choices)

    def label(self, app, i):
        v = self.choices[i]
        return app.tr("Rödskägg!") if v == score.BID_R else "%d" % v

    def choose(self, app, i):
        self.pick(app, self.choices[i], self)
