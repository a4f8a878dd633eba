"""The history: every entry, newest last, and the undo (one entry's changes, its edit, delete and
insert: detail.py, loaded when one opens).

What it reads of the entries is one fold of the log, kept in ``app.tally`` between screens
(``tally``): a fold costs some 1.5 ms an entry on a Pico, and a game of 40 hands was 60 ms each
time the history opened; now each entry is folded once, and again only from an entry that
changed. Its rows stay beside it (``rows``).
"""

from array import array

from firmware.core import score
from firmware.ui import events, lazy
from firmware.ui.lazy import Lazy
from firmware.ui.views import Confirm, ListView, Message, go_home

detail = Lazy("firmware.ui.screens.detail")  # an entry's changes, edit, delete, insert before it
HISTORY = "firmware.ui.screens.history"


def first_seat(state):
    """The seat a hand from state lists first: the first to speak (left of the dealer),
    as entering that hand does; seat 0 once nobody speaks (the game is over)."""
    s = state.first_to_speak()
    return s if s >= 0 else 0


def tally(app):
    """What the history reads of the game's entries: (hands, first, scores), where
    hands[i] is the hands counted after the first i entries (hands[0]: at the start), first[i] the
    seat entry i's lists start at (``first_seat`` of that state) and scores[i * n:i * n + n] the n
    players' scores after i entries. Kept in app.tally between screens, brought up to date by
    folding only the entries it has not seen; undo keeps what it had of the rest."""
    game = app.series.game
    log = game.log
    t = app.tally
    if t is None or t[0] is not game:
        st = game.fold([])
        t = app.tally = [game, [], array("H", (st.hands,)), bytearray((first_seat(st),)), array("h", st.scores), st,
                         {}, None]
    seen = t[1]
    k = 0
    while k < len(seen) and k < len(log) and seen[k] is log[k]:
        k += 1
    if k < len(seen):  # undone, edited, deleted or inserted from entry k on
        n = game.state.n
        del seen[k:]
        t[2] = t[2][:k + 1]
        t[3] = t[3][:k + 1]
        t[4] = t[4][:(k + 1) * n]
        t[5] = game.state if k == len(log) else game.fold(log[:k])
        for i in [i for i in t[6] if i >= k]:
            del t[6][i]
    if k < len(log):
        rules = game.rules
        st = t[5].copy()  # (t[5] may be the game's own state: never changed here)
        for entry in log[k:]:
            score.apply(rules, st, entry)
            seen.append(entry)
            t[2].append(st.hands)
            t[3].append(first_seat(st))
            t[4].extend(st.scores)
        t[5] = game.state  # (the same scores: the copy can go)
    return t[2], t[3], t[4]


def rows(app):
    """The history's rows made so far, by entry, kept with the tally (call it first): a row stays
    until its entry or one before it changes, or the language or the panel's width does; at most
    two screens of them."""
    t = app.tally
    if t[7] != (app.lang, app.cols) or len(t[6]) > 2 * app.rows:
        t[6] = {}
        t[7] = (app.lang, app.cols)
    return t[6]


def describe(app, game, i):
    """Lines for log[i]: "Giv 2: Anna tog 2, Bo 3" or "Knackfel Anna, före giv 6" (two lines when
    that does not fit: the position never breaks)."""
    hands, firsts, _scores = tally(app)
    before = hands[i]
    after = hands[i + 1]
    what = summary(app, game, game.log[i], 99, firsts[i])  # every player, whole: the question wraps
    if after > before:  # a counted hand (firmware/ui/text.py counted)
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


def open_history(app):
    game = app.series.game
    if not game.log:
        app.view = Message(app.tr("History"), app.tr("No hands yet"), go_home)
        return
    app.view = History(len(game.log) - 1)


def detail_at(app, index, cursor, at):
    """Entry index's changes, the cursor on row cursor, back to the history at row at."""
    view = detail.Detail(index, History(at))
    view.cursor = cursor
    app.view = view


def label(app, i):
    """History row i: a counted hand by its number (Giv N); any other entry indented, by what it
    is. Made once (``rows`` keeps it)."""
    hands, firsts, _scores = tally(app)
    made = rows(app)
    got = made.get(i)
    if got is None:
        game = app.series.game
        what = summary(app, game, game.log[i], app.cols - 4, firsts[i])
        got = made[i] = "%2d %s" % (hands[i + 1], what) if hands[i + 1] > hands[i] else "   " + what
    return got


def warm(app):
    """While ◀ is held on the scoreboard: the rows the history opens on, made now, so that its
    press only shows them."""
    n = len(app.series.game.log)
    for i in range(max(0, n - app.rows), n):
        label(app, i)


class History(ListView):
    """Every entry, oldest first (the cursor starts at the newest); OK shows its changes."""

    def __init__(self, cursor):
        ListView.__init__(self)
        self.cursor = cursor

    def title(self, app):
        return app.tr("History")

    def count(self, app):
        return len(app.series.game.log)

    def label(self, app, i):
        return label(app, i)

    def choose(self, app, i):
        app.view = detail.Detail(i, self)

    def describe(self, app, i):
        """Entry i in words, for its changes' delete question (detail.py)."""
        return describe(app, app.series.game, i)

    def tally(self, app):
        """The entries' fold (``tally``), for their changes (detail.py)."""
        return tally(app)

    def ahead(self, app, ev):
        """OK going down: an entry's changes (their module) load meanwhile."""
        if ev == events.OK:
            lazy.load_all((detail.name,))

    def leave(self, app):
        app.home()
