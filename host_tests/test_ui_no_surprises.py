"""Issue 18, what a table reads: ties said, the unfinished game kept, names beside their
changes, the first speaker of an extra hand, the words of the rules and the hints."""

from firmware.core import score
from firmware.core.rules import Rules
from firmware.record.reader import load
from firmware.store.export import Exporter
from firmware.ui import seldom
from firmware.ui.app import App
from host_tests.test_ui_app import FOUR, enter, started
from tools.play.driver import Driver, FakeStore
from tools.play.presses import keys_for_record, presses_for

TIE = {  # start at 3: after two hands Anna and Bo are level at 0, Cia deals the extra hand
       "format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 3}, "players": FOUR,
       "hands": [{"tricks": {"Anna": 2, "Bo": 2, "Cia": 1}},
                 {"tricks": {"Anna": 1, "Bo": 1, "Cia": 1, "Dan": 2}}]}


def played(doc, hands=None, **kw):
    """A Driver after the record's setup and its first ``hands`` hands (all by default)."""
    d = Driver(**kw)
    setup, keys = keys_for_record(d.app, doc)
    d.keys(setup + "".join(keys[:hands]))
    return d, keys


def test_preview_puts_each_change_beside_its_player():
    d, _st = started(Rules("fem", {"pot": True}))  # the pot: OK always previews
    d.keys("cBbbc" "c")  # Bo 2, Cia 3, the rest passed; OK: the preview
    assert d.text().splitlines() == [
        "OK? Giv 1", "Bo        12>10  -2", "Cia       12>9   -3", "Dan       12>12", "Anna      12>12"]


def test_extra_hand_first_speaker_is_the_next_tied_player():
    d, _k = played(TIE)
    game = d.app.series.game
    assert load(TIE).state == game.state and game.state.tied == (0, 1)
    rows = d.text().splitlines()[1:5]
    # Cia deals; Dan is not in the extra hand, so Anna speaks first (">")
    assert rows == [" >Anna       0 =", "  Bo         0 =", "* Cia        1", "  Dan        1"]


def test_a_tie_is_said_before_it_is_saved_and_on_the_scoreboard():
    d, _k = played(TIE, 1)
    d.keys("ccBc")  # the second hand: Cia 1, Dan 2, Anna 1, so Bo 1
    assert d.text().splitlines()[0] == "Giv 2: OK visar"  # not "OK sparar": a tie is asked
    d.keys("c")
    assert d.text().splitlines() == [
        "OK? Anna=Bo lika", "Cia        2>1   -1", "Dan        3>1   -2",
        "Anna       1>0   -1=", "Bo         1>0   -1="]
    d.keys("c")
    assert d.app.series.game.state.tied == (0, 1)
    assert d.text().splitlines() == [
        "Giv 3 Extra", " >Anna       0 =", "  Bo         0 =", "* Cia        1", "  Dan        1",
        "= lika: extragiv"]


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
    assert "vinnare" not in csv and csv.splitlines() == ["giv,händelse,Anna,Bo,Cia,Dan", "0,Start,1,1,1,1"]
    # won again while the computer owns the drive, undone, then a start with the drive back
    d.keys(presses_for(d.app, (score.PLAY, (-1, -1, 1, 4), -1, ())))
    assert "vinnare: Dan" in sheet(tmp_path)[1]
    drive["ours"] = False
    d.keys("A" "c")
    assert "vinnare: Dan" in sheet(tmp_path)[1]  # nothing could be written
    drive["ours"] = True
    blob = seldom.settings_blob(d.app)
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
    assert rows[0] == "Nytt spel" and rows[1] == " Starta!" and rows[2].startswith(">Bord:")
    d.keys("c")  # OK on the table row opens the table, not Start!
    assert d.text().splitlines()[0] == "Plats 1: vem?"
    d.keys("d")  # back to the setup, then up to Start!
    d.keys("ac")
    assert d.text().splitlines() == ["Obs", "Det ofärdiga spelet", "finns på disken:", "games/0001-fem"]
    names, csv = sheet(tmp_path)
    assert names == ["0001-fem.csv", "0001-fem.json"]
    assert csv.splitlines()[-1] == "1,giv,12,10,12,9"
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1" and d.app.series.game.log == []


def test_a_new_game_starts_at_once_and_keeps_the_unfinished_one_after_its_screen(tmp_path):
    """As code.py runs the App (defer): Start! shows "Exporterar…" before anything is written;
    the loop's work() writes the unfinished game and says where."""
    ex = Exporter(str(tmp_path), lambda: True)
    d, _st = started(exporter=ex)
    d.app.defer = True
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    new_game_question(d)
    d.keys("c" "c" "d" "ac")
    assert d.text().splitlines() == ["Obs", "Exporterar…"]
    assert not (tmp_path / "games").exists() or not list((tmp_path / "games").iterdir())
    while d.app.work():  # the settings, the new game's save, then the unfinished game's file
        pass
    assert d.text().splitlines() == ["Obs", "Det ofärdiga spelet", "finns på disken:", "games/0001-fem"]
    assert sheet(tmp_path)[1].splitlines()[-1] == "1,giv,12,10,12,9"
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


def options_rows(preset):
    """The rows of Regler... for a preset, as the screen words them."""
    from firmware.ui.screens import newgame

    app = App(None, None)
    app.setup.set_preset(preset)
    view = newgame.OptionsView(newgame.SetupView(app))
    return [view.label(app, i) for i in range(view.count(app))]


def test_rules_say_card_table_words_and_only_what_applies():
    assert options_rows("fem") == [
        "Start 12", "Straff 5", "Exakt 0 av", "Alla pass omgiv", "Givstraff 1", "Ensam ett stick",
        "Rödskäggrop på", "Rödskägg bet 5", "Knack av", "Pott av", "Insats 2", "Passavgift 1"]
    knack = options_rows("knack")
    assert knack == [
        "Start 12", "Straff 5", "Exakt 0 exakt", "Alla pass omgiv", "Givstraff 1", "Kontrakt stick",
        "Minsta bud 1", "Extra straff 0", "Rödskägg bet ut", "Bet, poäng 6", "Motspelarstick på",
        "Går med på", "Går med, per stick 1", "Knack på", "Pott av", "Insats 2"]
    assert "Passavgift 1" not in options_rows("bud")  # nobody passes and pays in bud or knack
    for row in knack + options_rows("bud"):
        assert len(row) <= 20, row
    d = Driver()
    d.keys("aa" "c" "bb" "c" "a")  # Regler... fem, Exakt 0, edit: one back (the last choice)
    assert "Exakt 0 <tillbaka>" in d.text()
    d.keys("a")
    assert "Exakt 0 <ej under 0>" in d.text()
    d.keys("c" "b" "c" "b")  # Alla pass: the dealer's penalty, whole (not "givarstraf")
    assert ">Alla pass <straff>" in d.text().splitlines()


def test_a_knack_fault_offers_only_the_reasons_of_knack():
    d, _st = started(Rules("knack"), players=FOUR + ["Eva"])
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Knackfel") + "c" "c")  # Knackfel, the first player
    assert d.text().splitlines() == [
        "Knackfel: varför?", ">tog upp före knack", " felgiv utan knack", " frågade ej går med",
        " (ingen orsak)", " håll ◀▶: flytta + OK"]


def test_all_pass_with_a_dealer_penalty_reads_whole():
    d, _st = started(Rules("fem", {"all_pass": "dealer_penalty", "pot": True}))
    d.keys("c" "aaaa")  # everyone passes: the pot previews
    assert d.text().splitlines()[0] == "Giv 1: alla passar"
    d.keys("c")
    assert d.text().splitlines()[:2] == ["OK? Alla passar", "Bo        12>12"]  # not "OK? Giv 1: alla passa"


def test_the_chart_names_players_whole_and_says_when_no_hand_is_played():
    d, _st = started(players=["Anna", "Bo", "Göran", "Dan"])
    d.keys("B")  # hold ▶: the chart
    screen = d.app.screen
    assert screen.title == "Diagram ingen giv än"  # not "Diagram giv 0"
    assert screen.chart.marks == ("Anna", "Bo", "Göran", "Dan")  # not "Göra"
    d.keys("c")
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    d.keys("B")
    assert d.app.screen.title == "Diagram giv 1"


def test_big_scores_show_a_table_of_four_on_one_page():
    from tools.sim import raster

    d, _st = started(players=["Anna", "Bo", "Cia", "Göran"])
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Stor text: av") + "c" "d")  # big scores on, back to the board
    screen = d.app.screen
    assert screen.big and screen.title == "Giv 1"  # no page dots: every player on the page
    assert screen.rows == ("*Anna   12", ">Bo     12", " Cia    12", " Göran  12")
    buf = bytearray(128 * 64 // 8)
    raster.raster(screen, 128, 64, buf)
    px = raster.pixels(buf, 128, 64)
    lit = [y for y in range(8, 64) if any(px[y][12:72])]  # below the title, the names' columns
    assert lit[0] == 8 and lit[-1] == 62  # from under the title to the panel's end: 4 names
    gaps = [y for y in range(8, 64) if y not in lit]
    assert gaps == [21, 35, 49, 63]  # a dark pixel row after each name: they do not run together


def menu_item(d, label):
    """From the scoreboard: the menu's row label, opened."""
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    return d.keys("b" * items.index(label) + "c")


def test_correction_says_how_to_move_and_finish():
    d, _st = started()
    assert menu_item(d, "Rättelse").splitlines() == [
        "Rättelse", ">Bo       +0", " Cia      ", " Dan      ", " Anna     ",
        " ◀-1 ▶+1 OK nästa", " håll▶ klar"]
    d, _st = started(height=32)  # no room for hint rows: the title says how to finish
    assert menu_item(d, "Rättelse").splitlines()[0] == "Rättelse: håll▶ klar"


def test_small_screens_and_seven_players_keep_a_hint_row():
    d, _st = started(Rules("knack"), players=FOUR + ["Eva"], height=32)
    rows = d.keys("c" "B" "c").splitlines()  # Bo declares, a bid; the tricks from Bo
    assert rows[0] == "Giv 1: * spelförare" and rows[1].startswith(">") and len(rows) == 4
    assert rows[-1] == " ◀-1 ▶+1 OK ta"  # 2 of the 5 players, and what the buttons do
    d, _st = started(height=32)
    assert d.keys("c").splitlines() == ["Giv 1: håll◀ 0 (+5)", ">Bo       <1>", " Cia",
                                        " ◀pass ▶+1 OK ta"]
    seven = FOUR + ["Eva", "Fia", "Gun"]
    d, _st = started(players=seven)
    rows = d.keys("c").splitlines()
    assert len(rows) == 8 and rows[-1] == " ◀pass ▶+1 OK ta" and rows[1] == ">Bo       <1>"


def test_yes_no_names_the_button_a_three_button_build_has():
    d, _st = started()
    enter(d, (score.ALL_PASS,))
    assert d.keys("A").splitlines()[-1] == "OK: ja, tillbaka: nej"
    d, _st = started(back_key=False)  # feather_oled: prev, next, ok; back is hold OK
    enter(d, (score.ALL_PASS,))
    assert d.keys("A").splitlines()[-1] == "OK: ja, håll OK: nej"
    d.keys("C")
    assert d.app.series.game.log == [(score.ALL_PASS,)]  # hold OK said no


def test_the_speller_hint_follows_the_open_row():
    d = Driver()
    d.keys("B")  # the table builder
    view = d.app.view
    labels = [view.label(d.app, i) for i in range(view.count(d.app))]
    d.keys("a" * (len(labels) - labels.index("Stava...")) + "c")
    assert d.text().splitlines()[-1] == " OK öppnar en rad"
    d.keys("c")  # the first row is open: ◀▶ pick its letter
    assert d.text().splitlines()[1] == ">[A] B C D E F"
    assert d.text().splitlines()[-1] == " ◀▶ välj, OK skriver"


def test_history_opens_the_change_with_one_press_and_says_why():
    d, _st = started(Rules("knack"), players=FOUR + ["Eva"])
    enter(d, {"declarer": "Bo", "bid": 4, "tricks": {"Bo": 3, "Cia": 2, "Dan": 1}, "joined": ["Anna"],
              "faults": {"Cia": "forgot to ask går med"}})
    d.keys("a" "c")  # the history, the hand
    assert d.text().splitlines() == [
        "Giv 1", ">Bo        12>14  +2", " Cia       12>15  +3", " Dan       12>11  -1",
        " Eva       12>12", " Anna      12>17  +5", " Bo bjöd 4: bet", " Anna gick med utan"]
    d.keys("a")  # up from the top: the actions at the end, after every reason
    assert d.text().splitlines()[1:] == [
        " Anna gick med utan", " stick", " Straff Cia: glömde", " fråga går med", " Ändra", " Radera",
        ">Ny giv före"]
    rows = d.keys("b" "c").splitlines()  # down to the top again, OK on the changes: edit it
    assert rows[0] == "Giv 1: spelförare" and ">Bo" in rows  # at once, on its declarer
    d, _st = started()
    enter(d, (score.PLAY, (-1, 2, 3, -1), 2, ()))  # Cia called Rödskägg and took 3 of 5
    d.keys("a" "c")
    assert d.text().splitlines()[-3:] == [" Cia ropade Rödskägg:", " bet", " Ändra"]


def test_a_new_game_says_so_when_the_unfinished_one_could_not_be_written(tmp_path):
    class Full(Exporter):
        def export(self, series_or_game, name=None, lang="en"):
            raise OSError("the drive is full")

    d, _st = started(exporter=Full(str(tmp_path), lambda: True))
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    new_game_question(d)
    d.keys("c" "a" "c")  # the setup, up to Starta!, OK
    assert d.text().splitlines() == ["Obs", "Export misslyckades:", "det ofärdiga spelet", "gick förlorat"]
