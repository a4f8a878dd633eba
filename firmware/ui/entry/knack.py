"""Entering everyone's tricks of a bud/knack hand (``TricksWalk``), then who went along
(``JoinStep``); the declarer and the bid come first (firmware/ui/entry/bidding.py)."""

from firmware.core import score
from firmware.ui import events
from firmware.ui.entry.hand import (
    Rows,
    ask_fault,
    change_text,
    conclude,
    outcome,
    previews,
    save_hint,
    saves_words,
    walk_row,
)
from firmware.ui.entry.picks import hints
from firmware.ui.screenmodel import Screen
from firmware.ui.views import View, Window, clip, is_back, scrolled


class TricksWalk(Rows):
    """knack (and bud with defenders scoring): every player's tricks, speaking order.
    OK takes the value shown (the declarer starts on the bid, the others on their share),
    ◀/▶ one less/more, hold ◀/▶ one less/more and take it. The last player's tricks are filled in,
    and zeros once every trick is given. Then who went along (go_along on)."""

    def __init__(self, app, bidding):
        self.bidding = bidding
        self.ask_last = False  # bud: ◀ on the filled-in last row asks for it (fewer tricks)
        self.step = None  # who went along, once asked (JoinStep)
        Rows.__init__(self, bidding.flow, bidding.seats)

    def leave(self, app):
        if self.flow.rules.others_score():
            self.bidding.open_bids(app)
        else:
            self.bidding.open_tricks(app)  # bud: back to the result list it came from

    def cycle(self, r):
        return tuple(range(0, r + 1))

    def guess(self, i, r):
        """The declarer's row starts on the bid; any other on its share of the r tricks left
        (less the bid while the declarer's row is still to come), rounded: mostly 1, the
        rest split after the declarer's tricks are in."""
        bid = min(self.bidding.bid_tricks(), r)
        if self.seats[i] == self.hand.declarer:
            return bid
        k = self.n - i  # the rows left, this one included
        if self.hand.declarer in self.seats[i:]:
            r -= bid
            k -= 1
        return (2 * r + k) // (2 * k)  # (at most r: k >= 1)

    def rest(self):
        i = self.cursor
        r = self.left(i)
        if r <= 0:
            return [0] * (self.n - i)
        if i == self.n - 1 and (self.flow.rules.others_score() or not self.ask_last):
            return [r]  # the last player took the rest (bud: ◀ there asks for fewer)
        return None

    def tricks(self):
        t = [0] * self.flow.state.n
        for i in range(self.n):
            t[self.seats[i]] = self.value(i) or 0
        return t

    def candidates(self):
        """Who may have gone along: not the declarer, at most 2 tricks (go_along on)."""
        if not self.flow.rules.go_along:
            return []
        t = self.tricks()
        return [s for s in self.seats if s != self.hand.declarer and t[s] <= 2]

    def arrived(self, app):
        if self.done and self.candidates():
            self.join(app)

    def join(self, app):
        """Who went along: the step as it was left when the candidates are the same."""
        step = self.step
        if step is None or step.cands != self.candidates():
            step = self.step = JoinStep(self)
        step.pos = -1  # on "nobody more", where OK saves
        app.view = step

    def entry(self):
        hand = self.hand
        t = self.tricks() if self.done else [0] * self.flow.state.n
        return (score.BID, hand.declarer, hand.bid, tuple(t), 0, hand.faults)

    def event(self, app, ev):
        if is_back(ev):
            self.step_back(app)
            return
        if self.done:
            if ev == events.OK:
                if self.candidates():
                    self.join(app)
                else:
                    self.conclude(app)
            elif ev == events.NEXT:
                ask_fault(app, self.flow, self)
            elif ev == events.PREV and self.cursor == self.n - 1 and not self.flow.rules.others_score():
                self.set(max(0, self.value(self.cursor) - 1))  # bud: the filled-in last row, asked
                self.ask_last = True
                self.settle()
            return
        if ev == events.OK:
            self.answer(app, self.shown)
        elif ev in (events.PREV, events.PREV_LONG):
            self.bump(-1, ev == events.PREV)  # a hold stops at 0
        elif ev in (events.NEXT, events.NEXT_LONG):
            self.bump(1, ev == events.NEXT)  # a hold stops at the tricks left
        if ev in (events.PREV_LONG, events.NEXT_LONG):
            self.answer(app, self.shown)

    def value_text(self, app, i, v):
        return tricks_text(self.hand, self.seats[i], v)

    def head(self, app, after):
        if self.done:
            return saves_words(app, self, after)
        # the hint rows that do not fit are in the title: "*" on the declarer's row,
        # with one hint row (128x32, 6 or 7 players) the holds on the others
        room = app.rows - self.n
        if room < 3 and self.seats[self.cursor] == self.hand.declarer:
            return app.tr("Hand %d: * declarer") % self.flow.number()
        if room < 2:
            return app.tr("Hand %d: hold◀▶ ±1+OK") % self.flow.number()
        return app.tr("Hand %d: tricks") % self.flow.number()

    def hint_lines(self, app):
        if self.done:
            return (save_hint(app, self, self.flow.after(self.entry())),)
        return ("◀-1 ▶+1 OK take", "hold◀▶ ±1 and take", "* declarer")


def tricks_text(hand, seat, v):
    """A row's tricks: "3", the declarer's "3*" ("6*R" on a Rödskägg bid: it is not a bid of 6),
    "!" after a penalty during the hand."""
    text = "%d" % v
    if seat == hand.declarer:
        text += "*R" if hand.bid == score.BID_R else "*"
    return text + hand.fault_mark(seat)


def join_ring(gap, count):
    """JoinStep's positions in ▶ order from the save position (-1): the rows after gap
    (the players 0..count-1, then the penalty row, count), round."""
    k = count + 1
    return [-1] + [(gap + 1 + j) % k for j in range(k)]


class JoinStep(View):
    """knack's går med: every player with tricks and score after; the cursor starts on
    "nobody more" (no row): OK there saves. ◀/▶ move over the players who may have
    joined (then the penalty row), OK on one marks (or unmarks) them and returns to
    "nobody more", which then sits after that player: ▶ goes on to the next one, ◀
    back to them. hold ◀/▶ move and OK: three joiners in a row are three presses."""

    def __init__(self, walk):
        self.walk = walk
        self.flow = walk.flow
        self.hand = walk.hand
        self.cands = walk.candidates()
        self.pos = -1  # index into cands (len(cands): the penalty row); -1: the save position
        self.gap = -1  # the save position comes after this row (-1: before the first player)
        self.win = Window()

    def joined(self):
        """The joiners the hand holds among those who may have joined as the tricks stand."""
        mask = 0
        for s in self.cands:
            mask |= 1 << s
        return self.hand.joined & mask

    def entry(self):
        hand = self.hand
        return (score.BID, hand.declarer, hand.bid, tuple(self.walk.tricks()), self.joined(), hand.faults)

    def move(self, d):
        ring = join_ring(self.gap, len(self.cands))
        self.pos = ring[(ring.index(self.pos) + d) % len(ring)]

    def event(self, app, ev):
        if is_back(ev):
            app.view = self.walk
            self.walk.step_back(app)
            return
        if ev in (events.PREV, events.PREV_LONG):
            self.move(-1)
        elif ev in (events.NEXT, events.NEXT_LONG):
            self.move(1)
        if ev in (events.OK, events.PREV_LONG, events.NEXT_LONG):
            if self.pos < 0:
                conclude(self, app)
            elif self.pos == len(self.cands):
                self.pos = -1
                ask_fault(app, self.flow, self)
            else:
                self.hand.update("joined", self.hand.joined ^ 1 << self.cands[self.pos])
                self.gap = self.pos
                self.pos = -1

    @property
    def n(self):
        return self.walk.n

    def after(self):
        return self.flow.after(self.entry())

    def render(self, app):
        w = self.walk
        after = self.after()
        sel = w.seats.index(self.cands[self.pos]) if 0 <= self.pos < len(self.cands) else -1
        # the player rows, and the penalty row below them always on the panel: where they do
        # not all fit (7 players on 128x64, 128x32) the player rows scroll above it
        size = min(w.n, app.rows - 1)
        top = self.win.fit(sel, w.n, size)
        rows = []
        t = w.tricks()
        joined = self.joined()
        for i in range(top, min(w.n, top + size)):
            seat = w.seats[i]
            val = tricks_text(self.hand, seat, t[seat])
            if joined >> seat & 1:
                val += " " + app.tr("in")
            change = change_text(app, self.flow, after, seat) if after is not None else ""
            rows.append(clip(walk_row(app, self.flow.name(seat), val, change), app.cols - 1))
        pen = self.pos == len(self.cands)
        shows = after is not None and previews(self, app, after)
        rows.append(clip(app.tr("Penalty in hand..."), app.cols - 1))
        at = sel - top if sel >= 0 else len(rows) - 1 if pen else -1
        room = app.rows - len(rows)
        rows.extend(hints(app, ("◀▶ who joined, OK", "OK: not possible" if after is None else
                                "OK on none: show" if shows else "OK on none: save"))[:room])
        said = outcome(app, self.flow, self.entry(), after) if self.pos < 0 else None
        if said is not None:  # OK would refuse (why), an edit needs a delete first, the winner
            title = said
        elif self.pos < 0 and room <= 0:  # no hint rows (128x32): the keys in the title
            title = app.tr("Joined? ◀▶ OK shows" if shows else "Joined? ◀▶ OK saves")
        elif self.pos < 0:
            title = app.tr("Joined? OK shows" if shows else "Joined? OK saves")
        elif pen:
            title = app.tr("OK: penalty in hand")
        else:  # what OK does to the player at the cursor: marks, or unmarks
            seat = self.cands[self.pos]
            title = app.tr("OK: %s not joined" if joined >> seat & 1 else "OK: %s joined") \
                % self.flow.name(seat)
        return Screen(scrolled(title, top, size, w.n, app.cols), rows, at)
