"""Who sits where (firmware.ui.lazy loads it while open): the table builder, which
seats players from the roster, and the speller for a name not in it."""

from firmware.core.game import MAX_NAME, MAX_PLAYERS
from firmware.ui import events
from firmware.ui.screenmodel import Screen, pad
from firmware.ui.screens.table import table_label
from firmware.ui.views import ListView, clip, is_back, scrolled

# The speller's rows: six letters each (lower case; the first letter of a name, or
# after Aa, in capitals: written out, CircuitPython's str.upper() is ASCII only, and a row
# made upper case a character at a time took some 1.4 ms a Pico), then the row of actions.
GROUPS = ("abcdef", "ghijkl", "mnopqr", "stuvwx", "yzåäö-")
CAPITALS = ("ABCDEF", "GHIJKL", "MNOPQR", "STUVWX", "YZÅÄÖ-")
ACTIONS = ("Done", "Delete", "Aa")
POOL_SHOWN = 10  # names the table builder lists: a short ring is quick to go round


class TableView(ListView):
    """Who sits where: pick the players clockwise, the first deals. The list is the
    roster (the last table first, then the most recent), then the built-in names,
    then Spell... and Done. OK seats a name, which stays in its row with its seat
    number, the cursor on it: ▶ goes on to the next name. OK on a seated name
    unseats it (the seats after it move up one), never another name: the title
    says so while the cursor is there. Hold ▶ is Done, hold ◀ is OK on the row
    above; back unseats the last one (with none: leaves, the table unchanged)."""

    def __init__(self, parent, app):
        ListView.__init__(self)
        self.parent = parent
        self.plan = parent.plan
        self.table = []
        self.note = None

    listed = None  # the names while render() runs: the roster walked once, not once a row

    def items(self):
        """The names listed: the seated ones in their rows, and POOL_SHOWN not seated."""
        if self.listed is not None:
            return self.listed
        out = []
        free = 0
        for name in self.plan.pool(()):
            if free >= POOL_SHOWN:
                break
            out.append(name)
            if name not in self.table:
                free += 1
        return out

    def title(self, app):
        """What OK does on the row at the cursor: a seated name is unseated, a Done that
        would refuse says why; elsewhere the seat that OK fills."""
        items = self.items()
        i = self.cursor
        if i < len(items) and items[i] in self.table:
            return app.tr("OK: unseat %s") % items[i]
        if i == len(items) + 1:
            lo = self.plan.rules().min_players
            if len(self.table) < lo:
                return app.tr("At least %d players") % lo
        return app.tr("Seat %d: who?") % (len(self.table) + 1)

    def count(self, app):
        return len(self.items()) + 2

    def label(self, app, i):
        items = self.items()
        if i < len(items):
            name = items[i]
            return "%s #%d" % (pad(name, 8), self.table.index(name) + 1) if name in self.table else name
        return app.tr("Spell...") if i == len(items) else app.tr("Done")

    def choose(self, app, i):
        self.note = None
        items = self.items()
        if i < len(items):
            if items[i] in self.table:
                self.table.remove(items[i])
            else:
                self.take(app, items[i])
        elif i == len(items):
            app.view = SpellView(self)
        else:
            self.done(app)

    def take(self, app, name):
        """A name for the next seat (from the list or spelled); full table: done."""
        app.view = self
        if name in self.table:
            self.note = app.tr("%s is already seated") % name
            return
        self.table.append(name)
        if len(self.table) >= MAX_PLAYERS:
            self.done(app)

    def done(self, app):
        lo = self.plan.rules().min_players
        if len(self.table) < lo:
            self.note = app.tr("At least %d players") % lo
            return
        self.plan.set_table(self.table)
        self.parent.cursor = 0  # Start!
        app.view = self.parent

    def long_next(self, app):
        self.done(app)

    def long_prev(self, app):
        n = self.count(app)
        self.cursor = (self.cursor - 1) % n
        self.choose(app, self.cursor)

    def leave(self, app):
        self.note = None
        if self.table:
            self.table.pop()
        else:
            app.view = self.parent

    def render(self, app):
        self.listed = self.items()
        try:
            n = self.count(app)
            if self.cursor >= n:
                self.cursor = n - 1
            head = self.note or (table_label(app, self.table) if self.table
                                 else app.tr("hold▶ done"))
            size = app.rows - 1
            top = self.win.fit(self.cursor, n, size)
            rows = [clip(head, app.cols - 1)]
            rows += [clip(self.label(app, i), app.cols - 1) for i in range(top, min(n, top + size))]
            return Screen(scrolled(self.title(app), top, size, n, app.cols), rows, self.cursor - top + 1)
        finally:
            self.listed = None


class SpellView(ListView):
    """Spell a name: rows of six letters, then Done / Delete / Aa. OK on a row opens
    it (◀/▶ a letter, OK adds it and returns to the rows; hold ◀/▶ moves and adds);
    the first letter is a capital, the rest lower case (Aa: the next one the other
    way). Back leaves a letter row, from the rows leaves without a name."""

    def __init__(self, parent):
        ListView.__init__(self)
        self.parent = parent
        self.name = ""
        self.row = -1  # the open row of letters (-1: choosing a row)
        self.col = 0
        self.flip = False  # Aa: the next letter in the other case
        self.note = None

    def title(self, app):
        return clip("%s %s_" % (app.tr("Name:"), self.name), app.cols)

    def count(self, app):
        return len(GROUPS) + 1

    def upper(self):
        return (self.name == "") != self.flip

    def letters(self, i):
        if i < len(GROUPS):
            return (CAPITALS if self.upper() else GROUPS)[i]
        return ACTIONS

    def label(self, app, i):
        cells = self.letters(i) if i < len(GROUPS) else [app.tr(a) for a in ACTIONS]
        parts = []
        for j in range(len(cells)):
            c = cells[j]
            parts.append("[%s]" % c if i == self.row and j == self.col else c)
        return " ".join(parts)

    def event(self, app, ev):
        if self.row < 0:
            if is_back(ev):
                app.view = self.parent
            elif ev == events.OK:
                self.open(self.cursor)
            elif ev in (events.PREV, events.NEXT, events.PREV_LONG, events.NEXT_LONG):
                d = -1 if ev in (events.PREV, events.PREV_LONG) else 1
                self.cursor = (self.cursor + d) % self.count(app)
                if ev in (events.PREV_LONG, events.NEXT_LONG):
                    self.open(self.cursor)
            return
        n = len(self.letters(self.row))
        if is_back(ev):
            self.row = -1
        elif ev == events.OK:
            self.act(app)
        elif ev in (events.PREV, events.NEXT, events.PREV_LONG, events.NEXT_LONG):
            d = -1 if ev in (events.PREV, events.PREV_LONG) else 1
            self.col = (self.col + d) % n
            if ev in (events.PREV_LONG, events.NEXT_LONG):
                self.act(app)

    def open(self, i):
        self.row = i
        self.col = 0
        self.note = None

    def act(self, app):
        row = self.row
        self.row = -1
        if row < len(GROUPS):
            if len(self.name) >= MAX_NAME:
                self.note = app.tr("The name is full (%d letters)") % MAX_NAME
                return
            self.name += self.letters(row)[self.col]
            self.flip = False
            self.note = None
            return
        action = ACTIONS[self.col]
        if action == "Delete":
            self.name = self.name[:-1]
            self.note = None
        elif action == "Aa":
            self.flip = not self.flip
        elif not self.name:
            self.note = app.tr("No letters yet")  # (a name needs one: the row must fit)
        else:
            self.parent.take(app, self.name)

    def render(self, app):
        n = self.count(app)
        rows = []
        size = app.rows - (1 if app.rows > n else 0)
        cur = self.row if self.row >= 0 else self.cursor
        top = self.win.fit(cur, n, size)
        for i in range(top, min(n, top + size)):
            rows.append(clip(self.label(app, i), app.cols - 1))
        if self.note is not None:
            if len(rows) < app.rows:
                rows.append(clip(self.note, app.cols - 1))
            else:
                rows[-1] = clip(self.note, app.cols - 1)
        elif len(rows) < app.rows:
            hint = "OK opens a row" if self.row < 0 else "◀▶ pick, OK adds it"
            rows.append(clip(app.tr(hint), app.cols - 1))
        return Screen(scrolled(self.title(app), top, size, n, app.cols), rows, cur - top)
