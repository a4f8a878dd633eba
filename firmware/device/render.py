"""Draw a screen model (firmware/ui/screen.py) on the panel: the one rendering seam.

``PageRenderer`` draws in the panel controller's own format, pages of 8 pixel rows with a byte
per column (firmware/device/oled.py), and sends only what changed: a text line is one page, its
bytes the font's glyph columns (firmware/device/font.py) joined in C, and a change within a line
goes as the columns of the characters that changed. The chart and big rows are drawn in Python
into page bytes by firmware/device/plot.py, loaded only while one shows.

The SH1107 of the 128x64 FeatherWing (its pages run across the glass) keeps displayio's tile
grids (firmware/device/tiles.py). Both take the layout from the same pure functions
(``text_lines`` below, ``draw_chart`` in plot.py), so every path shows the same pixels, and the
host tests compare them with the reference raster (tools/sim/raster.py) pixel for pixel.

Both renderers: ``draw(screen)`` shows a screen, ``set_brightness(level)`` maps the App's
2 (on) / 1 (dimmed) / 0 (blank) to contrast and sleep.
"""

from firmware import forget
from firmware.device import font
from firmware.ui import screen as screen_model

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL_W = font.CELL_W  # the renderer draws the font's cells
CELL_H = font.CELL_H
DIM_CONTRAST = const(5)  # the contrast when dimmed (of 255)
FULL = const(0xFF)  # the mask of an inverted line that keeps all its pixel rows
ELLIPSIS = "\u2026"


def fit(text, n):
    """text cut or padded with spaces to exactly n characters (an ellipsis marks a cut)."""
    if len(text) > n:
        return text[:n - 1] + ELLIPSIS
    return text + " " * (n - len(text))


def text_lines(screen, width, height):
    """[(text, inverted)] for every text line of the display, each text exactly cols wide.

    Line 0 is the title (inverted); the rows follow, the selected one inverted.
    When the rows do not fit, the window scrolls so that the selected row shows.
    """
    n = screen_model.lines(height)
    c = screen_model.cols(width)
    out = [(fit(screen.title, c), True)]
    rows = screen.rows
    sel = screen.selected
    first = 0
    if sel >= n - 1:
        first = sel - (n - 2)
    blank = " " * c
    if screen.big:  # the rows are drawn at twice the size below the title (raster)
        rows = ()
    for i in range(first, first + n - 1):
        if i < len(rows):
            out.append((fit(rows[i], c), i == sel))
        else:
            out.append((blank, False))
    return out




def glyphs():
    """The page bytes of each ASCII code's glyph, by code (0-127): its five columns and the gap;
    codes the font lacks (controls) get the box."""
    box = glyph(font.MISSING)
    return tuple(glyph(c - 0x20) if 0x20 <= c <= 0x7E else box for c in range(128))


def glyph(g):
    """The CELL_W page bytes of glyph number g."""
    return bytes(font.column(g, x) for x in range(CELL_W))


def changed(new, old):
    """(a, b): characters a to b of new differ from those of old, two lines of one length
    (compared as UTF-8 bytes, in C where it can: per-character Python is the cost on the board)."""
    x = new.encode()
    y = old.encode()
    n = len(x)
    m = len(y)
    a = 0
    top = n if n < m else m
    while a < top and x[a] == y[a]:
        a += 1
    e = n
    f = m
    while e > a and f > a and x[e - 1] == y[f - 1]:
        e -= 1
        f -= 1
    if n == m == len(new):  # ASCII: a byte is a character
        return a, e
    while a and x[a] & 0xC0 == 0x80:  # to the characters' first bytes
        a -= 1
    while e < n and x[e] & 0xC0 == 0x80:
        e += 1
    return len(x[:a].decode()), len(new) - len(x[e:].decode())


class PageRenderer:
    """Draws screen models into the panel controller's pages (firmware/device/oled.py) and sends
    only what changed.

    Each text line is one page: its bytes are the glyphs' columns joined (the ASCII glyphs are
    bytes objects made once; others as they are met), inverted as an integer for the title and
    the selected row (a title over a selected first row keeps its bottom pixel row dark, as
    raster() does). The renderer remembers what each page shows; a line whose text changed
    sends the columns of the characters that changed, a line that changed colour the page. A
    chart or big rows are layers of page bytes drawn by firmware/device/plot.py (loaded while
    one shows), OR-ed into the lines that are not inverted; a page of them sends the columns
    where it differs from what the panel holds.
    """

    def __init__(self, oled, width, height):
        self.oled = oled
        self.width = width
        self.height = height
        self.cols = screen_model.cols(width)
        n = screen_model.lines(height)
        self.glyphs = glyphs()
        self.extra = {}  # the glyphs of characters beyond ASCII met so far, by code point
        self.tail = bytes(width - self.cols * CELL_W)  # the columns right of the last cell
        self.blank = " " * self.cols
        self.keys = [(self.blank, False, FULL, None)] * n  # (text, inverted, mask, layer) per page
        self.held = [None] * n  # the bytes of a page drawn with a layer, as the panel holds them
        self.ones = (1 << 8 * width) - 1  # a page of lit pixels, as an integer
        self.low7 = self.ones // FULL * 0x7F  # the same with the bottom pixel row dark
        self.plot = None  # firmware/device/plot.py while a chart or big rows show
        self.over = None  # the chart or big rows drawn into layers
        self.layers = None  # their page bytes, None for a page they leave dark
        self.last = None
        self.level = 2

    def draw(self, screen):
        if screen == self.last:
            return
        lines = text_lines(screen, self.width, self.height)
        layers = self._overlay(screen.chart if screen.chart is not None
                               else screen.rows if screen.big else None)
        keys = self.keys
        n = len(lines)
        for i in range(n):
            text, inv = lines[i]
            # two inverted lines in a row (the title and a selected first row) keep a dark
            # pixel row between them, so that they read as two bars
            mask = 0x7F if inv and i + 1 < n and lines[i + 1][1] else FULL
            layer = None if inv or layers is None else layers[i]
            old = keys[i]
            if old[0] == text and old[1] == inv and old[2] == mask and old[3] is layer:
                continue
            keys[i] = (text, inv, mask, layer)
            self._page(i, text, inv, mask, layer, old)
        self.last = screen

    def _page(self, page, text, inv, mask, layer, old):
        """Send what changed of page, which showed old (a key) and is to show the others."""
        same = old[1] == inv and old[2] == mask
        if layer is None and old[3] is None and same:  # the text changed: its characters
            a, b = changed(text, old[0])
            self.oled.write(page, a * CELL_W, self.line(text, inv, mask, a, b))
            return
        w = self.width
        data = self.line(text, inv, mask)
        held = self.held[page] if old[3] is not None and same else None
        self.held[page] = None
        lo = 0
        hi = w
        if layer is not None:
            if text != self.blank:
                data = (int.from_bytes(data, "big") | int.from_bytes(layer, "big")).to_bytes(w, "big")
            else:
                data = layer
            self.held[page] = data
            if held is not None:  # the columns where the page differs from the panel's
                d = (int.from_bytes(data, "big") ^ int.from_bytes(held, "big")).to_bytes(w, "big")
                lo = w - len(d.lstrip(b"\x00"))
                hi = len(d.rstrip(b"\x00"))
                if lo >= hi:
                    return
        self.oled.write(page, lo, memoryview(data)[lo:hi])

    def line(self, text, inv, mask, a=0, b=None):
        """The page bytes of characters a to b of a text line, or of the whole page (b None),
        inverted with mask for an inverted line."""
        enc = text.encode()
        g = self.glyphs
        if len(enc) != len(text):  # beyond ASCII: by character
            ex = self.extra
            parts = [g[c] if c < 128 else ex.get(c) or self._extra(c)
                     for c in map(ord, text if b is None else text[a:b])]
        elif b is None:
            parts = [g[c] for c in enc]
        else:
            parts = [g[c] for c in enc[a:b]]
        if b is None:
            parts.append(self.tail)
        data = b"".join(parts)
        if inv:
            s = 8 * (self.width - len(data))
            x = int.from_bytes(data, "big") ^ (self.ones >> s)
            if mask != FULL:
                x &= self.low7 >> s
            data = x.to_bytes(len(data), "big")
        return data

    def _extra(self, code):
        data = self.extra[code] = glyph(font.index(code))
        return data

    def _overlay(self, over):
        """The page layers of a chart or big rows (None: none, and their code can go)."""
        if over is None:
            if self.plot is not None:
                self.plot = self.over = self.layers = None
                forget("firmware.device.plot")
            return None
        if self.layers is not None and over == self.over:
            return self.layers
        if self.plot is None:
            from firmware.device import plot

            self.plot = plot
        self.layers = None
        self.layers = self.plot.layers(over, self.width, self.height)
        self.over = over
        return self.layers

    def set_brightness(self, level):
        if level == self.level:
            return
        oled = self.oled
        if level == 0:
            oled.sleep()
        else:
            oled.contrast(FULL if level == 2 else DIM_CONTRAST)  # before the glass comes on
            if self.level == 0:
                oled.wake()
        self.level = level
