"""The hints: on 128x32 (feather_oled) every key of the fem and knack hand entry is said
somewhere on its screens, in both languages, and the keys do what the words say; the
correction's, the yes/no question's and the speller's hints; small screens keep a hint row."""

import pytest

from firmware.core import score
from firmware.core.rules import Rules
from host_tests.test_ui_app import FOUR, enter, started
from host_tests.test_ui_what_the_table_reads import menu_item
from tools.play.driver import Driver

FIVE = FOUR + ["Eva"]


def test_fem_rows_take_turns_with_the_two_holds_in_the_title():
    d, _st = started(height=32)
    assert d.keys("c").splitlines() == ["Giv 1: håll◀ 0 (+5)▼", ">Bo       <1>", " Cia",
                                        " ◀pass ▶+1 OK ta"]
    assert d.keys("bbc").splitlines() == ["Giv 1: håll▶ +1+OK▼", " Bo       3", ">Cia      <1>",
                                          " ◀pass ▶+1 OK ta"]
    d.keys("B")  # what the title said: hold ▶, one more (2) and taken
    assert [d.app.view.value(i) for i in range(2)] == [3, 2]


def test_a_finished_fem_hand_shows_ok_the_call_the_penalty_and_the_filled_row():
    d, _st = started(height=32)
    d.keys("c" "bbc" "bc")  # Bo 3, Cia 2: Dan and Anna passed (filled in)
    assert d.text().splitlines() == ["OK visar  håll▶ rop▼", ">Dan      pass  12",
                                     " OK: visa  ▶ straff", " ◀ pass  håll◀ 0 (+5)"]
    d.keys("B")  # hold ▶: the call, as the title says
    # two of its three rows, and what the keys do (the list scrolls: the title says so)
    # (on "no call": nobody chosen yet)
    assert d.text().splitlines() == ["Vem ropade Rödskägg?▲", " Cia", ">inget rop", " håll ◀▶: flytta + OK"]
    d.keys("aa" "c")  # up to Bo (the most tricks): Bo called
    d.keys("A")  # hold ◀ on Dan's row: played, no trick
    assert d.text().splitlines()[:2] == ["OK visar  håll▶ rop▲", ">Anna     pass  12"]
    d.keys("c")  # OK shows the preview, then saves
    assert d.text().splitlines()[0] == "OK? Giv 1▼"
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (-1, 3, 2, 0), 1, ())]


def test_the_small_fem_hints_in_english():
    d, _st = started(height=32, lang="en")
    assert d.keys("c").splitlines()[0] == "Hand 1: hold◀ 0 +5▼"
    assert d.keys("bbc").splitlines()[0] == "Hand 1: hold▶ +1+OK▼"
    assert d.keys("bc").splitlines() == ["OK shows  hold▶ call▼", ">Dan      pass  12",
                                         " OK: show  ▶ penalty", " ◀ pass  hold◀ 0 (+5)"]


@pytest.mark.parametrize("players", [FOUR, FIVE, FIVE + ["Fia"]])
def test_every_fem_key_is_named_on_128x32_whatever_the_table(players):
    d, _st = started(players=players, height=32)
    titles = [d.keys("c").splitlines()[0], d.keys("bbc").splitlines()[0]]
    assert titles == ["Giv 1: håll◀ 0 (+5)▼", "Giv 1: håll▶ +1+OK▼"]
    text = d.keys("bc")  # Bo 3, Cia 2: the others passed
    for words in ("OK visar", "håll▶ rop", "▶ straff", "◀ pass  håll◀ 0 (+5)"):
        assert words in text, (words, text)


def test_knack_tricks_title_explains_the_star_then_the_holds():
    d, _st = started(Rules("knack"), FIVE, height=32)
    assert d.keys("c" "B" "c").splitlines() == ["Giv 1: * spelförare▼", ">Bo       <3*>", " Cia",
                                                " ◀-1 ▶+1 OK ta"]
    assert d.keys("c").splitlines() == ["Giv 1: håll◀▶ ±1+OK▼", " Bo       3*", ">Cia      <1>",
                                        " ◀-1 ▶+1 OK ta"]
    d.keys("B")  # hold ▶: one more (2) and taken, as the title says
    assert [d.app.view.value(i) for i in range(2)] == [3, 2]
    d.keys("B")  # Dan 1 (from 0, his share of the 1 left): Eva 0, Anna 0; who went along
    # two players at a time, and the penalty row below them (a 7-player table hid it)
    assert d.text().splitlines() == ["Går med ◀▶ OK visar▼", "Bo       3*    12>9",
                                     "Cia      2     12>10", "Straff i given..."]
    e, _st = started(Rules("knack"), FIVE, height=32, lang="en")
    assert e.keys("c" "B" "c").splitlines()[0] == "Hand 1: * declarer▼"
    assert e.keys("c").splitlines()[0] == "Hand 1: hold◀▶ ±1+OK▼"
    assert e.keys("BB").splitlines()[0] == "Joined? ◀▶ OK shows▼"


def test_where_the_hints_fit_the_titles_stay_plain():
    d, _st = started()  # 128x64, 4 players: every hint has its row
    assert d.keys("c").splitlines()[0] == "Giv 1: stick"
    text = d.keys("bbc" "bc").splitlines()
    assert text[0] == "Giv 1: OK sparar" and text[-1] == " håll▶ ropa Rödskägg"
    k, _st = started(Rules("knack"))
    assert k.keys("c" "B" "c").splitlines()[0] == "Giv 1: stick"


def test_correction_says_how_to_move_and_finish():
    d, _st = started()
    assert menu_item(d, "Rättelse").splitlines() == [  # nothing changed yet: the title says so
        "Rättelse: oförändrad", ">Bo       +0", " Cia      ", " Dan      ", " Anna     ",
        " ◀-1 ▶+1 OK nästa", " håll▶ klar"]
    assert d.keys("b").splitlines()[:2] == ["Rättelse", ">Bo       +1"]
    d, _st = started(height=32)  # no room for hint rows: the title says how to finish
    menu_item(d, "Rättelse")
    assert d.keys("b").splitlines()[0] == "Rättelse: håll▶ klar▼"


def test_small_screens_and_seven_players_keep_a_hint_row():
    d, _st = started(Rules("knack"), players=FOUR + ["Eva"], height=32)
    rows = d.keys("c" "B" "c").splitlines()  # Bo declares, a bid; the tricks from Bo
    assert rows[0] == "Giv 1: * spelförare▼" and rows[1].startswith(">") and len(rows) == 4
    assert rows[-1] == " ◀-1 ▶+1 OK ta"  # 2 of the 5 players, and what the buttons do
    d, _st = started(height=32)
    assert d.keys("c").splitlines() == ["Giv 1: håll◀ 0 (+5)▼", ">Bo       <1>", " Cia",
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
