"""One entry of the history: each player's change, why, and its edit, delete and insert before it
(loaded when one opens: firmware/ui/screens/history.py's list, its ``back``, loads it while OK
is held, and gives it the entries' fold and the words of the delete's question)."""

from firmware import forget
from firmware.core import score
from firmware.ui import events, lazy, text
from firmware.ui.lazy import Lazy
from firmware.ui.screenmodel import name_width, pad, wrap
from firmware.ui.views import Confirm, ListView, back_to, reopen

kinds = Lazy("firmware.ui.entry.start")  # the Flow of an edit or an insert, and the views of its kind
DETAIL = "firmware.ui.screens.detail"
HISTORY = "firmware.ui.screens.history"  # (the list it came from, reopened after an edit: ``again``)


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


def leave_for_entry():
    """A hand's entry opened from here comes back by ``Detail.again``: while it is open the history,
    this module and the wording of entries (firmware/ui/text.py) need no RAM."""
    forget(HISTORY)
    forget(DETAIL)
    forget("firmware.ui.text")


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
        hands = self.back.tally(app)[0]
        return text.entry_name(app.lang, app.series.game.log[self.index][0], hands[self.index],
                               hands[self.index + 1], app.cols - 1)  # (its last column: the list's ▼)

    def info(self, app):
        """The rows above the actions: each player's change, then why."""
        if self.lines is None or self.lines[0] != app.lang:
            game = app.series.game
            _hands, firsts, scores = self.back.tally(app)
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
        return reopen(HISTORY, "detail_at", self.index, self.cursor, self.back.cursor)

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
                           self.back.describe(app, self.index),
                           really, back_to(self))
