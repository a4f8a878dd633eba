"""Scoring one entry: (rules, state before, entry) -> state after, or EntryError.

Entries are small tuples with players as seat numbers (0 = first seat):

================================================  ===================================
``(PLAY, tricks, call, faults)``                   ``fem`` hand; tricks[seat] is -1 for
                                                   a player who passed; call: a seat or -1
``(BID, declarer, bid, tricks, joined, faults)``   ``bud``/``knack`` hand; bid 1-6 or
                                                   BID_R; tricks[seat] >= 0; joined is a
                                                   seat bitmask
``(LONE, seat)``                                   ``fem``: only seat wanted to play
``(ALL_PASS,)``                                    nobody played / nobody bid
``(MISDEAL, knocked)``                             void hand; knocked is a bool
``(FAULT, seat, reason)``                          knock fault: seat gets ``penalty``
``(ADJUST, deltas, reason)``                       manual correction, deltas[seat]
================================================  ===================================

``faults`` are the penalties during a hand: a tuple of ``(seat, reason)``
pairs in seat order, each seat at most once, ``()`` when none; each such
seat gets ``penalty`` with the hand, before the end-of-game check.

``check`` validates without touching the state; ``apply`` checks and then
changes the state in place. Everything else (undo, edit, replay) is a fold of
``apply`` over a log of entries (see game.py).
"""

from firmware.errors import EntryError

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

PLAY = const(0)
BID = const(1)
LONE = const(2)
ALL_PASS = const(3)
MISDEAL = const(4)
FAULT = const(5)
ADJUST = const(6)
KIND_COUNT = const(7)
BID_R = const(7)  # the Rödskägg bid: all tricks, beats a bid of 6
NO_SEAT = const(-1)
MAX_ADJUST = const(999)
MAX_REASON = const(40)
MAX_SCORE = const(9999)  # far beyond any real game; keeps the save format bounded


class State:
    """Scores and game flow after some entries. Seats are 0..n-1."""

    def __init__(self, start, n, dealer):
        self.n = n
        self.scores = [start] * n
        self.out = []  # seats, in the order they left
        self.dealer = dealer  # NO_SEAT once the game is won
        self.winner = NO_SEAT
        self.tied: tuple = ()  # seats that must play an extra hand
        self.hands = 0  # completed hands
        self.pot = 0
        self.balance = [0] * n  # pot money won minus paid

    def copy(self):
        s = State(0, self.n, self.dealer)
        s.scores = list(self.scores)
        s.out = list(self.out)
        s.winner = self.winner
        s.tied = self.tied
        s.hands = self.hands
        s.pot = self.pot
        s.balance = list(self.balance)
        return s

    def __eq__(self, other):
        return (isinstance(other, State) and self.scores == other.scores
                and self.out == other.out and self.dealer == other.dealer
                and self.winner == other.winner and self.tied == other.tied
                and self.hands == other.hands and self.pot == other.pot
                and self.balance == other.balance)

    def over(self):
        return self.winner != NO_SEAT

    def in_play(self, seat):
        """True when seat may take part in the next hand."""
        if seat in self.out:
            return False
        return not self.tied or seat in self.tied

    def next_seat(self, seat, eligible_only=False):
        """The next seat clockwise from seat that is still in (and eligible)."""
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if s not in self.out and (not eligible_only or self.in_play(s)):
                return s
        return NO_SEAT

    def first_to_speak(self):
        """Left of the dealer: the first player who speaks and leads."""
        if self.over():
            return NO_SEAT
        return self.next_seat(self.dealer, True)


def _fail(message, code="invalid", *params):
    """Refuse: the English message, and a code and params the UI words (firmware/errors.py)."""
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


def apply(rules, state, entry):
    """Check entry, then score it into state (in place)."""
    check(rules, state, entry)
    kind = entry[0]
    n = state.n
    down = [0] * n  # trick points: move towards 0, under exact_zero
    up = [0] * n  # penalties: always apply
    stake = [0] * n  # penalties each player pays a stake for (pot)
    dealt = [state.in_play(seat) for seat in range(n)]  # before anyone goes out
    completed = True
    made = False  # a Rödskägg bid made: the declarer wins at once
    if kind == PLAY:
        _score_play(rules, entry[1], entry[2], down, up, stake)
    elif kind == BID:
        made = _score_bid(rules, state, entry, down, up, stake)
    elif kind == LONE:
        if rules.lone == "one_trick":
            down[entry[1]] = 1
        else:
            completed = False
    elif kind == ALL_PASS:
        if rules.all_pass == "dealer_penalty":
            _pen(up, stake, state.dealer, rules.all_pass_penalty)
        completed = False
    elif kind == MISDEAL:
        if rules.knock and not entry[1]:
            _pen(up, stake, state.dealer, rules.penalty)
        completed = False
    elif kind == FAULT:
        _pen(up, stake, entry[1], rules.penalty)
        completed = False
    else:  # ADJUST
        for seat in range(n):
            state.scores[seat] = _bounded(state.scores[seat] + entry[1][seat])
        return
    if kind <= BID:  # penalties during the hand: with it, before the end check
        for seat, _r in entry[-1]:
            _pen(up, stake, seat, rules.penalty)
    for seat in range(n):
        if down[seat]:
            state.scores[seat] = _down(rules, state, state.scores[seat], down[seat])
        state.scores[seat] = _bounded(state.scores[seat] + up[seat])
    if rules.pot:
        _pay(rules, state, entry, dealt, stake)
    if made:
        state.scores[entry[1]] = 0
        _win(state, entry[1])
        state.hands += 1
    elif completed:
        state.hands += 1
        state.dealer = state.next_seat(state.dealer)
        _end_check(rules, state)


def _pen(up, stake, seat, points):
    """seat gets penalty points; more than 0 costs a stake in the pot."""
    up[seat] += points
    if points > 0:
        stake[seat] += 1


def _bounded(score):
    return max(-MAX_SCORE, min(MAX_SCORE, score))


def _score_play(rules, tricks, call, down, up, stake):
    for seat in range(len(tricks)):
        t = tricks[seat]
        if t < 0:
            continue
        if seat == call:
            if t == 5:
                down[seat] = 10
            else:
                _pen(up, stake, seat, rules.call_fail)
        elif t:
            down[seat] = t
        else:
            _pen(up, stake, seat, rules.penalty)


def _score_bid(rules, state, entry, down, up, stake):
    """Fill down/up/stake for a bidding hand; True when a Rödskägg bid was made."""
    _k, declarer, bid, tricks, joined, _f = entry
    t = tricks[declarer]
    if bid == BID_R:
        if t == rules.tricks_per_hand:
            return True
        if rules.rs_fail == "out":
            state.out.append(declarer)
            if state.tied:
                state.tied = tuple(s for s in state.tied if s != declarer)
        else:
            up[declarer] = rules.rs_fail_points
    elif t >= bid:
        down[declarer] = bid if rules.contract == "bid" else t
    else:
        if rules.contract == "bid":
            up[declarer] = bid  # the failed bid's points are no penalty (RULES.md, Pot)
        else:
            down[declarer] = t
            _pen(up, stake, declarer, rules.penalty)
        _pen(up, stake, declarer, rules.fail_extra)
    for seat in range(state.n):
        if seat == declarer:
            continue
        if joined >> seat & 1:
            if tricks[seat]:
                down[seat] = tricks[seat] * rules.join_trick
            else:
                _pen(up, stake, seat, rules.penalty)
        elif rules.defenders_score:
            down[seat] = tricks[seat]
    return False


def _down(rules, state, score, points):
    """Take trick points off a score, as exact_zero says (not in an extra hand)."""
    new = score - points
    if new >= 0 or state.tied or rules.exact_zero in ("off", "exact"):
        return _bounded(new)
    if rules.exact_zero == "bounce" and score >= 0:
        return -new
    return score  # bust; or bounce from a score already below 0 (a correction)


def _pay(rules, state, entry, dealt, stake):
    """Pot: a dealt hand costs everyone in it stake; in fem, whoever passed
    also pays pass_fee; each penalty costs its player one stake more."""
    kind = entry[0]
    for seat in range(state.n):
        fee = stake[seat] * rules.stake
        if kind <= ALL_PASS and dealt[seat]:
            fee += rules.stake
            if not rules.bidding and (kind == ALL_PASS or (kind == LONE and seat != entry[1])
                                      or (kind == PLAY and entry[1][seat] < 0)):
                fee += rules.pass_fee
        state.pot += fee
        state.balance[seat] -= fee


def _win(state, seat):
    state.winner = seat
    state.dealer = NO_SEAT
    state.tied = ()
    state.balance[seat] += state.pot
    state.pot = 0


def _finished(rules, score):
    """True when score has reached the goal."""
    return score <= 0 if rules.exact_zero == "off" else score == 0


def _end_check(rules, state):
    """After a completed hand: a winner, a tie-break, or play on."""
    left = [s for s in range(state.n) if s not in state.out]
    if len(left) == 1:
        _win(state, left[0])
        return
    if state.tied:
        # An extra hand was just played: the lowest of the tied players wins.
        candidates = [s for s in state.tied if s not in state.out]
    else:
        candidates = [s for s in left if _finished(rules, state.scores[s])]
    if not candidates:
        return
    low = min(state.scores[s] for s in candidates)
    best = tuple(s for s in candidates if state.scores[s] == low)
    if len(best) == 1:
        _win(state, best[0])
    else:
        state.tied = best
