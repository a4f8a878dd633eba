"""The history's counts of a game (firmware/ui/screens/history.py ``tally``): what a fold of
the log gives, kept between screens, each entry folded once however often it opens."""

import random

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui.app import App
from firmware.ui.screens import history
from tools.play import randgame
from tools.play.driver import FakeStore


def folded(game):
    """(hands, first seats, scores) as the tally gives them, from a fold of the whole log."""
    st = game.fold([])
    hands, firsts, scores = [st.hands], [history.first_seat(st)], list(st.scores)
    for st in game.states():
        hands.append(st.hands)
        firsts.append(history.first_seat(st))
        scores.extend(st.scores)
    return hands, firsts, scores


def tallied(app):
    return tuple(list(a) for a in history.tally(app))


def test_the_tally_is_the_fold_after_every_change_and_folds_only_what_changed(monkeypatch):
    rng = random.Random(39)
    applied = []
    real_apply = score.apply
    monkeypatch.setattr(score, "apply", lambda *a: applied.append(1) or real_apply(*a))
    for preset in ("fem", "bud", "knack"):
        rules = Rules(preset)
        series = Series(rules, ["Anna", "Bo", "Cia", "Dan", "Eva"])
        app = App(FakeStore(series), None)
        app.series = series
        game = series.game
        for step in range(40):
            roll = rng.random()
            if game.log and roll < 0.15:
                game.pop()
            elif game.log and roll < 0.25:
                i = rng.randrange(len(game.log))
                try:
                    game.replace(i, randgame.random_entry(rng, rules, game.fold(game.log[:i]), faults=False))
                except score.EntryError:
                    continue  # a later entry no longer fits: nothing changed
            elif not game.state.over():
                game.push(randgame.random_entry(rng, rules, game.state, faults=False))
            pushed = roll >= 0.25 and not game.state.over()
            before = len(applied)
            got = tallied(app)
            assert got == folded(game), (preset, step)
            if pushed and step:  # only the new entry folded (the fold above is the test's own)
                assert len(applied) - before - len(game.log) <= 1
            before = len(applied)
            assert tallied(app) == got and len(applied) == before  # asked again: nothing folded


def test_another_games_tally_is_let_go_on_the_scoreboard():
    series = Series(Rules("fem"), ["Anna", "Bo", "Cia", "Dan"])
    app = App(FakeStore(series), None)
    app.series = series
    history.tally(app)
    assert app.tally[0] is series.game
    app.let_go()
    assert app.tally is not None  # this game's: kept
    app.series = Series(Rules("fem"), ["Anna", "Bo", "Cia", "Dan"])
    app.let_go()
    assert app.tally is None
