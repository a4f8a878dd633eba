"""The entry check of the rules core: may this entry follow that state under these rules?

``score.check`` is this ``check``; score.py describes the entries. Kept apart
from the scoring so that each module compiles in a small heap.
"""

from firmware.core.errors import EntryError
from firmware.core.kinds import (
    ADJUST,
    BID,
    BID_R,
    FAULT,
    KIND_COUNT,
    LONE,
    MAX_ADJUST,
    MAX_REASON,
    MISDEAL,
    NO_SEAT,
    PLAY,
)


def _fail(message, code="invalid", *params):
    """Refuse: the English message, and a code and params the UI words (firmware/core/errors.py)."""
    raise EntryError(message, -1, code, params)


def _need_seat(state, seat, what):
    if type(seat) is not int or not 0 <= seat < state.n:
        _fail("%s is not a player" % what)
    if seat in state.out:
        _fail("seat %d is out of the game" % (seat + 1), "out", seat)
    if not state.in_play(seat):
        _fail("seat %d is not in the extra hand" % (seat + 1), "not_in_extra", seat)


def _need_counts(state, counts, lo, hi, what):
    if not isinstance(counts, tuple) or len(counts) != state.n:
        _fail("%s must give one number per player" % what)
    for c in counts:
        if type(c) is not int or not lo <= c <= hi:
            _fail("%s must be %d-%d, not %r" % (what, lo, hi, c))


def check(rules, state, entry):
    """Raise EntryError unless entry may follow state under rules."""
    if state.over():
        _fail("the game is over: seat %d has won" % (state.winner + 1), "over", state.winner)
    if not isinstance(entry, tuple) or not entry or type(entry[0]) is not int:
        _fail("not an entry")
    kind = entry[0]
    size = (4, 6, 2, 1, 2, 3, 3)
    if not 0 <= kind < KIND_COUNT or len(entry) != size[kind]:
        _fail("not an entry")
    total = rules.tricks_per_hand
    if kind == PLAY:
        if rules.bidding:
            _fail("a %s hand needs a declarer and a bid" % rules.preset)
        _check_play(rules, state, entry[1], entry[2], total)
        _check_faults(state, entry[3])
    elif kind == BID:
        if not rules.bidding:
            _fail("fem has no bidding: enter who played and their tricks")
        _check_bid(rules, state, entry, total)
        _check_faults(state, entry[5])
    elif kind == LONE:
        if rules.bidding:
            _fail("a lone player exists only in fem")
        if rules.lone == "play_out":
            _fail("with lone = play_out enter the tricks the lone player took")
        _need_seat(state, entry[1], "the lone player")
    elif kind == MISDEAL:
        if type(entry[1]) is not bool:
            _fail("knocked must be true or false")
    elif kind == FAULT:
        _need_seat(state, entry[1], "the player at fault")
        _check_reason(entry[2])
    elif kind == ADJUST:
        deltas = entry[1]
        _need_counts(state, deltas, -MAX_ADJUST, MAX_ADJUST, "a correction")
        if not any(deltas):
            _fail("a correction must change at least one score", "no_change")
        for seat in range(state.n):
            if deltas[seat] and seat in state.out:
                _fail("seat %d is out of the game" % (seat + 1), "out", seat)
        _check_reason(entry[2])


def _check_reason(reason, lo=0):
    if not isinstance(reason, str) or not lo <= len(reason) <= MAX_REASON:
        _fail("the reason must be text of %d-%d characters" % (lo, MAX_REASON))


def _check_faults(state, faults):
    """Penalties during a hand: (seat, reason) pairs, in seat order, each seat once."""
    if not isinstance(faults, tuple):
        _fail("not a list of penalties during the hand")
    last = -1
    for pair in faults:
        if not isinstance(pair, tuple) or len(pair) != 2:
            _fail("not a list of penalties during the hand")
        _need_seat(state, pair[0], "a player penalised during the hand")
        if pair[0] <= last:
            _fail("penalties during a hand: each player once, in seat order")
        last = pair[0]
        _check_reason(pair[1], 1)


def _check_play(rules, state, tricks, call, total):
    _need_counts(state, tricks, -1, total, "tricks")
    played = 0
    taken = 0
    for seat in range(state.n):
        t = tricks[seat]
        if t >= 0:
            if not state.in_play(seat):
                _fail("seat %d cannot play this hand" % (seat + 1), "cannot_play", seat)
            played += 1
            taken += t
    if played == 0:
        _fail("nobody played: enter all pass", "nobody")
    if played == 1 and rules.lone != "play_out":
        _fail("only one player played: enter a lone player", "lone")
    if played > 1 and taken != total:
        _fail("tricks add up to %d of %d" % (taken, total), "tricks_sum", taken, total)
    if call != NO_SEAT:
        if not rules.call:
            _fail("the Rödskägg call is off in these rules", "call_off")
        if type(call) is not int or not 0 <= call < state.n or tricks[call] < 0:
            _fail("only a player who played can call Rödskägg", "call_who")


def _check_bid(rules, state, entry, total):
    _k, declarer, bid, tricks, joined, _f = entry
    _need_seat(state, declarer, "the declarer")
    if type(bid) is not int or not (rules.min_bid <= bid <= 6 or bid == BID_R):
        _fail("the bid must be %d-6 or R" % rules.min_bid, "bid_range", rules.min_bid)
    _need_counts(state, tricks, 0, total, "tricks")
    taken = 0
    for seat in range(state.n):
        if tricks[seat] and not state.in_play(seat):
            _fail("seat %d cannot take tricks in this hand" % (seat + 1), "cannot_take", seat)
        taken += tricks[seat]
    if rules.others_score() and taken != total:
        _fail("tricks add up to %d of %d" % (taken, total), "tricks_sum", taken, total)
    if taken > total:
        _fail("tricks add up to %d, more than %d" % (taken, total), "tricks_over", taken, total)
    if type(joined) is not int or joined < 0 or joined >= 1 << state.n:
        _fail("not a list of joiners")
    if joined and not rules.go_along:
        _fail("nobody can join: the går med rule is off", "go_along_off")
    taken = 0
    for seat in range(state.n):
        if joined >> seat & 1:
            if seat == declarer:
                _fail("the declarer cannot join", "declarer_join")
            if not state.in_play(seat):
                _fail("seat %d cannot join this hand" % (seat + 1), "cannot_join", seat)
            taken += tricks[seat]
    if taken > 2:
        _fail("joiners take only among the last two tricks, not %d together" % taken, "joiner_tricks", taken)
