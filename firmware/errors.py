"""Error types of the rules core: each says what is wrong in one line."""


class RodskaggError(ValueError):
    """Base class of every error the core raises on bad input."""


class RulesError(RodskaggError):
    """A rule set, player list or dealer that cannot be played."""


class EntryError(RodskaggError):
    """A hand entry the rules refuse; ``index`` is its 0-based place in the log, or -1."""

    def __init__(self, message, index=-1):
        super().__init__(message)
        self.message = message
        self.index = index

    def __str__(self):
        if self.index < 0:
            return self.message
        return "hand %d: %s" % (self.index + 1, self.message)
