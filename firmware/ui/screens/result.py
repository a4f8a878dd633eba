"""The end of a game (winner, final scores, what OK does next) and the series standings."""

from firmware.ui import events, lazy
from firmware.ui.lazy import Lazy
from firmware.ui.screenmodel import Screen, name_width, pad, wrap
from firmware.ui.views import ListView, View, clip, is_back, scrolled

history = Lazy("firmware.ui.screens.history")
gamestart = Lazy("firmware.ui.gamestart")  # a next game of a series: its export state
SETUP = ("firmware.ui.screens.newgame", "firmware.ui.gameplan")  # a new game's set-up screen, its plan


class Winner(ListView):
    """The end of a game: winner, final scores, series standings; OK: the next game."""

    def __init__(self):
        ListView.__init__(self)
        self.cursor = -1

    def lines(self, app):
        series = app.series
        game = series.game
        st = game.state
        out = []
        # The winner first (with exact zero a player under 0 has not won), then by score; the seat
        # breaks ties: sorted is not stable on CircuitPython.
        order = sorted(range(len(game.players)), key=lambda s: (s != st.winner, s in st.out, st.scores[s], s))
        for s in order:
            tail = ""
            if s in st.out:
                tail += " " + app.tr("out")
            if game.rules.pot:
                tail += " %+d" % st.balance[s]
            if series.length > 1:
                tail += " %d" % series.wins()[s]
            w = name_width(game.players, app.cols - 5 - len(tail))
            out.append("%s%4d%s" % (pad(game.players[s], w), st.scores[s], tail))
        if app.note:
            out.extend(wrap(app.note, app.cols - 1))
        out.extend(wrap(self.next_label(app), app.cols - 1))
        return out

    def next_label(self, app):
        series = app.series
        if series.length > 1 and not series.over():
            return app.tr("OK: game %d") % (series.number() + 1)
        if series.length > 1:
            w = series.winner()
            if w >= 0:
                return app.tr("Series: %s. OK: new game") % series.game.players[w]
            return app.tr("Series drawn. OK: new game")
        return app.tr("OK: new game")

    def event(self, app, ev):
        series = app.series
        if ev == events.OK:
            if series.length > 1 and not series.over():
                series.next_game()
                gamestart.new_game_started(app)
                app.committed()
            else:
                app.open_new_game()
        elif is_back(ev):
            app.home()
        elif ev in (events.PREV, events.NEXT):
            n = len(self.lines(app))
            if n > app.rows:
                top = self.win.top + (1 if ev == events.NEXT else -1)
                self.win.top = max(0, min(n - app.rows, top))
        elif ev == events.PREV_LONG:
            history.ask_undo(app)

    def soon(self, app):
        """The next game's code (a new game's set-up screen, a series' next game): what OK opens,
        loaded while the table reads the result (App.idle), else while OK is held (``ahead``)."""
        series = app.series
        return (gamestart.name,) if series.length > 1 and not series.over() else SETUP

    def ahead(self, app, ev):
        """OK going down: the next game's code (``soon``); ◀ held on: the undo's question."""
        if ev == events.OK:
            lazy.load_all(self.soon(app))
        elif ev == events.PREV_LONG:
            lazy.load_all((history.name,))

    def render(self, app):
        game = app.series.game
        lines_ = self.lines(app)
        top = self.win.fit(-1, len(lines_), app.rows)
        title = app.tr("%s wins!") % game.players[game.state.winner]
        return Screen(scrolled(title, top, app.rows, len(lines_), app.cols),
                      [clip(x, app.cols - 1) for x in lines_[top:top + app.rows]])


class Standings(View):
    """Game wins per player in the series; any press returns."""

    def event(self, app, ev):
        app.home()

    def render(self, app):
        series = app.series
        wins = series.wins()
        p = series.game.players
        rows = ["%s %d" % (pad(p[s], name_width(p)), wins[s]) for s in range(len(p))][:app.rows]
        return Screen(clip(app.tr("Series: game %d/%d") % (series.number(), series.length),
                           app.cols), rows)
