"""What the hand walks (fem, bud, knack) share: ``Rows``, one row per player, the
finished walk's save or preview (``conclude``); the penalties during a hand are
firmware/ui/entry/penalty.py's, loaded when one is entered."""

from firmware.core.errors import EntryError
from firmware.ui.entry.flow import Preview, ties
from firmware.ui.entry.picks import hints
from firmware.ui.screenmodel import Screen, pad
from firmware.ui.views import View, Window, clip, scrolled


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
    an edit, the game's end, a tie) rather than saving at once."""
    flow = view.flow
    return (view.n > app.rows or flow.rules.pot or flow.index >= 0 or after.over()
            or ties(flow.state, after))


def refused(app, flow, entry):
    """Why OK would refuse entry, in a title's few words (None: the core takes it), so that a
    screen says so before the press: "Stick: 3 av 5"."""
    try:
        flow.scored(entry)
        return None
    except EntryError as e:
        if e.code == "joiner_tricks":  # its whole sentence does not fit a title
            return app.tr("Joiners: 2 tricks at most")
        from firmware.ui.text import reason  # (loaded for a refusal only, as App.refuse does)

        return reason(app, e).split("\n")[-1]


def saves_words(app, view, after):
    """The title of a finished walk: "Giv 5: OK sparar", or "OK visar" when OK previews, or
    why OK would refuse it."""
    hand = view.flow.hand()
    if after is None:
        return refused(app, view.flow, view.entry()) or ""
    if after is not None and previews(view, app, after):
        return app.tr("Hand %d: OK shows") % hand
    return app.tr("Hand %d: OK saves") % hand


def save_hint(app, view, after, penalty=True):
    """The hint of a finished walk: what OK does (saves, or shows the preview), and
    "▶ straff" where the entry can hold a penalty."""
    if after is None:
        return "OK: not possible"
    shows = previews(view, app, after)
    if penalty:
        return "OK: show  ▶ penalty" if shows else "OK: save  ▶ penalty"
    return "OK: show" if shows else "OK: save"


def change_text(app, flow, after, seat):
    """A row's score before > after: "12>9", "12" when it does not move, "12>ut" when
    the player goes out (a failed Rödskägg bid in knack)."""
    b = flow.state.scores[seat]
    if seat in after.out and seat not in flow.state.out:
        return "%d>%s" % (b, app.tr("out"))
    a = after.scores[seat]
    return "%d>%d" % (b, a) if a != b else "%d" % b


def ask_fault(app, flow, holder, view):
    """A penalty during the hand: who, then why; back to view (firmware/ui/entry/penalty.py,
    loaded for it)."""
    from firmware.ui.entry.penalty import ask_fault as ask

    ask(app, flow, holder, view)


def fault_mark(holder, seat):
    return "!" if any(f[0] == seat for f in holder.faults) else ""


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
        """What row i shows when reached: the earlier answer if it still fits (a pass, no
        trick, or at most the tricks left), else a guess."""
        r = self.left(i)
        p = self.prefill[i] if self.prefill is not None else None
        if p is not None and p <= r:
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

    def keep(self):
        """Every answer, and the value shown at the cursor, as the rows' start values: back
        and forward again comes back to them."""
        keep = list(self.values)
        if not self.done and self.cursor < self.n:
            keep[self.cursor] = self.shown
        self.prefill = keep if self.prefill is None else [
            keep[j] if keep[j] is not None else self.prefill[j] for j in range(self.n)]

    def step_back(self, app):
        """Back to the last answered row (keeping every answer as the start value)."""
        last = -1
        for j in range(self.n):
            if self.values[j] is not None and j < self.cursor:
                last = j
        self.keep()
        if last < 0:
            self.leave(app)
            return
        for j in range(last, self.n):
            self.values[j] = None
        self.cursor = last
        self.settle()

    def leave(self, app):
        self.flow.back(app)

    def cycle(self, r):
        return tuple(range(1, r + 1))

    def bump(self, step=1, wrap=True):
        """One more (step 1) or one less (-1), round the row's range; without wrap (a hold,
        which also takes the value) it stops at the range's end."""
        ch = self.cycle(self.left(self.cursor))
        if not ch:
            return False
        k = ch.index(self.shown) if self.shown in ch else -1
        k += step
        self.shown = ch[k % len(ch) if wrap else max(0, min(len(ch) - 1, k))]
        return True

    # -- the entry ---------------------------------------------------------------------

    def entry(self):
        return None

    def conclude(self, app):
        """Check and save (or preview); when the core refuses the entry, back goes to
        the last answered row, its answer shown, so it can be changed."""
        try:
            self.flow.scored(self.entry())
        except EntryError as e:
            self.step_back(app)
            app.refuse(e, app.view)
            return
        conclude(self, app)

    # -- drawing -----------------------------------------------------------------------

    def value_text(self, app, i, v):
        return "%d" % v

    def entry_value(self, app, i, entry):
        """Row i of the finished walk, as entry (what OK saves) has it."""
        return self.value_text(app, i, self.filled[i])

    def hint_lines(self, app):
        return ()

    def head(self, app, after):
        return app.tr("Hand %d: tricks") % self.flow.hand()

    def render(self, app):
        # a finished walk draws every row from the entry OK saves, and the scores from it
        entry = self.entry() if self.done else None
        after = self.flow.after(entry) if self.done else None
        cur = self.cursor if self.cursor < self.n else -1
        tips = hints(app, self.hint_lines(app))
        # one hint row at least (128x32, 7 players): the player rows scroll in the others;
        # but a done walk that saves at once keeps every change on the screen (previews)
        full = self.n > app.rows or (self.n == app.rows and not self.done)
        size = app.rows - 1 if tips and full else app.rows
        if self.done and self.n > app.rows and len(tips) > 1:
            # the rows do not all show, so OK previews them: the hints first (128x32)
            size = max(1, app.rows - len(tips))
        top = self.win.fit(cur, self.n, size)
        rows = []
        for i in range(top, min(self.n, top + size)):
            seat = self.seats[i]
            v = self.values[i]
            if self.done:
                val = self.entry_value(app, i, entry)
            elif i == self.cursor:
                val = "<%s>" % self.value_text(app, i, self.shown)
            elif v is None:
                val = ""
            else:
                val = self.value_text(app, i, v)
            text = pad(self.flow.name(seat), 9) + pad(val, 6)
            if after is not None:
                text += change_text(app, self.flow, after, seat)
            rows.append(clip(text.rstrip(), app.cols - 1))
        rows.extend(tips[:app.rows - len(rows)])
        return Screen(scrolled(self.head(app, after), top, size, self.n, app.cols), rows,
                      cur - top if cur >= 0 else -1)
