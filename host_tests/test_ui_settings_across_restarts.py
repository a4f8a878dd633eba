"""Settings changed after a restart that loaded them survive the next restart.

The simulator (the device's App, buttons, Store and drive copy on an NVM file) is
started, quit (the plug pulled: only its state directory is left) and started again.
A first start has no stored settings, so its saves write a freshly made set-up; only
a start that loaded stored settings can save a stale copy of them over a change.
"""

from tools.play import presses
from tools.sim.simulator import Sim


def record(preset, players):
    return {"format": "rodskagg-record/1", "rules": {"preset": preset}, "players": players,
            "dealer": players[0], "hands": []}


def plan(sim, steps):
    """The keys that do steps(planner) on a copy of the sim's app, pressed on the sim itself."""
    p = presses.Planner(presses.clone(sim.app))
    steps(p)
    sim.play(p.take())


def restart(sim, state):
    sim.close()
    return Sim(state=state)


def new_game(sim, preset, players):
    """From the scoreboard: the menu's New game, its question, the set-up, Start!."""
    sim.play("b")  # the menu
    plan(sim, lambda p: p.menu_item(p.app.tr("New game")))
    sim.play("c")  # the question: the set-up screen
    plan(sim, lambda p: p.new_game(presses.load(record(preset, players)).rules, players, 0))


def new_game_screen(sim):
    """The new game screen's text, opened from the scoreboard (then back to it)."""
    sim.play("b")
    plan(sim, lambda p: p.menu_item(p.app.tr("New game")))
    sim.play("c")
    text = sim.text()
    sim.play("C")  # back: the game stays
    return text


def scoreboard(sim):
    """(title, the names in seat order) of the scoreboard shown."""
    lines = sim.text().splitlines()
    return lines[0], [ln[2:].split()[0] for ln in lines[1:]]


def test_a_language_and_a_new_table_chosen_after_a_restart_survive_the_next(tmp_path):
    state = str(tmp_path / "state")
    sim = Sim(state=state)
    first = ["Åsa", "Bo", "Cia"]
    sim.play(presses.keys_for_record(sim.app, record("fem", first))[0])
    assert scoreboard(sim) == ("Giv 1", first)

    sim = restart(sim, state)  # the stored settings are loaded: Swedish, one table
    assert scoreboard(sim) == ("Giv 1", first)
    sim.play("b")
    plan(sim, lambda p: p.menu_item("Språk: Svenska"))
    assert sim.app.screen.rows[sim.app.screen.selected] == "Language: English"
    sim.play("C")  # back to the scoreboard
    assert scoreboard(sim) == ("Hand 1", first)

    sim = restart(sim, state)  # the language alone changed: it must have been saved
    assert scoreboard(sim) == ("Hand 1", first)
    second = ["Dan", "Eva", "Fia", "Gun"]
    new_game(sim, "knack", second)
    assert scoreboard(sim) == ("Hand 1", second)

    sim = restart(sim, state)  # the new game's table and roster, and still English
    assert scoreboard(sim) == ("Hand 1", second)
    shown = " ".join(new_game_screen(sim).split())
    assert shown.startswith("New game▼ >Start! Table: Dan Eva Fia Gun Game: knack Players: 4"), shown
    assert sim.app.plan.roster[:7] == second + first
    sim.close()


def test_each_game_of_a_series_keeps_its_own_file_across_restarts(tmp_path):
    """Found by a play test: in a series, game 1's file (games/0001-fem) was written over by game
    2's when the device had been restarted between them (the next game started without saving
    that it has no file yet, so the restart took game 1's name again)."""
    import os

    state = str(tmp_path / "state")
    sim = Sim(state=state)
    doc = record("fem", ["Anna", "Bo", "Cia"])
    doc["rules"] = {"preset": "fem", "series": 3, "start": 1}
    setup, _hands = presses.keys_for_record(sim.app, doc)
    sim.play(setup)

    def win(sim):
        plan(sim, lambda p: p.enter((0, (3, 2, -1), -1, ())))  # (PLAY) Anna took 3: she wins

    win(sim)
    assert sim.app.over()
    games = os.path.join(sim.drive.root, "games")
    assert sorted(os.listdir(games)) == ["0001-fem.csv", "0001-fem.json"]
    sim.play("c")  # OK: game 2 of the series
    assert not sim.app.over()
    sim = restart(sim, state)  # the plug pulled between the games
    win(sim)
    sim.close()
    assert sorted(os.listdir(games)) == ["0001-fem.csv", "0001-fem.json", "0002-fem.csv", "0002-fem.json"]
    with open(os.path.join(games, "0001-fem.json"), encoding="utf-8") as f:
        first = f.read()
    assert first.count('"hands"') == 1 and '"Anna"' in first
