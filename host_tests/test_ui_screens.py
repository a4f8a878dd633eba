"""What the screens show: one numbering the table can follow, menus that fit the rules, rows in
edit, no text cut on any profile, the pages of small screens, the chart, big scores, every
per-hand list from its first speaker."""

import pytest

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui import text
from firmware.ui.app import App
from firmware.ui.screens.menu import main_menu
from tools.play.driver import Driver, FakeStore
from tools.play.presses import is_view, presses_for

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
    assert d.keys("c").splitlines()[0] == "Giv 2▼"
    assert d.keys("a").splitlines()[0] == "Giv 2▲"  # its actions say which hand too
    assert d.keys("C").splitlines()[0] == "Historik"
    assert d.keys("a" "c").splitlines()[0] == "Knackfel, före giv 2▼"
    d.keys("C" "C")
    undo = d.keys("A")
    assert undo.splitlines()[:4] == ["Ångra?", "Rättelse Bo +2: fel i", "räkningen,", "före giv 3"]
    d.keys("c")
    undo = d.keys("A")
    assert undo.splitlines()[1].startswith("Giv 2: Cia")


def test_english_numbering():
    d = knack_game()
    d.app.set_lang("en")
    d.keys("C")
    assert d.text().splitlines()[0].startswith("Hand 3")
    assert d.keys("A").splitlines()[:4] == ["Undo?", "Correction Bo +2:", "scoring slip,", "before hand 3"]


def test_no_knock_fault_in_the_menu_where_knocking_is_off():
    fem = started(Rules("fem"))
    labels = [i[0] for i in main_menu(fem.app).items]
    assert "Knackfel" not in labels and "Felgiv" in labels
    knack = started(Rules("knack"))
    assert "Knackfel" in [i[0] for i in main_menu(knack.app).items]


def test_language_row_shows_edit_brackets():
    d = Driver(App(None, None))
    assert d.text().splitlines()[0] == "Nytt spel▼"
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
        d.app.plan.set_table(names)
        for _ in range(9):
            d.keys("b")
            yield d.app


@pytest.mark.usefixtures("modules_kept")  # a sweep of thousands of presses: no re-import per screen
def test_no_text_is_cut_on_any_profile(monkeypatch):
    """Every screen of these views (scoreboard, menu, history, detail, undo,
    chart, winner, set-up, messages) fits the grid of every board profile, in both
    languages: nothing is clipped by the views and nothing ends in the renderer's
    ellipsis, every character has a glyph, (on its real pixels: the raster of each profile).
    (The hand-entry walks' screens: test_ui_hand_entry.py, test_ui_hints.py.)"""
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
                if is_view(app.view, NG.NewGameView) and app.view.cursor == 1:
                    # the table row chosen: every name shows whole, none cut to letters
                    words = " ".join(screen.rows).replace(">", " ").split()
                    missing = [p for p in app.plan.players() if p not in words]
                    assert missing == [], (w, h, lang, screen.rows)
                for text_, _inv in render.text_lines(screen, w, h):
                    # a history row's own "…" says its changes hold more players (no row is cut:
                    # the views' clip above)
                    assert render.ELLIPSIS not in text_ or is_view(app.view, H.History), \
                        (type(app.view).__name__, text_)
                    for ch in text_:
                        assert ch == " " or font.index(ord(ch)) != unknown, (text_, ch)
                buf = bytearray(w * h // 8)
                raster.raster(screen, w, h, buf)
                assert len(buf) == w * h // 8
                current[:] = []  # presses draw too: only the explicit render above counts
    assert cut == []


def test_a_selected_first_row_does_not_merge_with_the_title():
    from firmware.ui.screenmodel import Screen
    from tools.sim import raster
    for h in (64, 32):
        buf = bytearray(128 * h // 8)
        raster.raster(Screen("Meny", ["Giv", "Felgiv"], 0), 128, h, buf)
        px = raster.pixels(buf, 128, h)
        assert all(px[7][x] == 0 for x in range(128))  # a dark row between the two bars
        assert all(px[6][x] == 1 for x in range(100, 128)) and all(px[8][x] == 1 for x in range(100, 128))
        buf = bytearray(128 * h // 8)
        raster.raster(Screen("Meny", ["Giv", "Felgiv"], 1), 128, h, buf)
        px = raster.pixels(buf, 128, h)
        assert all(px[7][x] == 0 for x in range(128))  # the title's bottom row: dark as always
        assert all(px[15][x] == 0 for x in range(128))  # the selected bar's too


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


def test_history_rows_of_seven_players_fit_with_whole_names():
    """Issue 36, point 8: a row cut names to three letters ("4 Eva tog 2, Ann 1…"). Now it says
    the facts that fit, most needed first, with whole names, and "…" where the entry's changes
    (one OK away) say the rest; the caller and the call's result before who took what."""
    seven = ["Tor", "Rut", "Cia", "Maja", "Hans", "Per", "Eva"]
    d = started(Rules("fem"), seven)
    enter(d, (score.PLAY, (1, 0, 0, 4, 0, 0, -1), 0, ()))
    enter(d, (score.PLAY, (2, -1, 1, 0, 0, 2, 0), -1, ()))
    rows = d.keys("a").splitlines()
    assert rows[1:3] == ["  1 Rop: Tor bet…", "> 2 Cia tog 1…"], rows
    for keys, want in (("c", "Cia tog 1, Maja 0, Hans 0, Per 2, Eva 0, Tor 2"),
                       ("C" "a" "c", "Tor ropade Rödskägg: bet; Tor tog 1, Rut 0, Cia 0, Maja 4, Hans 0, Per 0")):
        d.keys(keys)  # the entry's changes: every player who played, whole
        info = d.app.view.info(d.app)
        assert " ".join(info[7:]) == want, info
        assert all(len(r) <= 20 for r in info)


# -- big scores: the scoreboard at twice the size -----------------------------------------------

def test_big_scores_from_the_menu_four_players_a_page_and_kept_across_a_restart():
    from firmware.core.series import Series as S
    from firmware.ui.screenmodel import big_cols
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
    from tools.sim.bus import page_display
    for driver in ("ssd1306", "sh1107"):
        r, panel = page_display(128, 64, 0x3C, driver)
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
    from firmware.ui.screenmodel import Screen
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
    assert hist[1] == "> 1 Bo tog 2, Dan 1…", hist  # (Anna 2 does not fit: the changes say it)
    detail = d.keys("c").splitlines()
    assert [r[1:].split()[0] for r in detail[1:5]] == ["Bo", "Cia", "Dan", "Anna"], detail
    delete = d.keys("aa" "c").splitlines()  # up past Ny giv före: Radera
    assert delete[1:3] == ["Giv 1: Bo tog 2, Dan", "1, Anna 2"], delete
    d.keys("C" "C" "C")
    undo = d.keys("A").splitlines()
    assert undo[1:3] == ["Giv 1: Bo tog 2, Dan", "1, Anna 2"], undo
    d.keys("C")
    # hand 2: Bo deals, Cia speaks first; the entry, the history and hand 1 keep their order
    enter(d, (score.PLAY, (1, 2, 0, 2), -1, ()))
    hist = d.keys("a").splitlines()
    assert hist[1] == "  1 Bo tog 2, Dan 1…", hist
    assert hist[2] == "> 2 Cia tog 0, Dan 2…", hist
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
                d.app.plan.set_table(names)
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
