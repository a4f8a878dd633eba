"""Every hand of every example record, of every typical record (host_tests/typical: games
as tables play them, copied from the specification), and random games, entered by button
presses only: the planner's keys drive the real UI and the games equal the records."""

import json
import os

import pytest

from firmware.record.reader import load
from firmware.record.writer import to_record
from firmware.ui.app import App
from tools.play.driver import Driver, random_game
from tools.play.presses import can_enter, keys_for_record, presses_for

RECORDS = os.path.join(os.path.dirname(__file__), "records")
TYPICAL = os.path.join(os.path.dirname(__file__), "typical")
TYPICALS = sorted(f for f in os.listdir(TYPICAL) if f.endswith(".json"))


def read(name):
    with open(os.path.join(RECORDS, name), encoding="utf-8") as f:
        return json.load(f)


GOOD = [f for f in sorted(os.listdir(RECORDS)) if f.endswith(".json") and not f.startswith("bad-")]


def play(doc, **kw):
    """Drive a fresh App with the record's keys; return (driver, setup keys, hand keys)."""
    d = Driver(**kw)
    setup, hands = keys_for_record(d.app, doc)
    d.keys(setup)
    for keys in hands:
        d.keys(keys)
    return d, setup, hands


def same_game(game, expected):
    assert game.rules == expected.rules
    assert game.players == expected.players
    assert game.first_dealer == expected.first_dealer
    assert game.log == expected.log
    assert game.state == expected.state


@pytest.mark.parametrize("name", GOOD)
def test_example_record_by_buttons(name):
    doc = read(name)
    d, _setup, hands = play(doc["record"])
    game = d.app.series.game
    same_game(game, load(doc["record"]))
    exp = doc["expect"]
    assert {p: game.state.scores[i] for i, p in enumerate(game.players)} == exp["scores"]
    assert len(hands) == len(doc["record"]["hands"])
    assert all(set(k) <= set("abcABC") for k in hands)


@pytest.mark.parametrize("name", GOOD)
def test_example_record_on_128x32(name):
    doc = read(name)
    d, _s, _h = play(doc["record"], height=32)
    same_game(d.app.series.game, load(doc["record"]))


@pytest.mark.parametrize("name", TYPICALS)
def test_typical_record_by_buttons(name):
    with open(os.path.join(TYPICAL, name), encoding="utf-8") as f:
        doc = json.load(f)
    assert can_enter(doc["record"])
    d, _setup, hands = play(doc["record"])
    game = d.app.series.game
    same_game(game, load(doc["record"]))
    assert {p: game.state.scores[i] for i, p in enumerate(game.players)} == doc["expect"]["scores"]
    assert len(hands) == len(doc["record"]["hands"])


def test_typical_records_are_the_specification_s():
    """host_tests/typical is a copy of the specification's typical games (users have no
    ../shared): when the specification is there, the copy must be the same."""
    shared = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "typical")
    if not os.path.isdir(shared):
        pytest.skip("no ../shared/typical here")
    names = sorted(f for f in os.listdir(shared) if f.endswith(".json"))
    assert names == TYPICALS
    for n in names:
        with open(os.path.join(shared, n), encoding="utf-8") as a, \
                open(os.path.join(TYPICAL, n), encoding="utf-8") as b:
            assert json.load(a) == json.load(b), n


def test_presses_for_single_hand_does_not_touch_the_app():
    d = Driver()
    d.keys("c")  # start the default game: fem, Anna Bo Cia Dan
    keys = presses_for(d.app, {"tricks": {"Bo": 2, "Cia": 3}})
    assert d.app.series.game.log == []
    d.keys(keys)
    assert d.app.series.game.log == [(0, (-1, 2, 3, -1), -1, ())]
    assert d.text().startswith("Giv 2")


@pytest.mark.parametrize("seed", range(40))
def test_random_game_by_buttons(seed):
    game = random_game(seed)
    doc = to_record(game)
    d, _s, _h = play(doc, lang="en" if seed % 2 else "sv")
    same_game(d.app.series.game, game)


@pytest.mark.parametrize("seed", range(40, 46))
def test_random_game_on_128x32(seed):
    game = random_game(seed)
    d, _s, _h = play(to_record(game), height=32)
    same_game(d.app.series.game, game)


def test_bad_fem_sum_is_refused_before_saving():
    doc = read("bad-fem-sum.json")["record"]
    d = Driver()
    good = dict(doc, hands=doc["hands"][:1])
    setup, hands = keys_for_record(d.app, good)
    d.keys(setup + "".join(hands))
    bad = doc["hands"][1]
    names = d.app.series.game.players
    d.keys("c")
    view = d.app.view
    # answer each row with the bad hand's tricks: pass is ◀, tricks are ▶ up to
    # the value, then OK; the last player's filled-in tricks are set to 0 (hold ◀)
    for seat in view.seats:
        want = bad["tricks"].get(names[seat], -1)
        if view.done:
            assert view.filled[view.cursor] == 3  # the last player: the tricks left
            d.keys("A")
            break
        if want < 0:
            d.keys("a")
        else:
            while view.shown != want:
                d.keys("b")
            d.keys("c")
    assert view.done and d.text().splitlines()[0] == "Stick: 2 av 5"  # said before OK
    text = d.keys("c")
    assert "Stick: 2 av 5" in text
    assert len(d.app.series.game.log) == 1
    d.keys("c")  # back to the entry, nothing committed
    assert d.app.view is view
    d.keys("CCCCC")
    assert d.text().startswith("Giv 2")
    assert len(d.app.series.game.log) == 1


def test_bad_after_win_has_no_entry_screen():
    doc = read("bad-after-win.json")["record"]
    d = Driver()
    good = dict(doc, hands=doc["hands"][:1])
    setup, hands = keys_for_record(d.app, good)
    d.keys(setup + "".join(hands))
    assert d.app.series.game.state.over()
    assert "vinner" in d.text()
    d.keys("C")  # back to the scoreboard: OK shows the winner again, no entry
    assert "vann" in d.text()
    d.keys("c")
    assert "vinner" in d.text()
    assert len(d.app.series.game.log) == 1


def test_default_app_starts_on_setup():
    app = App(None, None)
    assert app.screen.title == "Nytt spel▼"


def test_presses_per_player_goal_and_record_keys():
    from tools.bench.ui import record_presses
    from tools.play.presses import record_keys
    per_player = []
    for _name, n, hands in record_presses():
        per_player.extend(len(k) / n for k in hands)
    assert sum(per_player) / len(per_player) <= 2.0
    doc = read("fem-basic.json")["record"]
    d = Driver()
    d.keys(record_keys(doc))
    same_game(d.app.series.game, load(doc))
