"""The App driven by logical events: every screen, storage calls, bad input, screen saver."""

import random
import sys

import pytest

from firmware import forget
from firmware.core import score
from firmware.core.errors import EntryError
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.device import buttons
from firmware.record.reader import load
from firmware.ui import app as A
from firmware.ui import events as K
from firmware.ui import gameplan
from firmware.ui import views as V
from firmware.ui.app import App
from firmware.ui.entry.fem import FemWalk
from firmware.ui.entry.hand import conclude
from firmware.ui.entry.knack import JoinStep, TricksWalk
from firmware.ui.screenmodel import Chart, Screen, cols, lines
from firmware.ui.screens import seating
from tools.play import loop
from tools.play.driver import Driver, FakeExporter, FakeStore, random_game
from tools.play.presses import is_view, keys_for_record, presses_for

FOUR = ["Anna", "Bo", "Cia", "Dan"]


def started(rules=None, players=FOUR, dealer=0, store=None, exporter=None, **kw):
    series = Series(rules or Rules("fem"), players, dealer)
    st = store if store is not None else FakeStore(series)
    st.loaded.series = series
    return Driver(App(st, exporter, **kw)), st


def enter(d, entry):
    d.keys(presses_for(d.app, entry))


def fits(app):
    s = app.screen
    assert len(s.title) <= app.cols, s.title
    assert len(s.rows) <= app.rows, s.rows
    for r in s.rows:
        assert len(r) <= app.cols - 1 or (s.selected < 0 and len(r) <= app.cols), r
    assert s.selected < len(s.rows)


# -- setup and remembering it --------------------------------------------------------

def test_setup_spelled_names_options_and_remembered():
    store = FakeStore()
    d = Driver(App(store, None))
    assert d.text().splitlines()[0] == "Nytt spel▼"
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "knack", "penalty": 6, "pot": True,
                                                    "series": 3},
           "players": ["Anna", "ÅKE", "Örjan"], "dealer": "Örjan", "hands": []}
    setup, _h = keys_for_record(d.app, doc)
    d.keys(setup)
    game = d.app.series.game
    assert game.players == ("Anna", "ÅKE", "Örjan")
    assert game.rules == Rules("knack", {"penalty": 6, "pot": True, "series": 3})
    assert game.first_dealer == 2
    assert d.app.series.length == 3
    assert store.settings, "the setup is remembered"
    # a new device start with that store shows the same setup
    again = App(FakeStore(settings=store.settings[-1]), None)
    assert again.plan.players() == ["Anna", "ÅKE", "Örjan"]
    assert again.plan.rules() == game.rules
    assert again.plan.dealer == 0  # the next game: the next seat deals
    assert again.plan.roster[:3] == ["Anna", "ÅKE", "Örjan"]
    assert "Serie 1/3" not in d.text()  # the title shows the game of the series
    assert "1/3" in d.text().splitlines()[0]


def test_table_builder_seats_clockwise_and_says_why():
    d = Driver()
    d.keys("B")  # hold ▶ from Start!: the table
    assert d.text().splitlines()[0] == "Plats 1: vem?▼"  # (more names below)
    d.keys("c")  # Anna (the list starts on the first name)
    assert d.text().splitlines()[0] == "OK: ta bort Anna▼"  # what OK does now: see below
    assert "Anna" in d.text().splitlines()[1] and ">Anna     #1" in d.text()  # seat 1, the cursor on it
    d.keys("B")  # done with one player: says why not
    assert "Minst 2 spelare" in d.text()
    d.keys("bc" "bc")  # Bo, Cia
    d.keys("C")  # back: Cia unseated
    assert d.text().splitlines()[1].strip() == "Bord: Anna Bo"
    d.keys("bc" "B")  # Dan (the cursor stayed on Cia), done
    assert d.app.plan.players() == ["Anna", "Bo", "Dan"]
    assert d.app.plan.n == 3
    assert "Bord: Anna Bo Dan" in d.text()
    d.keys("c")  # Start! (the cursor is back on it)
    assert d.app.series.game.players == ("Anna", "Bo", "Dan")


def test_ok_on_a_seated_name_unseats_that_name_and_the_title_says_so_first():
    """Issue 36, point 5: OK on "Bo #1" seated the next free name below without a word. OK on
    a seated name unseats that name (the seats after it move up one), never another, and the
    title says so while the cursor is on it, before the press."""
    for lang, unseat, seat in (("sv", "OK: ta bort %s▼", "Plats %d: vem?▼"),
                               ("en", "OK: unseat %s▼", "Seat %d: who?▼")):
        d = Driver(lang=lang)
        d.keys("B" "c")  # the table, Anna seated
        assert d.text().splitlines()[0] == unseat % "Anna"
        d.keys("c")  # OK again: Anna leaves, and nobody else sits down
        assert d.app.view.table == [] and " #" not in d.text()
        assert d.text().splitlines()[0] == seat % 1 and ">Anna" in d.text()
        d.keys("c" "bc" "bc")  # Anna, Bo, Cia
        assert d.app.view.table == ["Anna", "Bo", "Cia"]
        d.keys("aa")  # back up to Anna (#1)
        assert d.text().splitlines()[0] == unseat % "Anna"
        text = d.keys("c")  # Anna leaves: Bo and Cia move up
        assert d.app.view.table == ["Bo", "Cia"]
        assert [r.split() for r in text.splitlines()[2:5]] == [[">Anna"], ["Bo", "#1"], ["Cia", "#2"]]
        assert text.splitlines()[0] == seat % 3  # on an empty seat's name: OK seats her
        d.keys("c")
        assert ">Anna     #3" in d.text()
        d.keys("b" "c")  # ▶ Bo (seated): OK unseats Bo, not the next name below
        assert d.app.view.table == ["Cia", "Anna"]
        d.keys("B")
        assert d.app.plan.players() == ["Cia", "Anna"]


def test_done_with_too_few_players_says_why_before_the_press():
    d = Driver()
    d.keys("B" "c")  # Anna only
    d.keys("a")  # up round the top: Done
    assert d.text().splitlines()[0] == "Minst 2 spelare▲" and d.text().splitlines()[-1] == ">Klar"
    d.keys("c")
    assert d.app.plan.players() != ["Anna"] and "Minst 2 spelare" in d.text()


def test_setup_bidding_needs_three_players():
    d = Driver()
    d.keys("bbbc" + "aa" + "c")  # Players: 4 -> 2
    assert d.app.plan.n == 2
    d.keys("acbc")  # Game: fem -> bud
    assert d.app.plan.preset == "bud"
    assert d.app.plan.n == 3


def test_language_english_and_swedish_letters():
    d = Driver()
    d.keys("acbc")  # Language: sv -> en (the last row)
    assert d.app.lang == "en"
    assert d.text().splitlines()[0] == "New game▲"  # on the last row: more above
    d.keys("bc")  # Start!
    assert d.text().startswith("Hand 1"), d.text()
    d.keys("b" "a" "c")  # menu: the last item toggles the language back
    assert d.app.lang == "sv"
    assert "Språk: Svenska" in d.text()


def test_spell_lower_case_swedish_letters_full_and_empty():
    d = Driver()
    d.keys("B")  # the table builder
    tv = d.app.view
    d.keys("a" "a" "c")  # Spell... (two up from the first name: Done, Spell...)
    sp = d.app.view
    assert is_view(sp, seating.SpellView)
    assert "A B C D E F" in d.text()  # the first letter: capitals
    d.keys("a" "c" "c")  # the actions row: Done on an empty name says why not
    assert "Inga bokstäver" in d.text()
    d.keys("bb" "c" "c")  # row g-l, G
    assert sp.name == "G"
    assert "a b c d e f" in d.text()  # then lower case
    d.keys("bbb" "c" "aa" "c")  # row y z å ä ö -: ö
    d.keys("a" "c" "c" "c" "b" "c")  # s, t
    d.keys("aaa" "c" "c")  # a
    assert sp.name == "Gösta"
    for _ in range(3):
        d.keys("c" "c")  # a a a: Göstaaaa (8)
    d.keys("c" "c")
    assert sp.name == "Göstaaaa"
    assert "Namnet är fullt (8)" in d.text()
    d.keys("a" "c" "b" "c")  # the actions row: Delete
    assert sp.name == "Göstaaa"
    d.keys("c" "bb" "c")  # Aa: the next letter a capital
    d.keys("b" "c" "b" "c")  # row A-F: B
    assert sp.name == "GöstaaaB"
    d.keys("a" "c" "c")  # Done
    assert d.app.view is tv
    assert tv.table == ["GöstaaaB"]
    d.keys("C" "C")  # unseat, leave: the table unchanged
    assert d.app.plan.players() == ["Anna", "Bo", "Cia", "Dan"]
    fits(d.app)


def test_roster_last_table_first_and_same_table_again_in_one_press():
    store = FakeStore()
    d = Driver(App(store, None))
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "fem"},
           "players": ["Eva", "Fia", "Gösta", "Hans"], "hands": []}
    d.keys(keys_for_record(d.app, doc)[0])
    assert d.app.plan.roster[:4] == ["Eva", "Fia", "Gösta", "Hans"]
    again = App(FakeStore(settings=store.settings[-1]), None)
    assert again.plan.roster[:4] == ["Eva", "Fia", "Gösta", "Hans"]
    assert again.plan.dealer == 1  # the next seat deals
    d2 = Driver(again)
    d2.keys("c")  # the same table again: Start!
    assert again.series.game.players == ("Eva", "Fia", "Gösta", "Hans")
    assert again.series.game.first_dealer == 1
    fresh = App(FakeStore(settings=store.settings[-1]), None)
    Driver(fresh).keys("B")  # the table builder lists the roster first, in its seats
    assert fresh.view.items()[:5] == ["Eva", "Fia", "Gösta", "Hans", "Anna"]


def test_settings_blob_bounded_versioned_and_old_one_read():
    s = gameplan.GamePlan()
    s.roster = ["N%07d" % i for i in range(40)]
    blob = s.encode()
    assert len(blob) <= 255 and blob.startswith(b"rs2|")
    t = gameplan.GamePlan()
    assert t.decode(blob)
    assert t.roster == s.roster[:len(t.roster)] and len(t.roster) <= gameplan.ROSTER_MAX
    old = b"rs1|bud|3|Anna,Bo,Cia,Dan,Eva,Fia,Gun|1||en"
    u = gameplan.GamePlan()
    assert u.decode(old)
    assert u.players() == ["Anna", "Bo", "Cia"] and u.roster == ["Anna", "Bo", "Cia"]
    for bad in (b"", b"rs2|fem|4", b"\xff\xfe", b"rs2|fem|9|a,b|0||sv|x", b"rs9|fem|4|||||"):
        v = gameplan.GamePlan()
        assert not v.decode(bad)
        assert v.players() == ["Anna", "Bo", "Cia", "Dan"]


# -- resume, storage ------------------------------------------------------------------

def test_resume_saved_series_and_message():
    series = Series(Rules("fem"), FOUR, 1)
    series.game.push((score.ALL_PASS,))
    app = App(FakeStore(series), None)
    assert app.screen.title == "Giv 1"
    assert "* Bo" in app.screen.text()
    app = App(FakeStore(None, None, "Sparat spel skadat"), None)
    assert "skadat" in app.screen.text()
    loop.press(app, K.OK, 100)
    assert app.screen.title == "Nytt spel▼"


def test_broken_store_does_not_stop_the_app():
    class Broken(FakeStore):
        def load(self):
            raise OSError("nvm gone")

        def save(self, series):
            raise OSError("nvm full")

    d = Driver(App(Broken(), None))
    assert "nvm" in d.text() and "gone" in d.text()
    d.keys("c" "c")  # the message, then Start!
    assert "nvm full" in d.text()
    d.keys("c")
    assert d.text().startswith("Giv 1")


def test_save_after_commit_undo_edit_delete():
    d, st = started()
    enter(d, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    enter(d, (score.ALL_PASS,))
    assert [s[1] for s in st.saves] == [[(0, (-1, 2, 3, -1), -1, ())],
                                        [(0, (-1, 2, 3, -1), -1, ()), (3,)]]
    d.keys("A")  # undo asks
    # the all-pass entry is not a hand the table counts: named by what it is and where
    assert d.text().startswith("Ångra?\nAlla passar,\nföre giv 2\n")
    d.keys("c")
    assert d.app.series.game.log == [(0, (-1, 2, 3, -1), -1, ())]
    assert st.saves[-1][1] == d.app.series.game.log
    assert len(st.saves) == 3


# -- entries ---------------------------------------------------------------------------

def test_preview_then_commit_shows_changes():
    d, _st = started()
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1: stick"
    assert ">Bo       <1>" in d.text()
    d.keys("B")  # hold ▶: one more (2) and take it
    d.keys("bbc")  # Cia: 1 -> 3, take it; every trick is given: the rest passed
    text = d.text()
    assert text.splitlines()[0] == "Giv 1: OK sparar"
    assert "Bo       2     12>10" in text
    assert "Cia      3     12>9" in text
    assert "Dan      pass  12" in text
    d.keys("c")  # the save press: no separate preview when every row is on the screen
    assert " >Cia        9" in d.text()
    assert "* Bo        10" in d.text()


def test_abandon_half_entered_hand():
    for keys in ("cbbc" "C" "C", "cbbcaa" "dddd", "c" "B" "C" "C" "C"):
        d, st = started()
        d.keys(keys)
        assert d.text().startswith("Giv 1\n")
        assert d.app.series.game.log == []
        assert st.saves == []


def test_last_player_tricks_filled_in():
    d, _st = started()
    d.keys("c" "B" "a" "a")  # Bo 2, Cia pass, Dan pass -> Anna gets 3
    assert "Anna     3" in d.text()
    d.keys("c")
    assert d.app.series.game.log == [(0, (3, 2, -1, -1), -1, ())]


def test_all_pass_and_lone_from_the_walk():
    d, _st = started()
    d.keys("c" "aaaa")
    assert d.text().splitlines()[0] == "Giv 1: alla passar"
    d.keys("c")
    assert d.app.series.game.log == [(score.ALL_PASS,)]
    d.keys("c" "a" "c" "a")  # Cia plays; the last row is filled in with the rest ...
    assert "Anna     4" in d.text()
    d.keys("a")  # ... but Anna passed: Cia alone
    assert d.text().splitlines()[0] == "Giv 1: Cia ensam"
    d.keys("c")
    assert d.app.series.game.log[-1] == (score.LONE, 2)


def test_played_no_trick_is_not_next_to_pass():
    d, _st = started()
    d.keys("c" "A")  # hold ◀: Bo played and took no trick
    assert "Bo       0" in d.text()
    d.keys("bbbbc")  # Cia 5: the rest passed
    text = d.text()
    assert "Bo       0     12>17" in text
    assert "Dan      pass  12" in text


def test_rodskagg_call_and_refusal():
    d, _st = started()
    d.keys("c" "A" "bbbbc")  # Bo 0, Cia 5
    assert "Rödskägg" in d.text()  # the hint row names the long press
    d.keys("B")  # the call: who? nobody chosen yet: on "no call" (a hold by mistake saves nothing)
    assert "Rödskägg" in d.text().splitlines()[0]
    assert ">inget rop" in d.text()
    d.keys("c")
    assert "Cia      5     12>7" in d.text() and " R " not in d.text()
    d.keys("B" "a")  # again, and up to Cia (the player above "no call")
    assert ">Cia" in d.text()
    d.keys("c")
    assert "Cia      5 R   12>2" in d.text()
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (-1, 0, 5, -1), 2, ())]
    d2, _st = started(Rules("fem", {"call": False}))
    d2.keys("c" "B" "bbc" "B")
    assert "Går inte" in d2.text()
    d2.keys("c")
    assert is_view(d2.app.view, FemWalk)


def test_refused_sum_says_why_in_english():
    d, _st = started(lang="en")
    d.app.set_lang("en")
    d.keys("c" "B" "B" "a" "A" "c")  # 2 + 2, Dan pass, Anna 0: 4 of 5
    assert "Tricks: 4 of 5" in d.text()
    d.keys("b")
    assert is_view(d.app.view, FemWalk)
    assert d.app.series.game.log == []


def test_bidding_all_pass_and_rodskagg():
    d, _st = started(Rules("bud"))
    d.keys("c")  # the declarer list starts on the dealer, the first speaker below
    assert " Dan\n>Anna *\n Bo\n" in d.text()  # Anna deals: marked as the scoreboard does
    d.keys("a" "A")  # All pass (round from the top row): asked, as every entry is
    assert d.text().splitlines()[0] == "OK? Alla passar"
    d.keys("c")
    assert d.app.series.game.log == [(score.ALL_PASS,)]
    enter(d, (score.BID, 2, score.BID_R, (0, 0, 6, 0), 0, ()))
    assert "Cia vinner!" in d.text()


def test_bud_result_rows_are_the_preview():
    d, _st = started(Rules("bud"))
    d.keys("c" "B")  # Bo (the first speaker, below the dealer) declares; the bid starts on 3
    assert ">3" in d.text()
    d.keys("c")
    text = d.text()
    assert text.splitlines()[0].startswith("Bo 3")
    assert ">3 stick   12>9" in text
    assert " 2 stick   12>15" in text
    d.keys("A")  # hold ◀: the row above (2 tricks, failed), saved
    assert d.app.series.game.log == [(score.BID, 1, 3, (0, 2, 0, 0), 0, ())]


def test_knack_joiners():
    d, _st = started(Rules("knack"))
    entry = (score.BID, 1, 3, (0, 4, 2, 0), 1 << 3 | 1 << 2, ())
    keys = presses_for(d.app, entry)
    d.keys(keys)
    assert d.app.series.game.log == [entry]


def test_misdeal_fault_correction():
    d, _st = started(Rules("knack"))
    enter(d, (score.MISDEAL, False))
    enter(d, (score.FAULT, 2, "did not ask go along"))
    enter(d, (score.ADJUST, (0, -2, 0, 3), "scoring slip"))
    st = d.app.series.game.state
    assert st.scores == [17, 10, 17, 15]
    # the correction shows the reason list in words of the language
    d.keys("b" "aaa" "c")  # menu: Correction? find it by label
    fits(d.app)


def test_tie_break_only_tied_players():
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 3},
           "players": FOUR, "hands": [{"tricks": {"Anna": 2, "Bo": 2, "Cia": 1}},
                                       {"tricks": {"Anna": 1, "Bo": 1, "Cia": 1, "Dan": 2}}]}
    game = load(doc)
    d = Driver()
    setup, hands = keys_for_record(d.app, doc)
    d.keys(setup + hands[0] + hands[1])
    assert game.log == d.app.series.game.log
    st = d.app.series.game.state
    assert st.tied
    assert "Extra" in d.text().splitlines()[0]
    assert d.text().count(" =") == len(st.tied)
    d.keys("c")
    view = d.app.view
    assert sorted(view.seats) == sorted(st.tied)


# -- undo, history, edit ---------------------------------------------------------------------

def test_history_detail_edit_recomputes_later_hands():
    d, _st = started()
    enter(d, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    enter(d, (score.PLAY, (1, -1, 4, -1), -1, ()))
    enter(d, (score.ALL_PASS,))
    d.keys("a")  # history, cursor on the newest
    assert d.text().splitlines()[0] == "Historik"
    assert ">" in d.text().splitlines()[3]
    d.keys("aa" "c")  # the first hand
    assert "Bo        12>10  -2" in d.text()
    d.keys("c")  # OK on the changes: Edit
    walk = d.app.view
    assert is_view(walk, FemWalk)
    assert [walk.value(i) for i in range(walk.n)] == [2, 3, -1, -1]
    assert walk.shown == 2  # each row starts on what it held
    d.keys("b")  # Bo 2 -> 3
    d.keys("c")  # Cia's 3 no longer fits: 1 to start
    assert walk.shown == 1
    d.keys("bc")  # Cia 2: every trick given, Dan and Anna pass
    d.keys("c")  # an edit shows the preview (later hands are scored again)
    assert d.text().startswith("OK? Giv 1")
    d.keys("c")
    game = d.app.series.game
    assert game.log[0] == (score.PLAY, (-1, 3, 2, -1), -1, ())
    assert game.state.scores == [11, 9, 6, 12]


def test_back_from_an_edit_or_insert_reopens_the_entry_where_it_was():
    """The history lets its code go while an edit is open (history.Detail.again): back from the
    edit shows the entry's changes again with the cursor where it was (the edit's modules let go,
    views.reopen), and back from there the history at that entry, as if it had stayed."""
    import sys

    from firmware.ui.screens import history

    d, _st = started()
    enter(d, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    enter(d, (score.PLAY, (1, -1, 4, -1), -1, ()))
    enter(d, (score.ALL_PASS,))
    d.keys("a" "a" "c")  # the history, the second hand's changes
    detail = d.app.view
    rows = detail.count(d.app)
    for action in (rows - 3, rows - 1):  # Edit, Insert a hand before
        d.keys("b" * (action - detail.cursor))
        cursor = detail.cursor
        shown = d.text()
        d.keys("c")  # the edit's or the insert's first row
        assert is_view(d.app.view, FemWalk)
        assert "firmware.ui.screens.history" not in sys.modules and "firmware.ui.text" not in sys.modules
        d.keys("d")  # back: out of the walk
        again = d.app.view
        assert is_view(again, history.Detail) and again is not detail
        assert [m for m in sys.modules if m.startswith("firmware.ui.entry.")] == []
        assert (again.index, again.cursor, again.count(d.app)) == (1, cursor, rows)
        assert d.text() == shown
        detail = again
    d.keys("d")
    assert is_view(d.app.view, history.History) and d.app.view.cursor == 1


def test_the_winner_screen_lets_the_hands_modules_go(monkeypatch):
    """The winning hand's screen leads only home or to the history: its entry modules go as the
    winner shows (on the device their code leaves the heap), the winner screen's own stays."""
    from firmware.ui import lazy

    d, _st = started(Rules("fem", {"start": 1}))
    released = []
    monkeypatch.setattr(lazy, "forget", released.append)
    enter(d, (score.PLAY, (-1, -1, 1, 4), -1, ()))  # Dan wins
    assert d.text().splitlines()[0] == "Dan vinner!"
    assert set(A.hand_modules(d.app.series.game.rules)) - {A.START} <= set(released)
    assert "firmware.ui.screens.result" not in released


def test_edit_that_breaks_a_later_hand_is_refused(monkeypatch):
    d, st = started(Rules("fem", {"start": 3}))
    enter(d, (score.PLAY, (-1, 2, 1, 2), -1, ()))
    enter(d, (score.ALL_PASS,))
    saves = len(st.saves)
    d.keys("a" "a" "c" "c")  # history -> hand 1 -> Edit (OK on its changes)
    walk = d.app.view
    assert [walk.value(i) for i in range(walk.n)] == [2, 1, 2, -1]
    d.keys("b" "c" "b" "c")  # Bo 3, Cia 2, the rest pass: Bo wins at once
    # the walk's own screen says what OK needs first (it said "OK? Bo vinner / OK: visa")
    assert d.text().splitlines()[0] == "Radera 1 senare"
    d.keys("c")
    # and so does the preview (it said "OK? Bo vinner", and OK refused)
    assert d.text().splitlines()[0] == "Radera 1 senare"
    assert d.app.view.soon(d.app) == ("firmware.ui.text",)  # the refusal's words, loaded while it waits
    preview = d.app.view
    raised = []
    for _ in range(2):
        with pytest.raises(EntryError) as e:
            preview.flow.whole(preview.entry)
        raised.append(e.value)
    assert raised[0] is not raised[1]  # the kept refusal raised anew: raised again it grew (MicroPython)
    d.app.idle(d.app.last + A.IDLE_MS)
    assert "firmware.ui.text" in sys.modules
    d.keys("d")  # back to the walk: the words loaded for OK go again
    assert "firmware.ui.text" not in sys.modules
    d.keys("c")
    d.app.idle(d.app.last + A.IDLE_MS)
    assert "firmware.ui.text" in sys.modules
    relogs = []
    monkeypatch.setattr(Game, "_relog", lambda self, log: relogs.append(log))
    d.keys("c")
    assert relogs == []  # refused from the preview's own scoring: the whole game is not scored again
    monkeypatch.undo()
    # the later entry that the edit breaks, as the history names it, the winner's name, and
    # what to do about it
    assert d.text() == "Går inte\nAlla pass, före giv 2\nSpelet är slut: Bo\nhar vunnit\nRadera 1 senare"
    game = d.app.series.game
    assert game.log == [(score.PLAY, (-1, 2, 1, 2), -1, ()), (score.ALL_PASS,)]
    assert len(st.saves) == saves
    d.keys("c")
    assert d.app.view.__class__.__name__ == "Preview"
    d.keys("C" "C" "C" "C" "C" "C" "C")
    assert d.text().startswith("Giv 2")


def test_delete_from_history():
    d, st = started()
    enter(d, (score.ALL_PASS,))
    enter(d, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    d.keys("a" "a" "c" "aa" "c")  # hand 1 -> Delete (up past Insert) -> confirm
    assert d.text().startswith("Radera?\nAlla passar,\nföre giv 1\n")
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (-1, 2, 3, -1), -1, ())]
    assert st.saves[-1][1] == d.app.series.game.log


def test_undo_cancel_and_nothing_to_undo():
    d, _st = started()
    d.keys("A")
    assert "Inget att ångra" in d.text()
    d.keys("c")
    enter(d, (score.ALL_PASS,))
    d.keys("A" "C")
    assert d.app.series.game.log == [(score.ALL_PASS,)]


def test_chart():
    d, _st = started()
    enter(d, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    enter(d, (score.PLAY, (1, -1, 4, 0), -1, ()))
    d.keys("B")
    chart = d.app.screen.chart
    assert is_view(chart, Chart)
    assert chart.series == ((12, 12, 11), (12, 10, 10), (12, 9, 5), (12, 12, 17))
    assert chart.lo <= 0 and chart.hi == 17
    assert chart.marks == ("Anna", "Bo", "Cia", "Dan") and chart.styles == (0, 1, 2, 3)
    assert d.text() == "Diagram giv 1-2"
    d.keys("c")
    assert d.text().startswith("Giv 3")


# -- end of game, series, export -------------------------------------------------------------

def test_series_next_game_winner_deals_and_export():
    ex = FakeExporter()
    d, st = started(Rules("fem", {"start": 1, "series": 3}), exporter=ex)
    enter(d, (score.PLAY, (-1, -1, 1, 4), -1, ()))  # Dan wins game 1
    assert "Dan vinner!" in d.text()
    assert "Exporterad" in d.text()
    assert len(ex.exported) == 1
    assert "OK: spel 2" in d.text()
    d.keys("c")
    series = d.app.series
    assert series.number() == 2
    assert series.game.first_dealer == 3
    assert "Giv 1" in d.text() and "2/3" in d.text()
    assert st.saves[-1] == (1, [])
    enter(d, (score.PLAY, (-1, -1, 1, 4), -1, ()))
    assert "Serien: Dan" in d.text()
    d.keys("c")
    assert d.text().startswith("Nytt spel")
    d.keys("C")
    assert "Dan vann" in d.text()


def test_export_menu_read_only_shows_reason():
    ex = FakeExporter(writable=False)
    d, _st = started(exporter=ex)
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Exportera") + "c")
    assert "Datorn äger enheten" in d.text()
    ex.ok = True
    d.keys("c" "b" + "b" * items.index("Exportera") + "c")
    assert "Exporterad 0001-fem" in d.text()


def test_an_export_answers_at_once_and_writes_after_its_screen():
    """As code.py runs the App: the press shows "Exporterar…" before anything is written, the
    loop's work() writes and shows the result; a press before work() is taken at once, and the
    export, still waiting, is written after it and says so."""
    ex = FakeExporter()
    d, _st = started(exporter=ex)
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Exportera"))
    assert d.answer("c") == "Exportera\nExporterar…"
    assert ex.exported == []
    assert d.app.work() and not d.app.work()
    assert ex.exported == [[]]
    assert "Exporterad 0001-fem" in d.text()
    d.keys("c" "b" + "b" * items.index("Exportera"))
    d.answer("c")
    assert ex.exported == [[]]
    d.answer("c")  # the loop has not run work(): the press goes home at once, the export waits
    assert d.text().startswith("Giv 1\n") and ex.exported == [[]] and len(d.app.jobs) == 1
    assert d.app.work() and not d.app.jobs and ex.exported == [[], []]
    assert "Exporterad 0001-fem" in d.text()
    d.keys("c")
    assert d.text().startswith("Giv 1\n")


def enter_answer(d, entry):
    """Enter a hand; its last press as the loop draws it, before the jobs it leaves."""
    keys = presses_for(d.app, entry)
    d.keys(keys[:-1])
    return d.answer(keys[-1])


def test_the_winner_shows_before_its_save_and_file_are_written():
    """As code.py runs the App: the winning hand's screen first; the loop's work() then saves it,
    and only after the save exports the game, a job a call."""
    ex = FakeExporter()
    d, st = started(Rules("fem", {"start": 1}), exporter=ex)
    enter_answer(d, (score.PLAY, (-1, -1, 1, 4), -1, ()))
    assert "Dan vinner!" in d.text() and "Exporterar…" in d.text()
    assert st.saves == [] and ex.exported == []
    assert d.app.work()
    assert len(st.saves) == 1 and st.saves[0][1] == list(d.app.series.game.log) and ex.exported == []
    assert d.app.work()
    assert len(ex.exported) == 1
    assert "Dan vinner!" in d.text() and "Exporterad" in d.text() and "Exporterar" not in d.text()
    assert not d.app.work()  # nothing left


def test_a_press_before_the_save_is_taken_at_once_and_the_save_writes_the_game_then():
    """A press that comes before the loop ran the last press's save is taken at once (it waits for
    no flash write); the save, still waiting, writes the game as it is when it runs."""
    d, st = started()
    enter_answer(d, (score.PLAY, (-1, 2, -1, 3), -1, ()))
    assert st.saves == [] and len(d.app.jobs) == 1
    d.answer("b")  # the menu opens; the hand is not saved yet
    assert d.text().splitlines()[0] == "Meny▼" and st.saves == [] and len(d.app.jobs) == 1
    assert d.app.work() and not d.app.jobs
    assert len(st.saves) == 1 and len(st.saves[0][1]) == 1
    assert d.text().splitlines()[0] == "Meny▼"


def erasing_store(folder):
    """A real Store whose every save erases the NVM's sector (as the SAMD boards', or a full slot
    on an RP2040): each is covered by the drive copy first, so each goes in steps."""
    from firmware.store.drivecopy import DriveCopy
    from firmware.store.journal import Store

    nvm = bytearray(b"\xff" * 4096)
    store = Store(nvm, copy=DriveCopy(str(folder), None, 2048), erase_always=True)
    store.save(Series(Rules("fem"), FOUR))
    return nvm, Store(nvm, copy=DriveCopy(str(folder), None, 2048), erase_always=True)


def saved_log(nvm):
    from firmware.store.journal import Store

    return list(Store(bytearray(nvm)).load().series.game.log)


HAND = (score.PLAY, (-1, 2, -1, 3), -1, ())


def test_a_press_during_a_save_in_steps_is_taken_between_its_flash_writes(tmp_path):
    """A save that erases (the drive copy's writes, then the NVM's) goes a step a call of work(): a
    press that comes between two steps is taken and drawn at once, the NVM still as it was; the
    steps left then write the hand."""
    nvm, store = erasing_store(tmp_path)
    d = Driver(App(store, None))
    enter_answer(d, HAND)
    before = bytes(nvm)
    assert d.app.work() and len(d.app.jobs) == 1  # the copy written, not yet closed
    assert d.answer("b").splitlines()[0] == "Meny▼"  # the menu at once
    assert bytes(nvm) == before and len(d.app.jobs) == 1
    steps = 1
    while d.app.work():
        steps += 1
    assert steps == 5 and saved_log(nvm) == [HAND]
    assert d.text().splitlines()[0] == "Meny▼"


def test_a_press_that_runs_out_of_memory_writes_the_waiting_save_before_the_app_goes(tmp_path):
    """code.py builds a new App from the store after a MemoryError: a save still waiting is
    written first, so the hand entered just before is not lost."""
    nvm, store = erasing_store(tmp_path)
    d = Driver(App(store, None))
    enter_answer(d, HAND)
    assert d.app.work() and d.app.jobs  # a step of the save, the rest waiting

    def no_room(app, event):
        raise MemoryError

    d.app.view.event = no_room
    with pytest.raises(MemoryError):
        d.answer("b")
    assert not d.app.jobs and saved_log(nvm) == [HAND]


def test_a_job_that_ends_on_the_scoreboard_lets_go_what_it_loaded():
    """A save whose settings blob loads settings.py: back on the scoreboard after it, every lazily
    loaded module goes again (App.let_go) but the next hand's, as after a press; else a hand entered
    next would carry it (the 7-player knack game's low point)."""
    import sys

    from firmware.ui import lazy

    d, _st = started()
    enter_answer(d, (score.PLAY, (-1, 2, -1, 3), -1, ()))
    d.app.jobs.append(d.app.save_settings_job)
    d.app.work()  # the hand's save
    assert "firmware.ui.settings" not in sys.modules
    d.app.work()  # the settings' save: it loads settings.py (and the game plan)
    assert not d.app.work() and is_view(d.app.view, A.Scoreboard)
    loaded = {n for n in sys.modules if n.startswith(lazy.PACKAGES) or n == A.PLAN}
    assert loaded == set(d.app.hand_modules()) - {A.START}  # start.py went as the hand opened
    assert d.app.held_plan() is None and d.app.settings  # the plan back in its blob


def test_a_settings_change_in_the_menu_is_saved_after_its_screen():
    """The menu's language (and big scores): the menu in the new language first, the settings'
    save a job after it; the game plan, which keeps the language, loads in that job, not in the
    press (its import and decoding were half of the press's 66 ms on the emulated Pico)."""
    import sys

    d, st = started()
    d.keys("b")
    d.app.view.cursor = len(d.app.view.items) - 1  # Språk: Svenska
    saved = len(st.settings)
    d.answer("c")
    assert d.text().splitlines()[0] == "Menu▲" and len(st.settings) == saved  # the last row: more above
    assert A.PLAN not in sys.modules and d.app.held_plan() is None
    assert d.app.work() and len(st.settings) == saved + 1
    assert not d.app.work()
    plan = gameplan.GamePlan()
    plan.decode(st.settings[-1].split(b"\x00E")[0])
    assert plan.lang == "en"


def test_a_settings_save_that_raises_says_so_after_its_screen():
    """The menu's language saved as a job, the store raising: the menu in the new language first,
    then a note with the store's words; OK goes back to the menu."""

    class BrokenStore(FakeStore):
        def save_settings(self, blob):
            raise OSError("flash gone")

    d, _st = started(store=BrokenStore(None))
    d.keys("b")
    d.app.view.cursor = len(d.app.view.items) - 1  # Språk: Svenska
    d.answer("c")
    assert d.text().splitlines()[0] == "Menu▲"
    d.app.work()
    assert d.text().splitlines()[:2] == ["Note", "Not saved: flash gone"]
    d.keys("c")
    assert d.text().splitlines()[0] == "Menu▲"


def test_a_save_that_fails_after_its_screen_says_so_next():
    """A save that fails: the scoreboard showed first; the note follows it, and OK goes back."""

    class FullStore(FakeStore):
        def save(self, series):
            return False

    d, _st = started(store=FullStore(None))
    enter_answer(d, (score.PLAY, (-1, 2, -1, 3), -1, ()))
    assert d.text().splitlines()[0] == "Giv 2"
    d.app.work()
    assert d.text().splitlines()[:3] == ["Obs", "Minnet fullt:", "ändringen är inte"]
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 2"


def unloaded(monkeypatch, names):
    """Let names go as the App does (firmware.forget); returns the list the modules imported from
    now on are added to."""
    from firmware import forget

    for name in names:
        forget(name)
    loaded = []
    real_import = __import__

    def record(name, *args):
        if not args:
            loaded.append(name)
        return real_import(name, *args)

    monkeypatch.setattr("builtins.__import__", record)
    return loaded


def test_idle_loads_a_hands_modules_ahead_one_a_call_only_on_the_scoreboard(monkeypatch):
    """App.idle: with the scoreboard up and presses paused, each call loads the next module a
    hand of the preset needs (so that OK answers at once); never soon after a press."""

    from firmware.ui import app as A
    from firmware.ui.entry import start

    d, _st = started()
    wanted = A.hand_modules(d.app.series.game.rules)
    assert wanted[:2] == ("firmware.ui.entry.flow", start.__name__) and wanted[-1] == "firmware.ui.entry.fem"

    loaded = unloaded(monkeypatch, wanted)
    last = d.app.last
    d.app.idle(last + A.IDLE_MS - 1)
    assert loaded == []
    for k in range(len(wanted) + 2):
        d.app.idle(last + A.IDLE_MS + k)
    assert loaded == list(wanted)
    d.keys("b")  # the menu: nothing is loaded ahead there
    loaded.clear()
    d.app.idle(d.app.last + A.IDLE_MS)
    assert loaded == []


def test_idle_on_the_winner_screen_loads_the_next_games_set_up(monkeypatch):
    """App.idle beyond the scoreboard: the winner screen leads on to a new game's set-up (OK), whose
    code loads while the table reads the result, a module a call, not soon after a press."""
    setup = ("firmware.ui.screens.newgame", "firmware.ui.gameplan")
    d, _st = started(Rules("fem", {"start": 3}))
    while not d.app.over():
        enter(d, (score.PLAY, (5, 0, 0, 0), -1, ()))
    assert type(d.app.view).__name__ == "Winner"
    loaded = unloaded(monkeypatch, setup)
    d.app.idle(d.app.last + A.IDLE_MS - 1)
    assert loaded == []
    for k in range(3):
        d.app.idle(d.app.last + A.IDLE_MS + k)
    assert loaded == list(setup)
    d.keys("c")
    assert type(d.app.view).__name__ == "NewGameView" and loaded == list(setup)


def test_a_key_going_down_on_the_scoreboard_loads_what_its_press_opens(monkeypatch):
    """App.ahead: while a key is held, the scoreboard loads the screen its press will open (NEXT:
    the menu; PREV: the history; OK: the hand's modules), the hand's modules let go first when it
    leads elsewhere; held on (the long press's event, buttons.AHEAD_MS) what the long press opens
    too (NEXT: the chart, the menu kept for a short press after all); the press then imports
    nothing."""
    from firmware.ui import lazy

    menu, chart, history = ("firmware.ui.screens." + n for n in ("menu", "chart", "history"))
    d, _st = started()
    hand = A.hand_modules(d.app.series.game.rules)
    loaded = unloaded(monkeypatch, hand + (menu, chart, history))
    released = []
    monkeypatch.setattr(lazy, "forget", released.append)
    d.app.ahead(K.OK)
    assert loaded == list(hand)
    loaded.clear()
    assert not d.app.ahead(K.NEXT)  # a short press: the menu only (the chart would make it wait)
    assert loaded == [menu]
    assert d.app.ahead(K.NEXT_LONG)  # (a chart may come: the loop lets the renderer load its code too)
    assert loaded == [menu, chart]
    assert set(released) >= set(hand) and menu not in released and chart not in released
    loaded.clear()
    d.keys("b")
    assert loaded == [] and d.text().splitlines()[0] == "Meny▼"
    d.keys("C")  # back on the scoreboard
    d.app.ahead(K.PREV)
    assert loaded == [history]
    loaded.clear()
    d.keys("a")
    assert loaded == [] and d.text().splitlines()[0] == "Historik"


def test_held_keys_load_what_their_long_press_opens_where_the_short_one_does_not(monkeypatch):
    """On a 128x32 scoreboard of four players ◀ turns its pages, so a key going down loads nothing
    for it; held on (the long press's event) the undo's history loads before the long press asks.
    On the winner screen OK going down loads the set-up of the new game it opens, ◀ held the undo's."""
    history = "firmware.ui.screens.history"
    setup = ("firmware.ui.screens.newgame", "firmware.ui.gameplan")
    d, _st = started(height=32)
    enter(d, (score.PLAY, (2, 3, -1, 0), -1, ()))
    loaded = unloaded(monkeypatch, (history,) + setup)
    d.app.ahead(K.PREV)
    assert loaded == [] and d.app.view.pages(d.app) > 1
    d.app.ahead(K.PREV_LONG)
    assert loaded == [history]
    d.keys("A")
    assert type(d.app.view).__name__ == "Confirm" and loaded == [history]  # the undo's question
    d.keys("d" "b")  # the menu: ▶ held towards its History row loads it, a short press lets it go
    rows = [item[0] for item in d.app.view.items]
    d.app.view.cursor = rows.index("Historik") - 1
    forget(history)
    loaded.clear()
    d.app.ahead(K.NEXT_LONG)
    assert loaded == [history]
    d.keys("b")
    assert history not in sys.modules and d.app.view.cursor == rows.index("Historik")
    d, _st = started(Rules("fem", {"start": 3}))
    while not d.app.over():
        enter(d, (score.PLAY, (5, 0, 0, 0), -1, ()))
    assert type(d.app.view).__name__ == "Winner"
    loaded = unloaded(monkeypatch, (history,) + setup)
    d.app.ahead(K.OK)
    assert loaded == list(setup)
    d.app.ahead(K.PREV_LONG)
    assert loaded == list(setup) + [history]


def test_ok_held_on_a_menu_row_lets_go_what_another_row_loaded():
    """The menu's rows load what they open while OK is held; a choice left for the menu again (an
    irregular entry abandoned, ◀/▶ held but let go short) leaves its modules loaded, and the next
    choice lets them go: the history opened from the menu has the heap the scoreboard's has."""
    d, _st = started()
    enter(d, (score.PLAY, (2, 3, -1, 0), -1, ()))
    d.keys("b")  # the menu
    rows = [item[0] for item in d.app.view.items]
    d.app.view.cursor = rows.index("Felgiv")
    d.app.ahead(K.OK)
    assert "firmware.ui.entry.irregular" in sys.modules
    d.app.view.cursor = rows.index("Historik")
    d.app.ahead(K.OK)
    assert "firmware.ui.screens.history" in sys.modules
    assert [m for m in sys.modules if m.startswith("firmware.ui.entry.")] == []


def test_ok_held_on_the_hubs_loads_what_the_choice_opens(monkeypatch):
    """App.ahead beyond the scoreboard: OK held on a menu row loads that row's screen (the history,
    a hand's modules, an irregular kind's), on "New game?" the set-up screen and the plan it shows,
    on an entry's Edit its modules, on the set-up's table row the table builder, and so does ◀/▶
    held towards the table row (its long press chooses it)."""
    from firmware.ui.screens import history

    d, _st = started()
    enter(d, (score.MISDEAL, True))
    d.keys("b")  # the menu
    rows = [item[0] for item in d.app.view.items]
    names = ("firmware.ui.screens.history", "firmware.ui.entry.irregular", "firmware.ui.screens.newgame",
             "firmware.ui.screens.seating") + A.hand_modules(d.app.series.game.rules)
    loaded = unloaded(monkeypatch, names)
    d.app.view.cursor = rows.index("Historik")
    assert not d.app.ahead(K.OK)
    assert loaded == ["firmware.ui.screens.history"]
    d.app.view.cursor = rows.index("Diagram")
    assert d.app.ahead(K.OK)  # the chart's: the renderer's drawing code too
    d.app.view.cursor = rows.index("Ny giv")
    loaded.clear()
    d.app.ahead(K.OK)
    assert loaded == list(A.hand_modules(d.app.series.game.rules))
    d.app.view.cursor = rows.index("Nytt spel")
    d.keys("c")
    assert is_view(d.app.view, V.Confirm)
    loaded.clear()
    d.app.ahead(K.OK)
    opened = ["firmware.ui.screens.newgame", "firmware.ui.gameplan"]
    assert loaded == opened
    d.keys("c")
    assert type(d.app.view).__name__ == "NewGameView" and loaded == opened  # the press loads nothing
    for cursor, key in ((3, K.PREV), (0, K.PREV), (2, K.NEXT)):  # not towards the table
        d.app.view.cursor = cursor
        d.app.ahead(key)
        assert loaded == opened
    for cursor, key in ((1, K.OK), (0, K.NEXT), (2, K.PREV)):  # the table, or towards it
        forget("firmware.ui.screens.seating")
        d.app.view.cursor = cursor
        d.app.ahead(key)
        assert loaded[-1] == "firmware.ui.screens.seating"
        loaded.pop()
    d.keys("C" * 3)
    d.app.home()
    history.open_history(d.app)  # the misdeal: its changes, then Edit
    d.keys("c")
    assert type(d.app.view).__name__ == "Detail"
    loaded.clear()
    d.app.view.cursor = d.app.view.count(d.app) - 3  # Edit
    d.app.ahead(K.OK)
    assert "firmware.ui.entry.irregular" in loaded and "firmware.ui.entry.fem" not in loaded


def test_a_hands_modules_load_ahead_after_one_collection(monkeypatch):
    """OK held loads a hand's five modules within the 120 ms a press is held: one collection before
    them (some 15 ms each at a game's heap on a Pico), none between them (lazy.load_all)."""
    import gc

    d, _st = started()
    hand = A.hand_modules(d.app.series.game.rules)
    steps = unloaded(monkeypatch, hand)  # the imports, and the collections:
    monkeypatch.setattr(gc, "collect", lambda: steps.append("collect"))
    d.app.ahead(K.OK)
    assert steps == ["collect"] + list(hand)
    steps.clear()
    d.app.ahead(K.OK)  # all loaded: no collection either
    assert steps == []


def test_a_key_going_down_that_wakes_the_screen_loads_nothing(monkeypatch):
    d, _st = started()
    loaded = unloaded(monkeypatch, ("firmware.ui.screens.menu",))
    d.app.tick(d.app.last + A.BLANK_MS)
    assert d.app.brightness == 0
    d.app.ahead(K.NEXT)
    assert loaded == []


# -- never stuck, bad input, screen saver ------------------------------------------------------

def test_back_leaves_every_menu_screen():
    d, _st = started(exporter=FakeExporter())
    enter(d, (score.ALL_PASS,))
    d.keys("b")
    n = len(d.app.view.items)
    for i in range(n - 2):  # the last two rows switch big scores and the language: no screen
        d.keys("b" * i + "c")
        for _ in range(12):
            if is_view(d.app.view, A.Scoreboard):
                break
            d.keys("C")
        if d.app.series is None or not is_view(d.app.view, A.Scoreboard):
            d.keys("C" * 5)
        assert d.text().startswith("Giv 1\n"), (i, d.text())
        d.keys("b")
    assert d.app.series.game.log == [(score.ALL_PASS,)]


def test_unexpected_exception_shows_error_then_scoreboard():
    d, _st = started()
    enter(d, (score.ALL_PASS,))

    class Boom(V.View):
        def event(self, app, ev):
            raise RuntimeError("kaboom")

        def render(self, app):
            return Screen("boom")

    d.app.view = Boom()
    d.keys("c")
    assert d.text().startswith("Fel")
    assert "kaboom" in d.text()
    d.keys("b")
    assert d.text().startswith("Giv 1")
    assert d.app.series.game.log == [(score.ALL_PASS,)]


def test_screen_saver_dims_blanks_and_wake_press_does_nothing():
    d, _st = started()
    app = d.app
    v = app.version
    app.tick(d.now + A.DIM_MS - 1)
    assert app.brightness == 2
    app.tick(d.now + A.DIM_MS)
    assert app.brightness == 1 and app.version == v + 1
    app.tick(d.now + A.BLANK_MS)
    assert app.brightness == 0
    screen = app.screen
    loop.press(app, K.OK, d.now + A.BLANK_MS + 10)
    assert app.brightness == 2
    assert app.screen == screen  # the wake press did nothing else
    loop.press(app, K.OK, d.now + A.BLANK_MS + 300)
    assert is_view(app.view, FemWalk)


def test_version_changes_only_with_the_screen():
    d, _st = started()
    v = d.app.version
    d.app.tick(d.now + 10)
    assert d.app.version == v
    d.keys("c")
    assert d.app.version == v + 1
    v = d.app.version
    loop.press(d.app, K.NEXT_LONG, d.now + 100)  # finishes the walk: preview
    assert d.app.version == v + 1


def test_buttons_into_app_bounce_and_overlapping_presses():
    d, _st = started()
    b = buttons.Buttons(("prev", "next", "ok"))
    evs = []
    t = 1000
    for _ in range(8):  # bounce on OK
        evs.append(b.key(2, True, t))
        evs.append(b.key(2, False, t + 1))
        t += 3
    evs.append(b.key(2, True, t))
    evs.append(b.poll(t + 100))
    evs.append(b.key(2, False, t + 150))
    evs = [e for e in evs if e is not None]
    assert evs == [K.OK]
    for e in evs:
        loop.press(d.app, e, t + 3000)
    assert is_view(d.app.view, FemWalk)


def play_overlapped(app, keys, overlap, roles=("prev", "next", "ok")):
    """Press keys (short ones: each down before the last is up, both down overlap ms, the same
    key again up first; long ones held 700 ms) through Buttons into app, as code.py's loop does."""
    b = buttons.Buttons(roles)
    letters = "abc"
    t = 10000
    pending = None  # the short key still down: (number, released at)
    steps = []
    for ch in keys:
        number = letters.index(ch.lower())
        if pending and pending[0] == number:  # the same key again: up first, then down
            t += 90
            steps.append((t, (number, False)))
            pending = None
            t += 40
        if ch.isupper():
            if pending:
                steps.append((pending[1], (pending[0], False)))
                pending = None
            t += 100
            steps.append((t, (number, True)))
            steps.append((t + 700, (number, False)))
            t += 800
            continue
        t += 90
        steps.append((t, (number, True)))
        if pending:
            steps.append((t + overlap, (pending[0], False)))
        pending = (number, t + max(overlap, 40) + 80)
        t += overlap
    if pending:
        steps.append((pending[1] + 200, (pending[0], False)))
    steps.sort(key=lambda s: s[0])
    now = 10000
    for when, (number, pressed) in steps:
        while now < when:  # the loop polls every 10 ms
            now += 10
            ev = b.poll(now)
            if ev:
                app.handle(ev, now)
        ev = b.key(number, pressed, when)
        if ev:
            app.handle(ev, when)
    for _ in range(100):
        now += 10
        ev = b.poll(now)
        if ev:
            app.handle(ev, now)


def test_overlapping_presses_through_the_app_enter_what_was_pressed():
    """Fast two-finger entry: each short press goes down before the last is up (1-200 ms
    of both down); the hands are entered as if pressed one by one."""
    for overlap in (1, 5, 20, 50, 120, 200):
        for rules, entry in ((Rules("fem"), (score.PLAY, (-1, 2, 1, 2), -1, ())),
                             (Rules("knack"), (score.BID, 1, 3, (1, 3, 0, 2), 0b1000, ())),
                             (Rules("bud"), (score.BID, 2, 4, (0, 0, 5, 0), 0, ()))):
            d, _st = started(rules)
            keys = presses_for(d.app, entry)
            play_overlapped(d.app, keys, overlap)
            assert d.app.series.game.log == [entry], (overlap, keys, d.text())


@pytest.mark.usefixtures("modules_kept")  # a sweep of thousands of presses: no re-import per screen
def test_fuzz_every_screen_random_presses():
    rng = random.Random(3)
    chars = "abcABCd"
    for height in (64, 32):
        for seed in range(6):
            game = random_game(seed, 8)
            d, _st = started(game.rules, game.players, exporter=FakeExporter(seed % 2 == 0),
                             height=height)
            for e in game.log:
                if d.app.series.game.state.over():
                    break
                d.keys(presses_for(d.app, e))
            for _ in range(400):
                d.keys(rng.choice(chars))
                fits(d.app)
                assert d.app.screen.title not in ("Fel", "Error"), d.text()
                g = d.app.series.game if d.app.series else None
                if g is not None:
                    assert g.fold(g.log) == g.state


def test_scoreboard_fits_seven_players_and_pages_on_128x32():
    seven = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"]
    d, _st = started(Rules("fem", {"pot": True, "series": 3}), seven)
    assert len(d.app.screen.rows) == 7
    fits(d.app)
    d32, _st = started(Rules("fem"), seven, height=32)
    assert cols(128) == 21 and lines(32) == 4
    assert len(d32.app.screen.rows) == 3
    seen = set()
    for _ in range(3):
        seen.update(r[2:10].strip() for r in d32.app.screen.rows if r[0] != "\u25c0")
        d32.keys("a")
    assert seen == set(seven)


def test_out_player_marked():
    d, _st = started(Rules("knack"), FOUR)
    enter(d, (score.BID, 1, score.BID_R, (0, 3, 3, 0), 0, ()))
    assert "ut" in d.text().splitlines()[2]


def test_random_games_by_buttons_seven_players_long():
    for seed in (101, 102):
        game = random_game(seed, 40)
        d = Driver()
        from firmware.record.writer import to_record
        setup, hands = keys_for_record(d.app, to_record(game))
        d.keys(setup + "".join(hands))
        assert d.app.series.game.log == game.log


# -- with the real store and exporter ------------------------------------------------------------

def test_real_store_resume_and_settings(tmp_path):
    from firmware.store.export import Exporter
    from firmware.store.journal import Store
    from tools.sim.fakes import FakeNVM
    nvm = FakeNVM(4096)
    ex = Exporter(str(tmp_path), lambda: True)
    d = Driver(App(Store(nvm), ex))
    assert d.text().startswith("Nytt spel")  # a blank NVM: no note, straight to setup
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 5, "series": 3},
           "players": ["Anna", "Bo", "XY"], "dealer": "Bo", "hands": [
               {"tricks": {"Anna": 2, "XY": 3}}, {"misdeal": True, "knocked": True}]}
    setup, hands = keys_for_record(d.app, doc)
    d.keys(setup + "".join(hands))
    log = list(d.app.series.game.log)
    # power cut: a new App on the same NVM resumes the game at its scoreboard
    d2 = Driver(App(Store(nvm), ex))
    assert d2.app.series.game.log == log
    assert d2.app.series.game.players == ("Anna", "Bo", "XY")
    assert d2.text() == d.text()
    # the last setup is remembered for the next game
    assert d2.app.plan.players() == ["Anna", "Bo", "XY"]
    assert d2.app.plan.rules() == d.app.series.game.rules
    d2.keys(presses_for(d2.app, (score.PLAY, (-1, 1, 4), -1, ())))  # XY reaches 0 and wins game 1
    assert "XY vinner!" in d2.text()
    assert (tmp_path / "games").exists()
    assert any(p.suffix == ".json" for p in (tmp_path / "games").iterdir())
    d2.keys("c")  # game 2: the winner deals first
    d3 = Driver(App(Store(nvm), ex))
    assert d3.app.series.number() == 2
    assert d3.app.series.game.first_dealer == 2
    assert d3.app.series.past == [2]


def test_real_exporter_read_only_reason(tmp_path):
    from firmware.store.export import Exporter
    ex = Exporter(str(tmp_path), lambda: False)
    d, _st = started(Rules("fem", {"start": 1}), exporter=ex)
    d.keys(presses_for(d.app, (score.PLAY, (-1, -1, 1, 4), -1, ())))
    assert "Dan vinner!" in d.text()
    assert not (tmp_path / "games").exists()
    d.keys("C" "b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Exportera") + "c")
    assert "Datorn äger enheten" in d.text()


@pytest.mark.usefixtures("modules_kept")  # a sweep of thousands of presses: no re-import per screen
def test_every_event_on_every_reachable_screen():
    """Breadth-first over the screens reachable from the scoreboard: every event on each."""
    from tools.play.presses import clone
    for rules, entries in ((Rules("fem", {"pot": True, "series": 3}),
                            [(score.PLAY, (-1, 2, 3, -1), -1, ())]),
                           (Rules("knack"), [(score.BID, 1, 3, (0, 4, 2, 0), 1 << 3, ())]),
                           (Rules("fem", {"start": 1}), [(score.PLAY, (-1, -1, 1, 4), -1, ())])):
        d, _st = started(rules, exporter=FakeExporter(False))
        for e in entries:
            enter(d, e)
        log = list(d.app.series.game.log)
        seen = set()
        queue = [d.app]
        kinds = set()
        while queue and len(seen) < 1500:
            app = queue.pop(0)
            for ev in (K.PREV, K.NEXT, K.OK, K.BACK, K.PREV_LONG, K.NEXT_LONG, K.OK_LONG):
                c = clone(app)
                loop.press(c, ev, app.last + 100)
                fits(c)
                assert c.screen.title not in ("Fel", "Error"), c.screen.text()
                key = (type(c.view).__name__, c.screen.text())
                kinds.add(type(c.view).__name__)
                if key not in seen and c.series is not None and c.series.game.log == log:
                    seen.add(key)
                    queue.append(c)
        assert {"Scoreboard", "Menu", "History", "Detail", "ChartView", "Confirm",
                "NewGameView"} <= kinds, kinds
        if d.app.series.game.state.over():
            assert "Winner" in kinds
        assert kinds & {"FemWalk", "SeatList", "Winner"}


def test_setup_blob_round_trip_and_garbage():
    s = gameplan.GamePlan()
    s.set_preset("knack")
    s.set_n(6)
    s.names[5] = "ÅÖ"
    s.dealer = 5
    s.set_option("penalty", 6)
    s.set_option("go_along", False)
    s.set_option("series", 5)
    s.lang = "en"
    t = gameplan.GamePlan()
    assert t.decode(s.encode())
    assert (t.preset, t.n, t.names, t.dealer, t.overrides, t.lang) == \
        (s.preset, s.n, s.names, s.dealer, s.overrides, s.lang)
    assert t.rules() == Rules("knack", {"penalty": 6, "go_along": False, "series": 5})
    for junk in (b"", b"\xff" * 40, b"rs1|fem|9|a|0||sv", b"rs1|xx|4|a,b,c,d,e,f,g|0||",
                 b"rs1|fem|4|A,B,C,D,E,F,G|0|start=500|sv", s.encode()[:-3] + b"\xc3"):
        u = gameplan.GamePlan()
        assert not u.decode(junk)
        assert u.preset == "fem" and u.n == 4
    app = App(FakeStore(settings=b"garbage"), None)
    assert app.screen.title == "Nytt spel▼"


def test_explain_messages():
    from firmware.ui.text import explain
    assert explain("sv", "tricks add up to 4 of 5") == "Stick: 4 av 5"
    assert explain("en", "tricks add up to 7, more than 6") == "Tricks: 7, more than 6"
    assert explain("sv", "tricks add up to 7, more than 6") == "Stick: 7, mer än 6"
    assert explain("sv", "hand 7: the game is over: seat 2 has won") == "#7: Spelet är slut"
    assert explain("en", "something new") == "something new"


def test_penalty_during_a_fem_hand_costs_nothing_when_absent():
    d, _st = started()
    d.keys("c" "B" "bbc")  # Bo 2, Cia 3: done; ▶ adds a penalty, OK alone would save
    assert "▶ straff" in d.text()
    d.keys("b")
    assert d.text().splitlines()[0] == "Straff i given: vem?"
    d.keys("c")  # Bo (first to speak) ...
    assert d.text().splitlines()[0] == "Straff: varför?"
    assert ">sent Rödskäggrop" in d.text()  # fem: the late call first
    d.keys("c")
    assert "Bo       2!    12>15" in d.text()  # -2 tricks, +5 penalty
    d.keys("b" "c")  # the same player again: the penalty is taken back
    assert "Bo       2     12>10" in d.text()
    d.keys("b" "c" "c" "c")
    assert d.app.series.game.log == [(score.PLAY, (-1, 2, 3, -1), -1, ((1, "late Rödskägg call"),))]


def test_penalty_during_a_knack_hand_from_the_joiners_screen():
    d, _st = started(Rules("knack"))
    entry = (score.BID, 1, 3, (0, 4, 2, 0), 1 << 3, ((2, "forgot to ask går med"),))
    keys = presses_for(d.app, entry)
    d.keys(keys[:-1])
    assert "Cia      2!" in d.text()
    d.keys(keys[-1])
    assert d.app.series.game.log == [entry]
    assert d.app.series.game.state.scores[2] == 12 - 2 + 5


def test_penalty_during_a_bud_hand_is_previewed():
    d, _st = started(Rules("bud"))
    entry = (score.BID, 2, 3, (0, 0, 3, 0), 0, ((0, "penalty"),))
    keys = presses_for(d.app, entry)
    d.keys(keys[:-1])
    assert d.text().startswith("OK? Giv 1")  # another player's change: the full preview
    d.keys(keys[-1])
    assert d.app.series.game.log == [entry]


def test_bud_refused_result_returns_to_the_result_rows():
    """A refused bud result (random presses found one): the refusal, then back on the
    result rows (the rows are a list of results, not a view of their own)."""
    from firmware.ui.entry import bud
    d, _st = started(Rules("bud"))
    d.keys("c" "c" "c")  # Cia declares 3: the result rows
    view = d.app.view
    assert is_view(view, bud.ResultList)
    saver = bud._ResultSave(view, 9)  # 9 tricks of 6: the core refuses it
    conclude(saver, d.app)
    d.app._refresh()
    assert "Går inte" in d.text()
    d.keys("c")
    assert d.app.view is view


def test_edit_and_step_back_start_on_the_earlier_answer():
    d, _st = started()
    d.keys("c" "bc" "a" "c" "c")  # Bo 2, Cia pass, Dan 1, Anna 2 (filled in), saved
    saved = (score.PLAY, (2, 2, -1, 1), -1, ())
    assert d.app.series.game.log == [saved]
    d.keys("a" "c" "c")  # history, the hand, Change (OK on its changes)
    d.keys("c")  # Bo: keeps 2
    assert ">Cia      <pass>" in d.text()
    d.keys("c" "c")  # Cia pass, Dan 1: done, unchanged
    assert "Anna     2" in d.text()
    d.keys("c" "c")  # the walk, the preview
    assert d.app.series.game.log == [saved]
    d, _st = started()
    d.keys("c" "A" "bbbb" "c" "c")  # Bo 0 (+5), Cia 5, saved
    assert d.app.series.game.log == [(score.PLAY, (-1, 0, 5, -1), -1, ())]
    d.keys("a" "c" "c")
    assert ">Bo       <0>" in d.text()
    d, _st = started()
    d.keys("c" "bc" "a" "c" "C" "C")  # back from the finished screen to Dan, then Cia
    assert ">Cia      <pass>" in d.text()
    d.keys("c" "c")  # Cia pass, Dan 1 again
    assert "Anna     2" in d.text()


def test_call_cleared_when_its_player_passes():
    d, _st = started()
    d.keys("c" "bc" "a" "c")  # Bo 2, Cia pass, Dan 1, Anna 2
    d.keys("B" "aa" "c")  # the call: up from "no call" past Anna to Dan
    assert "Dan      1 R" in d.text()
    d.keys("C" "a")  # back to Dan: pass; Anna takes 3
    assert " R " not in d.text() and "Anna     3" in d.text()
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (3, 2, -1, -1), -1, ())]


def test_a_walks_trick_count_title_is_worded_without_the_refusals_module():
    """"Stick: 3 av 5" is a fem walk's title row after row: its words come from the table, and the
    refusals' module (firmware/ui/text.py) is not loaded for it; a refusal's message loads it and
    lets it go (it stayed loaded until the scoreboard: the walks' lowest heap after a draw)."""
    for lang, title in (("sv", "Stick: 3 av 5"), ("en", "Tricks: 3 of 5")):
        d, _st = started(lang=lang)
        forget("firmware.ui.text")
        d.keys("c" "bc" "a" "c" "a")
        assert d.text().splitlines()[0] == title
        assert "firmware.ui.text" not in sys.modules
        d.keys("c")  # OK all the same: refused, in the refusals' words, which go again
        assert d.text().splitlines()[0] in ("Går inte", "Not possible") and title in d.text()
        assert "firmware.ui.text" not in sys.modules


def test_refused_finished_hand_returns_where_it_can_be_fixed():
    d, _st = started()
    d.keys("c" "bc" "a" "c" "a")  # ◀ on the filled-in last row: 3 of 5 tricks
    d.keys("c")
    assert "Stick: 3 av 5" in d.text()
    d.keys("b")  # back: the last row answered, asked again on its answer
    assert is_view(d.app.view, FemWalk)
    assert ">Anna     <pass>" in d.text()
    d.keys("bb" "c")  # 2: every trick is given
    assert "Anna     2     12>10" in d.text().splitlines()
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (2, 2, -1, 1), -1, ())]


def test_penalty_reasons_of_the_preset_only():
    d, _st = started()
    d.keys("c" "B" "bbc" "b" "c")  # fem: a penalty on Bo: why?
    assert d.app.view.reasons == ("late Rödskägg call", "")
    assert "glömde" not in d.text()
    d, _st = started(Rules("knack"))
    d.keys("c" "c" "c")  # Cia declares 3
    d.keys("c" "c" "c")  # Bo 1, Cia 3, Dan 1, Anna 1: who joined?
    assert is_view(d.app.view, JoinStep)
    d.keys("a" "c" "c")  # the penalty row, Bo: why?
    assert d.app.view.reasons == ("forgot to ask går med", "")
    assert ">glömde fråga går med" in d.text() and "sent" not in d.text()
    d.keys("c")
    assert d.app.view.hand.faults == ((1, "forgot to ask går med"),)
    d.app.set_lang("en")
    d.keys("a" "c" "c")  # Bo again: taken back
    assert d.app.view.hand.faults == ()
    d.keys("a" "c" "c")  # and again: the English words
    assert ">did not ask go along" in d.text()  # (it was "forgot to ask går m", cut to the grid)


def test_no_call_where_it_is_meaningless():
    d, _st = started()
    d.keys("c" "aaaa")  # all pass
    assert "Rödskägg" not in d.text()
    d.keys("B")
    assert is_view(d.app.view, FemWalk)
    assert "alla passar" in d.text()
    d, _st = started()
    d.keys("c" "a" "c" "a" "a")  # Cia alone
    assert "Cia ensam" in d.text() and "Rödskägg" not in d.text()
    d.keys("B")
    assert is_view(d.app.view, FemWalk)



def test_small_screen_title_true_and_holds_shown():
    d, _st = started(height=32)
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1: håll◀ 0 (+5)▼"  # no hint rows: the title
    d.keys("bc" "a" "c")  # Bo 2, Cia pass, Dan 1: Anna 2
    # not every row on the screen: OK shows them; the call's hold shares the title
    assert d.text().splitlines()[0] == "OK visar  håll▶ rop▲"
    d.keys("c")
    assert d.text().startswith("OK? Giv 1")
    d.keys("c")
    assert d.app.series.game.log == [(score.PLAY, (2, 2, -1, 1), -1, ())]
    d, _st = started()
    d.keys("c" "bc" "a" "c")
    assert d.text().splitlines()[0] == "Giv 1: OK sparar"
    d.keys("c" "a" "c" "c" "c" "c" "c")  # saved; then an edit: OK shows the preview
    assert d.text().splitlines()[0] == "Giv 1: OK visar"


def test_bud_everyones_tricks_fills_in_the_last():
    d, _st = started(Rules("bud"))
    d.keys("c" "b" "B" "c" "bbbb" "c")  # Cia declares 3; Everyone's tricks...
    assert is_view(d.app.view, TricksWalk)
    d.keys("c" "c" "c")  # Bo 1, Cia 3, Dan 1: Anna gets the rest
    assert d.app.view.done
    assert "Anna     1" in d.text()
    d.keys("a")  # ◀ there: fewer (bud: the tricks need not add up)
    assert ">Anna     <0>" in d.text()
    d.keys("c" "c")
    assert d.app.series.game.log == [(score.BID, 2, 3, (0, 1, 3, 1), 0, ())]


def test_six_players_title_shows_the_hold_for_no_trick():
    d, _st = started(players=["Anna", "Bo", "Cia", "Dan", "Eva", "Fia"])
    d.keys("c")
    assert d.text().splitlines()[0] == "Giv 1: håll◀ 0 (+5)"  # one hint row only
    d.keys("A")
    assert "Bo       0" in d.text()


def test_ok_held_on_an_entrys_changes_into_back_lets_the_edits_modules_go():
    """OK going down on an entry's changes loads the edit's modules (App.ahead); held on into
    a long press (back to the history), they go again: the board's people's paths found them
    under the history's screens (73 KB free after a draw, 61 KB after a press)."""
    d, _st = started()
    enter(d, (score.PLAY, (2, 3, -1, 0), -1, ()))
    hand = A.hand_modules(d.app.series.game.rules)
    d.keys("a" "c")  # the history, the hand's changes (the cursor on them: OK edits)
    assert type(d.app.view).__name__ == "Detail"
    d.keys("d")  # back to the history: the hand's modules all go (none is kept for an entry here)
    d.app.let_go()
    for name in hand:
        forget(name)
    d.keys("c")
    d.app.ahead(K.OK)
    assert all(name in sys.modules for name in hand)
    d.app.ahead(K.OK_LONG)  # still held after 300 ms: they go while the long press is 300 ms off
    assert not [name for name in hand if name in sys.modules]
    d.keys("C")  # held: back to the history
    assert type(d.app.view).__name__ == "History"
    assert not [name for name in hand if name in sys.modules], d.text()
    d.keys("c")
    d.app.ahead(K.OK)
    d.keys("C")  # (without the long press's ahead: the press lets them go)
    assert type(d.app.view).__name__ == "History"
    assert not [name for name in hand if name in sys.modules], d.text()
    d.keys("c")
    d.app.ahead(K.OK)
    d.keys("c")  # a short OK: the edit, on what loaded
    assert type(d.app.view).__name__ == "FemWalk"


def test_the_back_key_going_down_on_an_edits_first_list_loads_the_history_meanwhile():
    """An edit's first screen (knack: the declarer's list) left with the back key, short or long,
    is back to the entry's changes for sure: while the key is held the hand's modules go and the
    history's loads (App.ahead), so that the press only opens it (126 ms on the emulated Pico, 60
    of them the history's imports, before)."""
    from firmware.ui.screens.history import HISTORY

    d, _st = started(Rules("knack"))
    enter(d, (score.BID, 1, 3, (1, 3, 0, 2), 0b1000, ()))
    d.keys("a" "c" "c")  # the history, the hand's changes, OK: the edit
    assert type(d.app.view).__name__ == "SeatList"
    assert HISTORY not in sys.modules
    d.app.ahead(K.BACK)
    assert HISTORY in sys.modules
    assert not [n for n in sys.modules if n.startswith("firmware.ui.entry.")], d.text()
    d.keys("d")
    assert type(d.app.view).__name__ == "Detail" and d.text().splitlines()[0].startswith("Giv 1")
    d.keys("c")  # the edit again: the list on its answer, then the same back without the ahead
    assert type(d.app.view).__name__ == "SeatList"
    d.keys("d")
    assert type(d.app.view).__name__ == "Detail"


def test_the_winner_screen_lists_the_winner_first_though_a_player_has_less():
    """knack, exact zero: Anna at -1 has not won, Dan at 0 has; the winner screen's list starts
    with Dan, not with Anna's lower score (a play tester read Anna as the leader)."""
    series = Series(Rules("knack"), FOUR)
    game = series.game
    game.push((score.ADJUST, (-13, 0, 0, -8), ""))
    d = Driver(App(FakeStore(series), None, lang="en"))
    enter(d, (score.BID, 3, 4, (0, 1, 1, 4), 0b0110, ()))
    rows = d.text().splitlines()
    assert rows[0] == "Dan wins!" and rows[1].split() == ["Dan", "0"] and rows[2].split() == ["Anna", "-1"]


def test_next_going_down_on_a_done_walk_loads_the_penalty_list_meanwhile():
    """▶ on a walk whose rows are all answered opens the penalty list: its module loads while ▶ is
    held (App.ahead), not in the press (FemWalk>FaultList took 58 ms on the emulated Pico)."""
    from firmware.ui.entry.hand import PENALTY

    d, _st = started()
    d.keys("c" "b" "c" "c" "c")  # Anna 2, Bo 1, Cia 1: Dan takes the last one, the walk is done
    walk = d.app.view
    assert isinstance(walk, FemWalk) and walk.done, d.text()
    forget(PENALTY)
    d.app.ahead(K.PREV)
    assert PENALTY not in sys.modules  # (◀ passes the next player: no penalty list)
    d.app.ahead(K.NEXT)
    assert PENALTY in sys.modules
    d.app.ahead(K.NEXT_LONG)  # held on: its long press (the Rödskägg call) needs it not
    assert PENALTY not in sys.modules
    d.app.ahead(K.NEXT)
    assert PENALTY in sys.modules
    d.keys("b")
    assert type(d.app.view).__name__ == "FaultList", d.text()
    d.keys("c" "c")  # Anna, no reason: back in the walk, the list's module goes again
    assert isinstance(d.app.view, FemWalk) and "!" in d.text(), d.text()
    assert PENALTY not in sys.modules
    d.keys("b")  # (without ahead: the press loads it)
    assert type(d.app.view).__name__ == "FaultList", d.text()
    d.keys("d")
    assert isinstance(d.app.view, FemWalk) and PENALTY not in sys.modules


def test_ok_going_down_on_a_bud_entrys_changes_loads_only_what_the_declarers_list_needs():
    """An edit of a bud hand opens on the declarer's list, which needs the entry's modules up to
    bidding.py: OK going down loads those (the six took longer than a short press is held: 123 ms
    to the frame on the emulated Pico), and the tricks' load while the list waits (App.idle)."""
    d, _st = started(Rules("bud"))
    enter(d, (score.BID, 1, 3, (0, 3, 0, 0), 0, ()))
    hand = A.hand_modules(d.app.series.game.rules)
    first = hand[:hand.index(A.BIDDING) + 1]
    d.keys("a" "c")  # the history, the hand's changes (the cursor on them: OK edits)
    assert type(d.app.view).__name__ == "Detail"
    d.app.let_go()
    for name in hand:
        forget(name)
    d.app.idle(d.app.last + A.IDLE_MS)  # while the table reads it: the first two load
    d.app.idle(d.app.last + A.IDLE_MS + 1)
    d.app.idle(d.app.last + A.IDLE_MS + 2)
    assert [name for name in hand if name in sys.modules] == list(hand[:2])
    d.app.ahead(K.OK)
    assert [name for name in hand if name in sys.modules] == list(first)
    d.keys("c")
    assert type(d.app.view).__name__ == "SeatList" and d.text().splitlines()[0] == "Giv 1: spelförare"
    assert "firmware.ui.entry.bud" not in sys.modules
    assert d.app.view.soon(d.app) == hand[len(first):]  # (not the start's, which a new hand lets go)
    for k in range(len(hand)):
        d.app.idle(d.app.last + A.IDLE_MS + k)
    assert all(name in sys.modules for name in hand)
    d.keys("c")  # the declarer: the bid list, then the result list on the tricks taken
    d.keys("c")
    assert type(d.app.view).__name__ == "ResultList", d.text()


def test_an_entry_chosen_in_the_menu_lets_the_menus_code_go():
    """The menu's kinds of entry open a hand whose back is the scoreboard: the menu's module need
    not stay through the hand (3.5 KB of the emulated Pico's heap through a 7-player knack hand)."""
    from firmware.ui.screens.menu import MENU

    d, _st = started(Rules("knack"))
    d.keys("b")  # the menu, on its first row: a hand
    assert type(d.app.view).__name__ == "Menu" and MENU in sys.modules
    d.keys("c")
    assert type(d.app.view).__name__ == "SeatList" and d.text().splitlines()[0] == "Giv 1: spelförare"
    assert MENU not in sys.modules
    d.keys("d")  # back from the hand: the scoreboard
    assert type(d.app.view).__name__ == "Scoreboard"
    d.keys("b" "b" "c")  # the menu again, its second row: a misdeal
    assert MENU not in sys.modules and type(d.app.view).__name__ != "Menu", d.text()


def test_ok_going_down_in_the_history_makes_the_entrys_changes_meanwhile(monkeypatch):
    """OK held on a history row: the entry's changes (a fold of the log to it and its facts in
    words) are made while it is held, and the press shows them (History>Detail took 54-57 ms on the
    emulated Pico, 24 of them making them)."""
    d, _st = started()
    enter(d, (score.PLAY, (2, 3, -1, 0), -1, ()))
    enter(d, (score.ALL_PASS,))
    d.keys("a" "a")  # the history, on its first hand
    assert type(d.app.view).__name__ == "History"
    d.app.ahead(K.OK)
    made = d.app.view.ready
    folds = []
    fold = Game.fold
    monkeypatch.setattr(Game, "fold", lambda self, log: folds.append(len(log)) or fold(self, log))
    d.keys("c")
    assert d.app.view is made and folds == []  # made while OK was held: the press only shows it
    shown = d.text()
    assert shown.splitlines()[:2] == ["Giv 1▼", ">Bo        12>9   -3"], shown
    d.keys("d" "c")  # back, and OK without ahead: the same screen, made in the press
    assert d.app.view is not made and folds and d.text() == shown
