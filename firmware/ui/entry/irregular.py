"""The entries that are not a counted hand: misdeal, knock fault, correction."""

from firmware.core import score
from firmware.core.errors import EntryError
from firmware.ui import events
from firmware.ui.entry.flow import seats_in, speaking_order
from firmware.ui.entry.penalty import ReasonList
from firmware.ui.entry.picks import PickList, SeatList, hints
from firmware.ui.screenmodel import Screen, pad
from firmware.ui.views import View, Window, clip, is_back, scrolled

FAULT_REASONS = ("picked up before the knock", "misdeal without knocking",
                 "did not ask go along", "late Rödskägg call", "")
ADJUST_REASONS = ("correction", "scoring slip", "house rule", "")


class Walk(View):
    """Value rows walked in turn: PREV/NEXT cycle the value of the row at the cursor,
    OK moves to the next row (finishing after the last), NEXT_LONG finishes at once
    (rows never set take ``fill(i)``), back returns to the previous row and from
    the first row leaves (``leave``).

    The values are the subclass's ``value(i)`` / ``set(i, v)`` (the hand's); the walk holds
    only its cursor. Subclasses give ``choices(i)`` (a tuple), ``default(i)``, ``fill(i)``,
    ``show(app, i)`` (the row text), ``finish(app)``, ``leave(app)``, ``title(app)``.
    A row shows its value when set, else its default, which OK takes.
    """

    def __init__(self, n):
        self.n = n
        self.cursor = 0
        self.win = Window()

    def value(self, i):
        return None

    def set(self, i, v):
        pass

    def shown(self, i):
        """Row i's value, or (not set, or no longer a choice) the nearest choice, or its default."""
        ch = self.choices(i)
        v = self.value(i)
        if v is None:
            return self.default(i)
        best = ch[0]
        for c in ch:
            if abs(c - v) < abs(best - v):
                best = c
        return best

    def choices(self, i):
        return (0,)

    def default(self, i):
        return self.choices(i)[0]

    def fill(self, i):
        return self.choices(i)[0]

    def title(self, app):
        return ""

    def show(self, app, i):
        return ""

    def finish(self, app):
        pass

    def leave(self, app):
        app.home()

    def event(self, app, ev):
        if self.n == 0:
            if is_back(ev):
                self.leave(app)
            elif ev in (events.OK, events.NEXT_LONG):
                self.finish(app)
            return
        i = self.cursor
        if ev == events.PREV or ev == events.NEXT:
            ch = self.choices(i)
            k = ch.index(self.shown(i))
            self.set(i, ch[(k + (1 if ev == events.NEXT else -1)) % len(ch)])
        elif ev == events.OK:
            self.set(i, self.shown(i))
            if i + 1 < self.n:
                self.cursor = i + 1
            else:
                self.complete(app)
        elif ev == events.NEXT_LONG:
            self.set(i, self.shown(i))
            self.complete(app)
        elif is_back(ev):
            if i > 0:
                self.cursor = i - 1
            else:
                self.leave(app)

    def complete(self, app):
        """Done: the rows never set take their fill (the hint: "hold▶ done")."""
        for i in range(self.n):
            if self.value(i) is None:
                self.set(i, self.fill(i))
        self.finish(app)

    def render(self, app):
        size = app.rows - 1  # a hint row at least, below: the keys
        top = self.win.fit(self.cursor, self.n, size)
        rows = [clip(self.show(app, i), app.cols - 1) for i in range(top, min(self.n, top + size))]
        return Screen(scrolled(self.title(app), top, size, self.n, app.cols), rows,
                      self.cursor - top if self.n else -1)



def fault_reasons(rules):
    """The knock fault reasons of the preset: the går med one only where går med is played,
    the late call only where the call is (fem)."""
    return tuple([r for r in FAULT_REASONS if not ((r == FAULT_REASONS[2] and not rules.go_along)
                                                   or (r == FAULT_REASONS[3] and not rules.call))])
MAX_DELTA = 30


class YesNo(PickList):
    """A question with two rows (yes first unless ``cursor``); pick(app, bool, view)."""

    def __init__(self, title, pick, back, cursor=0):
        PickList.__init__(self, title, pick, back, cursor)

    def count(self, app):
        return 2

    def label(self, app, i):
        return app.tr("yes") if i == 0 else app.tr("no")

    def choose(self, app, i):
        self.pick(app, i == 0, self)


def misdeal(app, flow, back):
    """Misdeal: was it knocked? (only where the knock option is on) -> preview."""
    if not flow.rules.knock:
        flow.check(app, (score.MISDEAL, True), back)
        return
    hand = flow.hand

    def picked(a, knocked, view):
        hand.update("knocked", knocked)
        flow.check(a, (score.MISDEAL, knocked), view)

    app.view = YesNo(app.tr("Misdeal: knocked?"), picked, back, 1 if hand.knocked is False else 0)


def fault(app, flow, back):
    """Knock fault: who -> reason -> preview; each list opens on the one chosen last."""
    hand = flow.hand
    seats = speaking_order(flow.state)
    cursor = seats.index(hand.seat) if hand.seat in seats else 0

    def picked(a, seat, who):
        hand.update("seat", seat)
        reasons = fault_reasons(flow.rules)
        r = reasons.index(hand.reason) if hand.reason in reasons else 0

        def why(a2, reason, view):
            hand.update("reason", reason)
            flow.check(a2, (score.FAULT, seat, reason), view)

        a.view = ReasonList(a.tr("Fault: reason"), reasons, why, who, r)

    app.view = SeatList(flow, app.tr("Fault: who?"), seats, picked, back, (), cursor)


def deltas(limit):
    """Correction choices: 0, +1, +2, ... +limit, -limit, ..., -1 (PREV goes down)."""
    return tuple(range(0, limit + 1)) + tuple(range(-limit, 0))


class AdjustWalk(Walk):
    """Manual correction: a change per player (0 by default), then a reason."""

    def __init__(self, app, flow, back):
        self.flow = flow
        self.hand = flow.hand
        self.back = back
        self.seats = seats_in(flow.state)
        self.limit = max([MAX_DELTA] + [abs(v) for v in self.hand.deltas if v is not None])
        Walk.__init__(self, len(self.seats))

    def value(self, i):
        return self.hand.deltas[self.seats[i]]

    def set(self, i, v):
        self.hand.update("deltas", v, self.seats[i])

    def choices(self, i):
        return deltas(self.limit)

    def entry(self):
        """The correction as the rows stand (the reason comes after)."""
        d = [0] * self.flow.state.n
        for i in range(self.n):
            d[self.seats[i]] = self.shown(i)
        return (score.ADJUST, tuple(d), self.hand.reason or "")

    def title(self, app):
        if self.flow.after(self.entry()) is None:  # finishing would be refused: why
            from firmware.ui.entry.hand import refused

            return refused(app, self.flow, self.entry())
        if app.rows - self.n < 2:  # no room for both hint rows: the title says how to finish
            return app.tr("Correction: hold▶ done")
        return app.tr("Correction")

    def render(self, app):
        screen = Walk.render(self, app)
        rows = list(screen.rows)
        rows.extend(hints(app, ("◀-1 ▶+1 OK next", "hold▶ done"))[:app.rows - len(rows)])
        return Screen(screen.title, rows, screen.selected)

    def show(self, app, i):
        v = self.value(i) if i != self.cursor else self.shown(i)
        return "%s %s" % (pad(self.flow.name(self.seats[i]), 8), "" if v is None else "%+d" % v)

    def finish(self, app):
        hand = self.hand
        d = [0] * self.flow.state.n
        for i in range(self.n):
            d[self.seats[i]] = self.value(i)
        try:
            self.flow.scored((score.ADJUST, tuple(d), ""))
        except EntryError as e:  # (the title said so): back to the rows, not on to a reason
            app.refuse(e, self)
            return
        r = ADJUST_REASONS.index(hand.reason) if hand.reason in ADJUST_REASONS else 0

        def why(a, reason, view):
            hand.update("reason", reason)
            self.flow.check(a, (score.ADJUST, tuple(d), reason), view)

        app.view = ReasonList(app.tr("Reason"), ADJUST_REASONS, why, self, r)

    def leave(self, app):
        self.back(app)
