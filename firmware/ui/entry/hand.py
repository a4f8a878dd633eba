"""What the hand walks (fem, bud, knack) share: ``Rows``, one row per player, the
finished walk's save or preview (``conclude``); the penalties during a hand are
firmware/ui/entry/penalty.py's, loaded when one is entered."""

from firmware import forget
from firmware.core.errors import EntryError
from firmware.ui import lazy
from firmware.ui.entry.flow import Preview, ties
from firmware.ui.entry.picks import hints
from firmware.ui.events import NEXT, NEXT_LONG
from firmware.ui.screenmodel import Screen, pad
from firmware.ui.views import View, Window, clip, scrolled
from firmware.words import line

PENALTY = "firmware.ui.entry.penalty"  # a penalty during the hand: who, then why


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
        if e.code == "no_change":
            return app.tr("Correction: no change")
        if e.code in ("tricks_sum", "tricks_over"):  # a walk's title row after row: its words from
            # the table here, not from text.py (1.7 KB that stayed loaded until the scoreboard)
            return line(app.lang, "!" + e.code).partition("\t")[2] % tuple(e.params)
        from firmware.ui.text import reason  # (loaded for a refusal only, as App.refuse does)

        return reason(app, e).split("\n")[-1]


def outcome(app, flow, entry, after):
    """The title of a screen whose OK saves entry (or shows its preview) where that is not a
    plain save: why the core refuses it, what an edit needs first (a game that now ends
    sooner), the winner; None otherwise."""
    if after is None:
        return refused(app, flow, entry) or ""
    later = flow.later(app, entry)
    if later:
        return later
    if after.over():
        return app.tr("OK? %s wins") % flow.name(after.winner)
    return None


def saves_words(app, view, after):
    """The title of a finished walk: "Giv 5: OK sparar", or "OK visar" when OK previews, or
    why OK would refuse it, what it needs first, the winner (``outcome``)."""
    hand = view.flow.number()
    said = outcome(app, view.flow, view.entry(), after)
    if said is not None:
        return said
    if previews(view, app, after):
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


def walk_row(app, name, val, change=""):
    """A player's row of a walk or the joiners: the name (9 columns), the value (6, and a space
    after it always), the score before > after; where that is wider than the panel, the name
    gives up letters, never the numbers."""
    val = pad(val, 6) if len(val) < 6 else val + " "
    over = 9 + len(val) + len(change) - (app.cols - 1)
    return (pad(name[:max(3, 8 - max(0, over))], 9 - max(0, over)) + val + change).rstrip()


def change_text(app, flow, after, seat):
    """A row's score before > after: "12>9", "12" when it does not move, "12>ut" when
    the player goes out (a failed Rödskägg bid in knack)."""
    b = flow.state.scores[seat]
    if seat in after.out and seat not in flow.state.out:
        return "%d>%s" % (b, app.tr("out"))
    a = after.scores[seat]
    return "%d>%d" % (b, a) if a != b else "%d" % b


def ask_fault(app, flow, view):
    """A penalty during the hand: who, then why; back to view (firmware/ui/entry/penalty.py,
    loaded for it)."""
    lazy.load(PENALTY, False).ask_fault(app, flow, view)


class Rows(View):
    """One row per player (speaking order), answered one by one; a press answers.

    The values are the hand's (``flow.hand``, the model); the walk holds only its cursor: the
    rows above it are answered, the row at it shows its value (or, not chosen yet or no longer
    possible, the guess: ``shown``), which ◀/▶ change and OK takes. When the answers so far
    decide the rest (``settle``), they are filled in and the walk is *done*: every row shows
    its value and each player's score before > after, and OK saves (the save press is the
    preview's). Back steps to the previous row, its value kept (from the first: leaves).
    """

    def __init__(self, flow, seats):
        self.flow = flow
        self.hand = flow.hand
        self.seats = seats
        self.n = len(seats)
        self.total = flow.rules.tricks_per_hand
        self.cursor = 0
        self.done = False
        self.win = Window()
        self.settle()

    def ahead(self, app, ev):
        """▶ going down on the done rows opens the penalty list: its module loads while ▶ is held;
        held on (its long press does not open it), the module goes again."""
        if self.done and ev == NEXT:
            lazy.load(PENALTY)
        elif ev == NEXT_LONG:  # (in a walk nothing else holds it; else it stayed through the hand)
            forget(PENALTY)

    # -- what the rows hold ----------------------------------------------------------

    def value(self, i):
        """Row i's value in the hand (None: not chosen)."""
        return self.hand.tricks[self.seats[i]]

    def left(self, i):
        """Tricks not given to rows before i."""
        t = 0
        for j in range(i):
            v = self.value(j)
            if v is not None and v > 0:
                t += v
        return self.total - t

    def played(self, i):
        return sum(1 for j in range(i) if self.value(j) is not None and self.value(j) >= 0)

    @property
    def shown(self):
        """What the row at the cursor shows, and OK takes: its value in the hand if it still
        fits (a pass, no trick, or at most the tricks left), else a guess."""
        return self.start_value(self.cursor)

    def start_value(self, i):
        r = self.left(i)
        v = self.value(i)
        if v is not None and v <= r:
            return v
        return self.guess(i, r)

    @property
    def filled(self):
        """Every row's value, once done."""
        return [self.value(i) for i in range(self.n)] if self.done else []

    def guess(self, i, r):
        return min(1, r)

    def rest(self):
        """Values of the rows from the cursor when they are decided, else None."""
        return None

    def settle(self):
        """After an answer (or on opening): when the answers decide the rest of the rows, the
        hand takes them (every screen of the hand then shows them) and the walk is done."""
        if self.cursor >= self.n:
            self.done = True
            return
        rest = self.rest()
        self.done = rest is not None
        if rest is not None:
            for j in range(len(rest)):
                self.hand.update("tricks", rest[j], self.seats[self.cursor + j])

    def set(self, v):
        """The row at the cursor takes v (a ± press on it, the hint names it)."""
        self.hand.update("tricks", v, self.seats[self.cursor])

    def answer(self, app, v):
        self.set(v)
        self.cursor += 1
        self.settle()
        self.arrived(app)

    def arrived(self, app):
        """Called after each answer (knack goes on to the joiners when done)."""
        pass

    def step_back(self, app):
        """Back to the last answered row, asked again on its value (from the first: leave)."""
        if self.cursor == 0:
            self.leave(app)
            return
        self.cursor = min(self.cursor, self.n) - 1
        self.done = False

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
        shown = self.shown
        k = ch.index(shown) if shown in ch else -1
        k += step
        self.set(ch[k % len(ch) if wrap else max(0, min(len(ch) - 1, k))])
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
        return app.tr("Hand %d: tricks") % self.flow.number()

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
            if self.done:
                val = self.entry_value(app, i, entry)
            elif i == self.cursor:
                val = "<%s>" % self.value_text(app, i, self.shown)
            elif i < self.cursor:
                val = self.value_text(app, i, self.value(i))
            else:  # not asked yet (a value kept from before a step back is where it starts)
                val = ""
            change = change_text(app, self.flow, after, seat) if after is not None else ""
            rows.append(clip(walk_row(app, self.flow.name(seat), val, change), app.cols - 1))
        rows.extend(tips[:app.rows - len(rows)])
        return Screen(scrolled(self.head(app, after), top, size, self.n, app.cols), rows,
                      cur - top if cur >= 0 else -1)
