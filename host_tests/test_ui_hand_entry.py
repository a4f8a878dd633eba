"""The hand entry: what the table sees is what OK saves, no kind of hand changes behind its
back, the declarer list starts on the dealer, ◀ means one less, the titles say what OK does,
joiners and an all pass cost few presses, a correction of -30 is entered by buttons."""

import random
import re

from firmware.core import score
from firmware.core.rules import Rules
from firmware.ui.app import Scoreboard
from firmware.ui.entry import flow as E
from firmware.ui.entry.fem import FemWalk
from firmware.ui.entry.knack import JoinStep
from firmware.ui.entry.start import Edit, start
from host_tests.test_ui_app import enter, started
from tools.play.presses import is_view, presses_for

ROW = re.compile(r"^[ >]?(\S+)\s+(.*?)\s+(\d+)(?:>(\d+|ut))?$")


def player_rows(d, n):
    """(name, value, score after) of the first n rows of a finished walk; None when the
    rows show no scores (the core refuses the entry: OK says why)."""
    out = []
    for line in d.text().splitlines()[1:n + 1]:
        m = ROW.match(line)
        if not m:
            return None
        name, value, before, after = m.groups()
        out.append((name, value, int(after) if after and after != "ut" else int(before)))
    return out


def saved_value(entry, seat):
    """How a finished fem walk must show seat's part of entry."""
    if entry[0] == score.LONE:
        return "ensam" if entry[1] == seat else "pass"
    if entry[0] == score.ALL_PASS:
        return "pass"
    t = entry[1][seat]
    text = "pass" if t < 0 else "%d" % t
    if entry[2] == seat:
        text += " R"
    return text + ("!" if any(f[0] == seat for f in entry[3]) else "")


# -- the finished walk is the entry OK saves -----------------------------------

def test_all_pass_walk_offers_no_penalty_and_shows_what_it_saves():
    d, _st = started()
    text = d.keys("c" "aaaa")
    assert text.splitlines() == ["Giv 1: alla passar", "Bo       pass  12", "Cia      pass  12",
                                 "Dan      pass  12", "Anna     pass  12", "OK: spara"]
    assert d.keys("b") == text  # ▶: no penalty in a hand nobody played, nothing to mark
    d.keys("c")
    assert d.app.series.game.log == [(score.ALL_PASS,)]
    assert d.app.series.game.state.scores == [12, 12, 12, 12]


def test_lone_hand_shows_alone_and_a_penalty_it_cannot_hold_is_not_shown():
    d, _st = started()
    d.keys("c" "c" "aa")  # Bo 1, Cia and Dan pass: Anna is filled in with the rest
    d.keys("b" "c" "c")  # a penalty on Bo (a late call): the hand is played, it counts
    assert d.text().splitlines()[1] == " Bo       1!    12>16"
    text = d.keys("a")  # Anna passed after all: Bo alone, the hand is not played
    assert text.splitlines()[:5] == ["Giv 1: Bo ensam", "Bo       ensam 12>11", "Cia      pass  12",
                                     "Dan      pass  12", "Anna     pass  12"]
    assert "straff" not in text
    d.keys("c")
    assert d.app.series.game.log == [(score.LONE, 1)]
    assert d.app.series.game.state.scores == [12, 11, 12, 12]


def test_five_tricks_alone_so_far_asks_the_others():
    d, _st = started()
    text = d.keys("c" "bbbbc")  # Bo 5: the others played (0 tricks, +5) or passed
    assert text.splitlines()[:3] == ["Giv 1: stick", " Bo       5", ">Cia      <0>"]
    text = d.keys("c")  # Cia played and took none: two played, the rest passed
    assert text.splitlines()[:5] == ["Giv 1: OK sparar", " Bo       5     12>7",
                                     " Cia      0     12>17", ">Dan      pass  12",
                                     " Anna     pass  12"]
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (-1, 5, 0, -1), -1, ())]
    # everyone else passing: the last one must have played (else Bo took no trick at all)
    d.keys("c" "a" "bbbbc" "a")
    assert d.text().splitlines()[:5] == ["Giv 2: OK sparar", " Cia      pass  17",
                                         " Dan      5     12>7", " Anna     pass  12",
                                         ">Bo       0     7>12"]


def test_finished_walk_rows_are_the_saved_entry():
    """Random presses through fem walks (penalties and calls included): the rows of the
    finished walk (or of its preview) show the very entry and scores OK saves."""
    checked = 0
    for seed in range(40):
        rnd = random.Random(seed)
        d, _st = started()
        d.keys("c")
        game = d.app.series.game
        shown = None
        for _ in range(60):
            view = d.app.view
            if is_view(view, FemWalk) and view.done and rnd.random() < 0.4:
                shown = player_rows(d, 4)
                if shown is None:
                    continue
                d.keys("c")
                if is_view(d.app.view, E.Preview):
                    d.keys("c")
                break
            d.keys(rnd.choice("aabbcAB"))
            if is_view(d.app.view, Scoreboard):
                break
        if shown is None or not game.log:
            continue
        entry = game.log[0]
        for name, value, after in shown:
            seat = game.players.index(name)
            assert value == saved_value(entry, seat), (seed, shown, entry)
            assert after == game.state.scores[seat], (seed, shown, game.state.scores)
        checked += 1
    assert checked >= 20


# -- a failed Rödskägg bid in knack ------------------------------------------------

def test_failed_rodskagg_bid_in_knack_says_out_before_saving():
    d, _st = started(Rules("knack"))
    d.keys("c" "B" "bbbb" "c")  # Bo declares and bids Rödskägg (all six)
    d.keys("a" "c")  # Bo takes 5
    assert ">Cia      <0>" in d.text()  # its share of the one trick left among three
    d.keys("B")  # Cia 1 (hold ▶: one more and take): the others none
    text = d.text().splitlines()
    assert text[:5] == ["Går med? OK sparar", "Bo       5*R   12>ut", "Cia      1     12>11",
                        "Dan      0     12", "Anna     0     12"]
    d.keys("c")
    assert d.app.series.game.state.out == [1]


def test_knack_rows_start_on_their_share_of_the_tricks_left():
    """A row other than the declarer's starts on its share of the tricks still to give (the
    declarer's bid kept apart while that row is to come): 1 before, the rest split after. Bo
    bids 2 and takes 1, Anna 1, Cia 0: Dan starts on 2 of the 4 left, and 4 is two presses
    (a hold stops at the top: it no longer wraps to it from 0)."""
    d, _st = started(Rules("knack"), ["Anna", "Bo", "Cia", "Dan", "Eva"], 4)
    d.keys("c" "bB" "A")  # Bo (two below the dealer) bids 2
    assert ">Anna     <1>" in d.text()  # 6 - 2 tricks for the 4 others
    d.keys("c" "A" "A")  # Anna 1, Bo 1 (one under the bid), Cia 0
    assert ">Dan      <2>" in d.text()  # was <1>
    d.keys("bB")
    assert player_rows(d, 5)[3:] == [("Dan", "4", 8), ("Eva", "0", 12)]


# -- the declarer list -----------------------------------------------------------

def test_declarer_list_starts_on_the_dealer_and_keeps_the_pick():
    d, _st = started(Rules("bud"))
    text = d.keys("c")  # Anna deals (bids last): Bo speaks first, the row below
    assert text.splitlines()[:6] == ["Giv 1: spelförare", " Dan", ">Anna *", " Bo", " Cia",
                                     " Alla passar"]
    d.keys("B")  # hold ▶: Bo, and his bid
    assert d.text().splitlines()[0] == "Giv 1: Bo bjöd▼"
    assert ">Bo" in d.keys("d")  # back: still on Bo
    d.keys("d")
    assert ">Anna" in d.keys("c")  # a new start: the dealer again
    five, _st = started(Rules("bud"), ["Anna", "Bo", "Cia", "Dan", "Eva"], dealer=2)
    assert five.keys("c").splitlines()[1:7] == [" Anna", " Bo", ">Cia *", " Dan", " Eva",
                                                " Alla passar"]
    five.keys("c")  # OK: the dealer declares
    assert five.text().splitlines()[0] == "Giv 1: Cia bjöd▼"


def test_all_pass_from_the_declarer_list_is_asked_even_by_a_long_press():
    d, _st = started(Rules("bud"))
    d.keys("c" "a")  # the top row
    text = d.keys("A")  # hold ◀ on the top row: round to "all pass", then the question
    assert text.splitlines()[0] == "OK? Alla passar"
    assert d.app.series.game.log == []
    assert "Giv 1: spelförare" in d.keys("d")  # back: the list again, nothing saved
    assert d.app.series.game.log == []
    d.keys("c" "c")  # OK on "all pass" (the cursor is there), then OK on the question
    assert d.app.series.game.log == [(score.ALL_PASS,)]


# -- ◀ in fem ------------------------------------------------------------------------

def test_fem_left_after_overshooting_is_one_less():
    d, _st = started()
    text = d.keys("c" "bb")
    assert ">Bo       <3>" in text
    text = d.keys("a")  # ◀: one less, as in bud and knack (not a pass)
    assert ">Bo       <2>" in text and "◀-1 ▶+1 OK ta" in text
    text = d.keys("a")
    assert ">Bo       <1>" in text and "◀pass ▶+1 OK ta" in text
    d.keys("b" "c")  # 2, taken
    assert " Bo       2" in d.text()
    d.keys("a")  # from 1: Cia passes
    assert " Cia      pass" in d.text()


# -- the title says what OK does ------------------------------------------------------

def test_titles_say_ok_shows_where_ok_opens_the_preview():
    players = ["Anna", "Bo", "Cia", "Dan", "Eva"]
    d, _st = started(Rules("knack"), players, height=32)  # 3 rows: not every change shows
    d.keys("c" "B" "c" "c" "c" "c" "c")  # Bo declares 3; Bo 3, Cia 1, Dan 1, Eva 1, Anna 0
    assert is_view(d.app.view, JoinStep)
    assert d.text().splitlines()[0] == "Går med ◀▶ OK visar▼"  # no hint rows: the keys too
    d.keys("c")
    assert is_view(d.app.view, E.Preview)
    # an edit always shows its preview: the fem walk's title and hint say so
    f, _st = started()
    enter(f, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    f.app.view = FemWalk(f.app, Edit(f.app, 0, None))
    f.keys("c" "c")  # Bo 2, Cia 3 again: the rest passed
    text = f.text().splitlines()
    assert text[0] == "Giv 1: OK visar"
    assert " OK: visa  ▶ straff" in text
    f.keys("c")
    assert is_view(f.app.view, E.Preview)
    # a knack edit: the joiners' title says so too
    k, _st = started(Rules("knack"))
    enter(k, (score.BID, 1, 3, (0, 3, 2, 1), 0, ()))
    start(k.app, Edit(k.app, 0, None))
    k.keys("c" "c" "c" "c" "c")  # Bo, bid 3, Bo 3, Cia 2, Dan 1 (Anna none)
    assert is_view(k.app.view, JoinStep)
    assert k.text().splitlines()[0] == "Går med? OK visar"


# -- presses for joiners and for an all pass in fem -----------------------------------

def test_three_joiners_in_a_row_take_three_presses():
    d, _st = started(Rules("knack"), ["Anna", "Bo", "Cia", "Dan", "Eva"])
    d.keys("c" "B" "c" "c" "c" "c" "A")  # Bo declares 3: Bo 3, Cia 1, Dan 1, Eva 0, Anna 1
    assert is_view(d.app.view, JoinStep)
    text = d.keys("B")  # hold ▶: Cia joined; the save position is after her
    assert text.splitlines()[:3] == ["Går med? OK sparar", "Bo       3*    12>9",
                                     "Cia      1 med 12>11"]
    d.keys("B" "B")  # Dan, then Eva
    text = d.text().splitlines()
    assert text[3:5] == ["Dan      1 med 12>11", "Eva      0 med 12>17"]
    d.keys("A")  # hold ◀: back to Eva, unmarked
    assert d.text().splitlines()[4] == "Eva      0     12"
    d.keys("A" "c")  # hold ◀ again: Eva joined after all; OK saves
    assert d.app.series.game.log == [(score.BID, 1, 3, (1, 3, 1, 1, 0), 1 << 2 | 1 << 3 | 1 << 4, ())]
    # hand 2 (Cia speaks first): Dan, Eva and Anna joined, the first three who may have
    keys = presses_for(d.app, (score.BID, 2, 3, (1, 0, 4, 1, 0), 1 << 3 | 1 << 4 | 1 << 0, ()))
    assert keys.endswith("BBBc"), keys


def test_fem_all_pass_is_one_choice_in_the_menu():
    d, _st = started(Rules("fem"), ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia"])
    menu = d.keys("b").splitlines()
    assert menu[1:3] == [">Ny giv", " Alla passar"]
    text = d.keys("b" "c")
    assert text.splitlines()[0] == "OK? Alla passar"
    assert d.app.series.game.log == []
    d.keys("c")
    assert d.app.series.game.log == [(score.ALL_PASS,)]
    # not a pass per player (8): the menu, hold ▶ (the row below, chosen), the question
    assert presses_for(d.app, (score.ALL_PASS,)) == "bBc"
    # bud: the same choice (the declarer list's last row is three presses away, then asked)
    b, _st = started(Rules("bud"), ["Anna", "Bo", "Cia", "Dan", "Eva"])
    assert presses_for(b.app, (score.ALL_PASS,)) == "bBc"
    assert b.keys("b").splitlines()[1:3] == [">Ny giv", " Alla passar"]


def test_a_long_press_in_the_menu_chooses_the_next_row_but_never_round_the_ends():
    d, _st = started(Rules("bud"), ["Anna", "Bo", "Cia", "Dan", "Eva"])
    d.keys("b")  # the menu, on "Ny giv"
    assert d.keys("B").splitlines()[0] == "OK? Alla passar"  # hold ▶: the row below, chosen
    d.keys("c")
    assert d.app.series.game.log == [(score.ALL_PASS,)]
    d.keys("b")
    text = d.keys("A")  # hold ◀ on the first row: not round to the last (the language)
    assert text.splitlines()[:2] == ["Meny▼", ">Ny giv"]
    assert d.app.lang == "sv"
    menu = d.app.view
    menu.cursor = menu.count(d.app) - 1  # the last row, the language
    d.keys("B")  # hold ▶ there: not round to the first
    assert d.app.lang == "sv" and d.app.view is menu


def test_a_correction_of_minus_30_by_buttons():
    from tools.play.driver import Driver
    from tools.play.presses import presses_for

    d = Driver()
    d.keys("c")  # the default game: fem, Anna Bo Cia Dan
    d.keys(presses_for(d.app, {"adjust": {"Bo": -30, "Dan": 30}, "reason": "correction"}))
    assert d.app.series.game.log == [(score.ADJUST, (0, -30, 0, 30), "correction")]
    assert d.app.series.game.state.scores == [12, -18, 12, 42]
