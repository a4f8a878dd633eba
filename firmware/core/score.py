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

``check`` (legal.py) validates without touching the state; ``apply`` checks
and then changes the state in place. Everything else (undo, edit, replay) is a fold of
``apply`` over a log of entries (see game.py).
"""

from firmware.core.errors import EntryError  # noqa: F401  (re-exported: score.EntryError)
from firmware.core.kinds import (  # noqa: F401  (re-exported: score.PLAY and the rest)
    ADJUST,
    ALL_PASS,
    BID,
    BID_R,
    FAULT,
    KIND_COUNT,
    LONE,
    MAX_ADJUST,
    MAX_REASON,
    MAX_SCORE,
    MISDEAL,
    NO_SEAT,
    PLAY,
)
from firmware.core.legal import check


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
