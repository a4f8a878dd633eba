"""Generic views of the UI state machine: lists, messages, questions (the menu's list is
firmware/ui/screens/menu.py's, the walk of value rows firmware/ui/entry/irregular.py's: each
is loaded with its only user).

A view takes logical events (``event(app, ev)``) and draws itself
(``render(app)`` -> Screen). It changes screens by setting ``app.view``.
Rows are built only for the lines that show, so long lists cost no RAM.
"""

from firmware.ui import events, lazy
from firmware.ui.screenmodel import Screen, wrap


def is_back(ev):
    """BACK, or a long OK on three-button builds."""
    return ev == events.BACK or ev == events.OK_LONG


def clip(text, width):
    """text cut to width characters. A text too long first gives up the spaces that only
    separate, the rightmost first: a column's padding (a run of spaces one shorter), then the
    space after a colon; so that what a table reads stays whole ("Bo       5*    12>out",
    "Giv 11:Åsa-Lena bjöd")."""
    while len(text) > width:
        at = text.rfind("  ")
        if at < 0:
            at = text.rfind(": ") + 1
            if at <= 0:
                return text[:width]
        text = text[:at] + text[at + 1:]
    return text


def scrolled(title, top, shown, count, cols):
    """The title of a list that shows rows top.. (shown of count): when they do not all fit,
    its last character says where more are, ▼ below (▲ only above)."""
    if count <= shown:
        return clip(title, cols)
    return clip(title, cols - 1) + ("▼" if top + shown < count else "▲")


def go_home(app):
    """An action: the scoreboard (the set-up when there is no game)."""
    app.home()


def back_to(view):
    """An action that shows ``view`` again."""
    def go(app):
        app.view = view
    return go


class Reopen:
    """An action that opens a screen of module ``name`` again, ``opener(app, *args)``: unlike
    back_to it holds nothing of that module, which may be let go meanwhile (firmware/ui/lazy.py
    loads it again). What the screen it leaves loaded (a hand's entry, back to the history) goes
    first, so that the collection before that load frees it."""

    def __init__(self, name, opener, args):
        self.name = name
        self.opener = opener
        self.args = args

    def __call__(self, app):
        self.ahead(app)
        getattr(lazy.load(self.name), self.opener)(app, *self.args)

    def ahead(self, app):
        """The key that takes this action is down, and nothing else can come of it (the back key:
        short or long, it is back): the modules go and the module loads while it is held, so that
        the press only opens the screen (an edit left for the history: 126 ms, some 60 of them
        the history's imports)."""
        lazy.release_all((self.name,))
        lazy.load(self.name)


def reopen(name, opener, *args):
    return Reopen(name, opener, args)


class View:
    """Base: a screen that ignores every event."""

    def event(self, app, ev):
        pass

    def ahead(self, app, ev):
        """A key went down whose press will be ev: load now what that press opens (App.ahead);
        the chart that press will show, if it does."""

    def soon(self, app):
        """The modules the next press here is likely to open, loaded while the screen waits for it
        (App.idle): none but where a screen leads one way."""
        return ()

    def render(self, app):
        return Screen("")


class Window:
    """Keeps a cursor visible in a window of ``size`` rows."""

    def __init__(self):
        self.top = 0

    def fit(self, cursor, count, size):
        top = self.top
        if cursor >= 0:
            if cursor < top:
                top = cursor
            elif cursor >= top + size:
                top = cursor - size + 1
        top = max(0, min(top, count - size))
        self.top = top
        return top


class ListView(View):
    """A list of rows with a cursor: PREV/NEXT move (wrapping), OK chooses, back leaves.

    Subclasses give ``count(app)``, ``label(app, i)``, ``choose(app, i)`` and
    ``leave(app)``; ``title(app)`` is the title line.
    """

    cursor = 0
    below = 0  # the panel's rows kept below the list (a pick list's hint)

    def __init__(self):
        self.win = Window()

    def title(self, app):
        return ""

    def count(self, app):
        return 0

    def label(self, app, i):
        return ""

    def choose(self, app, i):
        pass

    def leave(self, app):
        app.home()

    def long_next(self, app):
        pass

    def long_prev(self, app):
        pass

    def event(self, app, ev):
        n = self.count(app)
        if is_back(ev):
            self.leave(app)
        elif ev == events.PREV:
            if n:
                self.cursor = (self.cursor - 1) % n
        elif ev == events.NEXT:
            if n:
                self.cursor = (self.cursor + 1) % n
        elif ev == events.OK:
            if 0 <= self.cursor < n:
                self.choose(app, self.cursor)
        elif ev == events.NEXT_LONG:
            self.long_next(app)
        elif ev == events.PREV_LONG:
            self.long_prev(app)

    def render(self, app):
        n = self.count(app)
        if self.cursor >= n:
            self.cursor = max(0, n - 1)
        size = app.rows - self.below
        top = self.win.fit(self.cursor, n, size)
        rows = [clip(self.label(app, i), app.cols - 1) for i in range(top, min(n, top + size))]
        return Screen(scrolled(self.title(app), top, size, n, app.cols), rows, self.cursor - top if n else -1)


class Message(View):
    """A title and wrapped text; any press goes on (``done(app)``), PREV/NEXT scroll long text."""

    def __init__(self, title, text, done):
        self.head = title
        self.text = text
        self.done = done
        self.top = 0

    def event(self, app, ev):
        lines = wrap(self.text, app.cols)
        if ev == events.NEXT and self.top + app.rows < len(lines):
            self.top += 1
        elif ev == events.PREV and self.top > 0:
            self.top -= 1
        else:
            self.done(app)

    def render(self, app):
        lines = wrap(self.text, app.cols)
        return Screen(scrolled(self.head, self.top, app.rows, len(lines), app.cols),
                      lines[self.top:self.top + app.rows])


class Confirm(View):
    """A question: OK does it (``yes(app)``), back (or PREV/NEXT) does not (``no(app)``);
    where its text does not fit the panel, PREV/NEXT scroll it (the title says so).
    ``opens``: the modules yes loads, loaded while OK is held."""

    def __init__(self, title, lines, yes, no, opens=()):
        self.head = title
        self.lines = lines
        self.yes = yes
        self.no = no
        self.opens = opens
        self.top = 0

    def ahead(self, app, ev):
        if ev == events.OK:
            lazy.load_all(self.opens)

    def text(self, app):
        rows = []
        for line in self.lines:
            rows.extend(wrap(line, app.cols))
        return rows

    def event(self, app, ev):
        more = len(self.text(app)) - max(1, app.rows - 1)
        if ev == events.OK:
            self.yes(app)
        elif ev in (events.PREV, events.NEXT) and more > 0:
            self.top = max(0, min(more, self.top + (1 if ev == events.NEXT else -1)))
        elif is_back(ev) or ev in (events.PREV, events.NEXT):
            self.no(app)

    def render(self, app):
        rows = self.text(app)
        room = max(1, app.rows - 1)
        title = scrolled(self.head, self.top, room, len(rows), app.cols)
        rows = rows[self.top:self.top + room]
        no = "OK: yes, back: no" if app.back_key else "OK: yes, hold OK: no"  # three buttons
        rows.append(clip(app.tr(no), app.cols))
        return Screen(title, rows)
