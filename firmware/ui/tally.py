"""What the history and the chart read of a game's entries, kept between screens (loaded with
them, let go on the scoreboard; what it made stays in ``app.tally``).

A fold of the log costs some 1.5 ms an entry on a Pico: a game of 40 hands was 60 ms each time
the history or the chart opened. ``tally`` folds each entry once, and again only from an entry
that changed; ``rows`` keeps the history's rows beside it.
"""

from array import array

from firmware.core import score

ROWS_KEPT = 24  # history rows kept between screens (rows): a few screens of the newest


def first_seat(state):
    """The seat a hand from state lists first: the first to speak (left of the dealer),
    as entering that hand does; seat 0 once nobody speaks (the game is over)."""
    s = state.first_to_speak()
    return s if s >= 0 else 0


def tally(app):
    """What the history and the chart read of the game's entries: (hands, first, scores), where
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
    """The history's rows made so far, by entry (firmware/ui/screens/history.py), kept with the
    tally (call it first): a row stays until its entry or one before it changes, or the language
    or the panel's width does; at most ROWS_KEPT of them."""
    t = app.tally
    if t[7] != (app.lang, app.cols) or len(t[6]) > ROWS_KEPT:
        t[6] = {}
        t[7] = (app.lang, app.cols)
    return t[6]
