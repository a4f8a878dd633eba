"""firmware/device/render.py: displayio (tile grids, bitmaptools, the real SSD1306 driver), framebuf and
the pure raster draw the same pixels; layout rules for titles, rows, selection and charts; a
change sends only the cells that changed."""

import itertools
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest

from firmware.device import plot, raster, render
from firmware.ui.screen import Chart, Screen
from tools.sim.panel import displayio_display, framebuf_display

SCREENS = [
    Screen("Rödskägg", ["* Anna      12", " >Björn      7", "  Örjan     -3 ut"]),
    Screen("Giv 12 Extra Pott 4 3/5 too long", ["Åsa ÄÖ åäö é ×", "x" * 30], selected=1),
    Screen("Meny", ["Giv", "Omgiv", "Knackfel", "Rättelse", "Ångra", "Historik", "Diagram",
                    "Export", "Nytt spel", "Språk"], selected=8),
    Screen("", []),
    Screen("Diagram A B C", (), -1, Chart(((12, 10, 5, 7, 0), (12, 14, 18, 22, 25), (12, 9, 9, -4, -6)),
                                          -6, 25, ("A", "B", "C"))),
    Screen("Diagram", (), -1, Chart(((12,), (12,)), 0, 13, ("A", "B"))),
    Screen("Diagram 7", (), -1, Chart(tuple((12, 12 - k, 2 * k) for k in range(7)), 0, 13,
                                      tuple("ABCDEFG"))),
    Screen("Chart and rows", ["row one", "row two"], 0, Chart(((0, 5), (5, 0)), 0, 5, ("x", "y"))),
]


def reference(screen, w, h):
    buf = bytearray(w * h // 8)
    raster.raster(screen, w, h, buf)
    return raster.pixels(buf, w, h)


@pytest.fixture(scope="module", params=[64, 32])
def displays(request):
    h = request.param
    display, panel = displayio_display(128, h)
    oled, fpanel = framebuf_display(128, h)
    return h, render.Renderer(display, 128, h), panel, raster.FramebufRenderer(oled, 128, h), fpanel


@pytest.mark.parametrize("i", range(len(SCREENS)))
def test_all_renderers_draw_the_same_pixels(displays, i):
    h, renderer, panel, frenderer, fpanel = displays
    screen = SCREENS[i]
    renderer.draw(screen)
    frenderer.draw(screen)
    ref = reference(screen, 128, h)
    assert panel.rows() == ref
    assert fpanel.rows() == ref
    assert any(any(r) for r in ref)


def test_title_is_inverted_across_the_whole_width():
    ref = reference(Screen("T", ["a"]), 128, 64)
    assert all(ref[y][127] == 1 for y in range(8))
    assert all(ref[y][127] == 0 for y in range(8, 64))


def test_text_lines_cut_pad_and_scroll_to_the_selection():
    lines = render.text_lines(SCREENS[2], 128, 64)
    assert len(lines) == 8 and all(len(t) == 21 for t, _ in lines)
    assert lines[0] == ("Meny".ljust(21), True)
    # 10 rows, 7 fit: row 8 selected -> rows 2..8 show, the last inverted
    assert [t.strip() for t, _ in lines[1:]] == ["Knackfel", "Rättelse", "Ångra", "Historik",
                                                  "Diagram", "Export", "Nytt spel"]
    assert [inv for _, inv in lines] == [True] + [False] * 6 + [True]
    cut = render.text_lines(SCREENS[1], 128, 32)
    assert cut[0][0] == "Giv 12 Extra Pott 4 \u2026" and cut[2] == ("x" * 20 + "\u2026", True)
    assert len(cut) == 4


def test_chart_stays_in_its_area_and_marks_do_not_overlap():
    for h in (64, 32):
        for screen in SCREENS[4:7]:
            lit = []
            plot.draw_chart(screen.chart, 128, h, raster.Plot(lambda x, y: lit.append((x, y))))  # noqa: B023
            assert lit and all(0 <= x < 128 and 8 <= y < h for x, y in lit)
    marks = []

    def spy(text, x, y, plot):
        marks.append(y)

    real = raster.draw_text
    raster.draw_text = spy
    try:
        plot.draw_chart(SCREENS[6].chart, 128, 64, raster.Plot(lambda x, y: None))
    finally:
        raster.draw_text = real
    marks.sort()
    assert len(marks) == 7 and all(b - a >= 8 for a, b in itertools.pairwise(marks))


def data_bytes(panel, before):
    """The pixel bytes the controller was sent since panel.writes was before."""
    return panel.writes - before


def test_a_changed_character_sends_only_its_cell():
    display, panel = displayio_display(128, 64)
    r = render.Renderer(display, 128, 64)
    r.draw(SCREENS[1])  # Blinka sends the whole panel on the first two refreshes
    r.draw(SCREENS[0])
    before = panel.writes
    r.draw(Screen("Rödskägg", ["* Anna      13", " >Björn      7", "  Örjan     -3 ut"]))
    assert data_bytes(panel, before) == render.CELL_W  # one 6x8 cell: six bytes of one page
    assert panel.rows() == reference(r.last, 128, 64)
    before = panel.writes  # a line with letters beyond ASCII (compared another way)
    r.draw(Screen("Rödskägg", ["* Anna      13", " >Björn      7", "  Örjan     -4 ut"]))
    assert data_bytes(panel, before) == render.CELL_W
    before = panel.writes
    r.draw(Screen("Rödskägg", ["* Anna      13", " >Björn      7", "  Örjan     -3 ut"]))
    assert data_bytes(panel, before) == render.CELL_W
    assert panel.rows() == reference(r.last, 128, 64)
    # the selection moves: the two rows change colour, nothing else is sent
    before = panel.writes
    r.draw(Screen("Rödskägg", ["* Anna      13", " >Björn      7", "  Örjan     -3 ut"], selected=2))
    assert data_bytes(panel, before) == 128  # one page row (line 3) of 128 columns
    before = panel.writes
    r.draw(Screen("Rödskägg", ["* Anna      13", " >Björn      7", "  Örjan     -3 ut"], selected=1))
    assert data_bytes(panel, before) == 2 * 128  # lines 2 and 3
    assert panel.rows() == reference(r.last, 128, 64)


def test_screens_in_any_order_draw_what_raster_draws():
    """The grids, the bar under the title, big rows and the chart, shown and hidden again."""
    display, panel = displayio_display(128, 64)
    r = render.Renderer(display, 128, 64)
    big = Screen("Giv 1", ("Anna   12", " Bo     -3", " Cia    12"), big=True)
    first_row = Screen("Meny", ["Giv", "Omgiv"], selected=0)
    order = [SCREENS[0], big, SCREENS[4], first_row, SCREENS[7], big, SCREENS[2], SCREENS[5],
             SCREENS[1], first_row, SCREENS[3], SCREENS[6], SCREENS[0]]
    for screen in order:
        r.draw(screen)
        assert panel.rows() == reference(screen, 128, 64), screen.title


def test_unchanged_screen_is_not_sent_again():
    display, panel = displayio_display(128, 64)
    r = render.Renderer(display, 128, 64)
    r.draw(SCREENS[0])
    before = panel.writes
    r.draw(Screen(SCREENS[0].title, SCREENS[0].rows))
    assert panel.writes == before
    r.draw(SCREENS[3])
    assert panel.writes > before
