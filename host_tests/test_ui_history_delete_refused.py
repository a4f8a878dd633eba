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


# -- issue 36, point 10: the number of the hand named, next to irregular entries ----------------

MISDEAL = (score.MISDEAL, True)


def refused_delete(d, index):
    """The screen after Delete, yes on the history's entry index (from the scoreboard)."""
    log = d.app.series.game.log
    d.keys("a" + "a" * (len(log) - 1 - index) + "c")  # the history, up to the entry: its changes
    d.keys("aa" "c")  # up past Insert to Delete: the question
    return d.keys("c")  # yes


def test_a_refused_delete_names_the_nearest_entry_it_can_make_impossible_as_numbered_now():
    """Deleting a correction that kept Anna from winning with hand 3 makes the misdeal after it
    impossible: the entry two on from the deleted one, the nearest a delete can refuse (the
    very next is checked on the state the deleted entry was entered on, which it only made
    stricter). Named as the history numbers it now: not hand 3 (one too few), not hand 4 (one
    too many), and with a correction and a misdeal in between, which count no hand (the
    English "Misdeal, before hand 4" is one letter too long for a row: its short form)."""
    log = [(score.PLAY, (3, 2, -1, -1), -1, ()),  # Giv 1: Anna 9, Bo 10
           MISDEAL,  # Felgiv, före giv 2
           (score.PLAY, (4, 1, -1, -1), -1, ()),  # Giv 2: Anna 5, Bo 9
           (score.ADJUST, (4, 0, 0, 0), "scoring slip"),  # Rättelse, före giv 3: Anna 9
           (score.PLAY, (5, 0, -1, -1), -1, ()),  # Giv 3: Anna 4 (without the correction: 0)
           MISDEAL,  # Felgiv, före giv 4: impossible once Anna has won with hand 3
           (score.PLAY, (-1, 3, 2, -1), -1, ()),  # Giv 4
           (score.PLAY, (-1, 3, 2, -1), -1, ())]  # Giv 5
    for lang, words in (("sv", "Går inte\nFelgiv, före giv 4\nSpelet är slut: Anna\nhar vunnit"),
                        ("en", "Not possible\nMisdeal before 4\nThe game is over:\nAnna has won")):
        d, store = game_of(log, lang)
        assert refused_delete(d, 3) == words
        assert d.app.series.game.log == log and store.saves == []


def test_a_refused_delete_names_a_later_hand_past_a_misdeal_and_a_correction():
    """Anna's penalty in hand 1 keeps her from winning with hand 4; the misdeal and the
    correction between the hands count none: the hand refused is "Giv 5", the entry at log
    index 7 (two irregular entries before it)."""
    log = [PENALTY,  # Giv 1: Anna 17
           ANNA_4,  # Giv 2: 13
           MISDEAL,
           ANNA_4,  # Giv 3: 9
           (score.ADJUST, (0, 2, 0, 0), "scoring slip"),  # Bo +2
           ANNA_4,  # Giv 4: 5 (without the penalty: 0, and she has won)
           MISDEAL,  # Felgiv, före giv 5
           ANNA_4]  # Giv 5
    d, store = game_of(log, "sv")
    assert refused_delete(d, 0) == "Går inte\nFelgiv, före giv 5\nSpelet är slut: Anna\nhar vunnit"
    d, store = game_of(log[:6] + [ANNA_4, MISDEAL], "en")
    assert refused_delete(d, 0) == "Not possible\nHand 5\nThe game is over:\nAnna has won"
    assert store.saves == []


def test_every_refused_delete_of_random_games_names_the_entry_that_becomes_impossible():
    """Over random games: each delete that the rules refuse, through the history's Delete,
    names the entry that fails when the log is scored without the deleted one (found by
    identity, not by index arithmetic) in the words the history numbers it by now."""
    from firmware.core.errors import EntryError
    from firmware.ui import text
    from tools.play.driver import random_game

    checked = set()
    for seed in range(64):  # 40-odd refused deletes, three of them two on
        game = random_game(seed, 20)
        for i in range(len(game.log)):
            without = game.log[:i] + game.log[i + 1:]
            try:
                game.fold(without)
                continue
            except EntryError as e:
                failing = without[e.index - game.base_entries]
            k = next(j for j in range(len(game.log)) if j != i and game.log[j] is failing)
            assert k > i + 1  # never the very next: it is checked on the state the deleted one had
            series = Series(game.rules, game.players, game.first_dealer)
            for entry in game.log:
                series.game.push(entry)
            d = Driver(App(FakeStore(series), None, lang="en"))
            before, after, _first = text.numbers(series.game)[k]
            name = text.entry_name("en", game.log[k][0], before, after, d.app.cols)
            shown = refused_delete(d, i).splitlines()
            assert shown[:2] == ["Not possible", name], (seed, i, k, shown)
            checked.add(k - i)
    assert 2 in checked and len(checked) >= 3, checked  # two on, and farther
