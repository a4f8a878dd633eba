"""The set-up screens (firmware.ui.lazy loads them while open): the "New game"
screen with its rows and the rule options (the table builder and the name speller
are firmware/ui/screens/seating.py). They change the App's ``GamePlan`` (firmware/ui/gameplan.py),
which Start! turns into a game.
"""

from firmware.core.errors import RulesError
from firmware.core.game import MAX_NAME, MAX_PLAYERS
from firmware.core.rules import OPTIONS, PRESETS
from firmware.ui import events, lazy
from firmware.ui.lazy import Lazy
from firmware.ui.screenmodel import Screen
from firmware.ui.screens.table import table_label
from firmware.ui.views import ListView, clip, is_back, scrolled

gamestart = Lazy("firmware.ui.gamestart")  # a new game's start
seating = Lazy("firmware.ui.screens.seating")  # the table builder, the name speller

SERIES = (1, 3, 5)


class Form(ListView):
    """Rows that are actions or values: OK on a value row edits it (PREV/NEXT change
    the value, OK or back ends the edit); OK on an action row runs it."""

    editing = False
    drawing = None  # the rows while render() runs: built once per screen, not per row

    def rows(self, app):
        """Subclasses: a list of (label, choices or None, get, set_or_action)."""
        return []

    def count(self, app):
        return len(self.drawing if self.drawing is not None else self.rows(app))

    def render(self, app):
        self.drawing = self.rows(app)
        try:
            return ListView.render(self, app)
        finally:
            self.drawing = None

    def label(self, app, i):
        rows = self.drawing if self.drawing is not None else self.rows(app)
        label, choices, get, _s = rows[i]
        if choices is None:
            return label
        value = self.shown(app, get())
        if self.editing and i == self.cursor:
            value = "<%s>" % value
        # the value stays whole on the row: the label gives up letters where they do not fit
        return "%s %s" % (label[:max(1, app.cols - 2 - len(value))], value)

    def shown(self, app, value):
        return app.tr(value) if isinstance(value, str) else str(value)

    def event(self, app, ev):
        if not self.editing:
            ListView.event(self, app, ev)
            return
        label, choices, get, set_ = self.rows(app)[self.cursor]
        if ev in (events.PREV, events.NEXT):
            cur = get()
            k = 0
            for j in range(len(choices)):
                if choices[j] == cur and type(choices[j]) is type(cur):
                    k = j
            k = (k + (1 if ev == events.NEXT else -1)) % len(choices)
            set_(choices[k])
        elif ev == events.OK or is_back(ev):
            self.editing = False

    def choose(self, app, i):
        label, choices, get, act = self.rows(app)[i]
        if choices is None:
            act(app)
        else:
            self.editing = True


def table_lines(app, players, most=3):
    """The set-up screen's table: "Bord: Anna Bo Cia" and the further names on the lines
    below it, whole; cut shorter (4 letters, then 3...) only when more than ``most``
    lines (or the screen's rows) would not hold them."""
    head = app.tr("Table:")
    width = app.cols - 1
    most = max(1, min(most, app.rows))
    for k in (MAX_NAME, 4, 3, 2, 1):
        lines = [head]
        for p in players:
            name = p[:k]
            if len(lines[-1]) + 1 + len(name) <= width:
                lines[-1] += " " + name
            else:
                lines.append("  " + name)
        if len(lines) <= most:
            return lines
    return [head + " %d" % len(players)]


class NewGameView(Form):
    """The setup screen: Start first (the last setup is remembered); the cursor on the
    table when an unfinished game is open, so that two OKs do not replace it unseen."""

    def __init__(self, app):
        ListView.__init__(self)
        self.plan = app.plan
        self.cursor = 1 if app.unfinished() else 0

    def title(self, app):
        return app.tr("New game")

    def rows(self, app):
        s = self.plan
        lo = s.rules().min_players
        return (
            (app.tr("Start!"), None, None, self.start),
            (table_label(app, s.players()), None, None, self.names),
            (app.tr("Game:"), PRESETS, lambda: s.preset, s.set_preset),
            (app.tr("Players:"), range(lo, MAX_PLAYERS + 1), lambda: s.n, s.set_n),
            (app.tr("Dealer:"), range(s.n), lambda: s.dealer, self.set_dealer),
            (app.tr("Series:"), SERIES, s.series_len, lambda v: s.set_option("series", v)),
            (app.tr("Rules..."), None, None, self.options),
            (app.tr("Language:"), ("sv", "en"), lambda: app.lang, app.set_lang),
        )

    def set_dealer(self, v):
        self.plan.dealer = v

    def render(self, app):
        """The rows, the table's names whole on as many lines as they need (one row for
        the cursor: the lines below the table row go with it)."""
        self.drawing = self.rows(app)
        try:
            n = len(self.drawing)
            if self.cursor >= n:
                self.cursor = n - 1
            lines = []  # (row, text)
            for i in range(n):
                if i == 1:
                    for part in table_lines(app, self.plan.players()):
                        lines.append((i, part))
                else:
                    lines.append((i, self.label(app, i)))
            first = 0
            last = 0
            for k in range(len(lines)):
                if lines[k][0] == self.cursor:
                    if lines[first][0] != self.cursor:
                        first = k
                    last = k
            size = app.rows
            top = self.win.top
            if last >= top + size:
                top = last - size + 1
            if first < top:
                top = first
            top = max(0, min(top, len(lines) - size))
            self.win.top = top
            rows = [clip(t, app.cols - 1) for _i, t in lines[top:top + size]]
            return Screen(scrolled(self.title(app), top, size, len(lines), app.cols), rows, first - top)
        finally:
            self.drawing = None

    def label(self, app, i):
        if i == 4:
            name = self.plan.names[self.plan.dealer]
            if self.editing and i == self.cursor:
                return "%s <%s>" % (app.tr("Dealer:"), name)
            return "%s %s" % (app.tr("Dealer:"), name)
        if i == 7:
            lang = "Svenska" if app.lang == "sv" else "English"
            if self.editing and i == self.cursor:
                return "%s <%s>" % (app.tr("Language:"), lang)
            return "%s %s" % (app.tr("Language:"), lang)
        return Form.label(self, app, i)

    def start(self, app):
        try:
            series = self.plan.build()
        except RulesError as e:
            app.refuse(e, self, self.plan.players())
            return
        self.plan.remember()
        gamestart.start_series(app, series)

    def names(self, app):
        app.view = seating.TableView(self, app)

    def ahead(self, app, ev):
        """OK held on Start! (the new game's code) or on the table (the table builder), or ◀/▶
        towards the table (held, it chooses the table): it loads meanwhile."""
        if self.editing:
            return
        if ev == events.OK and self.cursor in (0, 1):
            lazy.load(gamestart.name if self.cursor == 0 else seating.name)
        elif ev in (events.PREV, events.NEXT) and (
                self.cursor + (1 if ev == events.NEXT else -1)) % self.count(app) == 1:
            lazy.load(seating.name)

    def long_next(self, app):
        """Hold ▶: the next row, chosen (from Start!: the table)."""
        if not self.editing:
            self.cursor = (self.cursor + 1) % self.count(app)
            self.choose(app, self.cursor)

    def long_prev(self, app):
        if not self.editing:
            self.cursor = (self.cursor - 1) % self.count(app)
            self.choose(app, self.cursor)

    def options(self, app):
        app.view = OptionsView(self)

    def leave(self, app):
        if app.series is not None:
            app.home()


class OptionsView(Form):
    """Every option of the preset (RULES.md), each a value row."""

    def __init__(self, parent):
        ListView.__init__(self)
        self.parent = parent
        self.plan = parent.plan
        self.cache = None

    def title(self, app):
        return app.tr("Rules") + " " + self.plan.preset

    def rows(self, app):
        if self.cache is None:  # built once: the preset cannot change here
            s = self.plan
            rules = s.rules()
            out = []
            for name, choice, allowed, _d in OPTIONS:
                if not shown(rules, name):
                    continue
                choices = allowed if choice else range(int(allowed[0]), int(allowed[1]) + 1)
                out.append((app.tr(name), choices, _getter(s, name), _setter(s, name)))
            self.cache = out
        return self.cache

    def shown(self, app, value):
        if value is True:
            return app.tr("on")
        if value is False:
            return app.tr("off")
        return Form.shown(self, app, value)

    def leave(self, app):
        app.view = self.parent


def shown(rules, name):
    """Whether Rules... lists option name: the preset's options but the series (the setup
    screen's) and the pass fee of bud and knack, where nobody passes and pays."""
    return name != "series" and rules.applies(name) and not (name == "pass_fee" and rules.bidding)


def _getter(s, name):
    return lambda: s.option(name)


def _setter(s, name):
    return lambda v: s.set_option(name, v)
