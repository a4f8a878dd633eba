"""A delete the rules refuse names the entry it would make impossible, as the history
numbers it now: a later hand, not the deleted one (firmware/ui/screens/history.py).

Anna's penalty in hand 1 is all that keeps her from winning with hand 4; without it the
game is over before hand 5, so deleting hand 1 must be refused naming hand 5.
"""

from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui.app import App
from tools.play.driver import Driver, FakeStore

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
PENALTY = (score.PLAY, (0, 5, -1, -1), -1, ())  # Anna plays and takes nothing: her penalty
ANNA_4 = (score.PLAY, (4, -1, 1, -1), -1, ())  # Anna 4 tricks, Cia 1


BO_CIA = (score.PLAY, (-1, 2, 3, -1), -1, ())


def game_of(log, lang, compacted=()):
    """The App on a game of log; compacted: entries before it, folded into its base (as a
    save that had to compact keeps them)."""
    series = Series(Rules("fem"), PLAYERS, 0)
    if compacted:
        base = series.game.fold(list(compacted))
        series.game = Game(Rules("fem"), PLAYERS, 0, base, len(compacted))
    for entry in log:
        series.game.push(entry)
    store = FakeStore(series)
    return Driver(App(store, None, lang=lang)), store


def test_a_refused_delete_names_the_hand_that_becomes_impossible():
    log = [PENALTY] + [ANNA_4] * 4
    for lang, words in (("sv", "Går inte\nGiv 5\nSpelet är slut: Anna\nhar vunnit"),
                        ("en", "Not possible\nHand 5\nThe game is over:\nAnna has won")):
        d, store = game_of(log, lang)
        d.keys("a" + "a" * 4 + "c")  # the history, up to hand 1, its changes
        d.keys("aa" "c")  # up past Insert to Delete: the question
        assert " ".join(d.text().splitlines()[1:3]) == ("Giv 1: Bo tog 5, Anna 0" if lang == "sv"
                                                         else "Hand 1: Bo took 5, Anna 0")
        d.keys("c")
        assert d.text() == words
        assert d.app.series.game.log == log and store.saves == []
        d.keys("c")  # back to hand 1's changes, the game as it was
        lines = d.text().splitlines()
        assert lines[0] == ("Giv 1▲" if lang == "sv" else "Hand 1▲")  # (on Delete: Insert below it)
        assert lines[3].split() == ["Anna", "12>17", "+5"] and lines[-2] == ">" + d.app.tr("Delete")


def test_a_refused_delete_in_a_compacted_game_names_the_hand_as_numbered():
    d, _store = game_of([PENALTY] + [ANNA_4] * 4, "en", compacted=[BO_CIA, BO_CIA])
    d.keys("a" + "a" * 4 + "c")
    assert d.text().splitlines()[0] == "Hand 3▼"
    d.keys("aa" "c" "c")
    assert d.text() == "Not possible\nHand 7\nThe game is over:\nAnna has won"
