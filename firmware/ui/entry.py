"""Entering a hand: what every kind of entry shares.

A ``Flow`` holds what is being entered (a new hand, or an edit of hand
``index``) and the state before it; the views fill it in and end in a
``Preview`` that shows each player's change; OK there commits. ``start``
opens the views of a kind, each in its own module, imported only when used
(the fem walk: firmware/ui/fem.py; bud/knack: bidding.py, knack.py; misdeal,
knock fault, correction: irregular.py).
"""

from firmware import buttons as K
from firmware import score
from firmware.errors import EntryError
from firmware.ui.screen import Screen, pad
from firmware.ui.views import ListView, View, Window, clip, is_back

PASS = -1
# Penalties during a hand (RULES.md): the stored text is the English.
HAND_FAULTS = ("forgot to ask går med", "late Rödskägg call", "")


def hand_faults(rules):
    """The in-hand penalty reasons of the preset: bud/knack forgot to ask (går med),
    fem a late Rödskägg call; then "no reason"."""
    return (HAND_FAULTS[0], "") if rules.bidding else HAND_FAULTS[1:]


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

    def scored(self, entry):
        """The state after entry; raises EntryError when the core refuses it."""
        score.check(self.rules, self.state, entry)
        after = self.state.copy()
        score.apply(self.rules, after, entry)
        return after

    def after(self, entry):
        """The state after entry (None when the core refuses it)."""
        try:
            return self.scored(entry)
        except EntryError:
            return None

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


def entry_words(app, flow, entry):
    """What the entry is, in a few words: "Giv 5", "Giv 5: alla passar", "Felgiv"..."""
    kind = entry[0]
    hand = flow.hand()
    if kind == score.ALL_PASS:
        return app.t("Hand %d: all pass") % hand
    if kind == score.LONE:
        return app.t("Hand %d: %s alone") % (hand, flow.name(entry[1]))
    if kind == score.MISDEAL:
        return app.t("Misdeal") + ("" if entry[1] or not flow.rules.knock
                                   else " " + app.t("no knock"))
    if kind == score.FAULT:
        return "%s %s" % (app.t("Fault"), flow.name(entry[1]))
    if kind == score.ADJUST:
        return app.t("Correction")
    return app.t("Hand %d") % hand


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
        return "OK? " + entry_words(app, self.flow, self.entry)

    def count(self, app):
        return self.flow.state.n

    def label(self, app, i):
        st = self.flow.state
        start = st.first_to_speak()
        seat = (max(0, start) + i) % st.n  # first speaker first, as the entry asked
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
            if isinstance(self.back, View):
                app.view = self.back
            else:
                self.back(app)  # a question that was not asked: back where the entry began
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


def conclude(view, app):
    """Check view.entry(); save it when every change is on the screen, else the preview.

    view has flow, n (rows it shows) and entry(); a refusal (and back from the
    preview) returns to view.screen (the view itself when it has none)."""
    entry = view.entry()
    flow = view.flow
    screen = getattr(view, "screen", view)
    try:
        after = flow.scored(entry)
    except EntryError as e:
        app.refuse(e, screen)
        return
    if previews(view, app, after):
        app.view = Preview(flow, entry, after, screen)
    else:
        flow.commit(app, entry, screen)


def previews(view, app, after):
    """Whether OK on view opens the preview (not every change on the screen, the pot,
    an edit, the game's end) rather than saving at once."""
    flow = view.flow
    return view.n > app.rows or flow.rules.pot or flow.index >= 0 or after.over()


def saves_words(app, view, after):
    """The title of a finished walk: "Giv 5: OK sparar", or "OK visar" when OK previews."""
    hand = view.flow.hand()
    if after is not None and previews(view, app, after):
        return app.t("Hand %d: OK shows") % hand
    return app.t("Hand %d: OK saves") % hand


def hints(app, lines_):
    """The hint lines (English keys) in the language, clipped to the grid."""
    return [clip(app.t(x), app.cols - 1) for x in lines_]


def with_fault(faults, seat, reason):
    """faults (seat order) with seat's penalty set to reason, or removed when reason is None."""
    out = [f for f in faults if f[0] != seat]
    if reason is not None:
        out.append((seat, reason))
    seats = sorted([f[0] for f in out])  # seats are unique: plain ints, nothing to tie
    return tuple([f for s in seats for f in out if f[0] == s])


def ask_fault(app, flow, holder, view):
    """A penalty during the hand: who (again: removes it), then why; back to view.

    holder has ``faults``; the likeliest reason for the preset comes first."""
    seats = speaking_order(flow.state) or seats_in(flow.state)

    def picked(a, seat, who):
        if any(f[0] == seat for f in holder.faults):
            holder.faults = with_fault(holder.faults, seat, None)
            a.view = view
            return
        def why(a2, reason, _v):
            holder.faults = with_fault(holder.faults, seat, reason or "penalty")
            a2.view = view

        a.view = ReasonList(a.t("Penalty: why?"), hand_faults(flow.rules), why, who, 0)

    app.view = SeatList(flow, app.t("Penalty in hand: who?"), seats, picked,
                        lambda a: goto(a, view))


def fault_mark(holder, seat):
    return "!" if any(f[0] == seat for f in holder.faults) else ""


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


class Rows(View):
    """One row per player (speaking order), answered one by one; a press answers.

    values[i] is the answer of row i (None: not yet). When the answers so far
    decide the rest (``settle``), the walk is *done*: every row shows its value
    and each player's score before > after, and OK saves (the save press is
    the preview's). Back steps to the previous row (from the first: leaves).
    """

    def __init__(self, flow, seats, old=None):
        self.flow = flow
        self.seats = seats
        self.n = len(seats)
        self.total = flow.rules.tricks_per_hand
        self.values: list = [None] * self.n
        self.prefill = old  # type: list | None  # earlier answers (an edit, a step back): what a row starts on
        self.cursor = 0
        self.done = False
        self.filled: list = []  # every row's value once done
        self.win = Window()
        self.shown = 0
        self.settle()

    # -- what the rows hold ----------------------------------------------------------

    def left(self, i):
        """Tricks not given to rows before i."""
        t = 0
        for j in range(i):
            v = self.values[j]
            if v is not None and v > 0:
                t += v
        return self.total - t

    def played(self, i):
        return sum(1 for j in range(i) if self.values[j] is not None and self.values[j] >= 0)

    def start_value(self, i):
        """What row i shows when reached: the earlier answer if it still fits, else a guess."""
        r = self.left(i)
        p = self.prefill[i] if self.prefill is not None else None
        if p is not None and (p <= 0 or p <= r):  # pass, played no trick (+5), or tricks left
            return p
        return self.guess(i, r)

    def guess(self, i, r):
        return min(1, r)

    def rest(self):
        """Values of the rows from the cursor when they are decided, else None."""
        return None

    def settle(self):
        while True:
            if self.cursor >= self.n:
                self.done = True
                self.filled = list(self.values)
                return
            rest = self.rest()
            if rest is None:
                self.done = False
                self.filled = []
                self.shown = self.start_value(self.cursor)
                return
            self.done = True
            self.filled = self.values[:self.cursor] + rest
            return

    def answer(self, app, v):
        self.values[self.cursor] = v
        self.cursor += 1
        self.settle()
        self.arrived(app)

    def arrived(self, app):
        """Called after each answer (knack goes on to the joiners when done)."""
        pass

    def step_back(self, app):
        """Back to the last answered row (keeping every answer as the start value)."""
        last = -1
        for j in range(self.n):
            if self.values[j] is not None and j < self.cursor:
                last = j
        if last < 0:
            self.leave(app)
            return
        keep = list(self.values)
        for j in range(last, self.n):
            self.values[j] = None
        self.prefill = keep if self.prefill is None else [
            keep[j] if keep[j] is not None else self.prefill[j] for j in range(self.n)]
        self.cursor = last
        self.settle()

    def leave(self, app):
        self.flow.back(app)

    def cycle(self, r):
        return tuple(range(1, r + 1))

    def bump(self, step=1):
        ch = self.cycle(self.left(self.cursor))
        if not ch:
            return False
        k = ch.index(self.shown) if self.shown in ch else -1
        self.shown = ch[(k + step) % len(ch)]
        return True

    # -- the entry ---------------------------------------------------------------------

    def entry(self):
        return None

    def conclude(self, app):
        """Check and save (or preview); when the core refuses the entry, back goes to
        the last answered row, its answer shown, so it can be changed."""
        try:
            score.check(self.flow.rules, self.flow.state, self.entry())
        except EntryError as e:
            self.step_back(app)
            app.refuse(e, app.view)
            return
        conclude(self, app)

    def after(self):
        """The state after the entry as it stands (None when the core refuses it)."""
        return self.flow.after(self.entry())

    # -- drawing -----------------------------------------------------------------------

    def value_text(self, app, i, v):
        return "%d" % v

    def hint_lines(self, app):
        return ()

    def head(self, app, after):
        return app.t("Hand %d: tricks") % self.flow.hand()

    def render(self, app):
        after = self.after() if self.done else None
        before = self.flow.state.scores
        cur = self.cursor if self.cursor < self.n else -1
        top = self.win.fit(cur, self.n, app.rows)
        rows = []
        for i in range(top, min(self.n, top + app.rows)):
            seat = self.seats[i]
            v = self.filled[i] if self.done else self.values[i]
            if not self.done and i == self.cursor:
                val = "<%s>" % self.value_text(app, i, self.shown)
            elif v is None:
                val = ""
            else:
                val = self.value_text(app, i, v)
            text = pad(self.flow.name(seat), 9) + pad(val, 6)
            if after is not None:
                b = before[seat]
                a = after.scores[seat]
                text += "%d>%d" % (b, a) if a != b else "%d" % b
            rows.append(clip(text.rstrip(), app.cols - 1))
        room = app.rows - len(rows)
        if room > 0:
            rows.extend(hints(app, self.hint_lines(app))[:room])
        return Screen(clip(self.head(app, after), app.cols), rows, cur - top if cur >= 0 else -1)


class ReasonList(PickList):
    """Pick a reason from a built-in list (the stored text is English); back returns to view."""

    def __init__(self, title, reasons, pick, view, cursor=0):
        PickList.__init__(self, title, pick, lambda app: goto(app, view), cursor)
        self.reasons = reasons

    def count(self, app):
        return len(self.reasons)

    def label(self, app, i):
        r = self.reasons[i]
        return app.t(r) if r else app.t("(no reason)")

    def choose(self, app, i):
        self.pick(app, self.reasons[i], self)


def goto(app, view):
    """Open view (a back action for the pick lists)."""
    app.view = view


def start(app, flow, kind=None):
    """Open the entry views for a hand of kind (None: the preset's usual hand)."""
    back = flow.back
    if kind is None:
        if flow.rules.bidding:
            from firmware.ui.bidding import Bidding

            Bidding(app, flow)
        else:
            from firmware.ui.fem import FemWalk

            app.view = FemWalk(app, flow)
        return
    from firmware.ui import irregular

    if kind == score.MISDEAL:
        irregular.misdeal(app, flow, back)
    elif kind == score.FAULT:
        irregular.fault(app, flow, back)
    elif kind == score.ADJUST:
        app.view = irregular.AdjustWalk(app, flow, back)


def kind_of(entry):
    """The kind start() needs to edit entry."""
    if entry[0] in (score.MISDEAL, score.FAULT, score.ADJUST):
        return entry[0]
    return None
