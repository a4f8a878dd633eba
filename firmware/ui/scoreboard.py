"""The scoreboard: the view a table looks at most (every player's score, who deals, who speaks
first), always loaded beside the App (firmware/ui/app.py) that opens it after every change."""

from firmware.ui import events, lazy
from firmware.ui.lazy import Lazy
from firmware.ui.screenmodel import Screen, name_width, pad, page_dots
from firmware.ui.views import View, clip

chart = Lazy("firmware.ui.screens.chart")
history = Lazy("firmware.ui.screens.history")  # the history of entries, one entry's changes, undo
menu = Lazy("firmware.ui.screens.menu")
result = Lazy("firmware.ui.screens.result")  # the winner screen, the series standings


class Scoreboard(View):
    """Every player's score: * deals, > speaks first, = plays the extra hand, 'out'.

    OK: enter a hand (the winner screen once the game is over); NEXT: menu;
    PREV: history; PREV_LONG: undo; NEXT_LONG: chart. When the players do not fit
    (more than 3 on 128x32) the board opens on the page of the first speaker, the
    title shows one dot per page (the shown one filled), and PREV shows the next page;
    after the last one it opens the history.
    """

    def __init__(self):
        self.page = -1  # the first speaker's page, chosen when first drawn
        self.seen = 1  # pages shown since the board opened

    def per_page(self, app):
        return app.big_rows if app.big and app.big_rows >= 2 else app.rows

    def pages(self, app):
        n = len(app.series.game.players)
        k = self.per_page(app)
        return (n + k - 1) // k

    def first_page(self, app):
        st = app.series.game.state
        speaker = st.first_to_speak()
        return speaker // self.per_page(app) if speaker >= 0 else 0

    def opens(self, app, ev):
        """The module the press ev opens from here (None: a hand's, or none)."""
        if ev == events.OK:
            return result.name if app.over() else None
        if ev == events.NEXT:
            return menu.name
        if ev == events.NEXT_LONG:
            return chart.name
        if ev == events.PREV_LONG or (ev == events.PREV and self.seen >= self.pages(app)):
            return history.name
        return None

    def ahead(self, app, ev):
        """A key went down: load what its press opens (a hand's modules for OK, those App.idle has
        not loaded yet; NEXT the menu; PREV the history where it opens it, its rows made too);
        still held (ev: its long press's, App.ahead): what the long press opens as well (the
        chart, drawn too, or the undo's history)."""
        if ev == events.OK and not app.over():
            lazy.load_all(app.hand_modules())
            return None
        short = ev - events.LONG if ev > events.BACK else None  # (held: the short press's stay)
        names = [n for n in (self.opens(app, ev), self.opens(app, short)) if n]
        if names:
            lazy.release_all(names)  # the hand's modules go now rather than when it opens
        lazy.load_all(names)
        if history.name in names:
            history.warm(app)  # its rows made now, not in the press
        if ev == events.NEXT_LONG:
            return chart.ChartView().render(app).chart  # (drawn now too: App.ahead)
        return None

    def event(self, app, ev):
        game = app.series.game
        if ev == events.OK and not game.state.over():
            app.enter()  # with what App.idle (or ahead) loaded for it
            return
        opens = self.opens(app, ev)
        lazy.release_all((opens,) if opens else ())  # another screen: a hand's modules go first
        if ev == events.OK:
            app.view = result.Winner()
        elif ev == events.NEXT:
            app.view = menu.main_menu(app)
        elif ev == events.PREV:
            pages = self.pages(app)
            if self.seen < pages:
                self.page = (max(0, self.page) + 1) % pages
                self.seen += 1
            else:
                history.open_history(app)
        elif ev == events.PREV_LONG:
            history.ask_undo(app)
        elif ev == events.NEXT_LONG:
            app.view = chart.ChartView()

    def title(self, app):
        series = app.series
        game = series.game
        st = game.state
        if st.over():
            head = app.tr("%s won") % game.players[st.winner]
        else:
            head = app.tr("Hand %d") % (st.hands + 1)
            if st.tied:
                head += " " + app.tr("Extra")
        tail = ""
        pages = self.pages(app)
        if pages > 1:
            tail = page_dots(max(0, self.page), pages)
        if app.exporter is not None and not app.writable():
            # The boot button was held: the computer owns the drive, nothing is exported.
            tail += (" " if tail else "") + "USB"
        room = app.cols - (len(tail) + 1 if tail else 0)
        pot = app.tr("Pot %d") % st.pot if game.rules.pot and not st.over() else ""
        of = " %d/%d" % (series.number(), series.length) if series.length > 1 else ""
        if pot and len(head) + 1 + len(pot) + len(of) > room:
            pot = "P%d" % st.pot  # tight (128x32 with pages): the short form
        if len(head) + len(pot) + 1 + len(of) > room:
            of = ""  # the series standing is on its own screen
        if pot:
            head += " " + pot
        head += of
        if tail:
            head = pad(clip(head, app.cols - len(tail) - 1), app.cols - len(tail)) + tail
        return clip(head, app.cols)

    def row(self, app, seat):
        series = app.series
        game = series.game
        st = game.state
        mark = "*" if seat == st.dealer else " "
        mark += ">" if seat == st.first_to_speak() else " "
        tail = ""
        if seat in st.out:
            tail += " " + app.tr("out")
        elif seat in st.tied:
            tail += " ="
        elif seat == st.winner:
            tail += " !"
        if game.rules.pot:
            tail += " %+d" % st.balance[seat]
        if series.length > 1:
            tail += " %d" % series.wins()[seat]
        w = name_width(game.players, app.cols - 6 - len(tail))
        return clip("%s%s%4d%s" % (mark, pad(game.players[seat], w), st.scores[seat], tail), app.cols)

    def big_row(self, app, seat):
        """A big row (big_cols wide): a mark, the name, the score ("ut" once out)."""
        st = app.series.game.state
        mark = "*" if seat == st.dealer else ">" if seat == st.first_to_speak() else \
            "=" if seat in st.tied else " "
        score_ = app.tr("out") if seat in st.out else "%d" % st.scores[seat]
        room = app.big_cols - 2 - len(score_)
        name = app.series.game.players[seat][:room]
        return mark + pad(name, room) + " " + score_

    def render(self, app):
        n = len(app.series.game.players)
        if self.page < 0 or self.page >= self.pages(app):
            self.page = self.first_page(app) if self.page < 0 else 0
        k = self.per_page(app)
        big = k != app.rows
        top = self.page * k
        row = self.big_row if big else self.row
        rows = [row(app, s) for s in range(top, min(n, top + k))]
        if len(rows) < k and self.pages(app) > 1 and self.seen >= self.pages(app):
            rows.append("\u25c0 " + app.tr("History"))  # where PREV goes from here
        if app.series.game.state.tied and len(rows) < app.rows and not big:
            rows.append(clip(app.tr("= level: extra hand"), app.cols))  # what the marks mean
        return Screen(self.title(app), rows, big=big)
