"""The phone view in a real browser: Debian's Chromium, driven by Playwright, opens the page the
simulator of a pico2_w serves (the same firmware/web and adafruit_httpserver as the device, on
CPython's sockets) at a phone's size, 390x844, while a game is played on the simulator by its
buttons: a fem game of 4 to its winner (in Swedish) and a knack game of 7 (in English). After every
hand the page's scoreboard (marks, names, out/tied/won, scores) and history (the score sheet the
device exports, each change beside its score) equal the device's; the language switched in the
device's menu switches the page's words. Skipped, in one line, without Playwright or Chromium."""

import pytest

from tools.drawings import phones as B

WHY = B.missing()
if WHY:
    pytest.skip("phone view in a browser skipped: %s" % WHY, allow_module_level=True)

from tools.play import phonetable  # noqa: E402
from tools.play.presses import keys_for_record  # noqa: E402
from tools.sim.served import ServedSim  # noqa: E402

GAMES = dict(phonetable.games())


def page_equals_device(page, served, what):
    B.wait_version(page, B.device_tag(served))
    want = served.call(lambda sim: phonetable.device_rows(sim.app))
    got = page.evaluate(phonetable.PAGE_ROWS)
    assert got["board"] == want["board"], "%s: the scoreboard differs" % what
    assert got["history"] == want["history"], "%s: the history differs" % what
    return got


# From the scoreboard: the menu, up round its top to its last row (the language), OK, back.
LANGUAGE_KEYS = "bacC"


@pytest.mark.parametrize("name,lang", [("fem-4", "sv"), ("knack-7", "en")])
def test_the_page_follows_every_hand_at_a_phones_size(name, lang):
    doc = GAMES[name]
    with ServedSim("pico2_w", lang=lang) as served, B.phone() as page:
        setup, hands = served.call(lambda sim: keys_for_record(sim.app, doc))
        page.goto(served.address)
        served.play(setup)
        got = page_equals_device(page, served, "%s before the first hand" % name)
        assert got["lang"] == lang and got["board"][0][1] == doc["players"][0]
        for i, keys in enumerate(hands):
            served.play(keys)
            got = page_equals_device(page, served, "%s after hand %d" % (name, i + 1))
        over = served.call(lambda sim: sim.app.over())
        winner = served.call(lambda sim: sim.app.series.game.state.winner)
        if over:  # the winner: on the page's banner and its scoreboard's row
            player = doc["players"][winner]
            assert player in got["banner"]
            assert got["board"][winner][2] == "!"
        assert name != "fem-4" or over, "the fem game is played to its winner"
        assert len(got["history"]) >= len(hands) + 2
        served.play("C" if over else "")  # the winner screen back to the scoreboard
        served.play(LANGUAGE_KEYS)
        other = "en" if lang == "sv" else "sv"
        assert served.call(lambda sim: sim.app.lang) == other
        got = page_equals_device(page, served, "%s in the other language" % name)
        assert got["lang"] == other
