"""Issue 18, the hand entry: the declarer list starts on the first speaker."""

from firmware.core import score
from firmware.core.rules import Rules
from host_tests.test_ui_app import started

# -- 5 and 8: the declarer list -----------------------------------------------------------

def test_declarer_list_starts_on_the_first_speaker_and_keeps_the_pick():
    d, _st = started(Rules("bud"))
    text = d.keys("c")  # Anna deals: Bo speaks first, the dealer is the row above
    assert text.splitlines()[:6] == ["Giv 1: spelförare", " Anna", ">Bo", " Cia", " Dan",
                                     " Alla passar"]
    d.keys("B")  # hold ▶: Cia, and her bid
    assert d.text().splitlines()[0] == "Giv 1: Cia bjöd"
    assert ">Cia" in d.keys("d")  # back: still on Cia
    d.keys("d")
    assert ">Bo" in d.keys("c")  # a new start: the first speaker again
    five, _st = started(Rules("bud"), ["Anna", "Bo", "Cia", "Dan", "Eva"], dealer=2)
    assert five.keys("c").splitlines()[1:7] == [" Bo", " Cia", ">Dan", " Eva", " Anna",
                                                " Alla passar"]
    five.keys("c")  # OK: the first speaker declares
    assert five.text().splitlines()[0] == "Giv 1: Dan bjöd"


def test_all_pass_from_the_declarer_list_is_asked_even_by_a_long_press():
    d, _st = started(Rules("bud"))
    d.keys("c" "a")  # the top row
    text = d.keys("A")  # hold ◀ on the top row: round to "all pass", then the question
    assert text.splitlines()[0].startswith("OK? Giv 1")
    assert d.app.series.game.log == []
    assert "Giv 1: spelförare" in d.keys("d")  # back: the list again, nothing saved
    assert d.app.series.game.log == []
    d.keys("c" "c")  # OK on "all pass" (the cursor is there), then OK on the question
    assert d.app.series.game.log == [(score.ALL_PASS,)]
