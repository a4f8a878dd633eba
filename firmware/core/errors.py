"""Error types of the rules core: each says what is wrong in one line."""

SHOWN = 24  # characters of a bad value a message repeats: a file of junk is never echoed whole


def shown(value):
    """A bad value as a message repeats it, in one short line: true or false, a number, a string
    in quotes (quotes and control characters escaped) cut to SHOWN characters with "…", else the
    name of its type."""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= SHOWN else text[:SHOWN] + "…"
    if not isinstance(value, str):
        return type(value).__name__
    out = '"'
    for c in value[:SHOWN]:
        if c == '"' or c == "\\":
            out += "\\" + c
        elif c < " ":
            out += "\\u%04x" % ord(c)
        else:
            out += c
    return out + ('…"' if len(value) > SHOWN else '"')


class RodskaggError(ValueError):
    """Base class of every error the core raises on bad input."""


class RulesError(RodskaggError):
    """A rule set, player list or dealer that cannot be played.

    ``code`` and ``params`` say it for the UI, which words it in the device's language
    (the lines "!code" of firmware/words/sv.txt and en.txt); the message is the English for records and the CLI."""

    def __init__(self, message, code="rules", params=()):
        super().__init__(message)
        self.code = code
        self.params = params


class EntryError(RodskaggError):
    """A hand entry the rules refuse; ``index`` is its 0-based place in the log, or -1.

    ``code`` and ``params`` (seats as seat numbers, counts as ints) say it for the UI,
    which words it in the device's language with the players' names; ``message`` is
    the English for records and the replay command."""

    def __init__(self, message, index=-1, code="invalid", params=()):
        super().__init__(message)
        self.message = message
        self.index = index
        self.code = code
        self.params = params

    def __str__(self):
        if self.index < 0:
            return self.message
        return "hand %d: %s" % (self.index + 1, self.message)
