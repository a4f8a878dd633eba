"""Issue 11: one numbering the table can follow, menus that fit the rules, set-up rows in edit."""

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui import text
from firmware.ui.app import App
from firmware.ui.screens.menu import main_menu
from tools.play.driver import Driver, FakeStore
from tools.play.presses import presses_for

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
              (score.BID, 1, 3, (1, 3, 2, 0), 0, ()),
              (score.MISDEAL, True),
              (score.FAULT, 2, "picked up before the knock"),
              (score.BID, 2, 4, (2, 0, 3, 1), 0, ()),
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
    assert d.keys("a").splitlines()[0] == "Giv 2"  # its actions say which hand too
    assert d.keys("C").splitlines()[0] == "Historik"
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


# -- no cut text, no merged bars ------------------------------------------------------

def walk_screens(width, height, lang, seeds, presses=250):
    """Random presses over random games: every screen the App shows, with its view."""
    import random

    from firmware.core.series import Series as S
    from tools.play.driver import FakeExporter, random_game
    for seed in seeds:
        g = random_game(seed, 15)
        series = S(g.rules, g.players, g.first_dealer)
        for e in g.log:
            series.game.push(e)
        rng = random.Random(seed)
        d = Driver(App(FakeStore(series), FakeExporter(seed % 2 == 0), width=width, height=height,
                       lang=lang))
        for _ in range(presses):
            d.keys(rng.choice("aabbcccABCd"))
            yield d.app


def setup_screens(width, height, lang):
    """The set-up screen with 4 and with 7 players (long names), every row chosen in turn."""
    for names in (FOUR, ["Annelie", "Bosse", "Cissi", "Danielle", "Evelina", "Fia", "Gunnar"]):
        d = Driver(App(None, None, width=width, height=height, lang=lang))
        d.app.setup.set_table(names)
        for _ in range(9):
            d.keys("b")
            yield d.app


def test_no_text_is_cut_on_any_profile(monkeypatch):
    """Every screen of the views this issue owns (scoreboard, menu, history, detail, undo,
    chart, winner, set-up, messages) fits the grid of every board profile, in both
    languages: nothing is clipped by the views and nothing ends in the renderer's
    ellipsis, every character has a glyph, (on its real pixels: the raster of each profile).
    (The hand-entry walks of firmware/ui/entry/flow.py and its kinds are issue 10's.)"""
    from itertools import chain

    from firmware.device import boards, font, render
    from firmware.ui import app as A
    from firmware.ui import views as V
    from firmware.ui.screens import chart as C
    from firmware.ui.screens import history as H
    from firmware.ui.screens import newgame as NG
    from firmware.ui.screens import result as R
    from firmware.ui.screens import seating as SE
    from tools.sim import raster

    def in_entry(module):
        return module.startswith("firmware.ui.entry.")
    cut = []
    current = []

    def clip(text, width):
        if len(text) > width and current and not in_entry(current[0].__module__):
            cut.append((current[0].__name__, text, width))
        return text[:width]

    for m in (V, A, H, C, R, NG, SE):
        if hasattr(m, "clip"):  # the history's lists are clipped by views.ListView
            monkeypatch.setattr(m, "clip", clip)
    unknown = font.index(0xFFFD)
    sizes = sorted({(p["width"], p["height"]) for p in boards.PROFILES.values()})
    assert (128, 32) in sizes and (128, 64) in sizes
    for w, h in sizes:
        for lang in ("sv", "en"):
            for app in chain(walk_screens(w, h, lang, range(12)), setup_screens(w, h, lang)):
                current[:] = [type(app.view)]
                screen = app.view.render(app)
                if in_entry(type(app.view).__module__):
                    current[:] = []
                    continue
                if isinstance(app.view, NG.SetupView) and app.view.cursor == 1:
                    # the table row chosen: every name shows whole, none cut to letters
                    words = " ".join(screen.rows).replace(">", " ").split()
                    missing = [p for p in app.setup.players() if p not in words]
                    assert missing == [], (w, h, lang, screen.rows)
                for text_, _inv in render.text_lines(screen, w, h):
                    assert render.ELLIPSIS not in text_, (type(app.view).__name__, text_)
                    for ch in text_:
                        assert ch == " " or font.index(ord(ch)) != unknown, (text_, ch)
                buf = bytearray(w * h // 8)
                raster.raster(screen, w, h, buf)
                assert len(buf) == w * h // 8
                current[:] = []  # presses draw too: only the explicit render above counts
    assert cut == []


def test_a_selected_first_row_does_not_merge_with_the_title():
    from firmware.ui.screen import Screen
    from tools.sim import raster
    for h in (64, 32):
        buf = bytearray(128 * h // 8)
        raster.raster(Screen("Meny", ["Giv", "Felgiv"], 0), 128, h, buf)
        px = raster.pixels(buf, 128, h)
        assert all(px[7][x] == 0 for x in range(128))  # a dark row between the two bars
        assert all(px[6][x] == 1 for x in range(100, 128)) and all(px[8][x] == 1 for x in range(100, 128))
        buf = bytearray(128 * h // 8)
        raster.raster(Screen("Meny", ["Giv", "Felgiv"], 1), 128, h, buf)
        assert all(raster.pixels(buf, 128, h)[7][x] == 1 for x in range(100, 128))


# -- 128x32: pages, the first speaker, the history; the chart ---------------------------

FIVE = ["Anna", "Bo", "Cia", "Dan", "Eva"]


def test_small_scoreboard_pages_show_where_they_are_and_lead_to_the_history():
    from firmware.core.series import Series as S
    series = S(Rules("fem"), FIVE, 3)  # Dan deals: Eva speaks first, on page 2
    d = Driver(App(FakeStore(series), None, height=32))
    page = d.text().splitlines()
    assert page[0] == "Giv 1" + " " * 14 + "\u25cb\u25cf"  # page 2 of 2 shown first
    assert page[1:] == ["* Dan       12", " >Eva       12"]
    page = d.keys("a").splitlines()
    assert page[0].endswith("\u25cf\u25cb") and [r[2:6] for r in page[1:]] == ["Anna", "Bo  ", "Cia "]
    assert d.keys("a").splitlines()[0] == "Historik"  # no hands yet: says so
    d.keys("c")
    assert d.keys("a").splitlines()[0].endswith("\u25cf\u25cb")
    d = Driver(App(FakeStore(S(Rules("fem"), FIVE, 0)), None, height=32))  # Bo speaks first
    assert d.text().splitlines()[2] == " >Bo        12"
    assert d.keys("a").splitlines()[1:] == ["  Dan       12", "  Eva       12", "\u25c0 Historik"]


def test_small_chart_pages_through_players_on_one_scale():
    from firmware.core.series import Series as S
    series = S(Rules("fem"), FIVE, 0)
    series.game.push((score.PLAY, (2, 3, -1, -1, 0), -1, ()))
    series.game.push((score.PLAY, (-1, 1, 4, 0, -1), -1, ()))
    d = Driver(App(FakeStore(series), None, height=32))
    d.keys("B")
    one = d.app.screen
    assert one.title == "Diagram giv 1-2" + " " * 4 + "\u25cf\u25cb"
    assert one.chart.marks == ("Anna", "Bo", "Cia") and one.chart.styles == (0, 1, 2)
    d.keys("b")
    two = d.app.screen
    assert two.chart.marks == ("Dan", "Eva") and two.chart.styles == (3, 4)
    assert (one.chart.lo, one.chart.hi) == (two.chart.lo, two.chart.hi)
    d.keys("c")
    assert d.text().startswith("Giv 3")


def test_chart_shows_the_last_hands_and_every_line_has_its_own_marker():
    from firmware.core.series import Series as S
    from firmware.device import plot
    from firmware.ui.screens.chart import CHART_HANDS
    from tools.sim import raster
    series = S(Rules("fem"), FOUR, 0)
    for _ in range(CHART_HANDS + 4):
        series.game.push((score.PLAY, (1, 1, 1, 2), -1, ()))
        series.game.push((score.ADJUST, (1, 1, 1, 2), "correction"))  # keeps the game going
    d = Driver(App(FakeStore(series), None))
    d.keys("B")
    chart = d.app.screen.chart
    assert all(len(s) == CHART_HANDS + 1 for s in chart.series)
    # the scores after hands 5..20, then now (after the last correction)
    assert d.app.screen.title == "Diagram giv 5-20"
    assert len(set(plot.MARKERS)) == len(plot.MARKERS) == 7
    # Anna, Bo and Cia have the same scores: their markers sit side by side at the line end
    lit = set()
    plot.draw_chart(chart, 128, 64, raster.Plot(lambda x, y: lit.add((x, y))))
    left, top, right, bottom, lo, hi = plot.chart_geometry(chart, 128, 64)
    y = bottom - ((chart.series[0][-1] - lo) * (bottom - top) + (hi - lo) // 2) // (hi - lo)
    shapes = []
    for style in range(3):
        pts = set()
        plot.draw_marker(style, right - 4 * style, y, lambda x, y: pts.add((x, y)))  # noqa: B023
        assert pts <= lit
        shapes.append(frozenset((x - right + 4 * style, y_) for x, y_ in pts))
    assert len(set(shapes)) == 3


# -- exports: one file per game, pending until a start that can write -------------------

def test_one_file_per_game_and_a_pending_export_written_at_the_next_start(tmp_path):
    import csv
    import io
    import os

    from firmware.store.export import Exporter
    from firmware.store.journal import Store
    from tools.sim.fakes import FakeNVM
    drive = {"writable": True}
    ex = Exporter(str(tmp_path), lambda: drive["writable"])
    nvm = FakeNVM(4096)
    d = Driver(App(Store(nvm), ex))
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 6},
           "players": ["Anna", "Bo", "Cia"], "dealer": "Anna",
           "hands": [{"tricks": {"Bo": 2, "Cia": 3}}, {"all_pass": True}]}
    from tools.play.presses import keys_for_record
    setup, hands = keys_for_record(d.app, doc)
    d.keys(setup + "".join(hands))
    win = (score.PLAY, (-1, 2, 3), -1, ())
    enter(d, win)
    assert d.text().startswith("Cia vinner!") and "Exporterad" in d.text()
    files = sorted(os.listdir(tmp_path / "games"))
    assert files == ["0001-fem.csv", "0001-fem.json"]
    # undo the winning hand and enter it again; export from the menu twice: one game, one file
    d.keys("A" "c")
    enter(d, win)
    d.keys("C" "b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Exportera") + "c")
    assert "0001-fem" in d.text()
    d.keys("c" "b" + "b" * items.index("Exportera") + "c")
    assert sorted(os.listdir(tmp_path / "games")) == files
    sheet = list(csv.reader(io.StringIO((tmp_path / "games" / "0001-fem.csv").read_text("utf-8"))))
    assert sheet[0] == ["giv", "händelse", "Anna", "Bo", "Cia"]  # the device's language
    assert [r[0] for r in sheet[2:5]] == ["1", "", "2"] and sheet[3][1] == "alla passar (före giv 2)"
    # the next game gets its own file
    assert d.keys("c" "c").startswith("Cia vinner!")  # the message, the scoreboard, OK
    assert d.keys("c").startswith("Nytt spel")  # OK: a new game
    d.keys("c")  # Start!
    assert d.text().startswith("Giv 1")
    drive["writable"] = False  # the computer owns the drive from here on
    enter(d, win)
    enter(d, win)
    text = d.text()
    assert text.startswith("Cia vinner!")
    assert "Ej exporterat än: skrivs vid nästa start" in " ".join(text.split())
    assert sorted(os.listdir(tmp_path / "games")) == files
    # a start with the drive still the computer's: still pending, the winner screen says so
    again = Driver(App(Store(nvm), ex))
    assert again.app.pending and "Ej exporterat" in " ".join(again.keys("c").split())
    # the next start that can write exports it, as the next file
    drive["writable"] = True
    later = Driver(App(Store(nvm), ex))
    assert not later.app.pending
    assert sorted(os.listdir(tmp_path / "games")) == files + ["0002-fem.csv", "0002-fem.json"]
    assert Driver(App(Store(nvm), ex)).app.export_name == "0002-fem"
    assert sorted(os.listdir(tmp_path / "games")) == files + ["0002-fem.csv", "0002-fem.json"]


def test_new_game_warns_when_the_finished_game_is_not_exported():
    from tools.play.driver import FakeExporter
    d = Driver(App(FakeStore(Series(Rules("fem", {"start": 1}), FOUR, 0)), FakeExporter(False)))
    enter(d, (score.PLAY, (-1, -1, 1, 4), -1, ()))
    assert d.app.pending
    d.keys("C" "b")
    items = [i[0] for i in d.app.view.items]
    text = d.keys("b" * items.index("Nytt spel") + "c")
    assert "inte exporterat" in text


# -- the new panels: each profile's controller, driven by its real driver -----------------

def test_every_profile_shows_the_same_pixels_through_its_own_driver():
    from firmware.device import boards
    from firmware.ui.screen import Chart, Screen
    from tools.sim import raster
    from tools.sim.bus import profile_display
    screens = [Screen("Giv 12 Pott 4 \u25cf\u25cb", ["* Anna      12", " >Björn      7", "  Örjan     -3 ut"], 1),
               Screen("Diagram giv 1-4", (), -1, Chart(((12, 10, 5, 7, 0), (12, 14, 18, 22, 25)), -6, 25,
                                                         ("Anna", "Bo")))]
    assert {p["driver"] for p in boards.PROFILES.values()} == set(boards.DRIVERS)
    for name, p in sorted(boards.PROFILES.items()):
        r, panel = profile_display(p["width"], p["height"], p["address"], p["driver"])
        for screen in screens:
            r.draw(screen)
            buf = bytearray(p["width"] * p["height"] // 8)
            raster.raster(screen, p["width"], p["height"], buf)
            assert panel.rows() == raster.pixels(buf, p["width"], p["height"]), name
            assert panel.on


def test_bringup_builds_the_2_42_inch_panel_with_its_reset_pin():
    from host_tests.test_device_bringup import Rig
    rig = Rig(pins=("GP4", "GP5", "GP10", "GP11", "GP12", "GP13", "GP14"))
    dev = rig.bring_up({"RODSKAGG_BOARD": "pico_242"})
    assert dev.problems == []
    assert (dev.width, dev.height) == (128, 64)
    # RES held high, pulsed low and high again, all before the panel hears its first command
    first = next(i for i, e in enumerate(rig.log) if e[0] == "i2c")
    assert rig.log[:first] == [("pin-GP14", True), ("pin-GP14", False), ("pin-GP14", True)]
    assert rig.panel.on
    # a reset pin the board does not have is said in words
    dev = Rig().bring_up({"RODSKAGG_BOARD": "pico_242"})
    assert dev.problems and "RODSKAGG_RESET" in dev.problems[0]


def test_bringup_drives_sh1106_and_sh1107_boards():
    from firmware.ui.screen import Screen
    from host_tests.test_device_bringup import Rig
    from tools.sim import raster
    from tools.sim.bus import FakeI2C
    from tools.sim.panel import Panel
    for board, chip, pins in (("pico_sh1106", "sh1106", None), ("feather_oled64", "sh1107",
                                                                  ("SDA", "SCL", "D9", "D6", "D5"))):
        rig = Rig(pins=pins) if pins else Rig()
        rig.panel = Panel(128, 64, chip)
        rig.i2c.panel = rig.panel
        dev = rig.bring_up({"RODSKAGG_BOARD": board})
        assert dev.problems == [], board
        scr = Screen("Rödskägg", ["Åsa 12", "Örjan 9"], selected=0)
        dev.renderer.draw(scr)
        buf = bytearray(1024)
        raster.raster(scr, 128, 64, buf)
        assert rig.panel.rows() == raster.pixels(buf, 128, 64), board
        assert isinstance(rig.i2c, FakeI2C)


def test_a_driver_no_profile_knows_is_refused_in_words():
    import pytest

    from firmware.device import boards
    with pytest.raises(boards.ProfileError) as err:
        boards.resolve({"RODSKAGG_DRIVER": "st7735"}.get)
    assert "RODSKAGG_DRIVER st7735 unknown" in str(err.value)


# -- Swedish everywhere: every screen and every refusal ------------------------------------

def _words(text_):
    import re
    return [w for w in re.split(r"[^A-Za-zÅÄÖåäöéÉ]+", text_) if len(w) > 1]


def refusals():
    """(code, params, English, Swedish) for every refusal the UI words (the lines "!code" of
    firmware/words/en.txt and sv.txt)."""
    from firmware.words import table

    sv = {key[1:]: rest.split("\t")[1] for key, rest in table("sv") if key.startswith("!")}
    return [(key[1:],) + tuple(rest.split("\t")) + (sv[key[1:]],)
            for key, rest in table("en") if key.startswith("!")]


def english_only_words():
    """Words of the UI's and the core's English that are not also Swedish words of the UI."""
    import os
    import re

    from firmware.words import table
    en, sv = set(), set()
    for key, words in table("sv"):
        if key[:1] not in "!?":
            en.update(w.lower() for w in _words(key))
            sv.update(w.lower() for w in _words(words))
    for _c, _k, e, s in refusals():
        en.update(w.lower() for w in _words(e))
        sv.update(w.lower() for w in _words(s))
    for lang, words in (("en", en), ("sv", sv)):
        for key, said in table(lang):
            if key.startswith("?"):
                words.update(w.lower() for w in _words(said))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("core/score.py", "core/legal.py", "core/game.py", "core/series.py", "core/rules.py",
                 "store/export.py", "store/journal.py"):
        with open(os.path.join(root, "firmware", name), encoding="utf-8") as f:
            for lit in re.findall(r'"([^"\n]*)"', f.read()):
                if " " in lit:  # a message, not a key
                    en.update(w.lower() for w in _words(lit))
    allowed = {"ok", "usb", "fem", "bud", "knack", "rödskägg", "extra", "start", "export", "ja"}
    return en - sv - allowed


def assert_swedish(screen_text, names, where):
    bad = english_only_words()
    prefixes = {n[:k] for n in names for k in range(1, len(n) + 1)}  # names shorten to fit
    found = [w for w in _words(screen_text) if w.lower() in bad and w not in prefixes]
    assert not found, "English on a Swedish screen (%s): %s\n%s" % (where, found, screen_text)


def test_every_screen_is_swedish():
    """Random presses over random games (both panels) and every screen reachable from the
    scoreboard: no word of the UI's or the core's English that is not a player's name."""
    from firmware.ui.setup import NAMES
    from firmware.ui.views import Message
    names = set(NAMES)
    for h in (64, 32):
        for app in walk_screens(128, h, "sv", range(12), 200):
            if app.series is not None:
                names.update(app.series.game.players)
            names.update(app.setup.names)
            screen = app.screen.text()
            if app.screen.title == "Fel":  # an unexpected exception: a bug, not a screen
                raise AssertionError(screen)
            if app.lang == "sv":  # the walk may switch the language in the menu
                assert_swedish(screen, names, type(app.view).__name__)
            elif isinstance(app.view, Message):
                app.set_lang("sv")


def test_every_refusal_is_swedish_and_names_players():
    """Each refusal code of the core, worded in Swedish with players' names."""
    import os
    import re

    from firmware.ui import text as T
    players = ("Anna", "Bo", "Cia", "Dan")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    codes = set()
    for name in ("core/score.py", "core/legal.py", "core/game.py", "core/series.py", "core/rules.py"):
        with open(os.path.join(root, "firmware", name), encoding="utf-8") as f:
            codes.update(re.findall(r'(?:_fail|Error)\([^\n]*?, "([a-z_]+)"', f.read()))
    assert codes, "the core gives its refusals no codes"
    known = {c for c, _k, _e, _s in refusals()}
    assert codes <= known, "refusal codes without words: %s" % sorted(codes - known)
    for code, kinds, _en, _sv in refusals():
        params = tuple(2 if k == "s" else 5 if k == "d" else "fem" for k in kinds)
        words = T.refusal("sv", code, params, players)
        assert words and "seat" not in words and "3" not in words.replace("5", "")
        if "s" in kinds:
            assert "Cia" in words
        assert_swedish(words, set(players), code)


def test_both_languages_word_the_same_refusals_and_reasons():
    """sv.txt and en.txt (read from the drive a line at a time) know the same codes, params and
    messages, and the core's messages text.explain words are the ones they word."""
    from firmware.ui import text as T
    from firmware.words import table

    def heads(lang):
        return [(key, rest.rsplit("\t", 1)[0] if key[0] == "!" else "") for key, rest in table(lang)
                if key[:1] in "!?"]

    assert heads("sv") == heads("en")
    assert [key[1:] for key, _h in heads("sv") if key[0] == "?"] == list(T.REASONS)


# -- the README's commands work as written ----------------------------------------------------

def test_the_readme_commands_run_as_written(tmp_path):
    """The replay command and the scripted simulator runs of README.md, run as written in a
    folder that has the repository's firmware/, tools/, host_tests/ and .venv/."""
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("firmware", "tools", "host_tests", ".venv"):
        os.symlink(os.path.join(root, name), tmp_path / name)
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    commands = []
    for block in readme.split("```")[1::2]:
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith((".venv/bin/python -m tools.", "python3 -m firmware.replay")):
                commands.append(line)
    assert len(commands) >= 5, commands
    assert "python3 -m firmware.replay host_tests/records/fem-basic.json" in commands
    for command in commands:
        p = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True,
                           timeout=120, stdin=subprocess.DEVNULL)
        assert p.returncode == 0, (command, p.stderr[-2000:])
    assert (tmp_path / "shots").is_dir() and any((tmp_path / "shots").iterdir())


def test_refusals_on_the_device_name_players_in_swedish():
    # set-up: two players with one name
    d = Driver(App(None, None))
    d.app.setup.names[1] = d.app.setup.names[0]
    text_ = d.keys("c")
    assert " ".join(text_.split()) == "Går inte Två spelare heter %s" % d.app.setup.names[0]
    # a hand inserted before another that it makes impossible: the later hand is named as
    # the history names it, the player by name, not a seat
    d = started(Rules("knack"))
    enter(d, (score.BID, 0, 3, (2, 1, 2, 1), 0, ()))  # Bo takes a trick in Giv 1
    from firmware.core.errors import EntryError
    game = d.app.series.game
    try:
        game.insert(0, (score.BID, 1, score.BID_R, (1, 5, 0, 0), 0, ()))  # Bo fails Rödskägg: out
    except EntryError as err:
        e = err
    assert (e.code, e.params, e.index) == ("cannot_take", (1,), 1)
    e.index -= 1  # as the entry flow does for an insert: the hand as the history shows it
    assert d.app.reason(e) == "Giv 1\nBo kan inte ta stick i den här given"
    d.app.set_lang("en")
    assert d.app.reason(e) == "Hand 1\nBo cannot take tricks in this hand"


def test_history_rows_of_seven_players_fit():
    from firmware.ui.screens.history import summary
    seven = ["Tor", "Rut", "Cia", "Maja", "Hans", "Per", "Eva"]
    d = started(Rules("fem"), seven)
    entry = (score.PLAY, (1, 0, 0, 4, 0, 0, -1), 0, ())
    assert summary(d.app, d.app.series.game, entry, 17) == "T1R M4 0:RCHP"
    assert summary(d.app, d.app.series.game, entry, 40) == "Tor1R Rut0 Cia0 Maj4 Han0 Per0"


# -- big scores: the scoreboard at twice the size -----------------------------------------------

def test_big_scores_from_the_menu_four_players_a_page_and_kept_across_a_restart():
    from firmware.core.series import Series as S
    from firmware.ui.screen import big_cols
    from tools.sim import raster
    seven = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Kristina"]
    st = FakeStore(S(Rules("fem"), seven, 6))  # Kristina deals, Anna speaks first
    d = Driver(App(st, None))
    d.keys("b")
    labels = [i[0] for i in d.app.view.items]
    assert labels[-2:] == ["Stor text: av", "Språk: Svenska"]
    d.keys("a" "a" "c")  # the row before the language: big scores on
    assert [i[0] for i in d.app.view.items][-2] == "Stor text: på"
    d.keys("C")
    screen = d.app.screen
    assert screen.big and screen.title == "Giv 1" + " " * 14 + "\u25cf\u25cb"
    assert screen.rows == (">Anna   12", " Bo     12", " Cia    12", " Dan    12")
    assert all(len(r) <= big_cols(128) for r in screen.rows)
    d.keys("a")
    assert d.app.screen.rows == (" Eva    12", " Fia    12", "*Kristi 12",
                                 "\u25c0 Historik")  # the name cut to fit, 2x
    # the real pixels: every renderer draws the big rows alike
    from tools.sim.bus import profile_display
    for driver in ("ssd1306", "sh1107"):
        r, panel = profile_display(128, 64, 0x3C, driver)
        r.draw(screen)
        buf = bytearray(1024)
        raster.raster(screen, 128, 64, buf)
        assert panel.rows() == raster.pixels(buf, 128, 64), driver
    px = raster.pixels(buf, 128, 64)
    assert sum(map(sum, px[8:])) > 4 * sum(map(sum, raster.pixels(
        _raster(screen.rows), 128, 64)[8:])) * 0.9  # twice as big: about four times the pixels
    # kept with the settings: a restart shows big scores again
    again = Driver(App(FakeStore(S(Rules("fem"), seven, 6), settings=st.settings[-1]), None))
    assert again.app.big and again.app.screen.big
    # no big scores where two big rows do not fit (128x32)
    small = Driver(App(FakeStore(S(Rules("fem"), seven, 6), settings=st.settings[-1]), None, height=32))
    assert not small.app.big and "Stor text" not in small.keys("b")


def _raster(rows):
    from firmware.ui.screen import Screen
    from tools.sim import raster
    buf = bytearray(1024)
    raster.raster(Screen("", rows), 128, 64, buf)
    return buf


def test_every_per_hand_list_starts_at_that_hands_first_speaker():
    """Entry, preview, history, its change list and the undo/delete questions list the
    players in one order: from the first to speak (left of that hand's dealer)."""
    d = started(Rules())
    enter(d, (score.PLAY, (2, 2, -1, 1), -1, ()))  # hand 1: Bo speaks first (Anna deals)
    hist = d.keys("a").splitlines()
    assert hist[1][4:].split() == ["Bo2", "Dan1", "Ann2"], hist
    detail = d.keys("c").splitlines()
    assert [r[1:].split()[0] for r in detail[1:5]] == ["Bo", "Cia", "Dan", "Anna"], detail
    delete = d.keys("aa" "c").splitlines()  # up past Ny giv före: Radera
    assert delete[1] == "Giv 1: Bo2 Dan1 Ann2", delete
    d.keys("C" "C" "C")
    undo = d.keys("A").splitlines()
    assert undo[1] == "Giv 1: Bo2 Dan1 Ann2", undo
    d.keys("C")
    # hand 2: Bo deals, Cia speaks first; the entry, the history and hand 1 keep their order
    enter(d, (score.PLAY, (1, 2, 0, 2), -1, ()))
    hist = d.keys("a").splitlines()
    assert hist[1][4:].split() == ["Bo2", "Dan1", "Ann2"], hist
    assert hist[2][4:].split() == ["Ci0", "Da2", "An1", "Bo2"], hist
    detail = d.keys("c").splitlines()
    assert [r[1:].split()[0] for r in detail[1:5]] == ["Cia", "Dan", "Anna", "Bo"], detail


def test_set_up_table_shows_every_name_whole_on_real_pixels():
    """The set-up row shows the table's names whole (further lines below it), on every
    profile and in both languages, drawn without the renderer's ellipsis."""
    from firmware.device import boards, render
    sizes = sorted({(p["width"], p["height"]) for p in boards.PROFILES.values()})
    tables = (FOUR, ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"],
              ["Annelie", "Bosse", "Cissi", "Danielle", "Evelina", "Fia", "Gunnar"])
    for w, h in sizes:
        for lang in ("sv", "en"):
            for names in tables:
                d = Driver(App(None, None, width=w, height=h, lang=lang))
                d.app.setup.set_table(names)
                screen = d.keys("b")  # the cursor on the table row: all of it shows
                words = screen.replace(">", " ").split()
                for name in names:
                    assert name in words, (w, h, lang, screen)
                for text_, _inv in render.text_lines(d.app.view.render(d.app), w, h):
                    assert render.ELLIPSIS not in text_, text_
                    assert len(text_) <= w // 6, text_


def test_chart_of_seven_players_on_128x64_pages_four_and_three_with_labels_apart():
    """7 labels beside a 128x64 plot ran together (their leaders one vertical stub):
    at most 4 players a page, the pages evened out, every player on one page, on one
    scale."""
    from firmware.core.series import Series as S
    seven = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"]
    series = S(Rules("fem"), seven, 0)
    series.game.push((score.PLAY, (2, 3, -1, -1, 0, -1, -1), -1, ()))
    series.game.push((score.PLAY, (-1, -1, 1, 4, -1, 0, -1), -1, ()))
    d = Driver(App(FakeStore(series), None))
    d.keys("B")
    one = d.app.screen
    assert one.title.endswith("\u25cf\u25cb"), one.title
    assert one.chart.marks == ("Anna", "Bo", "Cia", "Dan") and one.chart.styles == (0, 1, 2, 3)
    d.keys("b")
    two = d.app.screen
    assert two.chart.marks == ("Eva", "Fia", "Gun") and two.chart.styles == (4, 5, 6)
    assert (one.chart.lo, one.chart.hi) == (two.chart.lo, two.chart.hi)
    d.keys("b")
    assert d.app.screen.chart.marks == one.chart.marks  # back to the first page
