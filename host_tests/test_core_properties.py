"""Property-based tests of the rules core on random valid games."""

import json

from hypothesis import given
from hypothesis import strategies as st

from firmware.core import score
from firmware.core.game import Game
from firmware.record.reader import load
from firmware.record.writer import to_record
from firmware.store import rulecodes
from tools.play.randgame import random_entry, random_game, random_rules

games = st.builds(lambda rng, n: random_game(rng, n), st.randoms(use_true_random=False), st.integers(0, 60))


@given(games)
def test_replaying_any_prefix_agrees_with_the_live_state(game):
    live = Game(game.rules, game.players, game.first_dealer)
    seen = []
    for entry in game.log:
        live.push(entry)
        seen.append(live.state.copy())
    for k, state in enumerate(game.states()):
        assert game.fold(game.log[: k + 1]) == state == seen[k]


@given(games, st.randoms(use_true_random=False))
def test_undo_after_apply_gives_back_the_same_state(game, rng):
    if game.state.over():
        return
    before = game.state.copy()
    n = len(game.log)
    game.push(random_entry(rng, game.rules, game.state))
    game.pop()
    assert game.state == before and len(game.log) == n


@given(games)
def test_record_round_trip(game):
    again = load(json.loads(json.dumps(to_record(game))))
    assert again.log == game.log and again.state == game.state


def trick_move(rules, before, seat, points):
    """Where points of tricks take a score, by the README's exact-zero table."""
    old = before.scores[seat]
    new = old - points
    if new >= 0 or before.tied or rules.exact_zero in ("off", "exact"):
        return new
    if rules.exact_zero == "bounce" and old >= 0:
        return points - old  # the overshoot is added back: 2 - 3 -> 1
    return old  # bust: not counted


def faulted(rules, entry, n):
    """The points each seat gets from the penalties during a played hand."""
    fp = [0] * n
    for seat, _reason in entry[-1]:
        fp[seat] = rules.penalty
    return fp


@given(games)
def test_scores_move_only_as_the_rules_allow(game):
    rules = game.rules
    before = Game(rules, game.players, game.first_dealer).state
    for entry, after in zip(game.log, game.states()):
        kind = entry[0]
        delta = [a - b for a, b in zip(after.scores, before.scores)]
        for seat in before.out:
            assert delta[seat] == 0  # nobody who is out scores again
        assert set(before.out) <= set(after.out)
        if kind == score.ADJUST:
            assert tuple(delta) == entry[1]
        elif kind in (score.ALL_PASS, score.MISDEAL):
            assert all(d == 0 for s, d in enumerate(delta) if s != before.dealer)
            assert delta[before.dealer] in (0, rules.all_pass_penalty, rules.penalty)
            assert after.dealer == before.dealer
        elif kind == score.FAULT:
            assert delta == [rules.penalty if s == entry[1] else 0 for s in range(len(delta))]
        elif kind == score.PLAY:
            fp = faulted(rules, entry, len(delta))
            for seat, t in enumerate(entry[1]):
                called = entry[2] == seat
                if t < 0:
                    assert delta[seat] == fp[seat]  # passers move only on a penalty during the hand
                elif called and t < 5:
                    assert delta[seat] == rules.call_fail + fp[seat]  # failed call: tricks do not count
                elif t == 0:
                    assert delta[seat] == rules.penalty + fp[seat]
                else:
                    assert trick_move(rules, before, seat, 10 if called else t) + fp[seat] == after.scores[seat]
        elif kind == score.BID:
            fp = faulted(rules, entry, len(delta))
            for seat in range(len(delta)):
                if seat != entry[1] and not entry[4] >> seat & 1 and not rules.defenders_score:
                    assert delta[seat] == fp[seat]
        if after.over():
            assert after.dealer == score.NO_SEAT and after.pot == 0
        else:
            assert after.dealer not in after.out
        assert after.pot + sum(after.balance) == 0  # the pot only moves money around
        assert before.hands <= after.hands <= before.hands + 1
        before = after.copy()


@given(st.randoms(use_true_random=False))
def test_rules_codes_round_trip(rng):
    rules = random_rules(rng)
    assert rulecodes.from_codes(rulecodes.codes(rules)) == rules
