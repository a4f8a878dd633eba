"""The history: every entry, one entry's changes (edit, delete, insert before it), undo."""

import sys

from firmware import forget
from firmware.core import score
from firmware.ui import events, lazy, text
from firmware.ui.lazy import Lazy
from firmware.ui.screenmodel import name_width, pad, wrap
from firmware.ui.views import Confirm, ListView, Message, back_to, go_home, reopen
from firmware.words import hand

kinds = Lazy("firmware.ui.entry.start")  # the Flow of an edit or an insert, and the views of its kind
HISTORY = "firmware.ui.screens.history"


def describe(app, game, i):
    """Lines for log[i], every fact whole (the undo and delete questions wrap them): "Giv 2: Bo
    tog 2, Cia 3" or "Felgiv, före giv 6" (two lines when that does not fit: the position never
    breaks)."""
    before = game.fold(game.log[:i])
    after = before.copy()
    score.apply(game.rules, after, game.log[i])
    what = capital(hand.text(phrases(app, game, game.log[i], before, after)))
    if text.counted(before.hands, after.hands):
        return ["%s: %s" % (app.tr("Hand %d") % after.hands, what)]
    where = app.tr("before hand %d") % (before.hands + 1)
    if len(what) + 2 + len(where) <= app.cols:
        return ["%s, %s" % (what, where)]
    return [what + ",", where]


def phrases(app, game, entry, before, after):
    """The facts of entry in the App's language (firmware/words/hand.py)."""
    return hand.phrases(app.lang, game.rules, game.players, entry, before, after)


def capital(words):
    """words as the device's lists begin them, with a capital."""
    return words[:1].upper() + words[1:]


def rows(app, lo, hi):
    """The history's rows (by entry index), rows lo..hi-1 among them: a counted hand by its number
    (Giv N), any other entry indented, by what it is. Kept between screens in
    ``app.history_rows`` (with the entries they were made for and the state after them) until
    their entry, one before it, the language or the panel's width changes, at most two screens of
    them: a row is made once, and one fold (some 1.5 ms an entry on a Pico) makes those missing,
    from the state kept when only new entries are (a hand, then the history: one entry folded)."""
    game = app.series.game
    log = game.log
    t = app.history_rows
    if t is None or t[0] is not game or t[3] != (app.lang, app.cols) or len(t[2]) > 2 * app.rows:
        t = app.history_rows = [game, [], {}, (app.lang, app.cols), None]
    seen, made = t[1], t[2]
    k = 0
    while k < len(seen) and k < len(log) and seen[k] is log[k]:
        k += 1
    if k < len(seen):  # undone, edited, deleted or inserted from entry k on
        for i in [i for i in made if i >= k]:
            del made[i]
        del seen[k:]
        t[4] = game.state if k == len(log) else None
    missing = [i for i in range(lo, hi) if i not in made]
    if missing:
        a = missing[0]
        if t[4] is not None and a >= len(seen):  # (t[4]: the state after seen, never changed here)
            state = t[4].copy()
            for entry in log[len(seen):a]:
                score.apply(game.rules, state, entry)
        else:
            state = game.fold(log[:a])
        for i in range(a, missing[-1] + 1):
            before = state.copy()
            score.apply(game.rules, state, log[i])
            if i not in made:
                what = capital(hand.fit(phrases(app, game, log[i], before, state), app.cols - 4))
                made[i] = ("%2d %s" % (state.hands, what) if text.counted(before.hands, state.hands)
                           else "   " + what)
        t[1] = list(log)
        t[4] = game.state
    return made


def warm(app):
    """While ◀ is held on the scoreboard: the rows the history opens on, made now, so that its
    press only shows them."""
    n = len(app.series.game.log)
    rows(app, max(0, n - app.rows), n)


def ask_undo(app):
    game = app.series.game
    if not game.log:
        # A game resumed from a compacted save starts from a snapshot: say why undo stops.
        text_ = "Older hands were packed to fit the memory." if game.base else "Nothing to undo"
        app.view = Message(app.tr("Undo"), app.tr(text_), go_home)
        return
    i = len(game.log) - 1
    lines = describe(app, game, i)
    limit = getattr(app.store, "undo_limit", None)
    if limit is not None:
        lines.append(app.tr("Undo reaches %d back") % min(limit, len(game.log)))
    app.view = Confirm(app.tr("Undo?"), lines, _undo, go_home)


def _undo(app):
    app.series.game.pop()
    app.committed()


def open_history(app):
    game = app.series.game
    if not game.log:
        app.view = Message(app.tr("History"), app.tr("No hands yet"), go_home)
        return
    app.view = History(len(game.log) - 1)


def detail_at(app, index, cursor, at):
    """Entry index's changes, the cursor on row cursor, back to the history at row at."""
    view = Detail(index, History(at))
    view.cursor = cursor
    app.view = view


def leave_for_entry(app):
    """A hand's entry opened from here comes back by ``Detail.again``: while it is open the history,
    its rows and the wording of entries (firmware/ui/text.py, firmware/words/hand.py) need no RAM
    (the rows from the entry edited on are made again anyway)."""
    app.history_rows = None
    forget(HISTORY)
    forget("firmware.ui.text")
    forget("firmware.words.hand")


class History(ListView):
    """Every entry, oldest first (the cursor starts at the newest); OK shows its changes. A row
    says as many facts of its entry as fit (firmware/words/hand.py ``fit``: "…" where some
    do not); its changes, one OK away, say them all."""

    def __init__(self, cursor):
        ListView.__init__(self)
        self.cursor = cursor
        self.ready = None  # the entry's changes OK going down made (``ahead``)

    def title(self, app):
        return app.tr("History")

    def ahead(self, app, ev):
        """OK going down: the changes of the entry at the cursor, made while it is held (a fold of
        the log to it, its facts in words: some 20 ms on a Pico), so that the press only shows them."""
        self.ready = None
        if ev == events.OK and 0 <= self.cursor < len(app.series.game.log):
            self.ready = Detail(self.cursor, self)
            self.ready.info(app)

    def count(self, app):
        return len(app.series.game.log)

    def render(self, app):
        n = len(app.series.game.log)
        size = app.rows - self.below
        top = self.win.fit(min(self.cursor, n - 1), n, size)  # (as ListView.render will)
        rows(app, top, min(n, top + size))  # the rows on the panel made, one fold for those not kept
        return ListView.render(self, app)

    def label(self, app, i):
        return rows(app, i, i + 1)[i]

    def choose(self, app, i):
        ready, self.ready = self.ready, None
        app.view = ready if ready is not None and ready.index == i else Detail(i, self)

    def leave(self, app):
        app.home()


class Detail(ListView):
    """One entry: each player's score before > after, every fact of it in words (who took what,
    the bid or call made or failed, penalties and their reasons, who went out, a tie, the
    winner: firmware/words/hand.py), then Edit, Delete and Insert a hand before. OK on the
    changes edits them (one press); PREV from the top wraps to Insert and Delete."""

    def __init__(self, index, back):
        ListView.__init__(self)
        self.index = index
        self.back = back
        self.before = None
        self.after = None
        self.lines = None  # (language, the change and why rows): built once
        self.loaded = ()  # type: tuple  # the entry's modules OK going down loaded (``ahead``)

    def event(self, app, ev):
        if self.loaded and ev != events.OK:  # OK held into a long press (back): they are not needed
            self.let_go()
            import gc

            gc.collect()  # their code (some 15 KB) free before the history's rows are made again
        self.loaded = ()
        ListView.event(self, app, ev)

    def let_go(self):
        """The modules OK going down loaded go again."""
        for name in self.loaded:
            forget(name)
        self.loaded = ()

    def states(self, app):
        if self.before is None:
            game = app.series.game
            self.before = game.fold(game.log[:self.index])
            self.after = self.before.copy()
            score.apply(game.rules, self.after, game.log[self.index])
        return self.before, self.after

    def title(self, app):
        before, after = self.states(app)
        return text.entry_name(app.lang, app.series.game.log[self.index][0], before.hands,
                               after.hands, app.cols - 1)  # (its last column: the list's ▼)

    def info(self, app):
        """The rows above the actions: each player's change, then every fact of the entry."""
        if self.lines is None or self.lines[0] != app.lang:
            game = app.series.game
            before, after = self.states(app)
            n = len(game.players)
            w = name_width(game.players, app.cols - 1 - 12)
            first = text.first_seat(before)  # the hand's first to speak, as entry lists them
            rows = []
            for k in range(n):
                s = (first + k) % n
                d = after.scores[s] - before.scores[s]
                if s in before.out:  # out already: nothing moves
                    change = " %s" % app.tr("out")
                elif s in after.out:  # went out in this entry (a failed Rödskägg bid)
                    change = ">" + app.tr("out")
                else:
                    change = ">%s%s" % (pad("%d" % after.scores[s], 4), "%+d" % d if d else "")
                rows.append(("%s%4d%s" % (pad(game.players[s], w), before.scores[s], change)).rstrip())
            rows.extend(wrap(capital(hand.text(phrases(app, game, game.log[self.index], before, after))),
                             app.cols - 1))
            self.lines = (app.lang, rows)
        return self.lines[1]

    def actions(self, app):
        return ((app.tr("Edit"), self.edit), (app.tr("Delete"), self.delete),
                (app.tr("Insert a hand before"), self.insert))

    def count(self, app):
        return len(self.info(app)) + 3

    def label(self, app, i):
        rows = self.info(app)
        return rows[i] if i < len(rows) else self.actions(app)[i - len(rows)][0]

    def choose(self, app, i):
        k = i - len(self.info(app))
        self.actions(app)[max(0, k)][1](app)  # OK on the changes edits them

    def leave(self, app):
        app.view = self.back

    def soon(self, app):
        """The first two of the modules an edit or an insert loads (6.8 KB: the entry's flow and
        start), while the table reads the entry (App.idle); OK going down loads the rest
        (``ahead``): all of them took longer than a short press is held."""
        return app.entry_modules()[:2]

    def ahead(self, app, ev):
        """OK held on the changes or Edit (the entry's kind), or on Insert (a usual hand): the
        modules the entry opens load meanwhile."""
        if ev == events.OK_LONG:  # OK still held: back to the history, which needs them not (the
            self.let_go()  # loop collects their code while the long press is 300 ms off)
            return
        k = self.cursor - len(self.info(app))
        if ev != events.OK or k == 1:  # (Delete asks here first)
            return
        kind = app.series.game.log[self.index][0] if k <= 0 else None
        irregular = kind in (score.MISDEAL, score.FAULT, score.ADJUST)
        names = app.entry_modules(kind if irregular else None, first=True)
        self.loaded = tuple([name for name in names if name not in sys.modules])
        lazy.load_all(names)

    def edit(self, app):
        flow = kinds.Edit(app, self.index, self.again())
        kinds.start(app, flow, kinds.kind_of(flow.old))
        leave_for_entry(app)

    def insert(self, app):
        """A forgotten hand, entered before this one; later hands are scored again."""
        kinds.start(app, kinds.Edit(app, self.index, self.again(), insert=True))
        leave_for_entry(app)

    def again(self):
        """The action back from an edit or insert: this entry's changes again, the cursor where
        it is (reopened: the history lets its code go while the hand's entry is open)."""
        return reopen(HISTORY, "detail_at", self.index, self.cursor, self.back.cursor
                      if isinstance(self.back, History) else self.index)

    def delete(self, app):
        def really(a):
            try:
                a.series.game.delete(self.index)
            except score.EntryError as e:
                if getattr(e, "index", -1) >= a.series.game.base_entries + self.index:
                    e.index += 1  # the index is in the log without this entry: name it as shown
                a.refuse(e, self)
                return
            a.committed()
        app.view = Confirm(app.tr("Delete?"),
                           describe(app, app.series.game, self.index),
                           really, back_to(self))
