"""The rules' finer points: joiners share the last two tricks, penalties during a hand, the
pot as the seed says, fail_extra, the settled points, and bugs the suite once missed (each was
tried as a deliberate bug and fails a test here)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.core import score
from firmware.core.errors import EntryError, RulesError
from firmware.core.game import Game, check_players
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.record.reader import RecordError, load, loads
from firmware.record.replay import result_json
from firmware.record.writer import to_record
from tools.play.randgame import random_game, random_rules

FOUR = ["Anna", "Bo", "Cia", "Dan"]
FIVE = ["Anna", "Bo", "Cia", "Dan", "Eva"]


def doc(preset, hands, players=FOUR, dealer=None, **rules):
    rules["preset"] = preset
    out = {"format": "rodskagg-record/1", "rules": rules, "players": players, "hands": hands}
    if dealer:
        out["dealer"] = dealer
    return out


def play(preset, hands, players=FOUR, dealer=None, **rules):
    return json.loads(result_json(load(doc(preset, hands, players, dealer, **rules))))


def error(preset, hands, players=FOUR, **rules):
    with pytest.raises(RecordError) as info:
        load(doc(preset, hands, players, **rules))
    return info.value


# --- joiners share the last two tricks -----------------------------------------------

def knack_hand(tricks, joined, declarer="Bo", bid=3):
    return {"declarer": declarer, "bid": bid, "tricks": tricks, "joined": joined}


def test_joiners_tricks_together_at_most_two():
    ok = knack_hand({"Bo": 3, "Cia": 1, "Dan": 1, "Anna": 1}, ["Cia", "Dan"])
    assert play("knack", [ok], FIVE)["scores"] == {"Anna": 11, "Bo": 9, "Cia": 11, "Dan": 11, "Eva": 12}
    play("knack", [knack_hand({"Bo": 4, "Cia": 2}, ["Cia", "Dan"])], FIVE)  # 2 + 0
    three = knack_hand({"Bo": 3, "Cia": 1, "Dan": 1, "Eva": 1}, ["Cia", "Dan", "Eva"])
    e = error("knack", [three], FIVE)
    assert e.hand == 1 and "3 together" in str(e)
    e = error("knack", [knack_hand({"Bo": 2, "Cia": 2, "Dan": 2}, ["Cia", "Dan"], bid=2)], FIVE)
    assert e.hand == 1 and "4 together" in str(e)
    assert error("knack", [knack_hand({"Bo": 3, "Cia": 3}, ["Cia"])]).hand == 1


@given(st.lists(st.integers(0, 4), min_size=5, max_size=5), st.integers(0, 31))
def test_property_joiners_never_exceed_two_tricks_together(cuts, joined):
    """Any knack hand of five players: the core accepts it only if the joiners took 2 at most."""
    tricks = [0] * 5
    for c in cuts + [0]:  # six tricks spread by the cuts (the last goes to seat 0)
        tricks[c] += 1
    tricks[0] += 6 - sum(tricks)
    joined &= ~1  # seat 0 declares
    entry = (score.BID, 0, 1, tuple(tricks), joined, ())
    together = sum(tricks[s] for s in range(5) if joined >> s & 1)
    state = score.State(12, 5, 0)
    try:
        score.check(Rules("knack"), state, entry)
        accepted = True
    except EntryError:
        accepted = False
    assert accepted == (together <= 2)


@given(st.randoms(use_true_random=False))
def test_property_random_games_never_have_joiners_over_two_tricks(rng):
    game = random_game(rng, 40, random_rules(rng, "knack"))
    for e in game.log:
        if e[0] == score.BID:
            assert sum(e[3][s] for s in range(len(e[3])) if e[4] >> s & 1) <= 2


# --- penalties during a hand ------------------------------------------------------------

def test_fem_late_call_penalty_counts_before_the_end_check():
    # strict table: Anna's three tricks take her from 3 to 0, but she called Rödskägg too late
    r = play("fem", [{"tricks": {"Anna": 3, "Bo": 2}, "faults": {"Anna": "late Rödskägg call"}}], start=3)
    assert r["scores"] == {"Anna": 5, "Bo": 1, "Cia": 3, "Dan": 3}
    assert r["winner"] is None and r["tiebreak"] == [] and r["dealer"] == "Bo"


def test_knack_forgot_to_ask_penalty_during_a_winning_hand():
    # the shared example: Bo reaches 0 with tricks but forgot to ask "går med": not finished
    with open("host_tests/records/knack-fault-during-winning-hand.json", encoding="utf-8") as f:
        example = json.load(f)
    got = json.loads(result_json(load(example["record"])))
    assert got == example["expect"] and got["after"][0]["Bo"] == 5


def test_a_penalised_player_is_not_left_in_a_tie_break():
    both = [{"adjust": {"Bo": -1}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}}]
    assert play("fem", both, start=3)["tiebreak"] == ["Anna", "Bo"]
    both[1]["faults"] = {"Bo": "late Rödskägg call"}
    r = play("fem", both, start=3)
    assert r["winner"] == "Anna" and r["tiebreak"] == [] and r["scores"]["Bo"] == 5


def test_penalties_during_a_hand_any_player_in_it_each_once():
    r = play("fem", [{"tricks": {"Anna": 3, "Bo": 2}, "faults": {"Dan": "late Rödskägg call", "Bo": "x"}}])
    assert r["scores"] == {"Anna": 9, "Bo": 15, "Cia": 12, "Dan": 17}  # Dan passed, still penalised
    r = play("bud", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 3}, "faults": {"Cia": "x"}}], penalty=4)
    assert r["scores"] == {"Anna": 12, "Bo": 9, "Cia": 16, "Dan": 12}
    g = Game(Rules("fem"), FOUR)
    for faults in (((1, "x"), (1, "y")), ((2, "x"), (1, "y")), ((4, "x"),), ((1, ""),), ((1, "x" * 41),),
                   ((1, 5),), ((1,),), [(1, "x")], "Bo"):
        with pytest.raises(EntryError):
            g.push((score.PLAY, (2, 3, -1, -1), -1, faults))
    assert g.log == []
    g.push((score.PLAY, (2, 3, -1, -1), -1, ((0, "x" * 40), (3, "ä"))))


def test_penalties_during_a_hand_refused_for_players_not_in_it():
    out = {"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5, "Cia": 1}}
    e = error("knack", [out, {"declarer": "Cia", "bid": 2, "tricks": {"Cia": 2, "Dan": 2, "Anna": 2},
                              "faults": {"Bo": "x"}}])
    assert e.hand == 2 and "out of the game" in str(e)
    tie = [{"adjust": {"Anna": -10, "Bo": -11}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}}]
    e = error("fem", [*tie, {"tricks": {"Anna": 3, "Bo": 2}, "faults": {"Cia": "late Rödskägg call"}}])
    assert e.hand == 3 and "extra hand" in str(e)
    r = play("fem", [*tie, {"tricks": {"Anna": 3, "Bo": 2}, "faults": {"Anna": "late Rödskägg call"}}])
    assert r["winner"] == "Bo"  # Anna -4 + 5 = 1, Bo -1 - 2 = -3


def test_penalties_during_a_hand_in_the_record():
    for bad in ({"Eve": "x"}, ["Bo"], {"Bo": ""}, {"Bo": 3}, {"Bo": None}):
        assert error("fem", [{"tricks": {"Anna": 3, "Bo": 2}, "faults": bad}]).hand == 1
    for entry in ({"lone": "Bo", "faults": {"Bo": "x"}}, {"all_pass": True, "faults": {}},
                  {"misdeal": True, "faults": {"Bo": "x"}}):
        assert "unknown key" in str(error("fem", [entry]))
    g = load(doc("knack", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 3, "Cia": 3},
                            "faults": {"Dan": "b", "Anna": "a"}}]))
    assert g.log[0][5] == ((0, "a"), (3, "b"))  # seat order, whatever the record's order
    again = loads(json.dumps(to_record(g)))
    assert again.log == g.log and to_record(g)["hands"][0]["faults"] == {"Anna": "a", "Dan": "b"}


def test_penalty_during_a_hand_with_a_made_rodskagg_bid():
    r = play("bud", [{"declarer": "Bo", "bid": "R", "tricks": {"Bo": 6}, "faults": {"Cia": "x"}}], pot=True)
    assert r["winner"] == "Bo" and r["scores"]["Cia"] == 17
    assert r["pot"] == {"pot": 0, "balance": {"Anna": -2, "Bo": 8, "Cia": -4, "Dan": -2}}


@given(st.sampled_from(("fem", "bud", "knack")), st.integers(1, 5), st.integers(1, 20),
       st.sampled_from(("off", "exact", "bust", "bounce")), st.booleans())
def test_property_a_penalty_during_a_hand_never_lets_its_player_finish_on_the_tricks(
        preset, t, penalty, mode, pot):
    """Anna's tricks take her exactly to 0; penalised in the same hand she has not finished."""
    if preset == "fem":
        hand = {"tricks": {"Anna": t, "Bo": 5 - t}}
    else:
        hand = {"declarer": "Anna", "bid": t, "tricks": {"Anna": t, "Bo": 6 - t}}
    hand["faults"] = {"Anna": "late"}
    hands = [{"adjust": {"Anna": t - 20}, "reason": "set"}, hand]  # Anna at t, the others at 20
    r = play(preset, hands, start=20, penalty=penalty, exact_zero=mode, pot=pot)
    assert r["scores"]["Anna"] == penalty and r["winner"] != "Anna" and "Anna" not in r["tiebreak"]
    del hand["faults"]
    assert play(preset, hands, start=20, exact_zero=mode)["winner"] == "Anna"  # without it she wins


# --- the pot ------------------------------------------------------------------------------

def test_pot_fem_pass_fees_in_played_lone_and_all_pass_hands():
    with open("host_tests/records/fem-pot-pass-fees.json", encoding="utf-8") as f:
        example = json.load(f)
    assert json.loads(result_json(load(example["record"]))) == example["expect"]
    r = play("fem", [{"lone": "Bo"}], pot=True, lone="redeal")  # dealt and entered: it costs
    assert r["pot"] == {"pot": 11, "balance": {"Anna": -3, "Bo": -2, "Cia": -3, "Dan": -3}}
    r = play("fem", [{"all_pass": True}], pot=True, pass_fee=4)
    assert r["pot"]["balance"] == {"Anna": -6, "Bo": -6, "Cia": -6, "Dan": -6}


def test_pot_bidding_presets_have_no_pass_fee_and_the_dealer_penalty_costs_stake():
    r = play("bud", [{"all_pass": True}], pot=True, pass_fee=5)
    assert r["pot"] == {"pot": 8, "balance": {"Anna": -2, "Bo": -2, "Cia": -2, "Dan": -2}}
    r = play("knack", [{"all_pass": True}], pot=True, all_pass="dealer_penalty", dealer="Cia")
    assert r["scores"]["Cia"] == 13
    assert r["pot"] == {"pot": 10, "balance": {"Anna": -2, "Bo": -2, "Cia": -4, "Dan": -2}}


def test_pot_each_penalty_costs_a_stake_once():
    # knack: Bo fails his bid (penalty) and the table plays fail_extra: two penalties, two stakes
    r = play("knack", [{"declarer": "Bo", "bid": 4, "tricks": {"Bo": 2, "Cia": 2, "Dan": 2}}],
             pot=True, fail_extra=2)
    assert r["scores"]["Bo"] == 12 - 2 + 5 + 2
    assert r["pot"]["balance"] == {"Anna": -2, "Bo": -6, "Cia": -2, "Dan": -2}
    # fem: Dan played without a trick and was penalised during the hand too
    r = play("fem", [{"tricks": {"Anna": 5, "Dan": 0}, "faults": {"Dan": "late Rödskägg call"}}], pot=True)
    assert r["scores"]["Dan"] == 22 and r["pot"]["balance"]["Dan"] == -6


def test_pot_points_of_zero_are_no_penalty():
    r = play("fem", [{"tricks": {"Anna": 5, "Dan": 0}, "faults": {"Anna": "late Rödskägg call"}}],
             pot=True, penalty=0)
    assert r["scores"]["Anna"] == 7 and r["pot"]["balance"] == {"Anna": -2, "Bo": -3, "Cia": -3, "Dan": -2}
    r = play("fem", [{"tricks": {"Anna": 4, "Dan": 1}, "call": "Anna"}], pot=True, call_fail=0)
    assert r["pot"]["balance"]["Anna"] == -2
    r = play("knack", [{"misdeal": True, "knocked": False}, {"fault": "Bo"}], pot=True, penalty=0)
    assert r["pot"]["pot"] == 0
    r = play("bud", [{"declarer": "Bo", "bid": 4, "tricks": {"Bo": 2}}], pot=True)  # fail_extra 0
    assert r["pot"]["balance"]["Bo"] == -2


def test_pot_a_made_rodskagg_bid_takes_the_pot():
    hands = [{"declarer": "Cia", "bid": 2, "tricks": {"Cia": 1}},
             {"declarer": "Bo", "bid": "R", "tricks": {"Bo": 6}}]
    r = play("bud", hands, pot=True, stake=3, fail_extra=1)
    # hand 1: 4 x 3 + Cia's fail_extra 3; hand 2: 4 x 3: Bo takes 27, of which he paid 6
    assert r["winner"] == "Bo"
    assert r["pot"] == {"pot": 0, "balance": {"Anna": -6, "Bo": 21, "Cia": -9, "Dan": -6}}


# --- fail_extra ---------------------------------------------------------------------------

def test_fail_extra_adds_to_a_failed_bid_only():
    r = play("bud", [{"declarer": "Bo", "bid": 4, "tricks": {"Bo": 2}},
                     {"declarer": "Cia", "bid": 3, "tricks": {"Cia": 3}}], fail_extra=3)
    assert r["scores"] == {"Anna": 12, "Bo": 19, "Cia": 9, "Dan": 12}
    r = play("bud", [{"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5}}], fail_extra=3)
    assert r["scores"]["Bo"] == 18  # a failed Rödskägg bid: rs_fail_points (6) only
    r = play("knack", [{"declarer": "Bo", "bid": 4, "tricks": {"Bo": 3, "Cia": 3}}], fail_extra=20)
    assert r["scores"]["Bo"] == 12 - 3 + 5 + 20
    with open("host_tests/records/bud-fail-extra.json", encoding="utf-8") as f:
        example = json.load(f)
    assert json.loads(result_json(load(example["record"]))) == example["expect"]


def test_fail_extra_is_an_option_of_bud_and_knack_only():
    assert Rules("bud").fail_extra == 0 and Rules("knack").fail_extra == 0
    assert Rules("fem").fail_extra is None
    assert "does not apply" in str(error("fem", [], fail_extra=1))
    for bad in (-1, 21, True, "2"):
        assert error("bud", [], fail_extra=bad).hand == 0


# --- settled points -----------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["bud", "knack"])
def test_join_trick_counts_whether_or_not_defenders_score(preset):
    hand = {"declarer": "Bo", "bid": 3, "tricks": {"Bo": 4, "Cia": 1, "Dan": 1}, "joined": ["Cia"]}
    r = play(preset, [hand], defenders_score=False, go_along=True, join_trick=2)
    assert r["scores"] == {"Anna": 12, "Bo": 12 - (3 if preset == "bud" else 4), "Cia": 10, "Dan": 12}
    r = play(preset, [hand], defenders_score=True, go_along=True, join_trick=2)
    assert r["scores"]["Cia"] == 10 and r["scores"]["Dan"] == 11


@pytest.mark.parametrize("preset,option,value", [
    ("fem", "contract", "bid"), ("fem", "min_bid", 1), ("fem", "rs_fail", "add"), ("fem", "go_along", True),
    ("fem", "join_trick", 1), ("fem", "defenders_score", False), ("fem", "rs_fail_points", 6),
    ("bud", "lone", "one_trick"), ("bud", "call", True), ("knack", "call_fail", 5)])
def test_an_option_marked_dash_for_the_preset_is_an_error_even_at_its_default(preset, option, value):
    e = error(preset, [], **{option: value})
    assert e.hand == 0 and "does not apply" in str(e)


def test_series_is_a_record_option():
    g = load(doc("fem", [{"tricks": {"Anna": 3, "Bo": 2}}], series=3))
    assert g.rules.series == 3 and to_record(g)["rules"] == {"preset": "fem", "series": 3}
    assert error("fem", [], series=2).hand == 0


def test_a_correction_applies_only_to_players_still_in_the_game():
    out = {"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5, "Cia": 1}}
    e = error("knack", [out, {"adjust": {"Bo": -3}, "reason": "x"}])
    assert e.hand == 2 and "out of the game" in str(e)
    assert error("knack", [out, {"adjust": {"Bo": -3, "Cia": 1}, "reason": "x"}]).hand == 2
    # a player outside an extra hand is still in the game: a correction is allowed
    tie = [{"adjust": {"Anna": -10, "Bo": -11}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}}]
    assert play("fem", [*tie, {"adjust": {"Cia": -2}, "reason": "x"}])["scores"]["Cia"] == 10


# --- bugs the suite once missed ----------------------------------------------------------------

def test_insert_puts_the_hand_exactly_before_the_index():
    g = Game(Rules("fem"), FOUR)
    a, b, c = ((score.PLAY, t, -1, ()) for t in ((2, 3, -1, -1), (-1, 1, 4, -1), (-1, -1, 0, 5)))
    for e in (a, b, c):
        g.push(e)
    x = (score.PLAY, (4, -1, -1, 1), -1, ())
    g.insert(1, x)
    assert g.log == [a, x, b, c]
    assert [list(s.scores) for s in g.states()][1] == [6, 9, 12, 11]
    g.insert(0, (score.ALL_PASS,))
    assert g.log[0] == (score.ALL_PASS,) and g.log[2] == x
    g.insert(5, (score.MISDEAL, True))
    assert g.log[-1] == (score.MISDEAL, True)
    with pytest.raises(EntryError):
        g.insert(7, (score.ALL_PASS,))


def won(series, seat):
    """Finish the current game of series with seat reaching 0 (start 1)."""
    tricks = [-1] * 4
    tricks[seat] = 5
    tricks[(seat + 1) % 4] = 0
    series.game.push((score.PLAY, tuple(tricks), -1, ()))
    assert series.game.state.winner == seat


def test_best_of_5_at_2_1_1_is_not_decided_with_a_game_to_play():
    s = Series(Rules("fem", {"series": 5, "start": 1}), FOUR, 0, past=(0, 0, 1))
    won(s, 2)
    assert s.wins() == [2, 1, 1, 0]
    assert not s.over() and s.winner() == -1
    s.next_game()
    assert s.number() == 5
    won(s, 1)  # 2-2-1: all five played, a draw
    assert s.over() and s.winner() == -1
    s = Series(Rules("fem", {"series": 5, "start": 1}), FOUR, 0, past=(0, 0, 1))
    won(s, 0)  # 3-1 with one to play: nobody can catch Anna
    assert s.over() and s.winner() == 0


def test_a_finished_1_1_1_series_has_no_winner():
    s = Series(Rules("fem", {"series": 3, "start": 1}), FOUR, 0, past=(0, 1))
    assert not s.over()
    won(s, 2)
    assert s.over() and s.wins() == [1, 1, 1, 0] and s.winner() == -1
    with pytest.raises(EntryError):
        s.next_game()


def test_a_correction_of_minus_30_and_more_is_enterable():
    g = Game(Rules("fem"), FOUR)
    g.push((score.ADJUST, (-30, 0, 0, 0), "correction"))
    g.push((score.ADJUST, (0, 999, -999, 0), ""))
    assert g.state.scores == [-18, 1011, -987, 12]
    with pytest.raises(EntryError):
        g.push((score.ADJUST, (0, 0, 0, -1000), ""))


@pytest.mark.parametrize("name", [" Bo", "Bo ", "\tBo", "Bo\n", " "])
def test_names_with_spaces_around_are_refused(name):
    with pytest.raises(RulesError, match="without spaces around"):
        check_players(Rules("fem"), ["Anna", name])
    with pytest.raises(RulesError):
        Game(Rules("fem"), ["Anna", name])
    assert error("fem", [], ["Anna", name]).hand == 0
    check_players(Rules("fem"), ["Anna", "Bo Ek"])  # a space inside is a name
