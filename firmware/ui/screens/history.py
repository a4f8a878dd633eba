"""The history: every entry, one entry's changes (edit, delete, insert before it), undo."""

from firmware import forget
from firmware.core import score
from firmware.ui import events, lazy, text
from firmware.ui.lazy import Lazy
from firmware.ui.screenmodel import name_width, pad, wrap
from firmware.ui.views import Confirm, ListView, Message, back_to, go_home, reopen

kinds = Lazy("firmware.ui.entry.start")  # the Flow of an edit or an insert, and the views of its kind
HISTORY = "firmware.ui.screens.history"


def describe(app, game, i):
    """Lines for log[i]: "Giv 2: Anna tog 2, Bo 3" or "Knackfel Anna, före giv 6" (two lines when
    that does not fit: the position never breaks)."""
    hands, firsts, _scores = text.tally(app)
    before = hands[i]
    after = hands[i + 1]
    what = summary(app, game, game.log[i], 99, firsts[i])  # every player, whole: the question wraps
    if text.counted(before, after):
        return ["%s: %s" % (app.tr("Hand %d") % after, what)]
    where = app.tr("before hand %d") % (before + 1)
    if len(what) + 2 + len(where) <= app.cols:
        return ["%s, %s" % (what, where)]
    return [what + ",", where]


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


def summary(app, game, entry, width=None, first=0):
    """One line in words for an entry (history rows, the undo question), at most width
    characters: "Bo tog 3, Cia 2", "Rop: Dan tog 5", "Bo bjöd 3 tog 4", "Rättelse Bo +3".
    Players are listed from seat ``first`` on (that hand's first to speak, as entry lists
    them; a caller first); where that does not fit, names shorten to 3 letters, then 2, and
    then the line ends with "…" after the players who took most (the entry's changes say all)."""
    p = game.players
    kind = entry[0]
    order = [(first + k) % len(p) for k in range(len(p))]
    if width is None:
        width = app.cols - 1
    if kind == score.PLAY:
        seats = [s for s in order if entry[1][s] >= 0]
        if entry[2] >= 0:
            seats.remove(entry[2])
            seats.insert(0, entry[2])  # the caller first
        lead = app.tr("Call: %s took %d" if entry[2] >= 0 else "%s took %d")
        return _fit(width, seats, lambda s, k, i: (lead if i == 0 else "%s %d") % (p[s][:k], entry[1][s]),
                    lambda s: -entry[1][s])
    if kind == score.ADJUST:
        word = app.tr("Correction") + " "
        return word + _fit(width - len(word), [s for s in order if entry[1][s]],
                           lambda s, k, i: "%s %+d" % (p[s][:k], entry[1][s]), lambda s: -abs(entry[1][s]))
    if kind == score.BID:
        who = entry[1]
        if entry[2] == score.BID_R:  # (made: the game is won; its tricks are in the changes)
            return _fit(width, [who], lambda s, k, i: app.tr("%s bid %s") % (p[s][:k], "Rödskägg"))
        return _fit(width, [who], lambda s, k, i: app.tr("%s bid %s took %d") % (p[s][:k], entry[2],
                                                                                 entry[3][s]))
    if kind == score.LONE:
        return _fit(width, [entry[1]], lambda s, k, i: app.tr("%s alone") % p[s][:k])
    if kind == score.ALL_PASS:
        return app.tr("All pass")
    if kind == score.MISDEAL:
        return app.tr("Misdeal") + ("" if entry[1] else " " + app.tr("no knock"))
    return _fit(width, [entry[1]], lambda s, k, i: "%s %s" % (app.tr("Fault"), p[s][:k]))


def _fit(width, seats, part, rank=None):
    """The parts of seats (``part(seat, letters of the name, i)``) joined into at most width
    characters: whole names with ", ", then 3 letters, without commas; then the first part and
    those that fit by rank, in seat order, and "…" (names of 3 letters, or fewer where the
    first part needs it)."""
    text = ""
    for k, sep in ((8, ", "), (3, ", "), (3, " ")):
        text = sep.join([part(seats[i], k, i) for i in range(len(seats))])
        if len(text) <= width:
            return text
    if rank is None:
        return text[:width]
    rest = [(rank(seats[i]), i) for i in range(1, len(seats))]
    rest.sort()  # most first, then in seat order: no ties (CircuitPython's sort is not stable)
    for k in (3, 2, 1):  # the longest names the first part fits with
        room = width - 1 - len(part(seats[0], k, 0))
        if room >= 0:
            break
    shown = [0]
    for _r, i in rest:
        room -= 2 + len(part(seats[i], k, 1))
        if room < 0:
            break
        shown.append(i)
    shown.sort()  # in seat order, as the entry lists them
    return ", ".join([part(seats[i], k, i) for i in shown])[:width - 1] + "…"


def reasons(app, game, entry):
    """Why the rules added points in entry, a line each: a penalty and its reason, a failed
    Rödskägg call or bid, a joiner without a trick; the reason of a fault or a correction."""
    p = game.players
    kind = entry[0]
    out = []
    if kind == score.PLAY and entry[2] >= 0:
        made = entry[1][entry[2]] == game.rules.tricks_per_hand
        out.append(app.tr("%s called Rödskägg: made" if made else "%s called Rödskägg: failed")
                   % p[entry[2]])
    elif kind == score.BID:
        who, bid, tricks = entry[1], entry[2], entry[3]
        if tricks[who] < (game.rules.tricks_per_hand if bid == score.BID_R else bid):
            out.append(app.tr("%s bid %s: failed") % (p[who], "R" if bid == score.BID_R else bid))
        for s in range(len(p)):
            if entry[4] >> s & 1 and not tricks[s]:
                out.append(app.tr("%s joined, took no trick") % p[s])
    if kind in (score.PLAY, score.BID):
        for s, why in entry[-1]:
            out.append(app.tr("Penalty %s: %s") % (p[s], app.tr(why)))
    elif kind in (score.FAULT, score.ADJUST) and entry[2]:
        out.append(app.tr("Reason: %s") % app.tr(entry[2]))
    return out


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


def leave_for_entry():
    """A hand's entry opened from here comes back by ``Detail.again``: while it is open the history
    and the wording of entries (firmware/ui/text.py) need no RAM."""
    forget(HISTORY)
    forget("firmware.ui.text")


class History(ListView):
    """Every entry, oldest first (the cursor starts at the newest); OK shows its changes."""

    def __init__(self, cursor):
        ListView.__init__(self)
        self.cursor = cursor
        self.labels = {}  # the rows made so far, by entry: a move of the cursor makes one or none

    def title(self, app):
        return app.tr("History")

    def count(self, app):
        return len(app.series.game.log)

    def label(self, app, i):
        """A counted hand by its number (Giv N); any other entry indented, by what it is."""
        got = self.labels.get(i)
        if got is None:
            game = app.series.game
            hands, firsts, _scores = text.tally(app)
            what = summary(app, game, game.log[i], app.cols - 4, firsts[i])
            got = "%2d %s" % (hands[i + 1], what) if text.counted(hands[i], hands[i + 1]) else "   " + what
            self.labels[i] = got
        return got

    def choose(self, app, i):
        app.view = Detail(i, self)

    def leave(self, app):
        app.home()


class Detail(ListView):
    """One entry: each player's score before > after, why when the rules added points (a
    penalty and its reason, a failed call or bid, a reason), then Edit, Delete and
    Insert a hand before. OK on the changes edits them (one press); PREV from the top
    wraps to Insert and Delete."""

    def __init__(self, index, back):
        ListView.__init__(self)
        self.index = index
        self.back = back
        self.lines = None  # (language, the change and why rows): built once

    def title(self, app):
        hands = text.tally(app)[0]
        return text.entry_name(app.lang, app.series.game.log[self.index][0], hands[self.index],
                               hands[self.index + 1], app.cols - 1)  # (its last column: the list's ▼)

    def info(self, app):
        """The rows above the actions: each player's change, then why."""
        if self.lines is None or self.lines[0] != app.lang:
            game = app.series.game
            _hands, firsts, scores = text.tally(app)
            n = len(game.players)
            w = name_width(game.players, app.cols - 1 - 12)
            first = firsts[self.index]  # the hand's first to speak, as entry lists them
            at = self.index * n  # the scores before the entry, then after it
            rows = []
            for k in range(n):
                s = (first + k) % n
                before = scores[at + s]
                after = scores[at + n + s]
                d = after - before
                rows.append(("%s%4d>%s%s" % (pad(game.players[s], w), before, pad("%d" % after, 4),
                                             "%+d" % d if d else "")).rstrip())
            for why in reasons(app, game, game.log[self.index]):
                rows.extend(wrap(why, app.cols - 1))
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

    def ahead(self, app, ev):
        """OK held on the changes or Edit (the entry's kind), or on Insert (a usual hand): the
        modules the entry opens load meanwhile."""
        k = self.cursor - len(self.info(app))
        if ev != events.OK or k == 1:  # (Delete asks here first)
            return
        kind = app.series.game.log[self.index][0] if k <= 0 else None
        irregular = kind in (score.MISDEAL, score.FAULT, score.ADJUST)
        lazy.load_all(app.entry_modules(kind if irregular else None))

    def edit(self, app):
        flow = kinds.Edit(app, self.index, self.again())
        kinds.start(app, flow, kinds.kind_of(flow.old))
        leave_for_entry()

    def insert(self, app):
        """A forgotten hand, entered before this one; later hands are scored again."""
        kinds.start(app, kinds.Edit(app, self.index, self.again(), insert=True))
        leave_for_entry()

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
