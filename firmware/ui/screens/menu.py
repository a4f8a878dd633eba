"""The menu off the scoreboard, and the question before a new game."""

from firmware import forget
from firmware.core import score
from firmware.ui import events, lazy
from firmware.ui.lazy import Lazy
from firmware.ui.views import Confirm, ListView, Message, go_home

MENU = "firmware.ui.screens.menu"
NEWGAME = "firmware.ui.screens.newgame"  # the set-up screen
PLAN = "firmware.ui.gameplan"  # the set-up it shows
chart = Lazy("firmware.ui.screens.chart")
history = Lazy("firmware.ui.screens.history")
result = Lazy("firmware.ui.screens.result")
exports = Lazy("firmware.ui.exports")  # the export


class Menu(ListView):
    """A list of (label, action, modules) rows: action(app) runs on OK, the modules it loads
    load while OK is held; back runs ``back(app)``."""

    def __init__(self, title, items, back, cursor=0):
        ListView.__init__(self)
        self.head = title
        self.items = items
        self.back = back
        self.cursor = cursor
        self.loaded = False  # a row's modules loaded for a long press (``ahead``)

    def event(self, app, ev):
        if self.loaded and ev in (events.PREV, events.NEXT):  # held, but not long enough: they go
            self.loaded = False
            lazy.release_all((MENU,))
        ListView.event(self, app, ev)

    def title(self, app):
        return self.head

    def count(self, app):
        return len(self.items)

    def label(self, app, i):
        return self.items[i][0]

    def choose(self, app, i):
        self.items[i][1](app)

    def ahead(self, app, ev):
        """OK going down: what its row's choice loads; ◀/▶ held on (their long press chooses the row
        above or below): what that row's does. What an earlier choice loaded (a hand's entry left
        for the menu again) goes first: the screen chosen needs only its own."""
        row = self.cursor + (1 if ev == events.NEXT_LONG else -1 if ev == events.PREV_LONG else 0)
        if ev in (events.OK, events.NEXT_LONG, events.PREV_LONG) and 0 <= row < len(self.items):
            lazy.release_all(tuple(self.items[row][2]) + (MENU,))
            lazy.load_all(self.items[row][2])
            if history.name in self.items[row][2]:
                history.warm(app)  # the rows the history (or the undo) opens on, made now
            self.loaded = ev != events.OK and bool(self.items[row][2])
            if chart.name in self.items[row][2]:
                return chart.ChartView().render(app).chart  # (drawn now too: App.ahead)
        return None

    def leave(self, app):
        self.back(app)

    # hold ◀/▶: the row above/below, chosen (as in the pick lists); not round the ends,
    # where a slip would switch the language or the big scores
    def long_next(self, app):
        if self.cursor + 1 < len(self.items):
            self.cursor += 1
            self.choose(app, self.cursor)

    def long_prev(self, app):
        if self.cursor > 0:
            self.cursor -= 1
            self.choose(app, self.cursor)



def main_menu(app, cursor=0):
    """The menu off the scoreboard: the kinds of entry and everything else."""
    game = app.series.game
    over = game.state.over()
    items = []
    if not over:
        items.append((app.tr("Hand"), lambda a: _enter(a), app.entry_modules()))
        # All pass in one choice (then its question); the likelier kinds come first:
        # where the dealer knocks, misdeals and knock faults are the common ones.
        passed = (app.tr("All pass"), lambda a: _enter(a, score.ALL_PASS), app.entry_modules(score.ALL_PASS))
        if not game.rules.knock:
            items.append(passed)
        irregular = app.entry_modules(score.MISDEAL)
        items.append((app.tr("Misdeal"), lambda a: _enter(a, score.MISDEAL), irregular))
        if game.rules.knock:  # no knock, no knock fault
            items.append((app.tr("Knock fault"), lambda a: _enter(a, score.FAULT), irregular))
            items.append(passed)
        items.append((app.tr("Correction"), lambda a: _enter(a, score.ADJUST), irregular))
    if game.log:  # the screens' modules load only when chosen (or while OK is held on them)
        items.append((app.tr("Undo"), lambda a: history.ask_undo(a), (history.name,)))
        items.append((app.tr("History"), lambda a: history.open_history(a), (history.name,)))
    items.append((app.tr("Chart"), lambda a: _open(a, chart.ChartView()), (chart.name,)))
    if app.series.length > 1:
        items.append((app.tr("Series"), lambda a: _open(a, result.Standings()), (result.name,)))
    if over:
        items.append((app.tr("Result"), lambda a: _open(a, result.Winner()), (result.name,)))
    if app.exporter is not None:
        items.append((app.tr("Export"), lambda a: exports.menu_export(a), (exports.name,)))
    items.append((app.tr("About"), _about, ()))
    items.append((app.tr("New game"), ask_new_game, ()))
    extra = getattr(app, "extra", None)  # what the board adds (the Wi-Fi boards' phone view, firmware/web)
    if extra is not None:
        items += extra.rows(app)
    if app.big_rows >= 2:
        items.append((app.tr("Big scores:") + " " + app.tr("on" if app.big else "off"), _toggle_big, ()))
    items.append((app.tr("Language:") + " " + ("Svenska" if app.lang == "sv" else "English"),
                  _toggle_lang, ()))
    return Menu(app.tr("Menu"), items, go_home, cursor)


def _open(app, view):
    app.view = view


def _enter(app, kind=None):
    """An entry of kind from here: back from it is the scoreboard, so the menu's code need not
    stay through the hand (3.5 KB)."""
    app.enter(kind)
    forget(MENU)


def _toggle_big(app):
    """Big scores on or off: the scoreboard at twice the size, for the table across."""
    app.big = not app.big
    app.settings_changed()
    app.view = main_menu(app, len(app.view.items) - 2)


def _toggle_lang(app):
    app.set_lang("en" if app.lang == "sv" else "sv")
    app.view = main_menu(app, len(app.view.items) - 1)


def about_text(board):
    """What runs here: the firmware's version (firmware.VERSION, the release's), the board
    profile, and the Python it runs on with its version (CircuitPython 10.3.0 on a board)."""
    import sys

    from firmware import VERSION

    impl = sys.implementation
    runtime = {"circuitpython": "CircuitPython", "micropython": "MicroPython"}.get(impl.name, "Python")
    return "Rödskägg %s\n%s\n%s %s" % (VERSION, board or "", runtime,
                                       ".".join([str(n) for n in impl.version[:3]]))


def _about(app):
    cursor = app.view.cursor
    app.view = Message(app.tr("About"), about_text(app.board), lambda a: _reopen(a, cursor))


def _reopen(app, cursor):
    app.view = main_menu(app, cursor)


def ask_new_game(app):
    if not app.unfinished():
        text_ = "The setup screen; this game stays until Start."
    elif app.writable():
        text_ = "Start! keeps this unfinished game on the drive (games/)."
    else:
        text_ = "Start! ends this unfinished game: the computer owns the drive, it is lost."
    lines_ = [app.tr(text_)]
    if app.pending:
        lines_.insert(0, app.tr("The finished game is not exported yet; a new game replaces it."))
    app.view = Confirm(app.tr("New game?"), lines_, lambda a: a.open_new_game(), go_home, (NEWGAME, PLAN))
