"""A series of 1, 3 or 5 games (the rule ``series``): who won which game, and the next game."""

from firmware.core.errors import EntryError, RulesError
from firmware.core.game import Game
from firmware.core.kinds import NO_SEAT


class Series:
    """1, 3 or 5 games; the winner of a game deals first in the next.

    ``past`` holds the winners' seats of the games before the current one; the
    current game counts as soon as it is won (and stops counting if undone).
    """

    def __init__(self, rules, players, dealer=0, past=()):
        self.length = rules.series
        if len(past) >= self.length:
            raise RulesError("a series of %d games has no game %d" % (self.length, len(past) + 1))
        for seat in past:
            if type(seat) is not int or not 0 <= seat < len(players):
                raise RulesError("a past winner is not a player")
        self.past = list(past)
        self.game = Game(rules, players, dealer)

    def winners(self):
        """Seat of each won game's winner, the current one included once won."""
        state = self.game.state
        return self.past + [state.winner] if state.over() else list(self.past)

    def wins(self):
        """Game wins per seat."""
        counts = [0] * len(self.game.players)
        for seat in self.winners():
            counts[seat] += 1
        return counts

    def number(self):
        """1-based number of the current game."""
        return len(self.past) + 1

    def over(self):
        """True when the series is decided: all games won, or a lead nobody can catch."""
        won = len(self.winners())
        if won >= self.length:
            return True
        counts = sorted(self.wins())
        return counts[-1] > counts[-2] + self.length - won

    def winner(self):
        """The series winner's seat; -1 while undecided or for a draw."""
        counts = self.wins()
        top = max(counts)
        if not self.over() or counts.count(top) != 1:
            return NO_SEAT
        return counts.index(top)

    def next_game(self):
        """Start the next game, its first dealer the last game's winner."""
        winner = self.game.state.winner
        if winner == NO_SEAT:
            raise EntryError("the game is not over yet", -1, "not_over")
        if self.over():
            raise EntryError("the series is over", -1, "series_over")
        self.past.append(winner)
        old = self.game
        self.game = Game(old.rules, old.players, winner)
        return self.game
