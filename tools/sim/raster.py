"""The reference raster (host only): a screen model into an SSD1306 page buffer, a pixel at a time.

``raster()`` plots every pixel through one ``plot(x, y)``, the plainest statement of what a
screen looks like: the title and the selected row inverted (their bottom pixel row dark), the
chart (the layout of firmware/device/plot.py, lines as CircuitPython's ``bitmaptools.draw_line``
draws them) and big rows over the lines that are not inverted. The
tests hold firmware/device/render.py's ``PageRenderer`` (page bytes built with byte operations)
to it on every panel.
"""

from firmware.device import font
from firmware.device.plot import BIG_TALL, BIG_TOP, draw_chart, draw_marker
from firmware.device.render import CELL_H, CELL_W, text_lines
from firmware.ui import screenmodel


def draw_text(text, x, y, plot):
    """Plot the lit pixels of text with its top-left corner at (x, y)."""
    for ch in text:
        g = font.index(ord(ch))
        for cx in range(font.GLYPH_W):
            col = font.column(g, cx)
            row = 0
            while col:
                if col & 1:
                    plot(x + cx, y + row)
                col >>= 1
                row += 1
        x += CELL_W


def draw_line(x0, y0, x1, y1, plot):
    """Plot a line as CircuitPython's ``bitmaptools.draw_line`` draws it (firmware/device/plot.py
    writes the same algorithm out in page bytes)."""
    if x0 == x1 or y0 == y1:  # straight: a run of pixels
        if x0 > x1:
            x0, x1 = x1, x0
        if y0 > y1:
            y0, y1 = y1, y0
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                plot(x, y)
        return
    steep = abs(y1 - y0) > abs(x1 - x0)
    if steep:
        x0, y0, x1, y1 = y0, x0, y1, x1
    if x0 > x1:
        x0, x1, y0, y1 = x1, x0, y1, y0
    dx = x1 - x0
    dy = abs(y1 - y0)
    err = dx // 2
    step = 1 if y0 < y1 else -1
    for x in range(x0, x1 + 1):
        if steep:
            plot(y0, x)
        else:
            plot(x, y0)
        err -= dy
        if err < 0:
            y0 += step
            err += dx


class Plot:
    """The chart's pen for the pure raster: every pixel through plot(x, y)."""

    def __init__(self, plot):
        self.plot = plot

    def dots(self, x0, x1, y):
        """Every third pixel of row y from x0 to x1: the dotted zero line."""
        for x in range(x0, x1 + 1, 3):
            self.plot(x, y)

    def line(self, x0, y0, x1, y1):
        draw_line(x0, y0, x1, y1, self.plot)

    def lines(self, xs, ys):
        for i in range(1, len(ys)):
            draw_line(xs[i - 1], ys[i - 1], xs[i], ys[i], self.plot)

    def marker(self, style, x, y):
        draw_marker(style, x, y, self.plot)

    def text(self, text, x, y):
        draw_text(text, x, y, self.plot)


def raster(screen, width, height, buf, offset=0):
    """Draw screen into buf, an SSD1306 page buffer (MONO_VLSB, width*height//8 bytes at offset)."""
    lines = text_lines(screen, width, height)
    inverted = []
    for line, (text, inv) in enumerate(lines):
        base = offset + line * width
        # an inverted line keeps its bottom pixel row dark (firmware/device/render.py)
        mask = 0x7F if inv else 0xFF
        x = 0
        for ch in text:
            g = font.index(ord(ch))
            for cx in range(CELL_W):
                b = font.column(g, cx)
                buf[base + x] = (b ^ 0xFF) & mask if inv else b
                x += 1
        fill = mask if inv else 0
        while x < width:
            buf[base + x] = fill
            x += 1
        inverted.append(inv)
    if screen.chart is not None or screen.big:

        def plot(x, y):
            if 0 <= x < width and 0 <= y < height and not inverted[y >> 3]:
                buf[offset + (y >> 3) * width + x] |= 1 << (y & 7)

        if screen.chart is not None:
            draw_chart(screen.chart, width, height, Plot(plot))
        if screen.big:
            draw_big_rows(screen.rows, width, height, plot)


def draw_big_rows(rows, width, height, plot):
    """The rows at twice the width and almost twice the height below the title, as many as fit
    (plot.BIG_TOP, BIG_TALL)."""
    n = screenmodel.big_lines(height)
    c = screenmodel.big_cols(width)
    big = screenmodel.BIG

    for i in range(min(n, len(rows))):
        top = CELL_H + i * screenmodel.BIG_PITCH

        def plot2(x, y, top=top):
            y0 = top + BIG_TOP[y]
            for dy in range(BIG_TALL[y]):
                for dx in range(big):
                    plot(x * big + dx, y0 + dy)

        draw_text(rows[i][:c], 0, 0, plot2)


def pixels(buf, width, height, offset=0):
    """The page buffer as rows of 0/1 (host tools and tests)."""
    return [[(buf[offset + (y >> 3) * width + x] >> (y & 7)) & 1 for x in range(width)]
            for y in range(height)]
