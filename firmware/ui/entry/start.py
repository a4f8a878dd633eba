"""Opens the views of one kind of entry, each kind in its own module, imported only when one
is entered (firmware/ui/lazy.py lets them go on the scoreboard). The kinds do not import this.
Here too the Flow of an edit from the history (``Edit``): opening any entry loads this module, and
the hand's entry lets it go (a new hand's Flow, firmware/ui/entry/flow.py, holds none of it)."""

from firmware.core import score
from firmware.core.errors import EntryError
from firmware.ui.entry.flow import ALL_PASSED, PASS, Flow, Hand, anew


def start(app, flow, kind=None):
    """Open the entry views for a hand of kind (None: the preset's usual hand)."""
    back = flow.back
    if kind is None:
        if flow.rules.bidding:
            from firmware.ui.entry.bidding import Bidding

            Bidding(app, flow)
        else:
            from firmware.ui.entry.fem import FemWalk

            app.view = FemWalk(app, flow)
        return
    if kind == score.ALL_PASS:  # fem's menu: one choice instead of a pass per player
        flow.check(app, (score.ALL_PASS,), back)
        return
    from firmware.ui.entry import irregular

    if kind == score.MISDEAL:
        irregular.misdeal(app, flow, back)
    elif kind == score.FAULT:
        irregular.fault(app, flow, back)
    elif kind == score.ADJUST:
        app.view = irregular.AdjustWalk(app, flow, back)


def take(hand, old):
    """hand takes the values of entry old (an edit starts on them)."""
    kind = old[0]
    tricks = None
    if kind == score.PLAY:
        tricks = list(old[1])
        hand.update("call", old[2])
        hand.update("faults", old[3])
    elif kind in (score.LONE, score.ALL_PASS) and hand.fem:
        tricks = [PASS] * len(hand.tricks)
        if kind == score.LONE:
            tricks[old[1]] = 1
    elif kind == score.ALL_PASS:
        hand.update("declarer", ALL_PASSED)
    elif kind == score.BID:
        hand.update("declarer", old[1])  # (first: a new declarer's row starts afresh)
        hand.update("bid", old[2])
        hand.update("joined", old[4])
        hand.update("faults", old[5])
        tricks = list(old[3])
    elif kind == score.MISDEAL:
        hand.update("knocked", old[1])
    elif kind == score.FAULT:
        hand.update("seat", old[1])
        hand.update("reason", old[2])
    elif kind == score.ADJUST:
        hand.update("deltas", list(old[1]))
        hand.update("reason", old[2])
    if tricks is not None:
        hand.update("tricks", tricks)


def kind_of(entry):
    """The kind start() needs to edit entry."""
    if entry[0] in (score.MISDEAL, score.FAULT, score.ADJUST):
        return entry[0]
    return None


class Edit(Flow):
    """The entry replaces log[index], or, with insert, goes in before it; the later entries are
    scored again when it is saved."""

    def __init__(self, app, index, back, insert=False):
        Flow.__init__(self, app, back)
        self.index = index
        self.insert = insert
        self.state = self.game.fold(self.game.log[:index])
        self.old = None if insert else self.game.log[index]
        self.hand = Hand(self.state.n, not self.rules.bidding)
        if self.old is not None:
            take(self.hand, self.old)  # the values of the entry edited
        # (entry, the whole game's state after it or a later entry's EntryError, the state of the
        # entries that stand before that one)
        self.folded = None

    def shown(self, e):
        """e (a later entry's EntryError) with its index as the history shows the log now (an
        insert moves the later entries one on): a new error, e is kept as it is."""
        index = e.index
        if self.insert and index >= 0:
            k = index - self.game.base_entries
            index = -1 if k == self.index else index - 1 if k > self.index else index
        return anew(e, index)

    def folds(self, entry):
        """The game's state once entry is saved and the later entries are scored again, or the
        EntryError of a later entry it makes impossible (the last one asked is kept)."""
        if self.folded is None or self.folded[0] != entry:
            self.folded = None  # (the last one's state is garbage before this one is made)
            log = self.game.log
            got = stands = None
            try:  # from the state before the entry (as game.fold would number a later one)
                got = stands = self.scored(entry).copy()
                k = self.index + (0 if self.insert else 1)
                i = self.index + 1
                while k < len(log):
                    try:
                        score.apply(self.rules, got, log[k])
                    except EntryError as e:
                        raise anew(e, self.game.base_entries + i)
                    k += 1
                    i += 1
            except EntryError as e:  # (apply refuses before it changes the state: stands stands)
                got = e
            self.folded = (entry, got, stands)
        return self.folded[1]

    def whole(self, entry):
        """The game's state once entry is saved and the later entries are scored again; raises
        the EntryError of a later entry it makes impossible."""
        got = self.folds(entry)
        if isinstance(got, EntryError):
            raise anew(got)
        return got

    def breaks(self, entry):
        return isinstance(self.folds(entry), EntryError)

    def totals(self, entry):
        """Now > after the whole change; where it makes a later entry impossible (the preview
        says to delete it first), after is the game once those are deleted and entry saved."""
        try:
            return self.game.state, self.whole(entry)
        except EntryError:
            stands = self.folded[2] if self.folded is not None else None
            return (self.game.state, stands) if stands is not None else (self.state, self.scored(entry))

    def later(self, app, entry):
        """When entry makes a later entry impossible (a game that now ends sooner): how many later
        entries to delete first; "" when all stand."""
        log = self.game.log
        got = self.folds(entry)
        if not isinstance(got, EntryError):
            return ""
        k = self.shown(got).index - self.game.base_entries
        if not 0 <= k < len(log):
            return ""
        text = app.tr("Delete %d later first") % (len(log) - k)
        # (a title beside a scroll mark has a column less)
        return text if len(text) < app.cols else app.tr("Delete %d later") % (len(log) - k)

    def commit(self, app, entry, back):
        try:
            self.whole(entry)  # (the preview's, kept: a refusal needs no second fold)
            if self.insert:
                self.game.insert(self.index, entry)
            else:
                self.game.replace(self.index, entry)
        except EntryError as e:
            later = self.later(app, entry)
            app.refuse(self.shown(e), back)
            if later:  # what to do about it, as the screen before said
                app.view.text += "\n" + later
            return
        app.committed()
