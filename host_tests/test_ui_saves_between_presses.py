"""Presses taken between a save's steps: App.work runs one step a pass of code.py's loop, and a
press that comes meanwhile is handled before the steps left (docs/ARCHITECTURE.md). Random key
walks on a real Store whose every save erases the NVM's sector (as on the SAMD boards, or a full
slot on an RP2040), so that every save goes in steps with the drive copy first; after each press
the loop runs only some of the steps waiting (none, one, a few, all), as a quick table makes it.

Whenever every job has run, the NVM holds the game in RAM (its scores, dealer, hands and the
series' games) and the drive copy reads back whole; and no press ever ends on an error screen."""

import random

import pytest

from firmware.core.series import Series
from firmware.store.drivecopy import DriveCopy
from firmware.store.journal import Store
from firmware.ui.app import App
from tools.play import keymap, randgame, walks

SEEDS = range(24)
PRESSES = 150
CHECK_EVERY = 25  # presses between two checks (every job run first)


def store(nvm, folder):
    return Store(nvm, copy=DriveCopy(folder, None, len(nvm) // 2), erase_always=True)


def facts(series):
    """What a resumed game must have as the App had it."""
    if series is None:
        return None
    st = series.game.state
    return (list(series.game.players), list(st.scores), st.dealer, st.hands, len(series.past))


def check(app, nvm, folder, where):
    while app.work():
        pass
    loaded = store(bytearray(nvm), folder).load()
    assert facts(loaded.series) == facts(app.series), where
    assert DriveCopy(folder, None, len(nvm) // 2).get(bytearray(len(nvm) // 2)) is not None, where


def walk(seed, folder):
    """Play seed's walk on a drive at folder, checking as it goes; the presses it took while a save
    had steps left."""
    rules, players, dealer = walks.table(seed)
    rng = random.Random(seed)
    nvm = bytearray(b"\xff" * 4096)
    series = Series(rules, players, dealer)
    for _ in range(rng.randint(1, 6)):
        if series.game.state.over():
            break
        series.game.push(randgame.random_entry(rng, rules, series.game.state))
    store(nvm, folder).save(series)
    app = App(store(nvm, folder), None, lang="en")
    between = 0  # presses taken while a save had steps left
    for i, ch in enumerate(walks.keys(rng, PRESSES)):
        where = "seed %d, press %d (%r)" % (seed, i, ch)
        between += any(not callable(job) for job in app.jobs)
        app.handle(keymap.event_for_char(ch), 200 * i)
        assert type(app.view).__name__ != "ErrorView", "%s: %s" % (where, app.screen.text())
        for _ in range(rng.choice((0, 0, 1, 2, 3, 99))):
            if not app.work():
                break
        if i % CHECK_EVERY == CHECK_EVERY - 1:
            check(app, nvm, folder, where)
    check(app, nvm, folder, "seed %d, the end" % seed)
    return between


@pytest.mark.parametrize("seed", SEEDS)
def test_a_walk_with_presses_between_the_steps_of_its_saves_saves_what_it_shows(seed, tmp_path):
    walk(seed, str(tmp_path))


def test_the_walks_take_presses_between_the_steps_of_saves(tmp_path):
    """(The property above is about something: its walks do take presses mid-save.)"""
    taken = 0
    for seed in SEEDS[:6]:
        (tmp_path / str(seed)).mkdir()
        taken += walk(seed, str(tmp_path / str(seed)))
    assert taken >= 20
