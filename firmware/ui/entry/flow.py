"""Entering a hand: what every kind of entry shares.

A ``Flow`` holds what is being entered (a new hand; an edit from the history is
firmware/ui/entry/start.py's ``Edit``) and the state before it; the views fill it in and end in a
``Preview`` that shows each player's change; OK there commits. ``start``
opens the views of a kind, each in its own module, imported only when used
(the fem walk: firmware/ui/entry/fem.py; bud/knack: bidding.py, knack.py, with what
the hand walks share in hand.py; misdeal, knock fault, correction: irregular.py).
"""

from firmware.core import score
from firmware.core.errors import EntryError
from firmware.ui import events
from firmware.ui.screenmodel import Screen, pad
from firmware.ui.views import ListView, View, clip, is_back, scrolled


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


PASS = -1  # a fem row's value: the player passed
ALL_PASSED = -2  # bud and knack, the declarer chosen: nobody ("All pass" on the declarer list)


class Hand:
    """The hand being entered: every value the table has chosen, and only those. The screens
    show it and keep no value of their own (a screen's cursor is where it points, never a
    value); ``update`` is the one place a value changes, on a press on that value's row (OK,
    or a ± press its hint names). None: not chosen yet, and a screen shows its documented
    default. An edit starts from the entry it edits (firmware/ui/entry/start.py ``take``)."""

    def __init__(self, n, fem=False):
        self.fem = fem  # fem: a player may pass (PASS); bud and knack: tricks only
        self.tricks: list = [None] * n  # per seat: tricks taken (fem: PASS), None: not chosen
        self.declarer = score.NO_SEAT  # or ALL_PASSED
        self.bid = None
        self.joined = 0  # knack's går med: the joiners' seats as a bitmask
        self.faults: tuple = ()  # penalties during the hand: ((seat, reason), ...) in seat order
        self.call = score.NO_SEAT  # fem: who called Rödskägg
        self.seat = score.NO_SEAT  # a knock fault's player
        self.reason = None  # a knock fault's or a correction's reason
        self.knocked = None  # a misdeal's
        self.deltas: list = [None] * n  # a correction's change per seat

    def update(self, what, value, seat=score.NO_SEAT):
        """The one place a value of the hand changes: the value named what (an attribute; seat's,
        where it is a player's) becomes value, or "result", bud's result list: the declarer's
        tricks, and nobody else's. What follows from it changes with it, and only that: a
        player who passed did not call; a new declarer's row starts on the bid again, the old
        one's on a share (their tricks were a declarer's). (Who joined is kept as chosen; it
        counts for those who may have joined as the tricks stand: firmware/ui/entry/knack.py.)"""
        if what == "result":
            self.tricks = [None] * len(self.tricks)
            what, seat = "tricks", self.declarer
        elif what == "declarer" and value != self.declarer:
            for s in (self.declarer, value):
                if s >= 0:
                    self.tricks[s] = None
        elif what == "tricks" and value == PASS and seat == self.call:
            self.call = score.NO_SEAT
        if seat >= 0:
            getattr(self, what)[seat] = value
        else:
            setattr(self, what, value)

    def fault_mark(self, seat):
        """"!" beside a player with a penalty during the hand."""
        for f in self.faults:
            if f[0] == seat:
                return "!"
        return ""


# Entries whose after-state a Flow keeps: the one being entered and one more (a walk's candidate).
# A 7-player game's state is some 250 bytes on a Pico, and each press of a walk or a join makes a
# new entry: 8 kept cost a knack hand's low point about 1.5 KB (bud's result list keeps its rows'
# texts instead: firmware/ui/entry/bud.py).
MEMO = 2


class Flow:
    """A new entry being made at the end of the log: the game and the state before it. An edit of an
    entry or a hand inserted before it is firmware/ui/entry/start.py's ``Edit`` (not held by a new hand).
    """

    index = -1  # the entry replaced (an Edit's), -1 for a new one
    old = None  # that entry (an edit's: its values prefill the views)

    def __init__(self, app, back=None):
        self.game = app.series.game
        self.back = back if back is not None else _home
        self.state = self.game.state
        self.rules = self.game.rules
        self.players = self.game.players
        self.memo = {}  # entry -> the state after it, or the core's EntryError (``scored``)
        self.hand = Hand(self.state.n, not self.rules.bidding)  # every value chosen: none yet

    def number(self):
        """The number of the hand being entered, as the scoreboard counts."""
        return self.state.hands + 1

    def name(self, seat):
        return self.players[seat]

    def old_kind(self, *kinds):
        return self.old if self.old is not None and self.old[0] in kinds else None

    def scored(self, entry):
        """The state after entry; raises EntryError when the core refuses it.

        Checked and scored once per entry: a screen draws the entry its OK saves, and the
        OK, the preview and the save ask about that same entry again (the last few are kept)."""
        memo = self.memo
        got = memo.get(entry)
        if got is None:
            try:
                score.check(self.rules, self.state, entry)
                got = self.state.copy()
                score.apply(self.rules, got, entry)
            except EntryError as e:
                got = e
            if len(memo) >= MEMO:
                memo.clear()
            memo[entry] = got
        if isinstance(got, EntryError):
            raise anew(got)
        return got

    def after(self, entry):
        """The state after entry (None when the core refuses it)."""
        try:
            return self.scored(entry)
        except EntryError:
            return None

    def later(self, app, entry):
        """What to do before OK can save entry ("" when nothing: an edit's may end the game sooner)."""
        return ""

    def breaks(self, entry):
        """True when OK will refuse entry though the core scores it (an edit's that makes a later
        entry impossible)."""
        return False

    def totals(self, entry):
        """The game's state before and after entry is saved: the whole change, as the
        scoreboard will show it (an edit's later hands scored again)."""
        return self.state, self.scored(entry)

    def check(self, app, entry, back):
        """Preview entry, or show why it is refused and return to back."""
        try:
            after = self.scored(entry)
        except EntryError as e:
            app.refuse(e, back)
            return
        app.view = Preview(self, entry, after, back)

    def commit(self, app, entry, back):
        try:
            self.game.push(entry, self.scored(entry))
        except EntryError as e:
            app.refuse(e, back)
            return
        app.committed()


def anew(e, index=None):
    """A new EntryError like e (at index, else e's), to raise where e is kept (a cache of
    refusals): on MicroPython an exception raised again grows its traceback by each raise, never
    freed while it is kept (a preview waiting on a refused edit took 20 KB on the emulated Pico)."""
    return EntryError(e.message, e.index if index is None else index, e.code, e.params)


def _home(app):
    app.home()


def entry_words(app, flow, entry, width=99):
    """What the entry is, in a few words: "Giv 5", "Giv 5: alla passar", "Felgiv"...;
    without the hand's number when that is longer than width."""
    kind = entry[0]
    hand = flow.number()
    if kind == score.ALL_PASS:
        text = app.tr("Hand %d: all pass") % hand
        return text if len(text) <= width else app.tr("All pass")
    if kind == score.LONE:
        text = app.tr("Hand %d: %s alone") % (hand, flow.name(entry[1]))
        return text if len(text) <= width else app.tr("%s alone") % flow.name(entry[1])
    if kind == score.MISDEAL:
        return app.tr("Misdeal") + ("" if entry[1] or not flow.rules.knock
                                   else " " + app.tr("no knock"))
    if kind == score.FAULT:
        text = "%s %s" % (app.tr("Fault"), flow.name(entry[1]))
        return text if len(text) <= width else app.tr("Fault")
    if kind == score.ADJUST:
        return app.tr("Correction")
    if kind == score.BID and entry[2] == score.BID_R:  # not to be read as a bid of 6
        text = app.tr("Hand %d: %s bid R") % (hand, flow.name(entry[1]))
        if len(text) <= width:
            return text
    return app.tr("Hand %d") % hand


def ties(before, after):
    """True when the hand from before to after ended level: an extra hand follows."""
    return bool(after.tied) and after.hands > before.hands


class Preview(ListView):
    """Each player's score before -> after the whole change, and the change (an edit or an
    inserted hand: the scoreboard's now and after, the later hands scored again); OK commits,
    back returns."""

    def __init__(self, flow, entry, after, back):
        ListView.__init__(self)
        self.flow = flow
        self.entry = entry
        self.before, self.after = flow.totals(entry)
        self.back = back
        self.cursor = -1
        # where the players do not all fit (128x32), the first render scrolls as far as the
        # first row that changes: a misdeal's dealer, last to speak, is not hidden below
        self.first_change = -1
        for i in range(self.flow.state.n):
            seat = self.seat(i)
            if self.before.scores[seat] != self.after.scores[seat] or \
                    (seat in self.after.out) != (seat in self.before.out):
                self.first_change = i
                break

    def title(self, app):
        later = self.flow.later(app, self.entry)  # an edit that ends the game sooner: what first
        if later:
            return later
        if self.after.over():
            return app.tr("OK? %s wins") % self.flow.name(self.after.winner)
        room = app.cols - (1 if self.count(app) > app.rows else 0)  # (a mark where the rows scroll)
        if ties(self.before, self.after):
            level = "=".join([self.flow.name(s) for s in self.after.tied])
            text = app.tr("OK? %s level") % level
            return text if len(text) <= room else app.tr("OK? Level: extra hand")
        return "OK? " + entry_words(app, self.flow, self.entry, room - 4)

    def count(self, app):
        return self.flow.state.n

    def soon(self, app):
        """An edit that OK refuses (the title says what first): the refusal's words load meanwhile."""
        return ("firmware.ui.text",) if self.flow.breaks(self.entry) else ()

    def seat(self, i):
        """The player of row i: the first to speak first, as the entry asked."""
        st = self.flow.state
        return (max(0, st.first_to_speak()) + i) % st.n

    def label(self, app, i):
        seat = self.seat(i)
        before = self.before.scores[seat]
        now = self.after.scores[seat]
        if seat in self.before.out:
            if seat in self.after.out:  # out of the game already: nothing moves
                return "%s%4d %s" % (pad(self.flow.name(seat), 8), before, app.tr("out"))
            # an edit brings a player back (the hand that put her out no longer does)
            out = app.tr("out")
            return "%s%s%s>%d" % (pad(self.flow.name(seat), 8), " " * (4 - len(out)), out, now)
        text = "%s%4d>%-4d" % (pad(self.flow.name(seat), 8), before, now)
        if seat in self.after.out:
            return text + app.tr("out")
        if now != before:
            text += "%+d" % (now - before)
        if seat in self.after.tied and ties(self.before, self.after):
            # as the scoreboard marks the extra hand, at the row's end when there is room
            text = pad(text, app.cols - 3) + " =" if len(text) < app.cols - 3 else text + "="
        return text.rstrip()

    def event(self, app, ev):
        if ev == events.OK:
            self.flow.commit(app, self.entry, self)
        elif is_back(ev):
            app.words_done()  # (a refusal's, loaded while it waited: ``soon``)
            if isinstance(self.back, View):
                app.view = self.back
            else:
                self.back(app)  # a question that was not asked: back where the entry began
        elif ev in (events.PREV, events.NEXT):
            # scroll when the players do not fit
            n = self.count(app)
            if n > app.rows:
                top = self.win.top + (1 if ev == events.NEXT else -1)
                self.win.top = max(0, min(n - app.rows, top))

    def render(self, app):
        n = self.count(app)
        top = self.win.fit(self.first_change, n, app.rows)
        self.first_change = -1  # (then the rows scroll as ◀ ▶ move them)
        rows = [clip(self.label(app, s), app.cols - 1) for s in range(top, min(n, top + app.rows))]
        return Screen(scrolled(self.title(app), top, app.rows, n, app.cols), rows)
