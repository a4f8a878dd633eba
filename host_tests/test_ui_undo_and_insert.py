"""Undo's reach after compaction, and a forgotten hand inserted from the history."""

from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui.app import App
from tools.play.driver import Driver, FakeStore

FOUR = ("Anna", "Bo", "Cia", "Dan")


def resumed(store, exporter):
    return Driver(App(store, exporter))


def a_series():
    series = Series(Rules("fem"), FOUR)
    series.game.push((score.PLAY, (-1, 2, 3, -1), -1, ()))
    series.game.push((score.ALL_PASS,))
    return series


def test_undo_question_says_how_far_back_undo_reaches():
    store = FakeStore(a_series())
    store.undo_limit = 1
    d = resumed(store, None)
    text = d.keys("A")
    assert text.startswith("Ångra?\n") and "Ångra når 1 bakåt" in text
    store.undo_limit = None
    assert "når" not in resumed(store, None).keys("A")


def test_undo_on_a_compacted_game_explains_why_it_stops():
    full = a_series().game
    compacted = Series(Rules("fem"), FOUR)
    compacted.game = Game(full.rules, full.players, 0, base=full.state.copy(), base_entries=2)
    text = resumed(FakeStore(compacted), None).keys("A")
    assert "packades" in text
    text = resumed(FakeStore(Series(Rules("fem"), FOUR)), None).keys("A")
    assert "Inget att ångra" in text


def test_a_forgotten_hand_is_inserted_from_the_history_and_later_hands_rescored():
    series = a_series()
    series.game.push((score.PLAY, (1, 4, -1, 0), -1, ()))
    store = FakeStore(series)
    d = resumed(store, None)
    assert "> 1 " in d.keys("aaa")  # the history, up to the oldest hand
    text = d.keys("ca")  # its changes, up to "Ny giv före"
    assert ">Ny giv före" in text
    d.keys("c")  # a fem hand before hand 1, from the first to speak
    assert d.text().startswith("Giv 1: stick")
    before = list(series.game.log)
    # Bo 1, Cia 4, the rest pass (unlike any hand already there, so its place shows);
    # an insertion is previewed (later hands are scored again)
    assert d.keys("c" "bbbc" "c").startswith("OK? Giv 1")
    d.keys("c")
    game = d.app.series.game
    assert game.log == [(score.PLAY, (-1, 1, 4, -1), -1, ()), *before]
    assert game.state.scores == [11, 5, 5, 17]  # every later hand scored again
    assert store.saves[-1] == (0, game.log)


def test_an_inserted_hand_survives_a_reboot():
    from firmware.store.journal import Store
    from tools.sim.fakes import FakeNVM

    nvm = FakeNVM(4096)
    store = Store(nvm)
    series = a_series()
    store.save(series)
    d = resumed(Store(nvm), None)
    d.keys("aa" + "ca" + "c" + "B" "bbc" "c" + "c")  # history, hand 1, insert a hand before it
    game = d.app.series.game
    assert len(game.log) == 3
    again = Store(nvm).load().series.game
    assert again.log == game.log and again.state == game.state
