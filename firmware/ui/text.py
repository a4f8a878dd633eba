"""The UI's wording of the game: refusals, reasons, entry names (the words themselves,
``tr`` and ``line``, are firmware/words/).

Every text fits the 21-column grid where it is shown. ``explain`` turns the
rules core's English EntryError messages into short words of the language.

One numbering: a hand the table counts is "Giv N" (N = completed hands after
it, as the scoreboard counts them); any other entry (all pass, misdeal, knock
fault, correction) is named by what it is and where it stands: "Knackfel,
före giv 6". ``entry_name`` words both, ``numbers`` gives them for a log.
"""

from firmware.words import line, tr

# What an entry that is not a counted hand is called (by entry kind).
KIND_WORDS = ("Hand", "Hand", "Lone", "Passed", "Misdeal", "Fault", "Correction")


def counted(before_hands, after_hands):
    """True when the entry between these hand counts completed a hand."""
    return after_hands > before_hands


def entry_name(lang, kind, before_hands, after_hands, width=21):
    """"Giv 6" for the hand the table counted as 6; "Knackfel, före giv 6" for a
    knock fault before it (shorter forms when width is tight)."""
    if after_hands > before_hands:
        return tr(lang, "Hand %d") % after_hands
    word = tr(lang, KIND_WORDS[kind] if 0 <= kind < len(KIND_WORDS) else "Hand")
    text = "%s, %s" % (word, tr(lang, "before hand %d") % (before_hands + 1))
    if len(text) > width:
        text = "%s %s" % (word, tr(lang, "before %d") % (before_hands + 1))
    return text


def first_seat(state):
    """The seat a hand from state lists first: the first to speak (left of the dealer),
    as entering that hand does; seat 0 once nobody speaks (the game is over)."""
    s = state.first_to_speak()
    return s if s >= 0 else 0


def numbers(game):
    """(hands before, hands after, first seat) for each entry of game.log, in one fold;
    the first seat is the one that entry's lists start at (``first_seat``)."""
    st = game.fold([])
    before = st.hands
    first = first_seat(st)
    out = []
    for st in game.states():
        out.append((before, st.hands, first))
        before = st.hands
        first = first_seat(st)
    return out


def refusal(lang, code, params, players=None):
    """A refusal's code and params in words of lang, players named; None for an unknown code."""
    found = line(lang, "!" + code) if code else None
    if found is None:
        return None
    kinds, _tab, text = found.partition("\t")
    if len(params) != len(kinds):
        return None
    vals = []
    for k, v in zip(kinds, params):
        if k == "s":
            if players is None or not isinstance(v, int) or not 0 <= v < len(players):
                return None
            v = players[v]
        vals.append(v)
    return text % tuple(vals)


# The starts of the core's messages that have short words (a line "?START<TAB>words" of the table):
# a refusal the core gave without a code.
REASONS = ("nobody played", "only one player played", "only a player who played can call",
           "the Rödskägg call is off", "nobody can join", "the declarer cannot join", "joiners take only",
           "the game is over", "a correction must change")


def explain(lang, message):
    """The core's English message in short words of lang (the English itself when unknown)."""
    msg = message
    prefix = ""
    if msg.startswith("hand ") and ": " in msg:
        # an edit made a later entry impossible: "hand 7: tricks add up to ..."
        head, _s, msg = msg.partition(": ")
        prefix = ("#%s: " % head[5:])
    if msg.startswith("tricks add up to "):
        rest = msg[len("tricks add up to "):]
        if lang == "sv":
            rest = rest.replace(" of ", " av ").replace(", more than ", ", mer än ")
            return prefix + "Stick: " + rest
        return prefix + "Tricks: " + rest
    for start in REASONS:
        if msg.startswith(start):
            return prefix + (line(lang, "?" + start) or msg)
    return prefix + msg


def reason(app, why, players=None):
    """The words for a refusal: from its code and params when it has them; an edit that
    made a later entry impossible names that entry ("Giv 7: ...")."""
    if isinstance(why, str):
        return explain(app.lang, why)
    game = app.series.game if app.series is not None else None
    if players is None and game is not None:
        players = game.players
    code = getattr(why, "code", None)
    words = refusal(app.lang, code, tuple(getattr(why, "params", ())), players) \
        if code else None
    if words is None:
        return explain(app.lang, str(why))
    index = getattr(why, "index", -1) - (game.base_entries if game is not None else 0)
    if game is not None and 0 <= index < len(game.log):
        nums = numbers(game)[index]  # (before, after, first seat)
        words = "%s\n%s" % (entry_name(app.lang, game.log[index][0], nums[0], nums[1],
                                            app.cols), words)
    return words
