"""Issue 18, what a table reads: ties said, the unfinished game kept, names beside their
changes, the first speaker of an extra hand, the words of the rules and the hints."""

from firmware.core import score
from firmware.core.rules import Rules
from firmware.record.reader import load
from firmware.store.export import Exporter
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


def test_all_pass_with_a_dealer_penalty_reads_whole():
    d, _st = started(Rules("fem", {"all_pass": "dealer_penalty", "pot": True}))
    d.keys("c" "aaaa")  # everyone passes: the pot previews
    assert d.text().splitlines()[0] == "Giv 1: alla passar"
    d.keys("c")
    assert d.text().splitlines()[:2] == ["OK? Alla passar", "Bo        12>12"]  # not "OK? Giv 1: alla passa"
