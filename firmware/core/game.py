"""A game is its log of entries; the state is the fold of the log over the rules.

Undo pops the log, edit replaces an entry and folds again, replay folds a
record: one mechanism, so nothing else keeps score and nothing can disagree.
"""

from firmware.core import score
from firmware.core.errors import EntryError, RulesError, shown

MAX_NAME = 8
MAX_PLAYERS = 7


def check_players(rules, players):
    """Raise RulesError unless players (names in seat order) suit the rules."""
    if not isinstance(players, (list, tuple)):
        raise RulesError("players must be a list of names")
    lo = rules.min_players
    if not lo <= len(players) <= MAX_PLAYERS:
        raise RulesError("%s needs %d-%d players, not %d" % (rules.preset, lo, MAX_PLAYERS, len(players)),
                         "players", (rules.preset, lo, MAX_PLAYERS, len(players)))
    for i, name in enumerate(players):
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or name.strip() != name:
            raise RulesError("player names are 1-%d characters, without spaces around: %s"
                             % (MAX_NAME, shown(name)), "name", (MAX_NAME,))
        if name in players[:i]:
            raise RulesError("two players are called %s" % name, "same_name", (name,))


class Game:
    """One game: rules, players in seat order, the first dealer and the log.

    ``base`` (optional) is a State the log starts from instead of the first
    deal, with ``base_entries`` entries already folded into it: what is left
    of a long game whose early entries were compacted away to fit the NVM.
    Undo reaches back to the base and no further.
    """

    def __init__(self, rules, players, dealer=0, base=None, base_entries=0):
        check_players(rules, players)
        if type(dealer) is not int or not 0 <= dealer < len(players):
            raise RulesError("the dealer must be one of the players", "dealer")
        if base is not None and base.n != len(players):
            raise RulesError("the snapshot does not match the players")
        self.rules = rules
        self.players = tuple(players)
        self.first_dealer = dealer
        self.base = base
        self.base_entries = base_entries if base is not None else 0
        self.log = []
        self.state = self._start()

    def _start(self):
        if self.base is not None:
            return self.base.copy()
        return score.State(self.rules.start, len(self.players), self.first_dealer)

    def fold(self, entries):
        """The state after entries (a new State); EntryError names the bad one."""
        state = self._start()
        for i, entry in enumerate(entries):
            try:
                score.apply(self.rules, state, entry)
            except EntryError as e:
                raise EntryError(e.message, self.base_entries + i, e.code, e.params)
        return state

    def states(self):
        """Yield the state after each entry of the log, in turn (one at a time)."""
        state = self._start()
        for entry in self.log:
            score.apply(self.rules, state, entry)
            yield state

    def check(self, entry):
        """Raise EntryError unless entry may come next."""
        try:
            score.check(self.rules, self.state, entry)
        except EntryError as e:
            raise EntryError(e.message, self.base_entries + len(self.log), e.code, e.params)

    def preview(self, entry):
        """The state entry would lead to, without changing the game."""
        self.check(entry)
        after = self.state.copy()
        score.apply(self.rules, after, entry)
        return after

    def push(self, entry, after=None):
        """Add entry to the log, or raise EntryError and change nothing. after: the state
        after entry when the caller has it from ``preview`` (or score.check and apply) on
        this very state, so that it is not computed again."""
        self.state = after if after is not None else self.preview(entry)
        self.log.append(entry)

    def pop(self):
        """Undo the last entry and return it (None when the log is empty)."""
        if not self.log:
            return None
        entry = self.log.pop()
        self.state = self.fold(self.log)
        return entry

    def _relog(self, log):
        self.state = self.fold(log)  # raises before anything changes
        self.log = log

    def replace(self, index, entry):
        """Edit entry index; every later entry is scored again or EntryError."""
        self._index(index)
        log = list(self.log)
        log[index] = entry
        self._relog(log)

    def delete(self, index):
        """Remove entry index; later entries are scored again or EntryError."""
        self._index(index)
        self._relog(self.log[:index] + self.log[index + 1:])

    def insert(self, index, entry):
        """Put entry before entry index (a forgotten hand)."""
        if not 0 <= index <= len(self.log):
            raise EntryError("no hand %d" % (index + 1))
        self._relog(self.log[:index] + [entry] + self.log[index:])

    def _index(self, index):
        if type(index) is not int or not 0 <= index < len(self.log):
            raise EntryError("no hand %d" % (index + 1))
