"""The chart: every player's score over the last hands."""

from firmware.ui import events
from firmware.ui.screenmodel import Chart, Screen, pad, page_dots, short_names
from firmware.ui.views import View, clip

CHART_HANDS = 16  # the chart shows the last this many hands
CHART_PAGE = 4  # players a chart page at most: their labels stay apart, their leaders short
CHART_NAME = 6  # letters of a label: most names whole (Göran, Stefan), the plot still wide


class ChartView(View):
    """Every player's score after each hand (the last CHART_HANDS), one line and marker
    each, labelled at the line's end. Where the labels do not fit beside the plot (more
    players than text lines below the title, e.g. 5 on 128x32, or than CHART_PAGE,
    e.g. 7 on 128x64: 4 and 3) the players are paged:
    PREV/NEXT show the others, on the same scale. OK or back return; on a single page
    any press does."""

    def __init__(self):
        self.page = 0
        self.cache = None  # (log length, points): folding once, not per page

    def per_page(self, app):
        """Players a page: at most CHART_PAGE (labels further apart than the lines
        below the title would put them run together), the pages evened out (7: 4+3)."""
        n = len(app.series.game.players)
        k = max(1, min(app.rows, CHART_PAGE))
        pages = (n + k - 1) // k
        return max(1, (n + pages - 1) // pages)

    def pages(self, app):
        n = len(app.series.game.players)
        k = self.per_page(app)
        return (n + k - 1) // k

    def event(self, app, ev):
        pages = self.pages(app)
        if pages > 1 and ev in (events.PREV, events.NEXT):
            self.page = (self.page + (1 if ev == events.NEXT else -1)) % pages
        else:
            app.home()

    def points(self, app):
        """(first hand number, [scores after each hand]): the start, every hand the table
        counts, and the scores now when entries followed the last hand."""
        game = app.series.game
        if self.cache is not None and self.cache[0] == len(game.log) and self.cache[1] is game:
            return self.cache[2]
        first = game.fold([])
        pts = [(first.hands, tuple(first.scores))]
        last = first.hands
        now = None
        for st in game.states():
            if st.hands > last:
                pts.append((st.hands, tuple(st.scores)))
                last = st.hands
                now = None
            else:
                now = (st.hands, tuple(st.scores))
        if now is not None and now[1] != pts[-1][1]:
            pts.append(now)
        pts = pts[-(CHART_HANDS + 1):]
        self.cache = (len(game.log), game, pts)
        return pts

    def render(self, app):
        game = app.series.game
        n = len(game.players)
        pts = self.points(app)
        lo = min(min(p[1]) for p in pts)
        hi = max(max(p[1]) for p in pts)
        if hi == lo:
            hi = lo + 1
        pages = self.pages(app)
        if self.page >= pages:
            self.page = 0
        k = self.per_page(app)
        seats = range(self.page * k, min(n, self.page * k + k))
        names = short_names(game.players, CHART_NAME)
        series = tuple(tuple(p[1][s] for p in pts) for s in seats)
        head = app.tr("Chart")
        a = max(pts[0][0], 1)
        b = pts[-1][0]
        span = app.tr("Hand %d") % b if a >= b else "%s-%d" % (app.tr("Hand %d") % a, b)
        if b == 0:
            span = app.tr("no hands yet")  # not "hand 0": only the start is drawn
        title = head + " " + span.lower() if app.lang == "sv" else head + ", " + span
        dots = page_dots(self.page, pages) if pages > 1 else ""
        if len(title) + len(dots) + 1 > app.cols:
            title = span
        if dots:
            title = pad(title, app.cols - len(dots)) + dots
        return Screen(clip(title, app.cols), (), -1,
                      Chart(series, min(lo, 0), hi, tuple(names[s] for s in seats), seats))
