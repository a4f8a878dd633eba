"""The history's rows (firmware/ui/screens/history.py ``rows``), kept between screens in the App:
the same rows a history made afresh shows after every change, each entry folded once when only new
entries came, and another game's let go."""

import random

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui.app import App
from firmware.ui.screens import history
from tools.play import randgame
from tools.play.driver import FakeStore


def shown(app):
    """The rows of the history opened now, as it draws them."""
    history.open_history(app)
    return app.view.render(app).rows


def test_the_rows_kept_are_those_made_afresh_and_a_new_entry_folds_only_itself(monkeypatch):
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
        for step in range(30):
            roll = rng.random()
            pushed = False
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
                pushed = True
            if not game.log:
                continue
            before = len(applied)
            kept = shown(app)
            folded = len(applied) - before
            if pushed and step:
                assert folded <= 1, (preset, step, folded)  # the new entry only
            before = len(applied)
            assert shown(app) == kept and len(applied) == before  # again: nothing folded
            app.history_rows = None
            assert shown(app) == kept, (preset, step)  # as made afresh


def test_another_games_rows_are_let_go_on_the_scoreboard():
    series = Series(Rules("fem"), ["Anna", "Bo", "Cia", "Dan"])
    series.game.push((score.PLAY, (2, 3, -1, 0), -1, ()))
    app = App(FakeStore(series), None)
    app.series = series
    history.warm(app)
    assert app.history_rows[0] is series.game
    app.let_go()
    assert app.history_rows is not None  # this game's: kept
    app.series = Series(Rules("fem"), ["Anna", "Bo", "Cia", "Dan"])
    app.let_go()
    assert app.history_rows is None
