"""Entering a hand: the walks for fem, bud/knack, misdeal, knock fault, correction.

A ``Flow`` holds what is being entered (a new hand, or an edit of hand
``index``) and the state before it; the views below fill it in and end in a
``Preview`` that shows each player's change; OK there commits.
"""

from firmware import buttons as K
from firmware import score
from firmware.errors import EntryError
from firmware.ui.screen import Screen, pad
from firmware.ui.views import ListView, View, Walk, Window, clip, is_back

PASS = -1
FAULT_REASONS = ("picked up before the knock", "misdeal without knocking",
                 "did not ask go along", "late Rödskägg call", "")
ADJUST_REASONS = ("correction", "scoring slip", "house rule", "")
# Penalties during a hand (RULES.md): the stored text is the English.
HAND_FAULTS = ("forgot to ask går med", "late Rödskägg call", "")
MAX_DELTA = 30


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
                        lambda a: _show(a, view))


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


class FemWalk(Rows):
    """fem: each player from the first to speak. ◀ passed, hold ◀ played and took no
    trick (+5), OK takes the value shown (1 to start), ▶ one more, hold ▶ one more
    and take it. The last player's tricks, and passes once every trick is given,
    are filled in; there ◀ / hold ◀ still change a row, hold ▶ is the Rödskägg call.

    Everyone passing is an all-pass entry; one player only is a lone player
    (unless lone = play_out).
    """

    def __init__(self, app, flow):
        seats = speaking_order(flow.state)
        self.call = score.NO_SEAT
        self.faults = ()  # penalties during the hand: ((seat, reason), ...)
        old = flow.old_kind(score.PLAY, score.LONE, score.ALL_PASS)
        values = None
        if old is not None:
            values = [PASS] * len(seats)
            if old[0] == score.PLAY:
                values = [old[1][s] for s in seats]
                self.call = old[2]
                self.faults = old[3]
            elif old[0] == score.LONE and old[1] in seats:
                values[seats.index(old[1])] = 1
        Rows.__init__(self, flow, seats, values)

    def rest(self):
        i = self.cursor
        r = self.left(i)
        p = self.played(i)
        if p >= 1 and r <= 0:
            return [PASS] * (self.n - i)
        if p >= 1 and i == self.n - 1:
            return [r]
        return None

    def event(self, app, ev):
        if is_back(ev):
            self.step_back(app)
            return
        if self.done:
            if ev == K.OK:
                self.conclude(app)
            elif ev == K.PREV and self.cursor < self.n:
                self.answer(app, PASS)
            elif ev == K.PREV_LONG and self.cursor < self.n:
                self.answer(app, 0)
            elif ev == K.NEXT_LONG:
                self.ask_call(app)
            elif ev == K.NEXT:
                ask_fault(app, self.flow, self, self)
            return
        if ev == K.PREV:
            self.answer(app, PASS)
        elif ev == K.PREV_LONG:
            self.answer(app, 0)
        elif ev == K.OK:
            self.answer(app, self.shown)
        elif ev == K.NEXT:
            self.bump()
        elif ev == K.NEXT_LONG and self.bump():
            self.answer(app, self.shown)

    def answer(self, app, v):
        if v == PASS and self.seats[self.cursor] == self.call:
            self.call = score.NO_SEAT  # a player who passed cannot have called
        Rows.answer(self, app, v)

    def may_call(self):
        """A call means something: more than one played (or a lone player plays out)."""
        played = sum(1 for v in self.filled if v is not None and v >= 0)
        return played >= 2 or (played == 1 and self.flow.rules.lone == "play_out")

    def ask_call(self, app):
        if not self.may_call():
            return
        if not self.flow.rules.call:
            app.refuse(app.t("the call is off"), self)
            return
        seats = [self.seats[i] for i in range(self.n) if self.filled[i] >= 0]
        if not seats:
            return
        best = 0
        for k in range(len(seats)):
            if self.filled[self.seats.index(seats[k])] > self.filled[self.seats.index(seats[best])]:
                best = k
        if self.call in seats:
            best = seats.index(self.call)

        def picked(a, seat, _view):
            self.call = seat if seat >= 0 else score.NO_SEAT
            a.view = self

        app.view = SeatList(self.flow, app.t("Rödskägg call: who?"), seats, picked,
                            lambda a: _show(a, self), (app.t("no call"),), best)

    def value_text(self, app, i, v):
        if v == PASS:
            return "pass" + fault_mark(self, self.seats[i])  # the same word at Swedish tables
        text = "%d" % v
        if self.done and self.seats[i] == self.call:
            text += " R"
        return text + fault_mark(self, self.seats[i])

    def entry(self):
        n = self.flow.state.n
        tricks = [PASS] * n
        vals = self.filled if self.done else self.values
        for i in range(self.n):
            v = vals[i]
            tricks[self.seats[i]] = PASS if v is None else v
        played = [s for s in range(n) if tricks[s] >= 0]
        if not played:
            return (score.ALL_PASS,)
        call = self.call  # on a player who passed: the core refuses it, and says why
        if len(played) == 1 and self.flow.rules.lone != "play_out" and call < 0:
            return (score.LONE, played[0])
        return (score.PLAY, tuple(tricks), call, self.faults)

    def head(self, app, after):
        hand = self.flow.hand()
        if not self.done:
            if app.rows - self.n < 2:  # no room for its hint row: the title shows 0 (+5)
                return app.t("Hand %d: hold◀ 0 (+5)") % hand
            return app.t("Hand %d: tricks") % hand
        entry = self.entry()
        if after is not None and after.over():
            return app.t("OK? %s wins") % self.flow.name(after.winner)
        if entry[0] == score.ALL_PASS:
            return app.t("Hand %d: all pass") % hand
        if entry[0] == score.LONE:
            return app.t("Hand %d: %s alone") % (hand, self.flow.name(entry[1]))
        return saves_words(app, self, after)

    def hint_lines(self, app):
        if self.done:
            lines_ = ["OK: save  ▶ penalty"]
            if self.cursor < self.n:
                lines_.append("◀ pass  hold◀ 0 (+5)")
            if self.flow.rules.call and self.may_call():
                lines_.append("hold▶ Rödskägg call")
            return lines_
        return ("◀pass ▶+1 OK take", "hold◀ 0 tricks (+5)", "hold▶ +1 and take")


class Bidding:
    """bud/knack: declarer (or all pass) -> bid -> the tricks (bud: the declarer's;
    knack: everyone's, then who went along) -> save."""

    def __init__(self, app, flow):
        self.flow = flow
        self.seats = speaking_order(flow.state)
        old = flow.old_kind(score.BID)
        self.old = old
        self.declarer = old[1] if old else -1
        self.bid = old[2] if old else None
        self.faults = old[5] if old else ()  # penalties during the hand
        cursor = (len(self.seats) - 1) // 2
        if old and self.declarer in self.seats:
            cursor = self.seats.index(self.declarer)
        if flow.old_kind(score.ALL_PASS):
            cursor = len(self.seats)
        self.first = SeatList(flow, app.t("Hand %d: declarer") % flow.hand(), self.seats,
                              self.picked, flow.back, (app.t("All pass"),), cursor)
        app.view = self.first

    def picked(self, app, seat, _view):
        if seat < 0:
            flow = self.flow
            after = None
            if flow.index < 0:
                try:
                    after = flow.game.preview((score.ALL_PASS,))
                except EntryError:
                    after = None
            if after is not None and after.scores == flow.state.scores and not flow.rules.pot:
                flow.commit(app, (score.ALL_PASS,), self.first)  # nothing moves: no preview
            else:
                flow.check(app, (score.ALL_PASS,), self.first)
            return
        self.declarer = seat
        app.view = BidList(self)

    def tricks(self, app, bid):
        self.bid = bid
        if self.flow.rules.others_score():
            app.view = KnackWalk(app, self)
        else:
            app.view = ResultList(self)

    def bid_tricks(self):
        return self.flow.rules.tricks_per_hand if self.bid == score.BID_R else self.bid


def bids(rules):
    return tuple(range(rules.min_bid, 7)) + (score.BID_R,)


class BidList(PickList):
    """The bid, min_bid..6 then Rödskägg; the cursor starts on 3 (or the old bid)."""

    def __init__(self, bidding):
        self.b = bidding
        ch = bids(bidding.flow.rules)
        want = bidding.bid if bidding.bid in ch else 3
        cursor = ch.index(want) if want in ch else 0
        PickList.__init__(self, "", lambda app, v, view: bidding.tricks(app, v),
                          lambda app: _show(app, bidding.first), cursor)
        self.choices = ch

    def title(self, app):
        return app.t("Hand %d: %s bid") % (self.b.flow.hand(), self.b.flow.name(self.b.declarer))

    def count(self, app):
        return len(self.choices)

    def label(self, app, i):
        v = self.choices[i]
        return app.t("Rödskägg!") if v == score.BID_R else "%d" % v

    def choose(self, app, i):
        self.pick(app, self.choices[i], self)


class ResultList(PickList):
    """bud: the declarer's tricks, each row with the declarer's score after it; the
    cursor starts on the bid made exactly; OK saves (the rows are the preview)."""

    def __init__(self, bidding):
        self.b = bidding
        total = bidding.flow.rules.tricks_per_hand
        old = bidding.old
        want = old[3][bidding.declarer] if old is not None and old[1] == bidding.declarer \
            else bidding.bid_tricks()
        PickList.__init__(self, "", None, lambda app: _show(app, BidList(bidding)),
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
            app.view = KnackWalk(app, self.b)
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


class KnackWalk(Rows):
    """knack (and bud with defenders scoring): every player's tricks, speaking order.
    OK takes the value shown (the declarer starts on the bid, the others on 1),
    ◀/▶ one less/more, hold ◀/▶ one less/more and take it. The last player's tricks are filled in,
    and zeros once every trick is given. Then who went along (go_along on)."""

    def __init__(self, app, bidding):
        self.b = bidding
        flow = bidding.flow
        old = None
        if bidding.old is not None:
            old = [bidding.old[3][s] for s in bidding.seats]
        self.ask_last = False  # bud: ◀ on the filled-in last row asks for it (fewer tricks)
        Rows.__init__(self, flow, bidding.seats, old)

    def leave(self, app):
        app.view = BidList(self.b)

    def cycle(self, r):
        return tuple(range(0, r + 1))

    def guess(self, i, r):
        if self.seats[i] == self.b.declarer:
            return min(self.b.bid_tricks(), r)
        return min(1, r)

    def start_value(self, i):
        r = self.left(i)
        if self.prefill is not None and self.prefill[i] is not None and 0 <= self.prefill[i] <= r:
            return self.prefill[i]
        return self.guess(i, r)

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
            t[self.seats[i]] = self.filled[i]
        return t

    def candidates(self):
        """Who may have gone along: not the declarer, at most 2 tricks (go_along on)."""
        if not self.flow.rules.go_along:
            return []
        t = self.tricks()
        return [s for s in self.seats if s != self.b.declarer and t[s] <= 2]

    def arrived(self, app):
        if self.done and self.candidates():
            app.view = JoinStep(self)

    def entry(self):
        t = self.tricks() if self.done else [0] * self.flow.state.n
        return (score.BID, self.b.declarer, self.b.bid, tuple(t), 0, self.b.faults)

    def event(self, app, ev):
        if is_back(ev):
            self.step_back(app)
            return
        if self.done:
            if ev == K.OK:
                if self.candidates():
                    app.view = JoinStep(self)
                else:
                    self.conclude(app)
            elif ev == K.NEXT:
                ask_fault(app, self.flow, self.b, self)
            elif ev == K.PREV and self.cursor == self.n - 1 and not self.flow.rules.others_score():
                v = self.filled[self.cursor]
                self.prefill = self.prefill or [None] * self.n
                self.prefill[self.cursor] = max(0, v - 1)
                self.ask_last = True
                self.settle()
            return
        if ev == K.OK:
            self.answer(app, self.shown)
        elif ev in (K.PREV, K.PREV_LONG):
            self.bump(-1)
        elif ev in (K.NEXT, K.NEXT_LONG):
            self.bump(1)
        if ev in (K.PREV_LONG, K.NEXT_LONG):
            self.answer(app, self.shown)

    def value_text(self, app, i, v):
        text = "%d" % v
        if self.seats[i] == self.b.declarer:
            text += "*"
        return text + fault_mark(self.b, self.seats[i])

    def head(self, app, after):
        if self.done and after is not None and after.over():
            return app.t("OK? %s wins") % self.flow.name(after.winner)
        if self.done:
            return saves_words(app, self, after)
        return app.t("Hand %d: tricks") % self.flow.hand()

    def hint_lines(self, app):
        if self.done:
            return ("OK: save  ▶ penalty",)
        return ("◀-1 ▶+1 OK take", "hold◀▶ ±1 and take", "* declarer")


class JoinStep(View):
    """knack's går med: every player with tricks and score after; the cursor starts on
    "nobody more" (no row): OK there saves. ◀/▶ move over the players who may have
    joined, OK on one marks (or unmarks) them and returns; hold ◀/▶ move and OK."""

    def __init__(self, walk):
        self.walk = walk
        self.flow = walk.flow
        self.cands = walk.candidates()
        self.joined = 0
        old = walk.b.old
        if old is not None and old[1] == walk.b.declarer:
            for s in self.cands:
                if old[4] >> s & 1:
                    self.joined |= 1 << s
        self.pos = -1  # index into cands; -1: the save position
        self.win = Window()

    def entry(self):
        w = self.walk
        return (score.BID, w.b.declarer, w.b.bid, tuple(w.tricks()), self.joined, w.b.faults)

    def move(self, d):
        k = len(self.cands) + 2  # the save position, the players, the penalty row
        self.pos = (self.pos + 1 + d) % k - 1

    def event(self, app, ev):
        if is_back(ev):
            app.view = self.walk
            self.walk.step_back(app)
            return
        if ev in (K.PREV, K.PREV_LONG):
            self.move(-1)
        elif ev in (K.NEXT, K.NEXT_LONG):
            self.move(1)
        if ev in (K.OK, K.PREV_LONG, K.NEXT_LONG):
            if self.pos < 0:
                conclude(self, app)
            elif self.pos == len(self.cands):
                self.pos = -1
                ask_fault(app, self.flow, self.walk.b, self)
            else:
                self.joined ^= 1 << self.cands[self.pos]
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
        top = self.win.fit(sel, w.n, app.rows)
        rows = []
        t = w.tricks()
        for i in range(top, min(w.n, top + app.rows)):
            seat = w.seats[i]
            val = "%d" % t[seat] + ("*" if seat == w.b.declarer else "")
            if self.joined >> seat & 1:
                val += " " + app.t("in")
            val += fault_mark(w.b, seat)
            text = pad(self.flow.name(seat), 9) + pad(val, 6)
            if after is not None:
                b = self.flow.state.scores[seat]
                a = after.scores[seat]
                text += "%d>%d" % (b, a) if a != b else "%d" % b
            rows.append(clip(text.rstrip(), app.cols - 1))
        pen = self.pos == len(self.cands)
        room = app.rows - len(rows)
        if pen and room <= 0:
            rows[-1] = clip(app.t("Penalty in hand..."), app.cols - 1)
            sel = len(rows) - 1 + top
        elif room > 0:
            rows.append(clip(app.t("Penalty in hand..."), app.cols - 1))
            if pen:
                sel = len(rows) - 1 + top
            room -= 1
            rows.extend(hints(app, ("◀▶ who joined, OK", "OK on none: save"))[:room])
        if after is not None and after.over():
            title = app.t("OK? %s wins") % self.flow.name(after.winner)
        elif self.pos < 0:
            title = app.t("Joined? OK saves")
        elif pen:
            title = app.t("Penalty in hand...")
        else:
            title = app.t("OK: %s joined") % self.flow.name(self.cands[self.pos])
        return Screen(clip(title, app.cols), rows, sel - top if sel >= 0 else -1)


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
    """Misdeal: was it knocked? (only where the knock option is on) -> preview."""
    if not flow.rules.knock:
        flow.check(app, (score.MISDEAL, True), back)
        return
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
