"""Issue 27: a screen says what its buttons do, with the game's own numbers, and an OK that
would refuse says so before the press; a hold stops at the end of its range; seating keeps
the cursor on the next name to seat."""

import re

import pytest

from firmware.core import score
from firmware.core.rules import Rules
from host_tests.test_ui_app import started
from tools.play.presses import Planner

NAMES = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"]


# -- point 2: every number in a hint comes from the game's rules ------------------------------

def test_fem_hints_say_the_penalty_the_rules_set():
    for penalty in (5, 6, 0):
        d, _st = started(Rules("fem", {"penalty": penalty}), NAMES[:4], 0)
        text = d.keys("c")
        assert "håll◀ 0 stick (+%d)" % penalty in text
        text = d.keys("A")  # Bo played and took none
        assert text.splitlines()[1] == " Bo       0"
        d.keys("bbbbc")  # Cia took all five: Dan and Anna are filled in (pass)
        assert "◀ pass  håll◀ 0 (+%d)" % penalty in d.text()
        if penalty != 5:
            assert "+5" not in d.text()
        d.keys("c")
        assert d.app.series.game.state.scores[1] == 12 + penalty  # as the hints said
    d, _st = started(Rules("fem", {"penalty": 6}), NAMES[:7], 0, height=32)
    assert d.keys("c").splitlines()[0] == "Giv 1: håll◀ 0 (+6)▼"  # the hint in the title


# -- point 3: a screen whose OK would refuse says so before the press -------------------------

def test_fem_pass_on_the_filled_in_last_row_says_the_tricks_do_not_add_up():
    d, _st = started()
    d.keys("c" "c" "B" "a")  # Bo 1, Cia 2, Dan pass: Anna filled in with the rest (2)
    assert d.text().splitlines()[0] == "Giv 1: OK sparar"
    text = d.keys("a")  # Anna passed after all: 3 tricks of 5
    assert text.splitlines()[0] == "Stick: 3 av 5"
    assert "OK: går inte" in text and "OK sparar" not in text and "OK: spara" not in text
    d.keys("c")
    assert d.text().startswith("Går inte")
    assert d.app.series.game.log == []


def test_knack_three_joiners_with_a_trick_each_say_so_before_ok():
    d, _st = started(Rules("knack"), NAMES[:5], 0)
    p = Planner(d.app)
    p.press("c")
    p.bidding((score.BID, 1, 3, (0, 3, 1, 1, 1), 0b11100, ()))  # ends with OK on "nobody more"
    keys = p.take()
    d.keys("C")  # (the refusal, read: back on the joiners)
    d2, _st = started(Rules("knack"), NAMES[:5], 0)
    d2.keys(keys[:-1])
    text = d2.text()
    assert text.splitlines()[0] == "Går med: max 2 stick", text
    assert "OK sparar" not in text and "OK visar" not in text
    d2.keys("c")
    assert d2.text().startswith("Går inte")
    assert d2.app.series.game.log == []


# -- point 7: a hold that steps a value stops at the end of its range ------------------------

def test_a_hold_stops_at_the_end_of_the_range_and_takes_it():
    """knack, Bo bid 3 and took 4: Cia's row, 2 tricks left, starts on 1."""
    def cia(keys):
        d, _st = started(Rules("knack"), NAMES[:5], 0)
        d.keys("cBc" "bc")  # Bo (hold ▶ from the dealer) bids 3, took 4
        assert ">Cia      <1>" in d.text()
        return d.keys(keys)

    def row(text, name):
        return next(x.lstrip(" >").split()[:2] for x in text.splitlines() if x.lstrip(" >").startswith(name))

    assert ">Cia      <2>" in cia("b")  # the most there is
    assert row(cia("bB"), "Cia") == ["Cia", "2"]  # hold ▶ on the top: 2 taken, not round to 0
    assert row(cia("B"), "Cia") == ["Cia", "2"]  # hold ▶ on 1: one more, taken
    assert ">Cia      <0>" in cia("a")
    assert row(cia("aA"), "Cia") == ["Cia", "0"]  # hold ◀ on 0: 0 taken, not round to 2
    d, _st = started(Rules("fem"), NAMES[:4], 0)
    d.keys("c" "bbbb")  # Bo <5>, every trick
    assert ">Bo       <5>" in d.text()
    d.keys("B")  # hold ▶ on 5: 5 taken, not round to 1
    assert d.app.view.value(0) == 5 and " Bo       5" in d.text()


# -- point 8: seating keeps the cursor on the name it seated ----------------------------------

def test_seating_with_next_then_ok_seats_the_names_in_list_order():
    from tools.play.driver import Driver

    d = Driver()
    d.keys("B")  # hold ▶ from Start!: the table, on Anna
    d.keys("bc" "bc" "bc" "bc")  # ▶ OK four times: meant Bo Cia Dan Eva
    assert d.text().splitlines()[1].strip() == "Bord: Bo Cia Dan Eva"
    assert ">Eva      #4" in d.text()  # the cursor on the name just seated
    d.keys("B")
    assert d.app.plan.players() == ["Bo", "Cia", "Dan", "Eva"]


# -- point 9: every screen says, on its panel, what its buttons do and that it scrolls --------

def test_knack_seven_players_keep_the_penalty_row_on_the_joiners():
    from tools.play.presses import presses_for

    entry = (score.BID, 1, 3, (0, 3, 1, 1, 1, 0, 0), 0, ())
    d2, _st = started(Rules("knack"), NAMES, 0)
    for ch in presses_for(d2.app, entry):  # up to "nobody more" on the joiners
        d2.keys(ch)
        if d2.text().startswith("Går med"):
            break
    text = d2.text().splitlines()
    assert len(text) - 1 == d2.app.rows and "Straff i given..." in text, text
    assert text[0].endswith("▼")  # the player rows scroll: the title says so


def test_bud_on_128x32_marks_the_dealer_and_says_the_lists_scroll():
    d, _st = started(Rules("bud"), NAMES[:5], 0, height=32)
    text = d.keys("c").splitlines()
    assert text[0] == "Giv 1: spelförare▼" and ">Anna *" in text, text  # the dealer, marked
    d.keys("c" "c")  # Anna, bids 3: the result list
    assert d.text().splitlines()[0] == "Anna 3: stick?▼"
    d.keys("c")  # 3 tricks: saved
    d2, _st = started(Rules("bud", {"pot": True}), NAMES[:5], 0, height=32)
    d2.keys("c" "c" "c" "c")  # the pot: OK previews every player, three at a time, from the
    # first that changes (Anna, the dealer, speaks last: the rows above her do not move)
    text = d2.text().splitlines()
    assert text[0].endswith("▲") and len(text) == 4 and text[3].split()[:2] == ["Anna", "12>9"], text
    d2.keys("aa")  # scrolled to the start
    assert d2.text().splitlines()[0].endswith("▼") and d2.text().splitlines()[1].startswith("Bo")


KEY_WORDS = re.compile(r"[◀▶]|\bOK\b|håll|hold")
BACK_KEY = re.compile(r"tillbaka|\bback\b", re.I)
HOLD_OK = re.compile(r"(håll|hold) OK")
# the screens each preset's entries must pass through (the walk below is checked to reach them)
REACHED = {"fem": {"FemWalk", "SeatList", "ReasonList", "AdjustWalk", "Preview"},
           "bud": {"SeatList", "BidList", "ResultList", "TricksWalk", "AdjustWalk", "ReasonList",
                   "Preview"},
           "knack": {"SeatList", "BidList", "TricksWalk", "JoinStep", "YesNo", "ReasonList",
                     "AdjustWalk", "Preview"}}


def entries(rng, rules, state):
    """Entries of every kind the preset has, in turn (the walk meets every screen): a hand with a
    penalty during it, a lone hand or the call (fem), all pass, a misdeal, a knock fault (or the
    correction where there is no knocking), a correction, a hand with everyone's tricks (bud)."""
    from firmware.ui.entry.irregular import ADJUST_REASONS, fault_reasons
    from firmware.ui.entry.penalty import hand_faults
    from tools.play import randgame

    want = [score.BID if rules.bidding else score.PLAY, score.ALL_PASS, score.MISDEAL,
            score.FAULT if rules.knock else score.ADJUST, score.ADJUST]
    if not rules.bidding:
        want += [score.LONE, score.PLAY]
    reasons = ([r for r in fault_reasons(rules) if r], ADJUST_REASONS)
    why = ([r for r in hand_faults(rules) if r] or ["penalty"])[0]
    for k, kind in enumerate(want + [want[0]] * 3):
        while True:
            e = randgame.random_entry(rng, rules, state, reasons, faults=False)
            if e[0] == kind and not (kind == score.BID and e[2] == score.BID_R):
                break
        if k == 0:  # a penalty during the hand, on one who played
            seat = e[1] if kind == score.BID else max(range(len(e[1])), key=lambda s: e[1][s])
            e = e[:-1] + (((seat, why),),)
        if kind == score.PLAY and len(want) > 5:
            e = e[:2] + (max(range(len(e[1])), key=lambda s: e[1][s]),) + e[3:]  # the call
            want = want[:5]
        if kind == score.BID and not rules.others_score() and not any(e[3][:e[1]] + e[3][e[1] + 1:]):
            e = e[:3] + (tuple(e[3][s] or (s == (e[1] + 1) % len(e[3])) * (e[3][e[1]] < 6)
                               for s in range(len(e[3]))),) + e[4:]  # another player's tricks too
        yield e


@pytest.mark.parametrize("preset,n", [("fem", 4), ("fem", 7), ("bud", 5), ("bud", 7), ("knack", 5),
                                      ("knack", 7)])
def test_every_entry_screen_says_its_keys_on_every_panel_and_build(preset, n):
    """Every screen of a hand's entry (the hand, a penalty, the call, joiners, a misdeal, a knock
    fault, a correction, the preview) on 128x64 and 128x32, with and without a Back key, names a
    key and what it does, and a screen with more rows than it shows says it scrolls."""
    import random

    from host_tests.test_ui_detours import in_entry
    from tools.play.presses import presses_for

    rules = Rules(preset, {"start": 40})  # no game ends
    for height, back_key, lang in ((64, True, "sv"), (64, False, "sv"), (32, True, "sv"),
                                   (32, False, "sv"), (64, True, "en"), (32, False, "en")):
        d, _st = started(rules, NAMES[:n], 0, height=height, back_key=back_key, lang=lang)
        rng = random.Random(n)
        seen = set()
        for e in entries(rng, rules, d.app.series.game.state):
            for ch in presses_for(d.app, e):
                d.keys(ch)
                view = d.app.view
                if not in_entry(view):  # (a message: any key goes on)
                    continue
                seen.add(type(view).__name__)
                text = d.text()
                where = (preset, n, height, back_key, lang, e, text)
                assert KEY_WORDS.search(text), where  # says what a key does
                # the back it names is the build's: the Back key, or hold OK without one
                assert (BACK_KEY.search(text) is None or back_key) and \
                    (HOLD_OK.search(text) is None or not back_key), where
                lines = text.splitlines()
                items = view.count(d.app) if hasattr(view, "count") else view.n
                if items > len(lines) - 1:
                    assert lines[0][-1] in "▼▲", where  # rows not shown: it says it scrolls
        assert REACHED[preset] <= seen, (height, back_key, REACHED[preset] - seen)


@pytest.mark.usefixtures("modules_kept")  # random presses over many games: no re-import per screen
def test_every_list_with_rows_not_shown_says_so_in_its_title():
    """Beyond a hand's entry too: the menu, the history, a hand's changes, the new game's form,
    the table builder and the speller, on 128x64 and 128x32, end their title in ▼ (more below) or
    ▲ (more above) whenever the list has more rows than the panel shows."""
    import itertools

    from firmware.ui.views import ListView
    from host_tests.test_ui_screens import setup_screens, walk_screens

    for height in (64, 32):
        kinds = set()
        screens = itertools.chain(walk_screens(128, height, "sv", range(4), 200), setup_screens(128, height, "sv"))
        for app in screens:  # (the same App, a press further at each)
            view = app.view
            if not isinstance(view, ListView):
                continue
            items = view.count(app)
            if items > len(app.screen.rows):  # (every row an item: some are not shown)
                kinds.add(type(view).__name__)
                assert app.screen.title[-1:] in ("▼", "▲"), (height, type(view).__name__, app.screen.text())
        assert {"Menu", "History", "Detail"} <= kinds, (height, kinds)


# -- point 11: words a table reads without the manual ------------------------------------------

def test_a_question_longer_than_the_panel_scrolls_to_its_end():
    from firmware.ui.views import Confirm

    d, _st = started(height=32)
    enter_one = "c" "c" "B" "a" "c"  # a hand: the game is unfinished
    d.keys(enter_one)
    d.app.view = Confirm("Nytt spel?", [d.app.tr("Start! keeps this unfinished game on the drive (games/).")],
                         lambda a: None, lambda a: a.home())
    d.app._refresh()
    seen = d.text().splitlines()
    assert seen[0] == "Nytt spel?▼" and len(seen) == 4
    words = " ".join(seen[1:3])
    for _ in range(5):
        words += " " + d.keys("b").splitlines()[2]
    assert "(games/)." in words  # the end of the sentence, which 128x32 dropped
    assert d.text().splitlines()[0] == "Nytt spel?▲" and d.text().splitlines()[-1] == "OK: ja, tillbaka: nej"


def test_the_seating_line_keeps_the_names_whole():
    from firmware.ui.screens.table import names_fit

    assert names_fit(["Åsa", "Örjan", "Märta"], 14) == "..Örjan Märta"
    assert names_fit(["Åsa", "Bo"], 14) == "Åsa Bo"
    from tools.play.driver import Driver

    d = Driver(height=32)
    d.keys("B")
    d.app.view.table[:] = ["Åsa", "Örjan", "Märta"]
    d.app._refresh()
    assert d.text().splitlines()[1].strip() == "Bord: ..Örjan Märta"  # was "Bord: Åsa Örja Märt"


HISTORY_WORDS = {"sv": re.compile(r"\b(tog|bjöd|Rättelse|ensam|Alla passar|Felgiv|Knackfel|Rop)\b"),
                 "en": re.compile(r"\b(took|bid|Correction|alone|All pass|Misdeal|Fault|Call)\b")}
CAPITALISED = {"Alla", "Rättelse", "Felgiv", "Knackfel", "Rop", "All", "Correction", "Misdeal", "Fault",
               "Call", "Rödskägg", "Extra", "Extragiv"}
# what needed the manual: a name with its number glued on ("Dan5R"), "Bo 3:4", "0:CDE", a lone R
# for the call or the bid, "Rätt."/"Corr."
SHORTHAND = re.compile(r"[^\W\d_]\d|\d:\d|\d:[^\W\d_]|\bR\b|Rätt\.|Corr\.")


def history_rows(d):
    """Every row of the history as the panel shows it, newest first (the cursor's row, read as
    the cursor moves up: 128x32 shows three at a time)."""
    for _ in range(9):  # 128x32: the scoreboard's pages first
        if d.text().splitlines()[0] in ("Historik", "History"):
            break
        d.keys("a")
    rows = []
    for _ in range(len(d.app.series.game.log)):
        rows.append(next(r for r in d.text().splitlines()[1:] if r.startswith(">"))[1:])
        d.keys("a")
    return rows


@pytest.mark.parametrize("preset,n", [("fem", 4), ("fem", 7), ("bud", 5), ("knack", 7)])
def test_every_history_row_reads_without_the_manual(preset, n):
    """Point 11: each row of the history, as a person reads it on 128x64 and 128x32, in Swedish
    and English, says what happened in words (took, bid, called, a correction, alone...) and
    names players by at least two letters, never by a number glued to a name."""
    import random

    from tools.play.presses import presses_for

    names = ["Margaret", "Bo", "Cissi", "Dan", "Evelina", "Fia", "Gunnar"][:n]
    rules = Rules(preset, {"start": 40})
    for height, lang in ((64, "sv"), (32, "sv"), (64, "en"), (32, "en")):
        d, _st = started(rules, names, 0, height=height, lang=lang)
        for e in entries(random.Random(n), rules, d.app.series.game.state):
            d.keys(presses_for(d.app, e))
        for row in history_rows(d):
            where = (preset, n, height, lang, row)
            words = row[3:]  # after the hand's number
            assert HISTORY_WORDS[lang].search(words), where
            assert not SHORTHAND.search(words), where
            for name in re.findall(r"[^\W\d_]+", words):
                if name[0].isupper() and name not in CAPITALISED:  # a player, two letters at least
                    assert len(name) >= 2 and any(p.startswith(name) for p in names), where


def test_the_history_says_the_call_and_a_long_name_s_bid_in_words():
    from tools.play.presses import presses_for

    d, _st = started(Rules("fem"), NAMES[:4], 0)
    d.keys(presses_for(d.app, (score.PLAY, (0, -1, -1, 5), 3, ())))
    assert "> 1 Rop: Dan klart…" in d.keys("a")  # was "Dan5R Ann0"; the changes say the rest
    assert " Anna      12>17  +5" in d.keys("c")  # (its changes, one OK away)
    d, _st = started(Rules("bud"), ["Margaret", "Bo", "Cia"], 0, lang="en")
    d.keys(presses_for(d.app, (score.BID, 0, 3, (4, 0, 0), 0, ())))
    # was "Margaret 3:4", then "Mar bid 3 took 4": the declarer's name whole, the changes say the rest
    assert "> 1 Margaret bid 3…" in d.keys("a")
    d.keys("c")  # its changes, one OK away
    assert "Margaret bid 3 took 4: made" in " ".join(d.app.view.info(d.app))


def test_history_says_bid_and_tricks_in_words():
    d, _st = started(Rules("bud"), NAMES[:4], 0)
    from tools.play.presses import presses_for

    d.keys(presses_for(d.app, (score.BID, 1, 3, (0, 4, 0, 0), 0, ())))
    assert "Bo bjöd 3 tog 4" in d.keys("a")  # was "Bo 3:4"
