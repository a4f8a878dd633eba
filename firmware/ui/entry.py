"""Entering a hand: the walks for fem, bud/knack, misdeal, knock fault, correction.

A ``Flow`` holds what is being entered (a new hand, or an edit of hand
``index``) and the state before it; the views below fill it in and end in a
``Preview`` that shows each player's change; OK there commits.
"""

from firmware import buttons as K
from firmware import score
from firmware.errors import EntryError
from firmware.ui.screen import Screen, pad
from firmware.ui.views import ListView, Walk, clip, is_back

PASS = -1
FAULT_REASONS = ("picked up before the knock", "misdeal without knocking",
                 "did not ask go along", "late Rödskägg call", "")
ADJUST_REASONS = ("correction", "scoring slip", "house rule", "")
MAX_DELTA = 30


def speaking_order(state):
    """Seats in the next hand, from the first to speak, clockwise."""
    first = state.first_to_speak()
    if first < 0:
        return []
    order = [first]
    s = state.next_seat(first, True)
    while s != first and s >= 0:
        order.append(s)
        s = state.next_seat(s, True)
    return order


def seats_in(state):
    """Seats still in the game (not out), from the first to speak (or seat 0)."""
    start = state.first_to_speak()
    if start < 0:
        start = 0
    return [s for s in [(start + k) % state.n for k in range(state.n)] if s not in state.out]


class Flow:
    """One entry being made: the game, the state before it, and the hand's index.

    index -1 is a new entry at the end; otherwise the entry replaces log[index],
    or, with insert, goes in before it (a hand the table forgot to enter).
    """

    def __init__(self, app, index=-1, back=None, insert=False):
        self.game = app.series.game
        self.back = back if back is not None else _home
        self.index = index
        self.insert = insert
        if index < 0:
            self.state = self.game.state
            self.old = None
        else:
            self.state = self.game.fold(self.game.log[:index])
            self.old = None if insert else self.game.log[index]
        self.rules = self.game.rules
        self.players = self.game.players

    def hand(self):
        return self.state.hands + 1

    def name(self, seat):
        return self.players[seat]

    def old_kind(self, *kinds):
        return self.old if self.old is not None and self.old[0] in kinds else None

    def check(self, app, entry, back):
        """Preview entry, or show why it is refused and return to back."""
        try:
            score.check(self.rules, self.state, entry)
            after = self.state.copy()
            score.apply(self.rules, after, entry)
        except EntryError as e:
            app.refuse(e, back)
            return
        app.view = Preview(self, entry, after, back)

    def commit(self, app, entry, back):
        try:
            if self.index < 0:
                self.game.push(entry)
            elif self.insert:
                self.game.insert(self.index, entry)
            else:
                self.game.replace(self.index, entry)
        except EntryError as e:
            if self.insert and e.index >= 0:  # name the later entry as the history shows it
                k = e.index - self.game.base_entries
                e.index = -1 if k == self.index else e.index - 1 if k > self.index else e.index
            app.refuse(e, back)
            return
        app.committed()


def _home(app):
    app.home()


class Preview(ListView):
    """Each player's score before -> after and the change; OK commits, back returns."""

    def __init__(self, flow, entry, after, back):
        ListView.__init__(self)
        self.flow = flow
        self.entry = entry
        self.after = after
        self.back = back
        self.cursor = -1

    def title(self, app):
        if self.after.over():
            return app.t("OK? %s wins") % self.flow.name(self.after.winner)
        if self.after.tied and not self.flow.state.tied:
            return app.t("OK? Tie-break")
        return app.t("OK? Hand %d") % self.flow.hand()

    def count(self, app):
        return self.flow.state.n

    def label(self, app, seat):
        before = self.flow.state.scores[seat]
        now = self.after.scores[seat]
        text = "%s%4d>%-4d" % (pad(self.flow.name(seat), 8), before, now)
        if seat in self.after.out and seat not in self.flow.state.out:
            return text + app.t("out")
        if now != before:
            text += "%+d" % (now - before)
        return text.rstrip()

    def event(self, app, ev):
        if ev == K.OK:
            self.flow.commit(app, self.entry, self)
        elif is_back(ev):
            app.view = self.back
        elif ev in (K.PREV, K.NEXT):
            # scroll when the players do not fit
            n = self.count(app)
            if n > app.rows:
                top = self.win.top + (1 if ev == K.NEXT else -1)
                self.win.top = max(0, min(n - app.rows, top))

    def render(self, app):
        n = self.count(app)
        top = self.win.fit(-1, n, app.rows)
        rows = [clip(self.label(app, s), app.cols - 1) for s in range(top, min(n, top + app.rows))]
        return Screen(clip(self.title(app), app.cols), rows)


def cycle(rem):
    """Trick choices for a fem player: pass, 1..rem, then 0 (one PREV from pass)."""
    return (PASS,) + tuple(range(1, rem + 1)) + (0,)


class FemWalk(Walk):
    """fem: each player from the first to speak, pass or tricks; PREV_LONG = the call.

    Everyone passing is an all-pass entry; one player only is a lone player
    (unless lone = play_out). The last player's tricks are filled in.
    """

    def __init__(self, app, flow):
        self.flow = flow
        self.seats = speaking_order(flow.state)
        self.total = flow.rules.tricks_per_hand
        self.call = score.NO_SEAT
        self.faults = ()  # penalties during the hand: kept from the hand being edited
        values = None
        old = flow.old_kind(score.PLAY, score.LONE, score.ALL_PASS)
        if old is not None:
            values = [PASS] * len(self.seats)
            if old[0] == score.PLAY:
                values = [old[1][s] for s in self.seats]
                self.call = old[2]
                self.faults = old[3]
            elif old[0] == score.LONE and old[1] in self.seats:
                values[self.seats.index(old[1])] = 1
        Walk.__init__(self, len(self.seats), values)

    def taken(self, i):
        """Tricks given to the rows before row i, and whether any of them played."""
        total = 0
        played = False
        for j in range(i):
            v = self.values[j]
            if v is not None and v >= 0:
                total += v
                played = True
        return total, played

    def choices(self, i):
        taken, _p = self.taken(i)
        return cycle(max(0, self.total - taken))

    def default(self, i):
        taken, played = self.taken(i)
        if i == self.n - 1 and played and taken < self.total:
            return self.total - taken
        return PASS

    def fill(self, i):
        return PASS

    def title(self, app):
        return app.t("Hand %d: tricks") % self.flow.hand()

    def show(self, app, i):
        v = self.values[i]
        seat = self.seats[i]
        text = pad(self.flow.name(seat), 8) + " "
        if v is None:
            return text
        text += app.t("pass") if v == PASS else "%d" % v
        if seat == self.call:
            text += " " + app.t("Rödskägg!")
        return text

    def special(self, app, i):
        if not self.flow.rules.call:
            app.refuse(app.t("the call is off"), self)
            return
        seat = self.seats[i]
        self.call = score.NO_SEAT if self.call == seat else seat

    def entry(self):
        n = self.flow.state.n
        tricks = [PASS] * n
        for i in range(self.n):
            tricks[self.seats[i]] = self.values[i]
        played = [s for s in range(n) if tricks[s] >= 0]
        if not played:
            return (score.ALL_PASS,)
        call = self.call  # on a player who passed: the core refuses it, and says why
        if len(played) == 1 and self.flow.rules.lone != "play_out" and call < 0:
            return (score.LONE, played[0])
        return (score.PLAY, tuple(tricks), call, self.faults)

    def finish(self, app):
        self.flow.check(app, self.entry(), self)

    def leave(self, app):
        self.flow.back(app)


class PickList(ListView):
    """A titled list; OK calls ``pick(app, value, self)``, back calls ``back(app)``."""

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


class Bidding:
    """bud/knack: declarer (or all pass) -> bid -> tricks -> joiners -> preview."""

    def __init__(self, app, flow):
        self.flow = flow
        self.seats = speaking_order(flow.state)
        old = flow.old_kind(score.BID)
        self.old = old
        self.declarer = old[1] if old else -1
        self.bid = old[2] if old else None
        cursor = self.seats.index(self.declarer) if old and self.declarer in self.seats else 0
        if flow.old_kind(score.ALL_PASS):
            cursor = len(self.seats)
        self.first = SeatList(flow, app.t("Hand %d: declarer") % flow.hand(), self.seats,
                              self.picked, flow.back, (app.t("All pass"),), cursor)
        app.view = self.first

    def picked(self, app, seat, _view):
        if seat < 0:
            self.flow.check(app, (score.ALL_PASS,), self.first)
            return
        self.declarer = seat
        app.view = BidWalk(self)

    def tricks(self, app, bid):
        self.bid = bid
        if self.flow.rules.others_score():
            app.view = TrickWalk(self, self.seats)
        else:
            # only the declarer's tricks count: ask them first (NEXT_LONG ends there)
            app.view = TrickWalk(self, [self.declarer] + [s for s in self.seats
                                                          if s != self.declarer])

    def joiners(self, app, tricks, back):
        self.tricks_per_seat = tricks
        rules = self.flow.rules
        cands = [s for s in self.seats if s != self.declarer and tricks[s] <= 2]
        if rules.go_along and cands:
            app.view = JoinWalk(self, cands, back)
        else:
            self.done(app, 0, back)

    def done(self, app, joined, back):
        faults = self.old[5] if self.old else ()  # kept from the hand being edited
        entry = (score.BID, self.declarer, self.bid, tuple(self.tricks_per_seat), joined, faults)
        self.flow.check(app, entry, back)


def bids(rules):
    return tuple(range(rules.min_bid, 7)) + (score.BID_R,)


class BidWalk(Walk):
    """One row: the bid, min_bid..6 then R."""

    def __init__(self, bidding):
        self.b = bidding
        Walk.__init__(self, 1, [bidding.bid])

    def choices(self, i):
        return bids(self.b.flow.rules)

    def default(self, i):
        ch = self.choices(i)
        return 2 if 2 in ch else ch[0]

    def title(self, app):
        return app.t("Hand %d: bid") % self.b.flow.hand()

    def show(self, app, i):
        v = self.values[0]
        return "%s %s" % (pad(self.b.flow.name(self.b.declarer), 8),
                            app.t("Rödskägg!") if v == score.BID_R else "%d" % v)

    def finish(self, app):
        self.b.tricks(app, self.values[0])

    def leave(self, app):
        app.view = self.b.first


class TrickWalk(Walk):
    """Tricks per player (0..what is left); the declarer starts at the bid; when every
    trick counts the last player's tricks are filled in, else the declarer comes first."""

    def __init__(self, bidding, seats):
        self.b = bidding
        self.seats = seats
        self.total = bidding.flow.rules.tricks_per_hand
        values = None
        if bidding.old is not None:
            values = [bidding.old[3][s] for s in seats]
        Walk.__init__(self, len(seats), values)

    def taken(self, i):
        return sum(self.values[j] or 0 for j in range(i))

    def choices(self, i):
        return tuple(range(0, max(0, self.total - self.taken(i)) + 1))

    def default(self, i):
        left = max(0, self.total - self.taken(i))
        if i == self.n - 1 and self.n > 1 and self.b.flow.rules.others_score():
            return left
        if self.seats[i] == self.b.declarer:
            bid = self.total if self.b.bid == score.BID_R else self.b.bid
            return min(bid, left)
        return 0

    def fill(self, i):
        return 0

    def title(self, app):
        return app.t("Hand %d: tricks") % self.b.flow.hand()

    def show(self, app, i):
        seat = self.seats[i]
        v = self.values[i]
        mark = "*" if seat == self.b.declarer else " "
        return "%s%s%s" % (pad(self.b.flow.name(seat), 8), mark, "" if v is None else "%d" % v)

    def finish(self, app):
        tricks = [0] * self.b.flow.state.n
        for i in range(self.n):
            tricks[self.seats[i]] = self.values[i]
        self.b.joiners(app, tricks, self)

    def leave(self, app):
        app.view = BidWalk(self.b)


class JoinWalk(Walk):
    """knack's går med: for each player who may join, no/yes."""

    def __init__(self, bidding, seats, back):
        self.b = bidding
        self.seats = seats
        self.back = back
        values = None
        if bidding.old is not None:
            values = [bidding.old[4] >> s & 1 for s in seats]
        Walk.__init__(self, len(seats), values)

    def choices(self, i):
        return (0, 1)

    def title(self, app):
        return app.t("Hand %d: joined") % self.b.flow.hand()

    def show(self, app, i):
        v = self.values[i]
        word = "" if v is None else app.t("yes") if v else app.t("no")
        return "%s %s" % (pad(self.b.flow.name(self.seats[i]), 8), word)

    def finish(self, app):
        joined = 0
        for i in range(self.n):
            if self.values[i]:
                joined |= 1 << self.seats[i]
        self.b.done(app, joined, self)

    def leave(self, app):
        app.view = self.back


class YesNo(PickList):
    """A question with two rows (yes first unless ``cursor``); pick(app, bool, view)."""

    def __init__(self, title, pick, back, cursor=0):
        PickList.__init__(self, title, pick, back, cursor)

    def count(self, app):
        return 2

    def label(self, app, i):
        return app.t("yes") if i == 0 else app.t("no")

    def choose(self, app, i):
        self.pick(app, i == 0, self)


def misdeal(app, flow, back):
    """Misdeal: was it knocked? -> preview."""
    old = flow.old_kind(score.MISDEAL)
    app.view = YesNo(app.t("Misdeal: knocked?"),
                     lambda a, knocked, view: flow.check(a, (score.MISDEAL, knocked), view),
                     back, 1 if old and not old[1] else 0)


class ReasonList(PickList):
    """Pick a reason from a built-in list (the stored text is English); back returns to view."""

    def __init__(self, title, reasons, pick, view, cursor=0):
        PickList.__init__(self, title, pick, lambda app: _show(app, view), cursor)
        self.reasons = reasons

    def count(self, app):
        return len(self.reasons)

    def label(self, app, i):
        r = self.reasons[i]
        return app.t(r) if r else app.t("(no reason)")

    def choose(self, app, i):
        self.pick(app, self.reasons[i], self)


def _show(app, view):
    app.view = view


def fault(app, flow, back):
    """Knock fault: who -> reason -> preview."""
    seats = speaking_order(flow.state)
    old = flow.old_kind(score.FAULT)
    cursor = seats.index(old[1]) if old and old[1] in seats else 0

    def picked(a, seat, who):
        r = FAULT_REASONS.index(old[2]) if old and old[2] in FAULT_REASONS else 0
        a.view = ReasonList(a.t("Fault: reason"), FAULT_REASONS,
                            lambda a2, reason, view: flow.check(a2, (score.FAULT, seat, reason),
                                                                view),
                            who, r)

    app.view = SeatList(flow, app.t("Fault: who?"), seats, picked, back, (), cursor)


def deltas(limit):
    """Correction choices: 0, +1, +2, ... +limit, -limit, ..., -1 (PREV goes down)."""
    return tuple(range(0, limit + 1)) + tuple(range(-limit, 0))


class AdjustWalk(Walk):
    """Manual correction: a change per player (0 by default), then a reason."""

    def __init__(self, app, flow, back):
        self.flow = flow
        self.back = back
        self.seats = seats_in(flow.state)
        values = None
        old = flow.old_kind(score.ADJUST)
        self.limit = MAX_DELTA
        if old is not None:
            values = [old[1][s] for s in self.seats]
            self.limit = max([MAX_DELTA] + [abs(v) for v in values])
        Walk.__init__(self, len(self.seats), values)

    def choices(self, i):
        return deltas(self.limit)

    def title(self, app):
        return app.t("Correction")

    def show(self, app, i):
        v = self.values[i]
        return "%s %s" % (pad(self.flow.name(self.seats[i]), 8), "" if v is None else "%+d" % v)

    def finish(self, app):
        n = self.flow.state.n
        d = [0] * n
        for i in range(self.n):
            d[self.seats[i]] = self.values[i]
        old = self.flow.old_kind(score.ADJUST)
        r = ADJUST_REASONS.index(old[2]) if old and old[2] in ADJUST_REASONS else 0
        app.view = ReasonList(app.t("Reason"), ADJUST_REASONS,
                              lambda a, reason, view: self.flow.check(
                                  a, (score.ADJUST, tuple(d), reason), view),
                              self, r)

    def leave(self, app):
        self.back(app)


def start(app, flow, kind=None):
    """Open the entry views for a hand of kind (None: the preset's usual hand)."""
    back = flow.back
    if kind is None:
        if flow.rules.bidding:
            Bidding(app, flow)
        else:
            app.view = FemWalk(app, flow)
    elif kind == score.MISDEAL:
        misdeal(app, flow, back)
    elif kind == score.FAULT:
        fault(app, flow, back)
    elif kind == score.ADJUST:
        app.view = AdjustWalk(app, flow, back)


def kind_of(entry):
    """The kind start() needs to edit entry."""
    if entry[0] in (score.MISDEAL, score.FAULT, score.ADJUST):
        return entry[0]
    return None
