"""The page renderer (firmware/device/render.py over oled.py) draws exactly the reference raster's
pixels (tools/sim/raster.py) on the SSD1306, SH1106 and SH1107 models; the layout rules for
titles, rows, selection and charts; and it sends only what changed, as the I2C bytes show."""

import itertools
import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.device import bringup, font, oled, plot, render, sh1107
from firmware.ui.screenmodel import Chart, Screen
from tools.sim import raster
from tools.sim.bus import FakeI2C, page_display
from tools.sim.panel import Panel

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
    Screen("Giv 1", ("Anna   12", " Bo     -3", " Cia    12", "Dan 4", "Eva"), big=True),
    Screen("Meny", ["Giv", "Omgiv"], selected=0),
    Screen("\x01ctrl\x7f", ["tab\there", "\u2190\u2192 \u25cf\u25cb \ufffd \u4e2d"]),
]
# (driver, height): every panel a profile drives (firmware/device/boards.py)
PANELS = [("ssd1306", 64), ("ssd1306", 32), ("sh1106", 64), ("sh1107", 64)]


def reference(screen, w, h):
    buf = bytearray(w * h // 8)
    raster.raster(screen, w, h, buf)
    return raster.pixels(buf, w, h)


@pytest.fixture(scope="module", params=PANELS, ids=["%s-%d" % p for p in PANELS])
def display(request):
    driver, h = request.param
    r, panel = page_display(128, h, 0x3C, driver)
    return h, r, panel


@pytest.mark.parametrize("i", range(len(SCREENS)))
def test_every_renderer_draws_the_reference_pixels(display, i):
    h, r, panel = display
    screen = SCREENS[i]
    r.draw(screen)
    ref = reference(screen, 128, h)
    assert panel.rows() == ref
    assert any(any(row) for row in ref)


def test_screens_in_any_order_draw_what_raster_draws():
    """Partial updates, the title's dark row, big rows and the chart, shown and hidden again."""
    order = [0, 8, 4, 9, 7, 8, 2, 5, 1, 9, 3, 6, 0, 10, 7, 4, 8, 0]
    for driver, h in PANELS:
        r, panel = page_display(128, h, 0x3C, driver)
        for i in order:
            r.draw(SCREENS[i])
            assert panel.rows() == reference(SCREENS[i], 128, h), (driver, h, SCREENS[i].title)


TEXT = st.text(alphabet="AaBbgjpqy0123456789 -+*>:.\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6\u00e9\u25cf\u2190\ufffd",
               max_size=24)


@st.composite
def screens(draw):
    kind = draw(st.sampled_from(("rows", "rows", "chart", "big")))
    title = draw(TEXT)
    rows = draw(st.lists(TEXT, max_size=9))
    selected = draw(st.integers(-1, len(rows) - 1)) if kind != "big" else -1
    chart = None
    if kind == "chart":
        n = draw(st.integers(1, 17))
        series = draw(st.lists(st.lists(st.integers(-40, 60), min_size=n, max_size=n).map(tuple),
                               min_size=1, max_size=7))
        lo = min(min(s) for s in series)
        hi = max(max(s) for s in series)
        marks = tuple(draw(st.text(alphabet="AbÖé", min_size=1, max_size=6)) for _ in series)
        chart = Chart(tuple(series), lo, hi, marks, draw(st.permutations(range(len(series)))))
    return Screen(title, rows, selected, chart, kind == "big")


@settings(max_examples=40, deadline=None)
@given(st.lists(screens(), min_size=1, max_size=6), st.sampled_from(PANELS[:3]))
def test_any_sequence_of_screens_shows_the_reference_pixels(seq, panel_kind):
    shows_the_reference(seq, panel_kind)


def shows_the_reference(seq, panel_kind):
    """Each screen of seq drawn in turn on the panel: its pixels are the reference raster's."""
    driver, h = panel_kind
    r, panel = page_display(128, h, 0x3C, driver)
    for screen in seq:
        r.draw(screen)
        assert panel.rows() == reference(screen, 128, h)


def test_changed_names_every_character_that_differs():
    """changed(new, old) -> (a, b): outside characters a..b the two lines (blank past their ends)
    are the same, for lines of any length with letters of one to three UTF-8 bytes."""
    rnd = random.Random(5)
    alphabet = "ab \u00c5\u00e4\u00f6\u2190\u25cf"
    for _ in range(20000):
        old = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 6)))
        new = list(old)
        for _ in range(rnd.randint(1, 3)):  # an edit, a cut, a letter more
            k = rnd.randrange(3)
            if k == 0 and new:
                new[rnd.randrange(len(new))] = rnd.choice(alphabet)
            elif k == 1 and new:
                del new[rnd.randrange(len(new)):]
            else:
                new.insert(rnd.randint(0, len(new)), rnd.choice(alphabet))
        new = "".join(new)
        if new == old:
            continue
        a, b = render.changed(new, old)
        n = max(len(new), len(old))
        assert 0 <= a < b <= n, (new, old, a, b)
        wide_new, wide_old = new.ljust(n), old.ljust(n)
        assert wide_new[:a] == wide_old[:a] and wide_new[b:] == wide_old[b:], (new, old, a, b)


@st.composite
def edits(draw):
    """A screen and the same screen edited a little, again and again (as presses change it)."""
    first = draw(screens())
    out = [first]
    rows = list(first.rows)
    title = first.title
    for _ in range(draw(st.integers(1, 8))):
        if rows and draw(st.booleans()):
            i = draw(st.integers(0, len(rows) - 1))
            cut = draw(st.integers(0, len(rows[i])))
            rows[i] = rows[i][:cut] + draw(TEXT)[:3] + rows[i][cut + draw(st.integers(0, 2)):]
        else:
            title = title[:draw(st.integers(0, len(title)))] + draw(TEXT)[:2]
        sel = draw(st.integers(-1, len(rows) - 1)) if not first.big else -1
        out.append(Screen(title, rows, sel, first.chart, first.big))
    return out


@settings(max_examples=60, deadline=None)
@given(edits(), st.sampled_from(PANELS[:3]))
def test_screens_edited_a_little_show_the_reference_pixels(seq, panel_kind):
    shows_the_reference(seq, panel_kind)


def test_the_page_pen_draws_lines_markers_and_letters_as_the_reference():
    """Lines anywhere (in and out of the panel, steep and shallow, every direction), markers and
    letters at every offset within a page: the byte operations light the reference's pixels."""
    rnd = random.Random(17)
    for h in (64, 32):
        for k in range(3000):
            pen = plot.PagePen(128, h)
            buf = bytearray(128 * h // 8)

            def dot(x, y, h=h, buf=buf):
                if 0 <= x < 128 and 0 <= y < h:
                    buf[(y >> 3) * 128 + x] |= 1 << (y & 7)

            if k % 3 == 0:
                a = (rnd.randint(-20, 150), rnd.randint(-20, h + 20), rnd.randint(-20, 150),
                     rnd.randint(-20, h + 20))
            else:
                a = (rnd.randint(0, 127), rnd.randint(0, h - 1), rnd.randint(0, 127), rnd.randint(0, h - 1))
            pen.line(*a)
            raster.draw_line(*a, dot)
            x, y = rnd.randint(-3, 130), rnd.randint(-3, h + 2)
            pen.marker(k % 7, x, y)
            plot.draw_marker(k % 7, x, y, dot)
            text = "".join(rnd.choice("AgÅö%\u2588") for _ in range(rnd.randint(1, 4)))
            pen.text(text, x - 12, y - 4)
            raster.draw_text(text, x - 12, y - 4, dot)
            pen.dots(x - 60, x, y)
            for d in range(x - 60, x + 1, 3):
                dot(d, y)
            assert pen.buf == buf, (a, x, y, text)


def test_title_is_inverted_across_the_whole_width():
    ref = reference(Screen("T", ["a"]), 128, 64)
    assert all(ref[y][127] == 1 for y in range(7))
    assert all(ref[y][127] == 0 for y in range(7, 64))  # (its bottom pixel row dark)


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


# -- what goes over the bus ------------------------------------------------------------------


class Wire(FakeI2C):
    """The fake bus, keeping every write as (page, column, data bytes) or ("cmd", bytes)."""

    def __init__(self, panel):
        super().__init__(panel)
        self.log = []

    def writeto(self, address, buffer, *, start=0, end=None):
        data = bytes(buffer[start:end if end is not None else len(buffer)])
        at = (self.panel.page, self.panel.col)
        super().writeto(address, data)
        if data[0] == 0x40:
            self.log.append(at + (data[1:],))
        elif data[0] == 0x80 and data[6] == 0x40:  # an SH1107 strip: its page, column, bytes
            self.log.append((data[1] & 0x0F, data[3] | (data[5] & 0x0F) << 4, data[7:]))
        elif not (len(data) == 4 and data[1] & 0xF0 == 0xB0):  # (a page and column: in the data's)
            self.log.append(("cmd", data[1:]))

    def take(self):
        out = self.log
        self.log = []
        return out


def wired(driver="ssd1306", h=64, ram=None):
    panel = Panel(128, h, driver)
    if ram is not None:
        panel.ram[:] = ram
    wire = Wire(panel)
    r = render.PageRenderer(bringup.panel(wire, 0x3C, 128, h, driver), 128, h)
    return r, wire, panel


def cells(text):
    """The page bytes of text, not inverted: each glyph's five columns and the gap."""
    return b"".join(bytes(font.column(font.index(ord(c)), x) for x in range(6)) for c in text)


def test_power_up_clears_the_whole_ram_before_the_glass_comes_on():
    """What the RAM held at power-up (noise on a real module) never shows: the init leaves the
    panel off, every byte of the RAM is written 0, then the display goes on, blank."""
    for driver, cols in (("ssd1306", 128), ("sh1106", 132)):
        noise = bytes(random.Random(3).randrange(256) for _ in range(cols * 8))
        _r, wire, panel = wired(driver, 64, noise)
        log = wire.take()
        on = log.index(("cmd", b"\xaf"))
        assert log[0][0] == "cmd" and log[0][1][0] == 0xAE  # the init, the display off first
        assert not any(e[0] == "cmd" and b"\xaf" in e[1] for e in log[:on])
        cleared = [e for e in log[:on] if e[0] != "cmd"]
        assert sorted((e[0], e[1], len(e[2])) for e in cleared) == [(p, 0, cols) for p in range(8)]
        assert all(e[2] == bytes(cols) for e in cleared)
        assert log[on + 1:] == [] and panel.on and panel.ram == bytes(cols * 8)
        assert panel.contrast == 0xFF and panel.seg_remap and panel.com_flip
    # the SH1107: 16 pages of 128 columns
    noise = bytes(random.Random(4).randrange(256) for _ in range(128 * 16))
    _r, wire, panel = wired("sh1107", 64, noise)
    log = wire.take()
    on = log.index(("cmd", b"\xaf"))
    assert sorted((e[0], e[1], len(e[2])) for e in log[:on] if e[0] != "cmd") == [(p, 0, 128) for p in range(16)]
    assert panel.on and panel.ram == bytes(128 * 16) and panel.contrast == 0xFF


def test_a_changed_character_sends_its_six_columns():
    r, wire, panel = wired()
    rows = ["* Anna      12", " >Björn      7", "  Örjan     -3 ut"]
    r.draw(Screen("Rödskägg", rows))
    wire.take()
    r.draw(Screen("Rödskägg", ["* Anna      13"] + rows[1:]))
    # line 1 (page 1), character 13: the glyph's five columns and the gap, nothing else
    assert wire.take() == [(1, 13 * render.CELL_W, cells("3"))]
    # a line with letters beyond ASCII (compared as UTF-8): still the one character
    r.draw(Screen("Rödskägg", ["* Anna      13", rows[1], "  Örjan     -4 ut"]))
    assert wire.take() == [(3, 13 * render.CELL_W, cells("4"))]
    # two characters apart: the span between them
    r.draw(Screen("Rödskägg", ["* Anna      13", rows[1], "  Örjen     -5 ut"]))
    assert wire.take() == [(3, 5 * render.CELL_W, cells("en     -5"))]
    assert panel.rows() == reference(r.last, 128, 64)
    # a change at each end of a line: two writes, not the run between them
    r.draw(Screen("Rödskägg", [" >Anna      14", rows[1], "  Örjen     -5 ut"]))
    assert wire.take() == [(1, 0, cells(" >")), (1, 13 * render.CELL_W, cells("4"))]
    r.draw(Screen("Rödskägg", ["* Anna      13", rows[1], "  Örjen     -5 ut"]))
    assert wire.take() == [(1, 0, cells("* ")), (1, 13 * render.CELL_W, cells("3"))]
    assert panel.rows() == reference(r.last, 128, 64)
    # the same screen again: nothing at all
    r.draw(Screen("Rödskägg", ["* Anna      13", rows[1], "  Örjen     -5 ut"]))
    assert wire.take() == []


def test_a_moved_selection_sends_the_two_rows_and_not_the_title_over_a_selected_first_row():
    r, wire, panel = wired()
    rows = ["Giv", "Omgiv", "Knackfel"]
    r.draw(Screen("Meny", rows, selected=1))
    wire.take()
    r.draw(Screen("Meny", rows, selected=2))
    sent = wire.take()
    assert [(p, c, len(d)) for p, c, d in sent] == [(2, 0, 128), (3, 0, 128)]
    assert sent[1][2][:6] == bytes(b ^ 0x7F for b in cells("K"))  # inverted, its bottom row dark
    r.draw(Screen("Meny", rows, selected=0))  # next to the title: the title (its bottom pixel row
    sent = wire.take()  # dark, as always) stays as it is
    assert [(p, c, len(d)) for p, c, d in sent] == [(1, 0, 128), (3, 0, 128)]
    assert panel.rows() == reference(r.last, 128, 64)


def test_the_sh1106_is_written_two_columns_in():
    r, wire, panel = wired("sh1106")
    r.draw(Screen("T", ["ab"]))
    wire.take()
    r.draw(Screen("T", ["ac"]))
    assert wire.take() == [(1, 2 + 6, cells("c"))]  # RAM column 8: glass column 6
    r.draw(Screen("T", ["ac"], -1, Chart(((0, 5),), 0, 5, ("x",))))
    wire.take()
    assert panel.rows() == reference(r.last, 128, 64)
    assert all(panel.ram[p * 132 + c] == 0 for p in range(8) for c in (0, 1, 130, 131))


def test_the_sh1107_gets_the_strips_across_its_glass_that_hold_a_change():
    """The SH1107's RAM pages run down the glass (the driver's rotation 90), a strip of 8 glass
    columns each: a changed character goes as the strips over its columns, each one write of
    its page, the RAM column of the line's bottom row and the line's 8 rows, bottom row first;
    adjacent lines that changed go together, one write per strip."""
    r, wire, panel = wired("sh1107")
    r.draw(Screen("T", ["* Anna      12"]))
    wire.take()
    r.draw(Screen("T", ["* Anna      13"]))
    # character 13 is glass columns 78-83: strips 9 and 10; line 1 is glass rows 8-15, RAM
    # columns 55 down to 48
    sent = wire.take()
    assert [(p, c) for p, c, _d in sent] == [(9, 48), (10, 48)]
    assert panel.rows() == reference(r.last, 128, 64)
    three = cells("3")  # glass columns 78-83 of line 1: bit i of row byte r is strip column i
    for s, (_p, _c, data) in zip((9, 10), sent):
        for r_ in range(8):
            want = sum(1 << i for i in range(8) if 78 <= 8 * s + i < 84 and three[8 * s + i - 78] >> r_ & 1)
            assert data[7 - r_] & want == want
    # the selection moved off the first row: the two rows, lines 1-2, RAM columns 40-55: one
    # write per strip
    r.draw(Screen("T", ["a", "b"], selected=0))
    wire.take()
    r.draw(Screen("T", ["a", "b"], selected=1))
    sent = wire.take()
    assert [(p, c, len(d)) for p, c, d in sent] == [(s, 40, 16) for s in range(16)]
    assert panel.rows() == reference(r.last, 128, 64)
    # two lines apart (rows 1 and 3): two writes per strip
    r.draw(Screen("T", ["a", "b", "c"], selected=0))
    r.draw(Screen("T", ["a", "b", "c"], selected=2))
    wire.take()
    r.draw(Screen("T", ["x", "b", "z"], selected=2))
    sent = wire.take()
    assert [(p, c, len(d)) for p, c, d in sent] == [(0, 48, 8), (0, 32, 8)]
    assert panel.rows() == reference(r.last, 128, 64)
    assert panel.rows() == reference(r.last, 128, 64)


def test_big_rows_and_charts_send_the_columns_that_changed():
    r, wire, panel = wired()
    r.draw(Screen("Giv 1", ("Anna   12", "Bo     -3"), big=True))
    wire.take()
    r.draw(Screen("Giv 1", ("Anna   13", "Bo     -3"), big=True))
    sent = wire.take()
    # the last digit of the first big row: 12 pixels wide at 8 * 12, on pages 1 and 2
    assert sorted(p for p, _c, _d in sent) == [1, 2]
    assert all(c >= 8 * 12 and c + len(d) <= 9 * 12 for _p, c, d in sent)
    assert panel.rows() == reference(r.last, 128, 64)
    chart = Screen("Diagram", (), -1, Chart(((0, 5, 3), (5, 0, 1)), 0, 5, ("x", "y")))
    r.draw(chart)
    assert r.plot is not None  # the chart's code is loaded while a chart shows
    wire.take()
    r.draw(Screen("Diagram", (), -1, Chart(((0, 5, 3), (5, 0, 1)), 0, 5, ("x", "z"))))
    sent = wire.take()  # one label's letter changed: its columns only
    assert sent and all(len(d) <= 6 for _p, _c, d in sent)
    assert panel.rows() == reference(r.last, 128, 64)
    r.draw(Screen("Meny", ["Giv"]))
    assert r.plot is None and r.layers is None  # and let go after
    assert panel.rows() == reference(r.last, 128, 64)


def test_ahead_draws_the_chart_before_its_draw_and_a_plain_draw_lets_it_go(monkeypatch):
    """PageRenderer.ahead (a key that opens a chart is held): the drawing code is loaded and the
    chart drawn into page bytes before the chart's draw, which only sends them (no more than
    without ahead); a screen without a chart lets them go, and a chart other than the one drawn
    ahead is drawn as before."""
    r, wire, panel = wired()
    r.draw(Screen("Giv 1", ("Anna 12",)))
    model = Chart(((0, 5, 3), (5, 0, 1)), 0, 5, ("x", "y"))
    r.ahead(model)
    plot = sys.modules["firmware.device.plot"]
    assert r.plot is plot and r.ready[0] == model
    drawn = []
    monkeypatch.setattr(plot, "layers", lambda *a: drawn.append(a) or [None] * 8)
    wire.take()
    chart = Screen("Diagram", (), -1, Chart(((0, 5, 3), (5, 0, 1)), 0, 5, ("x", "y")))
    r.draw(chart)
    assert drawn == [] and r.ready is None  # the page bytes drawn ahead
    assert panel.rows() == reference(chart, 128, 64) and wire.take()
    monkeypatch.undo()
    r.draw(Screen("Meny", ["Giv"]))
    assert r.plot is None and "firmware.device.plot" not in sys.modules  # let go (firmware.forget)
    r.ahead(model)
    r.draw(Screen("Meny", ["Diagram"]))  # the key led elsewhere: the code goes with the next draw
    assert r.plot is None and r.ready is None and panel.rows() == reference(r.last, 128, 64)
    r.ahead(model)
    other = Screen("Diagram", (), -1, Chart(((0, 2, 3), (5, 4, 1)), 0, 5, ("x", "y")))
    r.draw(other)
    assert panel.rows() == reference(other, 128, 64)


@pytest.mark.parametrize("level", [1, 0, 2])
def test_brightness_is_contrast_and_sleep_with_the_contrast_set_before_waking(level):
    r, wire, panel = wired()
    r.draw(SCREENS[0])
    wire.take()
    r.set_brightness(level)
    if level == 0:
        assert not panel.on and wire.take() == [("cmd", b"\xae")]
    else:
        assert panel.on and panel.contrast == (255 if level == 2 else 5)
    r.set_brightness(0)
    wire.take()
    r.set_brightness(2)
    assert wire.take() == [("cmd", b"\x81\xff"), ("cmd", b"\xaf")]
    assert panel.on and panel.contrast == 255 and panel.rows() == reference(SCREENS[0], 128, 64)


def test_the_32_row_panel_gets_its_mux_and_com_pins():
    _r, wire, _panel = wired("ssd1306", 32)
    init = wire.log[0][1]
    assert init[init.index(0xA8) + 1] == 31 and init[init.index(0xDA) + 1] == 0x02
    _r, wire, _panel = wired("ssd1306", 64)
    init = wire.log[0][1]
    assert init[init.index(0xA8) + 1] == 63 and init[init.index(0xDA) + 1] == 0x12


def adafruit_init(module):
    """The commands of an Adafruit displayio driver's init sequence (command, length, arguments)."""
    seq = bytes(module._INIT_SEQUENCE)
    out = []
    i = 0
    while i < len(seq):
        n = seq[i + 1] & 0x7F
        out.append(bytes(seq[i:i + 1] + seq[i + 2:i + 2 + n]))
        i += 2 + n + (1 if seq[i + 1] & 0x80 else 0)
    return out


def split_commands(seq, args):
    out = []
    i = 0
    while i < len(seq):
        n = args.get(seq[i], 0)
        out.append(bytes(seq[i:i + 1 + n]))
        i += 1 + n
    return out


def test_the_init_sequences_are_adafruits_in_page_addressing():
    import adafruit_displayio_sh1106
    import adafruit_displayio_ssd1306

    ssd = {0x20: 1, 0x81: 1, 0xA8: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x8D: 1}
    ours = split_commands(oled.SSD1306, ssd)
    theirs = adafruit_init(adafruit_displayio_ssd1306)
    # theirs: horizontal addressing, contrast 0xCF (displayio then sends brightness 1.0: 0xFF),
    # the display on at the end; ours: page addressing, 0xFF, on once the RAM is cleared
    assert theirs[-1] == b"\xaf" and b"\x20\x00" in theirs and b"\x81\xcf" in theirs
    assert sorted(ours) == sorted([b"\x20\x02" if c == b"\x20\x00" else b"\x81\xff" if c == b"\x81\xcf"
                                   else c for c in theirs[:-1]])
    sh = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
    ours = split_commands(oled.SH1106, sh)
    theirs = adafruit_init(adafruit_displayio_sh1106)
    # theirs also sends 0x20 0x20 (no SH1106 command: it has page addressing only)
    assert theirs[-1] == b"\xaf" and b"\x20\x20" in theirs
    assert ours == [c for c in theirs[:-1] if c != b"\x20\x20"]
    import adafruit_displayio_sh1107

    sh = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD9: 1, 0xDB: 1, 0xDC: 1}
    ours = split_commands(sh1107.INIT, sh)
    theirs = adafruit_init(adafruit_displayio_sh1107)
    # theirs: contrast 0x4F (displayio then sends brightness 1.0), its mux ratio set by the
    # driver to the height less one for the FeatherWing's rotation 90; ours: 0xFF, 63 (height - 1)
    assert theirs[-1] == b"\xaf" and b"\x81\x4f" in theirs and b"\xa8\x7f" in theirs
    assert ours == [b"\x81\xff" if c == b"\x81\x4f" else b"\xa8\x3f" if c == b"\xa8\x7f" else c
                    for c in theirs[:-1]]


def test_the_reset_pin_is_pulsed_before_the_first_command():
    class Pin:
        def __init__(self, wire):
            self.wire = wire

        @property
        def value(self):
            return None

        @value.setter
        def value(self, v):
            self.wire.log.append(("RES", v))

    panel = Panel(128, 64)
    wire = Wire(panel)
    oled.OLED(wire, 0x3C, 128, 64, "ssd1306", Pin(wire))
    assert wire.log[:2] == [("RES", False), ("RES", True)] and wire.log[2][0] == "cmd"
    assert panel.on


class FakeGC:
    """CircuitPython's gc as the renderer uses it: a free heap, automatic collection on or off."""

    def __init__(self, free):
        self.free = free
        self.enabled = True
        self.log = []

    def isenabled(self):
        return self.enabled

    def disable(self):
        self.enabled = False
        self.log.append("off")

    def enable(self):
        self.enabled = True
        self.log.append("on")

    def collect(self):
        self.log.append("collect")

    def mem_free(self):
        return self.free


def test_a_draw_holds_collection_off_and_recovers_when_the_heap_runs_out(monkeypatch):
    r, wire, panel = wired()
    fake = FakeGC(0)
    monkeypatch.setattr(render, "gc", fake)
    seen = []
    send = r.oled.send

    def watched(page, lo, hi):
        seen.append(fake.enabled)
        send(page, lo, hi)

    monkeypatch.setattr(r.oled, "send", watched)
    r.draw(SCREENS[0])
    assert fake.log == ["off", "on"] and seen and not any(seen)  # every page sent with it off
    # out of memory with collection off: it collects and draws the screen all the same
    fake.log = []
    failed = []

    def short(page, lo, hi):
        if not failed and page == 3:
            failed.append(page)
            raise MemoryError
        send(page, lo, hi)

    monkeypatch.setattr(r.oled, "send", short)
    r.draw(SCREENS[1])
    assert failed and fake.log == ["off", "on", "collect", "on"] and fake.enabled
    assert panel.rows() == reference(SCREENS[1], 128, 64)
    # a chart's layers too (their module loaded meanwhile)
    fake.log = []
    r.draw(SCREENS[4])
    assert fake.log == ["off", "on"] and r.plot is not None
    assert panel.rows() == reference(SCREENS[4], 128, 64)
    # where collection is off already (someone else's choice), a draw leaves it so
    fake.enabled = False
    fake.log = []
    failed.clear()
    with pytest.raises(MemoryError):
        r.draw(SCREENS[0])
    assert fake.log == [] and not fake.enabled


def test_every_profile_shows_the_same_pixels_through_its_own_driver():
    from firmware.device import boards
    from firmware.ui.screenmodel import Chart, Screen
    from tools.sim import raster
    from tools.sim.bus import page_display
    screens = [Screen("Giv 12 Pott 4 \u25cf\u25cb", ["* Anna      12", " >Björn      7", "  Örjan     -3 ut"], 1),
               Screen("Diagram giv 1-4", (), -1, Chart(((12, 10, 5, 7, 0), (12, 14, 18, 22, 25)), -6, 25,
                                                         ("Anna", "Bo")))]
    assert {p["driver"] for p in boards.PROFILES.values()} == set(boards.DRIVERS)
    for name, p in sorted(boards.PROFILES.items()):
        r, panel = page_display(p["width"], p["height"], p["address"], p["driver"])
        for screen in screens:
            r.draw(screen)
            buf = bytearray(p["width"] * p["height"] // 8)
            raster.raster(screen, p["width"], p["height"], buf)
            assert panel.rows() == raster.pixels(buf, p["width"], p["height"]), name
            assert panel.on
