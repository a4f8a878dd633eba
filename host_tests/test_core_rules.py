"""Every rule and option of the README's rules section, one small game each."""

import json

import pytest

from firmware.core import score
from firmware.core.errors import EntryError
from firmware.core.game import Game
from firmware.core.rules import OPTIONS, PRESETS, Rules
from firmware.record.reader import RecordError, load
from firmware.record.replay import result_json

FOUR = ["Anna", "Bo", "Cia", "Dan"]


def play(preset, hands, players=FOUR, dealer=None, **rules):
    rules["preset"] = preset
    doc = {"format": "rodskagg-record/1", "rules": rules, "players": players, "hands": hands}
    if dealer:
        doc["dealer"] = dealer
    return json.loads(result_json(load(doc)))


def error(preset, hands, players=FOUR, **rules):
    with pytest.raises(RecordError) as info:
        play(preset, hands, players, **rules)
    return info.value


def scores(result):
    return list(result["scores"].values())


# --- presets and options -------------------------------------------------------------

def test_preset_defaults_follow_the_table():
    fem, bud, knack = (Rules(p) for p in PRESETS)
    assert (fem.start, fem.penalty, fem.exact_zero, fem.lone, fem.call, fem.call_fail) == (
        12, 5, "off", "one_trick", True, 5)
    assert (bud.contract, bud.rs_fail, bud.rs_fail_points, bud.defenders_score, bud.go_along) == (
        "bid", "add", 6, False, False)
    assert (knack.contract, knack.rs_fail, knack.defenders_score, knack.go_along, knack.knock,
            knack.exact_zero) == ("tricks", "out", True, True, True, "exact")
    assert fem.contract is None and bud.lone is None and bud.call is None
    assert all(r.pot is False and r.stake == 2 and r.pass_fee == 1 and r.series == 1 for r in (fem, bud, knack))


@pytest.mark.parametrize("name,choice,allowed,defaults", OPTIONS)
def test_every_option_accepts_its_values_and_refuses_others(name, choice, allowed, defaults):
    for p, preset in enumerate(PRESETS):
        if defaults[p] is None:
            with pytest.raises(RecordError, match="does not apply"):
                play(preset, [], players=FOUR, **{name: defaults[(p + 1) % 3] or defaults[(p + 2) % 3]})
            continue
        values = allowed if choice else (allowed[0], allowed[1])
        for v in values:
            play(preset, [], **{name: v})
        bad = ["nonsense", None] if choice else [allowed[0] - 1, allowed[1] + 1, "5", 2.5, True]
        for v in bad:
            assert error(preset, [], **{name: v}).hand == 0


def test_override_keeps_other_defaults_and_round_trips():
    r = Rules("knack", {"join_trick": 2})
    assert r.overrides() == [("join_trick", 2)]
    assert r.defenders_score is True


# --- fem -----------------------------------------------------------------------------

def test_fem_tricks_and_penalty():
    r = play("fem", [{"tricks": {"Anna": 0, "Bo": 5}}])
    assert scores(r) == [17, 7, 12, 12]


def test_fem_penalty_option():
    r = play("fem", [{"tricks": {"Anna": 0, "Bo": 5}}], penalty=6)
    assert scores(r)[0] == 18


@pytest.mark.parametrize("mode,dealer_after", [("redeal", 12), ("dealer_penalty", 13)])
def test_all_pass(mode, dealer_after):
    r = play("fem", [{"all_pass": True}], dealer="Bo", all_pass=mode)
    assert r["scores"]["Bo"] == dealer_after and r["dealer"] == "Bo"


def test_all_pass_penalty_amount():
    r = play("fem", [{"all_pass": True}, {"all_pass": True}], all_pass="dealer_penalty", all_pass_penalty=3)
    assert r["scores"]["Anna"] == 18 and r["dealer"] == "Anna"


def test_lone_one_trick_moves_the_deal():
    r = play("fem", [{"lone": "Bo"}])
    assert scores(r) == [12, 11, 12, 12] and r["dealer"] == "Bo"


def test_lone_redeal_keeps_dealer_and_scores():
    r = play("fem", [{"lone": "Bo"}], lone="redeal")
    assert scores(r) == [12] * 4 and r["dealer"] == "Anna"


def test_lone_play_out_scores_real_tricks():
    r = play("fem", [{"tricks": {"Bo": 3}}, {"tricks": {"Cia": 0}}], lone="play_out")
    assert scores(r) == [12, 9, 17, 12]
    assert error("fem", [{"lone": "Bo"}], lone="play_out").hand == 1


def test_call_made_and_failed_and_call_fail_points():
    r = play("fem", [{"tricks": {"Anna": 5, "Bo": 0}, "call": "Anna"},
                     {"tricks": {"Cia": 3, "Dan": 2}, "call": "Cia"}], call_fail=7)
    assert scores(r) == [2, 17, 19, 10]


def test_call_off_refuses_a_call():
    assert "call is off" in str(error("fem", [{"tricks": {"Anna": 5, "Bo": 0}, "call": "Anna"}], call=False))


def test_two_players_fem():
    r = play("fem", [{"tricks": {"A": 4, "B": 1}}, {"lone": "B"}], players=["A", "B"])
    assert scores(r) == [8, 10]


def test_short_game_start_7():
    assert scores(play("fem", [], start=7)) == [7] * 4


# --- exact zero ------------------------------------------------------------------------

def hand_from(score_before, tricks, mode):
    """Anna at score_before takes tricks (Bo the rest) under exact_zero mode."""
    adjust = {"adjust": {"Anna": score_before - 12}, "reason": "set"}
    return play("fem", [adjust, {"tricks": {"Anna": tricks, "Bo": 5 - tricks}}], exact_zero=mode)


def test_exact_zero_off_wins_below_zero():
    r = hand_from(2, 3, "off")
    assert r["scores"]["Anna"] == -1 and r["winner"] == "Anna"


def test_exact_zero_exact_goes_below_and_must_climb_back():
    r = hand_from(3, 4, "exact")
    assert r["scores"]["Anna"] == -1 and r["winner"] is None
    r = play("fem", [{"adjust": {"Anna": -13}, "reason": "set"}, {"tricks": {"Anna": 0, "Bo": 5}},
                     {"all_pass": True}], exact_zero="exact", all_pass="dealer_penalty")
    # -1 +5 = 4 (penalties always apply); the all-pass penalty goes to the dealer, Bo
    assert r["scores"]["Anna"] == 4 and r["scores"]["Bo"] == 8


def test_exact_zero_exact_hit():
    r = hand_from(3, 3, "exact")
    assert r["scores"]["Anna"] == 0 and r["winner"] == "Anna"


def test_exact_zero_bust_does_not_count_overshoot():
    r = hand_from(2, 3, "bust")
    assert r["scores"]["Anna"] == 2 and r["winner"] is None


def test_exact_zero_bounce():
    r = hand_from(2, 3, "bounce")
    assert r["scores"]["Anna"] == 1 and r["winner"] is None
    assert hand_from(2, 2, "bounce")["winner"] == "Anna"


def test_knack_default_exact_zero():
    r = play("knack", [{"adjust": {"Bo": -9}, "reason": "set"},
                       {"declarer": "Bo", "bid": 3, "tricks": {"Bo": 4, "Cia": 2}}])
    assert r["scores"]["Bo"] == -1 and r["winner"] is None


# --- bud -------------------------------------------------------------------------------

def test_bud_made_and_failed_bid():
    r = play("bud", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 5}},
                     {"declarer": "Cia", "bid": 4, "tricks": {"Cia": 3}}])
    assert scores(r) == [12, 9, 16, 12]


def test_bud_min_bid():
    assert error("bud", [{"declarer": "Bo", "bid": 1, "tricks": {"Bo": 5}}], min_bid=2).hand == 1


def test_bud_rodskagg_failed_add():
    r = play("bud", [{"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5}}], rs_fail_points=8)
    assert r["scores"]["Bo"] == 20 and r["winner"] is None


def test_bud_rodskagg_failed_out():
    r = play("bud", [{"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5}}], rs_fail="out")
    assert r["out"] == ["Bo"] and r["scores"]["Bo"] == 12


def test_bud_defenders_score():
    r = play("bud", [{"declarer": "Bo", "bid": 2, "tricks": {"Bo": 2, "Cia": 3, "Dan": 1}}],
             defenders_score=True)
    assert scores(r) == [12, 10, 9, 11]
    assert error("bud", [{"declarer": "Bo", "bid": 2, "tricks": {"Bo": 2}}], defenders_score=True).hand == 1


def test_bud_contract_tricks():
    r = play("bud", [{"declarer": "Bo", "bid": 4, "tricks": {"Bo": 3}}], contract="tricks")
    assert r["scores"]["Bo"] == 12 - 3 + 5


def test_bud_tricks_over_total_refused():
    assert "more than 6" in str(error("bud", [{"declarer": "Bo", "bid": 2, "tricks": {"Bo": 4, "Cia": 3}}]))


# --- knack -----------------------------------------------------------------------------

def test_knack_joiners_and_join_trick_2():
    hand = {"declarer": "Cia", "bid": 4, "tricks": {"Cia": 4, "Dan": 1, "Eva": 1}, "joined": ["Anna", "Eva"]}
    five = ["Anna", "Bo", "Cia", "Dan", "Eva"]
    assert scores(play("knack", [hand], players=five)) == [17, 12, 8, 11, 11]
    assert scores(play("knack", [hand], players=five, join_trick=2)) == [17, 12, 8, 11, 10]


def test_knack_go_along_off_refuses_joiners():
    hand = {"declarer": "Cia", "bid": 4, "tricks": {"Cia": 4, "Dan": 2}, "joined": ["Anna"]}
    assert error("knack", [hand], go_along=False).hand == 1


def test_knack_rodskagg_made_wins_at_once_whatever_others_did():
    r = play("knack", [{"adjust": {"Anna": -12}, "reason": "x"},
                       {"declarer": "Bo", "bid": "R", "tricks": {"Bo": 6}}])
    assert r["winner"] == "Bo" and r["scores"]["Bo"] == 0 and r["dealer"] is None


def test_knack_rodskagg_failed_out_skips_the_seat_and_last_player_wins():
    three = ["A", "B", "C"]
    r = play("knack", [{"declarer": "B", "bid": "R", "tricks": {"B": 5, "A": 1}}], players=three)
    assert r["out"] == ["B"] and r["scores"]["A"] == 11 and r["dealer"] == "C"
    r = play("knack", [{"declarer": "B", "bid": "R", "tricks": {"B": 5, "A": 1}},
                       {"declarer": "C", "bid": "R", "tricks": {"C": 4, "A": 2}}], players=three)
    assert r["out"] == ["B", "C"] and r["winner"] == "A"
    assert error("knack", [{"declarer": "B", "bid": "R", "tricks": {"B": 5, "A": 1}},
                           {"fault": "B"}], players=three).hand == 2


def test_knack_out_dealer_skipped():
    four = play("knack", [{"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5, "Cia": 1}}], dealer="Anna")
    assert four["dealer"] == "Cia"


def test_knock_faults_and_misdeals():
    r = play("knack", [{"misdeal": True}, {"misdeal": True, "knocked": False}, {"fault": "Cia", "reason": "x"}])
    assert scores(r) == [17, 12, 17, 12] and r["dealer"] == "Anna"
    r = play("fem", [{"misdeal": True, "knocked": False}, {"fault": "Cia"}])
    assert scores(r) == [12, 12, 17, 12]


def test_adjust_is_not_a_hand_and_never_ends_the_game():
    r = play("fem", [{"adjust": {"Bo": -12, "Cia": 2}, "reason": "slip"}])
    assert scores(r) == [12, 0, 14, 12] and r["winner"] is None and r["dealer"] == "Anna"


# --- end of game -----------------------------------------------------------------------

def test_several_finishers_lowest_wins():
    r = play("fem", [{"adjust": {"Anna": -10, "Bo": -11}, "reason": "set"},
                     {"tricks": {"Anna": 3, "Bo": 2}}])
    # Anna 2-3 = -1, Bo 1-2 = -1: a tie
    assert r["scores"] == {"Anna": -1, "Bo": -1, "Cia": 12, "Dan": 12}
    assert r["tiebreak"] == ["Anna", "Bo"] and r["winner"] is None


def test_extra_hand_only_tied_players_and_lowest_wins():
    tie = [{"adjust": {"Anna": -10, "Bo": -11}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}}]
    assert error("fem", [*tie, {"tricks": {"Anna": 3, "Cia": 2}}]).hand == 3
    r = play("fem", [*tie, {"tricks": {"Anna": 3, "Bo": 2}}])
    assert r["winner"] == "Anna" and r["tiebreak"] == []
    r = play("fem", [*tie, {"all_pass": True}, {"tricks": {"Anna": 0, "Bo": 5}}])
    assert r["winner"] == "Bo"


def test_extra_hand_still_level_plays_again():
    tie = [{"adjust": {"Anna": -10, "Bo": -11}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}},
           {"adjust": {"Anna": 1}, "reason": "level"}]
    # Anna 0-3 = -3, Bo -1-2 = -3: still level after the extra hand
    assert play("fem", tie)["dealer"] == "Bo"  # Bo deals the extra hand
    r = play("fem", [*tie, {"tricks": {"Anna": 3, "Bo": 2}}])
    assert r["tiebreak"] == ["Anna", "Bo"] and r["winner"] is None
    # the deal goes on round the whole table (RULES.md), not to the next tied player (Anna)
    assert r["dealer"] == "Cia"
    r = play("fem", [*tie, {"tricks": {"Anna": 3, "Bo": 2}}, {"tricks": {"Anna": 1, "Bo": 4}}])
    assert r["winner"] == "Bo"


def test_extra_hand_ignores_exact_zero():
    tie = [{"adjust": {"Anna": -9, "Bo": -10}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}}]
    r = play("fem", tie, exact_zero="bust")
    assert r["tiebreak"] == ["Anna", "Bo"]
    r = play("fem", [*tie, {"tricks": {"Anna": 4, "Bo": 1}}], exact_zero="bust")
    assert r["scores"]["Anna"] == -4 and r["winner"] == "Anna"


def test_pot_penalties_pay_more_and_winner_takes_all():
    r = play("fem", [{"tricks": {"Anna": 5, "Bo": 0}, "call": "Anna"}, {"fault": "Cia"},
                     {"misdeal": True, "knocked": True}], pot=True, stake=3, pass_fee=2)
    # hand 1: 4 x 3 stake + 2 passers x 2 + Bo's penalty 3 = 19; fault: Cia 3 more
    assert r["pot"] == {"pot": 22, "balance": {"Anna": -3, "Bo": -6, "Cia": -8, "Dan": -5}}


def test_pot_extra_hand_only_tied_pay():
    tie = [{"adjust": {"Anna": -10, "Bo": -11}, "reason": "set"}, {"tricks": {"Anna": 3, "Bo": 2}}]
    r = play("fem", [*tie, {"tricks": {"Anna": 3, "Bo": 2}}], pot=True)
    assert r["winner"] == "Anna"
    paid = {"Anna": 4, "Bo": 4, "Cia": 3, "Dan": 3}
    total = sum(paid.values())
    assert r["pot"] == {"pot": 0, "balance": {"Anna": total - 4, "Bo": -4, "Cia": -3, "Dan": -3}}


# --- game flow -------------------------------------------------------------------------

def test_dealer_rotation_and_first_to_speak():
    g = Game(Rules("fem"), FOUR, 3)
    assert (g.state.dealer, g.state.first_to_speak()) == (3, 0)
    g.push((score.ALL_PASS,))
    assert g.state.dealer == 3
    g.push((score.LONE, 1))
    assert (g.state.dealer, g.state.first_to_speak(), g.state.hands) == (0, 1, 1)


def test_an_extra_hand_is_for_the_tied_only():
    g = load({"format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 3}, "players": FOUR,
              "hands": [{"tricks": {"Anna": 2, "Bo": 2, "Cia": 1}},
                        {"tricks": {"Anna": 1, "Bo": 1, "Cia": 1, "Dan": 2}}]})
    st = g.state
    assert st.tied == (0, 1) and [s for s in range(4) if st.in_play(s)] == [0, 1]
    assert st.dealer == 2 and st.first_to_speak() == 0


def test_preview_does_not_change_the_game():
    g = Game(Rules("fem"), FOUR)
    after = g.preview((score.PLAY, (2, 3, -1, -1), -1, ()))
    assert after.scores == [10, 9, 12, 12] and g.state.scores == [12] * 4 and g.log == []
    with pytest.raises(EntryError, match="4 of 5"):
        g.preview((score.PLAY, (2, 2, -1, -1), -1, ()))


def test_compacted_game_starts_from_its_snapshot():
    g = Game(Rules("fem"), FOUR)
    for _ in range(3):
        g.push((score.PLAY, (2, 3, -1, -1), -1, ()))
    base = g.state.copy()
    h = Game(Rules("fem"), FOUR, 0, base=base, base_entries=3)
    h.push((score.ALL_PASS,))
    assert h.pop() is not None and h.pop() is None and h.state == base
    with pytest.raises(EntryError, match="hand 4"):
        h.push((score.PLAY, (1, 1, -1, -1), -1, ()))
