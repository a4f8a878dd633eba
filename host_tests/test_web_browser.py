"""The phone view in real browsers, Chromium's engine and Safari's (WebKitGTK: every browser of an
iPhone is WebKit), at the sizes of the phones at a table: 320x568 (the narrowest) and 390x844.
The same checks in both engines (tools/drawings/phones.py gives one set of calls for both):

* the page the simulator of a pico2_w serves (the same firmware/web and adafruit_httpserver as the
  device, on CPython's sockets) follows a game played by its buttons: a fem game of 4 to its winner
  (in Swedish, at 320x568) and a knack game of 7 (in English, at 390x844); after every hand the
  page's scoreboard and history (the score sheet the device exports, each change beside its score)
  equal the device's, the winner is shown and nobody marked after the win, and the language switched
  in the device's menu switches the page's words;
* a game of every preset, in both languages, at both sizes: nothing wider than the phone but the
  history's own scroller, every player's column of the history in sight (7 players at 320 px), no two
  chart labels on one another (their boxes measured), no two players' lines drawn on one another.

A failure keeps the engine's screenshot in build/browser/. An engine that cannot run here skips
its tests, saying why in one line (make installs both: its ``browser`` target)."""

import os

import pytest

from tools.drawings import phones as B

WHY = {engine: B.missing(engine) for engine in B.ENGINES}
if all(WHY.values()):
    pytest.skip("phone view in a browser skipped: %s" % "; ".join("%s: %s" % kv for kv in WHY.items()),
                allow_module_level=True)

from tools.play import phonetable  # noqa: E402
from tools.play.presses import keys_for_record  # noqa: E402
from tools.sim.served import ServedSim  # noqa: E402

GAMES = dict(phonetable.games())
ARTEFACTS = os.path.join(B.ROOT, "build", "browser")
ENGINES = [pytest.param(e, marks=pytest.mark.skipif(bool(WHY[e]), reason="%s: %s" % (e, WHY[e])), id=e)
           for e in B.ENGINES]


def kept(page, what):
    """The page's screenshot in build/browser/ (a failure's artefact); its path."""
    os.makedirs(ARTEFACTS, exist_ok=True)
    path = os.path.join(ARTEFACTS, "%s-%s.png" % (page.engine, what.replace(" ", "-").replace("/", "-")))
    try:
        page.screenshot(path)
    except Exception as e:  # the browser is gone: the failure says the rest
        return "no screenshot (%s)" % e
    return path


def page_equals_device(page, served, what):
    B.wait_version(page, B.device_tag(served))
    want = served.call(lambda sim: phonetable.device_rows(sim.app))
    got = page.evaluate(phonetable.PAGE_ROWS)
    if got["board"] != want["board"] or got["history"] != want["history"]:
        shot = kept(page, what)
        assert got["board"] == want["board"], "%s: the scoreboard differs (%s)" % (what, shot)
        assert got["history"] == want["history"], "%s: the history differs (%s)" % (what, shot)
    return got


def fits(page, what):
    """The page's layout at this phone's size has nothing a person would see wrong."""
    problems = phonetable.layout_problems(page.evaluate(phonetable.PAGE_LAYOUT))
    assert not problems, "%s, %s: %s (%s)" % (page.engine, what, problems, kept(page, what))


# From the scoreboard: the menu, up round its top to its last row (the language), OK, back.
LANGUAGE_KEYS = "bacC"


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name,lang,size", [("fem-4", "sv", B.SMALL), ("knack-7", "en", B.PHONE)])
def test_the_page_follows_every_hand_at_a_phones_size(engine, name, lang, size):
    doc = GAMES[name]
    with ServedSim("pico2_w", lang=lang) as served, B.phone(engine, size) as page:
        setup, hands = served.call(lambda sim: keys_for_record(sim.app, doc))
        page.goto(served.address)
        served.play(setup)
        got = page_equals_device(page, served, "%s before the first hand" % name)
        assert got["lang"] == lang and got["board"][0][1] == doc["players"][0]
        for i, keys in enumerate(hands):
            served.play(keys)
            got = page_equals_device(page, served, "%s after hand %d" % (name, i + 1))
        fits(page, "%s at %dx%d" % (name, size[0], size[1]))
        over = served.call(lambda sim: sim.app.over())
        winner = served.call(lambda sim: sim.app.series.game.state.winner)
        if over:  # the winner: on the page's banner and its scoreboard's row; nobody deals now
            player = doc["players"][winner]
            assert player in got["banner"]
            assert got["board"][winner][2] == "!"
            assert page.evaluate(phonetable.PAGE_LAYOUT)["key"] == "", "the key of * and > after the win"
        assert name != "fem-4" or over, "the fem game is played to its winner"
        assert len(got["history"]) >= len(hands) + 2
        served.play("C" if over else "")  # the winner screen back to the scoreboard
        served.play(LANGUAGE_KEYS)
        other = "en" if lang == "sv" else "sv"
        assert served.call(lambda sim: sim.app.lang) == other
        got = page_equals_device(page, served, "%s in the other language" % name)
        assert got["lang"] == other


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("size", [B.SMALL, B.PHONE], ids=["320x568", "390x844"])
def test_every_presets_sheet_fits_the_phone(engine, size):
    """Issue 38, points 4 and 5: four names at one height at 320 px ("Anna/Cia/Eva") and their lines
    on one another; 3 of 7 player columns of the history in sight at 320 px, 5 at 390, the next cut
    mid-number, and nothing said so."""
    with phonetable.StaticPhoneView() as view, B.phone(engine, size) as page:
        page.goto(view.address)
        for name, series in phonetable.served_documents():
            for lang in ("sv", "en"):
                B.wait_version(page, view.show(series, lang))
                what = "%s %s at %dx%d" % (name, lang, size[0], size[1])
                fits(page, what)
                got = page.evaluate(phonetable.PAGE_LAYOUT)
                players = list(series.game.players)
                assert [h[0] for h in got["heads"]] == players, what
                assert sorted(lab[0] for lab in got["labels"]) == sorted(players), what
                hidden = [h[0] for h in got["heads"] if h[3] > got["wrap"][2] + 0.5]
                assert not hidden, "%s: %s out of sight (%s)" % (what, hidden, kept(page, what))
                assert (got["key"] == "") == series.game.state.over(), (what, got["key"])


def test_the_engines_and_their_versions():
    """Which engines ran (the report of the closing note): each one that is installed opens a page."""
    ran = []
    for engine in B.ENGINES:
        if WHY[engine]:
            continue
        with phonetable.StaticPhoneView() as view, B.phone(engine, B.SMALL) as page:
            page.goto(view.address)
            assert page.evaluate("() => innerWidth") == B.SMALL[0]
            ran.append(page.version)
    print("browsers: %s" % "; ".join(ran))
    assert ran
