"""The scoreboard tells who owns the drive; undo says how far back it reaches after compaction."""

from firmware import score
from firmware.game import Game, Series
from firmware.rules import Rules
from firmware.ui.app import App
from host_tests.test_ui_support import Driver, FakeExporter, FakeStore

FOUR = ("Anna", "Bo", "Cia", "Dan")


def resumed(store, exporter):
    return Driver(App(store, exporter))


def a_series():
    series = Series(Rules("fem"), FOUR)
    series.game.push((score.PLAY, (-1, 2, 3, -1), -1))
    series.game.push((score.ALL_PASS,))
    return series


def test_scoreboard_marks_a_drive_that_belongs_to_the_computer():
    board = resumed(FakeStore(a_series()), FakeExporter(writable=False)).app.screen
    assert board.title.endswith("USB") and board.title.startswith("Giv 2") and len(board.title) <= 21
    board = resumed(FakeStore(a_series()), FakeExporter(writable=True)).app.screen
    assert "USB" not in board.title


def test_undo_question_says_how_far_back_undo_reaches():
    store = FakeStore(a_series())
    store.undo_limit = 1
    d = resumed(store, None)
    text = d.keys("A")
    assert "Ångra #2?" in text and "Ångra når 1 bakåt" in text
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
