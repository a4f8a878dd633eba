"""Draw a screen model (firmware/ui/screenmodel.py) on the panel: the one rendering seam.

``PageRenderer`` draws in the panel controller's own format, pages of 8 pixel rows with a byte
per column (firmware/device/oled.py), and sends only what changed: a text line is one page, its
bytes the font's glyph columns (firmware/device/font.py) stored in the adapter's page buffer,
and a change within a line goes as the columns of the characters that changed. The chart and
big rows are drawn in Python into page bytes by firmware/device/plot.py, loaded only while one
shows.

Every panel goes this way: the SH1106's offset columns and the SH1107's pages across the glass
are the adapter's (oled.py), which for the SH1107 sends whole strips of 8 columns (``grain``).
The layout comes from pure functions (``text_lines`` below, ``draw_chart`` in plot.py), and the
host tests compare the pixels with the reference raster (tools/sim/raster.py) pixel for pixel.

``draw(screen)`` shows a screen, ``set_brightness(level)`` maps the App's 2 (on) / 1 (dimmed) /
0 (blank) to contrast and sleep.
"""

import gc

from firmware import forget
from firmware.device import font
from firmware.ui import screenmodel

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL_W = font.CELL_W  # the renderer draws the font's cells
CELL_H = font.CELL_H
DIM_CONTRAST = const(5)  # the contrast when dimmed (of 255)
FULL = const(0xFF)  # the mask of an inverted line that keeps all its pixel rows
GAP = const(3)  # characters the same between two changes of a line: sent as two writes
ELLIPSIS = "\u2026"


def fit(text, n):
    """text cut or padded with spaces to exactly n characters (an ellipsis marks a cut)."""
    if len(text) > n:
        return text[:n - 1] + ELLIPSIS
    return text + " " * (n - len(text))


def screen_lines(screen, width, height):
    """[(text, inverted)] for every text line of the display, each text at most cols wide (cut
    with an ellipsis), not padded.

    Line 0 is the title (inverted); the rows follow, the selected one inverted.
    When the rows do not fit, the window scrolls so that the selected row shows.
    """
    n = screenmodel.lines(height)
    c = screenmodel.cols(width)
    title = screen.title
    out = [(title if len(title) <= c else fit(title, c), True)]
    rows = () if screen.big else screen.rows  # big rows are drawn at twice the size (plot)
    sel = screen.selected
    first = 0
    if sel >= n - 1:
        first = sel - (n - 2)
    for i in range(first, first + n - 1):
        if i < len(rows):
            row = rows[i]
            out.append((row if len(row) <= c else fit(row, c), i == sel))
        else:
            out.append(("", False))
    return out


def text_lines(screen, width, height):
    """screen_lines with every text padded with spaces to exactly cols characters."""
    c = screenmodel.cols(width)
    return [(fit(text, c), inv) for text, inv in screen_lines(screen, width, height)]


def glyph(g):
    """The CELL_W page bytes of glyph number g."""
    return bytes(font.column(g, x) for x in range(CELL_W))


def changed(new, old):
    """(a, b): characters a to b of line new differ from those of old (past a line's end it is
    blank), compared as UTF-8 bytes while it can: per-character Python is the cost on the board."""
    x = new.encode()
    y = old.encode()
    n = len(x)
    m = len(y)
    a = 0
    top = n if n < m else m
    while a < top and x[a] == y[a]:
        a += 1
    e = n
    if len(new) == len(old):  # as many characters: their ends line up
        f = m
        while e > a and f > a and x[e - 1] == y[f - 1]:
            e -= 1
            f -= 1
    if n != len(new) or m != len(old):  # beyond ASCII: to the characters' first bytes, in characters
        while 0 < a < n and x[a] & 0xC0 == 0x80:
            a -= 1
        while e < n and x[e] & 0xC0 == 0x80:
            e += 1
        a = len(x[:a].decode())
        e = len(new) - len(x[e:].decode())
    if len(new) != len(old):
        e = len(new) if len(new) > len(old) else len(old)
    return a, e


def split(new, old, a, b):
    """(c, d): the longest run of characters c to d within a to b that two ASCII lines of one
    length have the same, when it is GAP or more (a write more costs about three characters'
    bytes); else None."""
    if b - a <= GAP or len(new) != len(old):
        return None
    x = new.encode()
    y = old.encode()
    if len(x) != len(new) or len(y) != len(old):
        return None
    best = 0
    end = 0
    run = 0
    for i in range(a, b):
        if x[i] == y[i]:
            run += 1
            if run > best:
                best = run
                end = i + 1
        else:
            run = 0
    return (end - best, end) if best >= GAP else None


class PageRenderer:
    """Draws screen models into the panel controller's pages (firmware/device/oled.py) and sends
    only what changed.

    Each text line is one page, built in place in the panel adapter's page buffer (``oled.buf``)
    and sent from there: the glyphs' columns stored a character at a time (from one table of
    the ASCII glyphs made once, others as they are met), inverted in place for the title and the
    selected row (an inverted line keeps its bottom pixel row dark, as the reference raster does,
    so that what is drawn right under it reads apart from it: a selected row, the marks of a
    capital Ö in the top row of the line below, big rows). The renderer remembers what each page
    shows: a line whose text changed sends the columns of the characters that changed, a line
    that changed colour the page. A chart or big
    rows are layers of page bytes drawn by firmware/device/plot.py (loaded while one shows),
    OR-ed into the lines that are not inverted; a page of them sends the columns where it
    differs from what the panel holds.

    A draw holds automatic collection off: what it allocates (a few hundred bytes for text,
    some KB for a chart), and what the press's handling left, is collected by code.py right
    after the frame is sent (``gc.collect()`` after every draw) instead of in the middle of it,
    where at the game's heap it took some 20 ms. Should the heap run out all the same, the
    draw collects and goes on. (Asking the heap for its free room first took 6 ms: a walk of
    the whole heap.)
    """

    def __init__(self, oled, width, height):
        self.oled = oled
        self.grain = oled.grain  # columns the panel takes together (oled.py)
        self.width = width
        self.height = height
        self.cols = screenmodel.cols(width)
        n = screenmodel.lines(height)
        self.glyphs = memoryview(font.ASCII)  # a cell of page bytes per code 0..127
        self.extra = {}  # the glyphs of characters beyond ASCII met so far, by code point
        self.tail = bytes(width - self.cols * CELL_W)  # the columns right of the last cell
        self.keys = [("", False, FULL, None)] * n  # (text, inverted, mask, layer) per page
        self.held = [None] * n  # type: list  # a page drawn with a layer: its bytes, as the panel holds them
        self.plot = None  # firmware/device/plot.py while a chart or big rows show
        self.over = None  # the chart or big rows drawn into layers
        self.layers = None  # their page bytes, None for a page they leave dark
        self.ready = None  # (a chart, its layers) drawn ahead (``ahead``) for the next draw
        self.last = None
        self.level = 2

    def draw(self, screen):
        if screen == self.last:
            return
        held = gc.isenabled() and hasattr(gc, "mem_free")  # (not CPython's collector)
        if held:
            gc.disable()
        try:
            self._draw(screen)
        except MemoryError:
            if not held:
                raise
            gc.enable()
            gc.collect()
            self._draw(screen)
        finally:
            if held:
                gc.enable()

    def _draw(self, screen):
        lines = screen_lines(screen, self.width, self.height)
        layers = self._overlay(screen.chart if screen.chart is not None
                               else screen.rows if screen.big else None)
        keys = self.keys
        n = len(lines)
        for i in range(n):
            text, inv = lines[i]
            # an inverted line keeps its bottom pixel row dark: what is lit in the top row of the
            # line below (a selected row's bar, the dots of an Ö, a big row's) does not merge with it
            mask = 0x7F if inv else FULL
            layer = None if inv or layers is None else layers[i]
            old = keys[i]
            if old[0] == text and old[1] == inv and old[2] == mask and old[3] is layer:
                continue
            self._page(i, text, inv, mask, layer, old)
            keys[i] = (text, inv, mask, layer)  # (once sent: a draw cut short is drawn again)
        self.oled.flush()  # (the SH1107 writes its strips now, the lines' together)
        self.last = screen

    def _page(self, page, text, inv, mask, layer, old):
        """Send what changed of page, which showed old (a key) and is to show the others."""
        same = old[1] == inv and old[2] == mask
        if layer is None and old[3] is None and same:  # the text changed: its characters
            a, b = changed(text, old[0])
            m = split(text, old[0], a, b)
            if m:  # two changes apart (a score and a mark): two writes, not the run between
                self.chars(page, text, inv, mask, a, m[0])
                a = m[1]
            self.chars(page, text, inv, mask, a, b)
            return
        w = self.width
        self.line(text, inv, mask, 0, self.cols)
        held = self.held[page] if old[3] is not None and same else None
        self.held[page] = None
        if layer is None:
            self.oled.send(page, 0, w)
            return
        buf = self.oled.buf
        if text:  # the line's letters with the layer's pixels
            lit = int.from_bytes(memoryview(buf)[1:w + 1], "big") | int.from_bytes(layer, "big")
            data = lit.to_bytes(w, "big")
        else:
            data = layer
        buf[1:w + 1] = data
        self.held[page] = data
        lo = 0
        hi = w
        if held is not None:  # the columns where the page differs from the panel's
            d = (int.from_bytes(data, "big") ^ int.from_bytes(held, "big")).to_bytes(w, "big")
            lo = w - len(d.lstrip(b"\x00"))
            hi = len(d.rstrip(b"\x00"))
        if lo < hi:
            self.oled.send(page, lo, hi)

    def chars(self, page, text, inv, mask, a, b):
        """Characters a to b of a text line to the panel. A panel that takes its columns in
        groups (the SH1107's strips of 8: ``grain``) gets the whole groups around them, the
        characters over those columns drawn into the buffer."""
        lo = a * CELL_W
        hi = b * CELL_W
        g = self.grain
        if g > 1:
            lo -= lo % g
            hi = min(self.width, hi + (-hi) % g)
            a = lo // CELL_W
            b = min(self.cols, (hi + CELL_W - 1) // CELL_W)
        self.line(text, inv, mask, a, b)
        self.oled.send(page, lo, hi)

    def line(self, text, inv, mask, a, b):
        """Characters a to b of a text line (blank past its end; its last columns with them when
        b is the line's end) into the page buffer, inverted with mask for an inverted line."""
        buf = self.oled.buf
        g = self.glyphs
        k = 1 + a * CELL_W
        e = len(text) if len(text) < b else b
        if a < e:
            enc = text.encode()
            if len(enc) == len(text):  # ASCII: a byte is a character
                for c in enc[a:e]:
                    c *= CELL_W
                    buf[k:k + CELL_W] = g[c:c + CELL_W]
                    k += CELL_W
            else:  # UTF-8's bytes, not the characters (a str's each a new object: 2 ms a line, not 0.8)
                ex = self.extra
                code = 0
                more = 0  # continuation bytes still to come of a character beyond ASCII
                for c in text[a:e].encode():
                    if c < 0x80:
                        c *= CELL_W
                        buf[k:k + CELL_W] = g[c:c + CELL_W]
                        k += CELL_W
                    elif c >= 0xC0:  # the first byte of two, three or four
                        more = 1 if c < 0xE0 else 2 if c < 0xF0 else 3
                        code = c & (0x3F >> more)
                    else:
                        code = code << 6 | c & 0x3F
                        more -= 1
                        if not more:
                            buf[k:k + CELL_W] = ex.get(code) or self._extra(code)
                            k += CELL_W
        end = 1 + b * CELL_W + (len(self.tail) if b == self.cols else 0)
        if k < end:  # the cells past the text (the space glyph is blank) and the columns past the last
            buf[k:end] = bytes(end - k)
        if inv:  # (the whole run as one integer: a Python loop over its bytes took 1.4 ms a line)
            start = 1 + a * CELL_W
            n = end - start
            lit = int.from_bytes(memoryview(buf)[start:end], "big") ^ ((1 << 8 * n) - 1)
            if mask != FULL:
                lit &= int.from_bytes(bytes((mask,)) * n, "big")
            buf[start:end] = lit.to_bytes(n, "big")

    def _extra(self, code):
        data = self.extra[code] = glyph(font.index(code))
        return data

    def _overlay(self, over):
        """The page layers of a chart or big rows (None: none, and their code can go)."""
        ready, self.ready = self.ready, None
        if over is None:
            if self.plot is not None:
                self.plot = self.over = self.layers = None
                forget("firmware.device.plot")
            return None
        if self.layers is not None and over == self.over:
            return self.layers
        if ready is not None and over == ready[0]:
            self.over, self.layers = ready
            return self.layers
        if self.plot is None:  # (an import cut short by the heap leaves no module behind)
            from firmware.device import plot

            self.plot = plot
        self.layers = None
        self.layers = self.plot.layers(over, self.width, self.height)
        self.over = over
        return self.layers

    def ahead(self, chart):
        """A chart (a screenmodel.Chart) may show next (a key that opens it is held): load its
        drawing code now and draw its page bytes, not in that press's draw (the import takes 30 ms
        on a Pico, the drawing 30). The next draw without a chart lets them go again."""
        if self.plot is None:
            try:
                from firmware.device import plot
            except MemoryError:  # the draw loads it as before
                return
            self.plot = plot
        if chart != self.over:
            self.ready = (chart, self.plot.layers(chart, self.width, self.height))

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
