"""What reaches the drive: one file per game, a pending export written at the next start that
can, the unfinished game kept by a new game, the winner's file taken back by an undo, and the
scoreboard's mark when the drive is the computer's."""

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store.export import Exporter
from firmware.ui import settings
from firmware.ui.app import App
from host_tests.test_ui_app import FOUR, enter, started
from host_tests.test_ui_undo_and_insert import a_series, resumed
from tools.play.driver import Driver, FakeExporter, FakeStore
from tools.play.presses import presses_for


def test_one_file_per_game_and_a_pending_export_written_at_the_next_start(tmp_path):
    import csv
    import io
    import os

    from firmware.store.export import Exporter
    from firmware.store.journal import Store
    from tools.sim.fakes import FakeNVM
    drive = {"writable": True}
    ex = Exporter(str(tmp_path), lambda: drive["writable"])
    nvm = FakeNVM(4096)
    d = Driver(App(Store(nvm), ex))
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 6},
           "players": ["Anna", "Bo", "Cia"], "dealer": "Anna",
           "hands": [{"tricks": {"Bo": 2, "Cia": 3}}, {"all_pass": True}]}
    from tools.play.presses import keys_for_record
    setup, hands = keys_for_record(d.app, doc)
    d.keys(setup + "".join(hands))
    win = (score.PLAY, (-1, 2, 3), -1, ())
    enter(d, win)
    assert d.text().startswith("Cia vinner!") and "Exporterad" in d.text()
    files = sorted(os.listdir(tmp_path / "games"))
    assert files == ["0001-fem.csv", "0001-fem.json"]
    # undo the winning hand and enter it again; export from the menu twice: one game, one file
    d.keys("A" "c")
    enter(d, win)
    d.keys("C" "b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Exportera") + "c")
    assert "0001-fem" in d.text()
    d.keys("c" "b" + "b" * items.index("Exportera") + "c")
    assert sorted(os.listdir(tmp_path / "games")) == files
    sheet = list(csv.reader(io.StringIO((tmp_path / "games" / "0001-fem.csv").read_text("utf-8"))))
    assert sheet[0] == ["giv", "händelse", "Anna", "Bo", "Cia"]  # the device's language
    assert [r[0] for r in sheet[2:5]] == ["1", "", "2"] and sheet[3][1] == "alla passar (före giv 2)"
    # the next game gets its own file
    assert d.keys("c" "c").startswith("Cia vinner!")  # the message, the scoreboard, OK
    assert d.keys("c").startswith("Nytt spel")  # OK: a new game
    d.keys("c")  # Start!
    assert d.text().startswith("Giv 1")
    drive["writable"] = False  # the computer owns the drive from here on
    enter(d, win)
    enter(d, win)
    text = d.text()
    assert text.startswith("Cia vinner!")
    assert "Ej exporterat än: skrivs vid nästa start" in " ".join(text.split())
    assert sorted(os.listdir(tmp_path / "games")) == files
    # a start with the drive still the computer's: still pending, the winner screen says so
    again = Driver(App(Store(nvm), ex))
    assert again.app.pending and "Ej exporterat" in " ".join(again.keys("c").split())
    # the next start that can write exports it, as the next file
    drive["writable"] = True
    later = Driver(App(Store(nvm), ex))
    assert not later.app.pending
    assert sorted(os.listdir(tmp_path / "games")) == files + ["0002-fem.csv", "0002-fem.json"]
    assert Driver(App(Store(nvm), ex)).app.export_name == "0002-fem"
    assert sorted(os.listdir(tmp_path / "games")) == files + ["0002-fem.csv", "0002-fem.json"]


def test_new_game_warns_when_the_finished_game_is_not_exported():
    from tools.play.driver import FakeExporter
    d = Driver(App(FakeStore(Series(Rules("fem", {"start": 1}), FOUR, 0)), FakeExporter(False)))
    enter(d, (score.PLAY, (-1, -1, 1, 4), -1, ()))
    assert d.app.pending
    d.keys("C" "b")
    items = [i[0] for i in d.app.view.items]
    text = d.keys("b" * items.index("Nytt spel") + "c")
    assert "inte exporterat" in text


def sheet(tmp_path):
    """The games/ files' names and the CSV's text (one game)."""
    names = sorted(p.name for p in (tmp_path / "games").iterdir())
    return names, (tmp_path / "games" / names[0]).read_text(encoding="utf-8")


def test_undoing_the_winning_hand_takes_the_winner_off_the_drive(tmp_path):
    drive = {"ours": True}
    ex = Exporter(str(tmp_path), lambda: drive["ours"])
    d, _st = started(Rules("fem", {"start": 1}), exporter=ex)
    d.keys(presses_for(d.app, (score.PLAY, (-1, -1, 1, 4), -1, ())))
    assert "Dan vinner!" in d.text()
    names, csv = sheet(tmp_path)
    assert names == ["0001-fem.csv", "0001-fem.json"] and "vinnare: Dan" in csv
    d.keys("A")  # hold ◀ on the winner screen: undo the winning hand
    assert d.text().splitlines()[0] == "Ångra?"
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1"
    names, csv = sheet(tmp_path)
    assert names == ["0001-fem.csv", "0001-fem.json"]  # the same files, rewritten
    assert "vinnare" not in csv and csv.splitlines()[:-1] == ["giv,händelse,Anna,Bo,Cia,Dan", "0,Start,1,1,1,1"]
    # won again while the computer owns the drive, undone, then a start with the drive back
    d.keys(presses_for(d.app, (score.PLAY, (-1, -1, 1, 4), -1, ())))
    assert "vinnare: Dan" in sheet(tmp_path)[1]
    drive["ours"] = False
    d.keys("A" "c")
    assert "vinnare: Dan" in sheet(tmp_path)[1]  # nothing could be written
    drive["ours"] = True
    blob = settings.blob(d.app)
    again = App(FakeStore(d.app.series, blob), ex)
    assert "vinnare" not in sheet(tmp_path)[1] and again.series.game.log == []


def new_game_question(d):
    """From the scoreboard: the menu's last row, Nytt spel; the question's screen."""
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    return d.keys("b" * items.index("Nytt spel") + "c")


def test_a_new_game_keeps_the_unfinished_one_on_the_drive_and_says_so(tmp_path):
    ex = Exporter(str(tmp_path), lambda: True)
    d, _st = started(exporter=ex)
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    assert new_game_question(d).splitlines() == [
        "Nytt spel?", "Starta! sparar det", "ofärdiga spelet på", "disken (games/).", "OK: ja, tillbaka: nej"]
    d.keys("c")
    rows = d.text().splitlines()
    assert rows[0] == "Nytt spel▼" and rows[1] == " Starta!" and rows[2].startswith(">Bord:")
    d.keys("c")  # OK on the table row opens the table, not Start!
    assert d.text().splitlines()[0] == "Plats 1: vem?▼"
    d.keys("d")  # back to the setup, then up to Start!
    d.keys("ac")
    assert d.text().splitlines() == ["Obs", "Det ofärdiga spelet", "finns på disken:", "games/0001-fem"]
    names, csv = sheet(tmp_path)
    assert names == ["0001-fem.csv", "0001-fem.json"]
    assert csv.splitlines()[-2] == '1,"Bo tog 2, Dan 3",12,10,12,9'
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1" and d.app.series.game.log == []


def test_a_new_game_starts_at_once_and_keeps_the_unfinished_one_after_its_screen(tmp_path):
    """As code.py runs the App: Start! shows "Exporterar…" before anything is written; the loop's
    work() writes the unfinished game and says where."""
    ex = Exporter(str(tmp_path), lambda: True)
    d, _st = started(exporter=ex)
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    new_game_question(d)
    d.keys("c" "c" "d" "a")
    d.answer("c")
    assert d.text().splitlines() == ["Obs", "Exporterar…"]
    assert not (tmp_path / "games").exists() or not list((tmp_path / "games").iterdir())
    while d.app.work():  # the settings, the new game's save, then the unfinished game's file
        pass
    assert d.text().splitlines() == ["Obs", "Det ofärdiga spelet", "finns på disken:", "games/0001-fem"]
    assert sheet(tmp_path)[1].splitlines()[-2] == '1,"Bo tog 2, Dan 3",12,10,12,9'
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1" and d.app.series.game.log == []


def test_a_new_game_says_plainly_what_is_lost_when_the_drive_is_the_computer_s(tmp_path):
    d, _st = started(exporter=Exporter(str(tmp_path), lambda: False))
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    assert new_game_question(d).splitlines()[1:5] == [
        "Starta! avslutar det", "ofärdiga spelet:", "datorn äger disken,", "spelet går förlorat."]
    # a finished game (exported) or an empty one: nothing is lost, Start! first as before
    d, _st = started(exporter=Exporter(str(tmp_path), lambda: True))
    assert "spelet finns kvar" in new_game_question(d)
    assert d.keys("c").splitlines()[1] == ">Starta!"


def test_a_new_game_says_so_when_the_unfinished_one_could_not_be_written(tmp_path):
    class Full(Exporter):
        def export(self, series_or_game, name=None, lang="en"):
            raise OSError("the drive is full")

    d, _st = started(exporter=Full(str(tmp_path), lambda: True))
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    new_game_question(d)
    d.keys("c" "a" "c")  # the setup, up to Starta!, OK
    assert d.text().splitlines() == ["Obs", "Export misslyckades:", "det ofärdiga spelet", "gick förlorat"]


def test_scoreboard_marks_a_drive_that_belongs_to_the_computer():
    board = resumed(FakeStore(a_series()), FakeExporter(writable=False)).app.screen
    assert board.title.endswith("USB") and board.title.startswith("Giv 2") and len(board.title) <= 21
    board = resumed(FakeStore(a_series()), FakeExporter(writable=True)).app.screen
    assert "USB" not in board.title


def test_a_press_during_the_menus_export_is_taken_between_its_writes(tmp_path):
    """The menu's export writes in steps (a piece of text, a sync, a rename a call of work()): a
    press that comes meanwhile is taken and drawn at once, the files not there yet; the steps left
    write them whole and say so."""
    import os

    d, _st = started(exporter=Exporter(str(tmp_path), lambda: True))
    enter(d, (score.PLAY, (-1, 2, -1, 3), -1, ()))
    while d.app.work():  # the hand's save
        pass
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Exportera"))
    assert d.answer("c") == "Exportera\nExporterar…"
    assert d.app.work() and d.app.work() and len(d.app.jobs) == 1  # its first pieces written
    assert d.answer("c").startswith("Giv 2\n")  # home at once: the export goes on
    assert d.answer("b").startswith("Meny")
    games = str(tmp_path / "games")
    assert not [n for n in os.listdir(games) if not n.endswith(".tmp")]
    steps = 2
    while d.app.work():
        steps += 1
    assert steps >= 8 and sorted(os.listdir(games)) == ["0001-fem.csv", "0001-fem.json"]
    assert d.text().splitlines()[:2] == ["Exportera", "Exporterad 0001-fem"]
    assert d.keys("c").startswith("Meny")  # OK: back where the presses went
    d.keys("b" * items.index("Exportera"))
    assert d.answer("c") == "Exportera\nExporterar…"
    while d.app.work():  # nobody pressed meanwhile: its result, and OK goes home
        pass
    assert d.keys("c").startswith("Giv 2\n")
