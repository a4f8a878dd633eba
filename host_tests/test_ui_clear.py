"""Issue 11: one numbering the table can follow, menus that fit the rules, set-up rows in edit."""

from firmware import score
from firmware.game import Series
from firmware.rules import Rules
from firmware.ui import text
from firmware.ui.app import App, main_menu
from host_tests.test_ui_support import Driver, FakeStore
from tools.presses import presses_for

FOUR = ["Anna", "Bo", "Cia", "Dan"]


def started(rules, players=FOUR, lang="sv", **kw):
    series = Series(rules, players, 0)
    st = FakeStore(series)
    d = Driver(App(st, None, lang=lang, **kw))
    return d


def enter(d, entry):
    d.keys(presses_for(d.app, entry))


def knack_game():
    """All pass, hand, misdeal, knock fault, hand, correction: 2 hands the table counts."""
    d = started(Rules("knack"))
    for e in [(score.ALL_PASS,),
              (score.BID, 1, 3, (1, 3, 2, 0), 0),
              (score.MISDEAL, True),
              (score.FAULT, 2, "picked up before the knock"),
              (score.BID, 2, 4, (2, 0, 3, 1), 0),
              (score.ADJUST, (0, 2, 0, 0), "scoring slip")]:
        enter(d, e)
    assert len(d.app.series.game.log) == 6
    return d


def test_entry_names_count_hands_as_the_table_does():
    assert text.entry_name("sv", score.PLAY, 4, 5) == "Giv 5"
    assert text.entry_name("sv", score.FAULT, 5, 5) == "Knackfel, före giv 6"
    assert text.entry_name("en", score.FAULT, 5, 5) == "Fault, before hand 6"
    assert text.entry_name("sv", score.ALL_PASS, 11, 11) == "Alla pass före 12"  # 21 columns
    for lang in ("sv", "en"):
        for kind in range(score.KIND_COUNT):
            for before in (0, 9, 99):
                name = text.entry_name(lang, kind, before, before)
                assert len(name) <= 21 and str(before + 1) in name, name


def test_scoreboard_history_undo_and_edit_use_one_numbering():
    d = knack_game()
    assert d.text().splitlines()[0].startswith("Giv 3")  # two hands played, the third is next
    hist = d.keys("a")
    rows = hist.splitlines()[1:]
    # counted hands carry their Giv number; the rest are named, unnumbered, in place
    assert [r[1:3] for r in rows] == ["  ", " 1", "  ", "  ", " 2", "  "]
    assert "Alla passar" in rows[0] and "Felgiv" in rows[2] and "Knackfel Cia" in rows[3]
    d.keys("a")  # up to the second hand
    assert d.keys("c").splitlines()[0] == "Giv 2"
    assert d.keys("c").splitlines()[0] == "Giv 2"  # its change menu says which hand
    assert d.keys("C" "C").splitlines()[0] == "Historik"
    assert d.keys("a" "c").splitlines()[0] == "Knackfel, före giv 2"
    d.keys("C" "C")
    undo = d.keys("A")
    assert undo.splitlines()[:3] == ["Ångra?", "Rätt. Bo+2, före giv", "3"] or \
        undo.splitlines()[:3] == ["Ångra?", "Rätt. Bo+2,", "före giv 3"]
    d.keys("c")
    undo = d.keys("A")
    assert undo.splitlines()[1].startswith("Giv 2: Cia")


def test_english_numbering():
    d = knack_game()
    d.app.set_lang("en")
    d.keys("C")
    assert d.text().splitlines()[0].startswith("Hand 3")
    assert d.keys("A").splitlines()[:3] == ["Undo?", "Corr. Bo+2,", "before hand 3"]


def test_no_knock_fault_in_the_menu_where_knocking_is_off():
    fem = started(Rules("fem"))
    labels = [i[0] for i in main_menu(fem.app).items]
    assert "Knackfel" not in labels and "Felgiv" in labels
    knack = started(Rules("knack"))
    assert "Knackfel" in [i[0] for i in main_menu(knack.app).items]


def test_language_row_shows_edit_brackets():
    d = Driver(App(None, None))
    assert d.text().splitlines()[0] == "Nytt spel"
    d.keys("a")  # up to the last row: the language
    assert d.text().splitlines()[-1] == ">Språk: Svenska"
    d.keys("c")
    assert d.text().splitlines()[-1] == ">Språk: <Svenska>"
    d.keys("b")
    assert d.text().splitlines()[-1] == ">Language: <English>"
    d.keys("c")
    assert d.text().splitlines()[-1] == ">Language: English"
