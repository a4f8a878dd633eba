"""Draw a screen model (firmware/ui/screen.py) on an SSD1306: the one rendering seam.

``Renderer`` draws through displayio (device and host simulator) into one
1-bit Bitmap the size of the display, in the 6x8 font of firmware/device/font.py.
``FramebufRenderer`` draws the same pixels into the page buffer of the framebuf driver ``adafruit_ssd1306`` for builds
without displayio. Both take the layout from the pure functions below
(``text_lines``, ``draw_chart``, ``raster``), so every path shows the same
letters, and host tests compare them pixel for pixel.

Both renderers: ``draw(screen)`` shows a screen, ``set_brightness(level)``
maps the App's 2 (on) / 1 (dimmed) / 0 (blank) to contrast and sleep.
"""

from firmware.device import font
from firmware.ui import screen as screen_model

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL_W = font.CELL_W  # the renderer draws the font's cells
CELL_H = font.CELL_H
DIM = 0.02  # displayio brightness when dimmed (SSD1306 contrast 5 of 255)
DIM_CONTRAST = const(5)
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
    """Bresenham: the same pixels whichever renderer plots them."""
    dx = abs(x1 - x0)
    dy = -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    while True:
        plot(x0, y0)
        if x0 == x1 and y0 == y1:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


# One 3x3 marker per player (bit 8 is the top-left pixel, row by row): filled square,
# plus, cross, hollow square, diamond, triangle, bar. Drawn on the points of the line
# and beside its label, so lines that look alike or lie on each other stay apart.
MARKERS = (0x1FF, 0x0BA, 0x155, 0x1EF, 0x0AA, 0x0BF, 0x092)
MARK_GAP = 5  # fewest pixels between two markers of one line


def draw_marker(style, x, y, plot):
    """Plot marker style centred on (x, y)."""
    bits = MARKERS[style % len(MARKERS)]
    for k in range(9):
        if bits >> (8 - k) & 1:
            plot(x - 1 + k % 3, y - 1 + k // 3)


def chart_geometry(chart, width, height):
    """(left, top, right, bottom, lo, hi) of the plot area below the title; the labels
    (a marker and a name) sit right of it."""
    mark_w = 0
    for m in chart.marks:
        if len(m) * CELL_W > mark_w:
            mark_w = len(m) * CELL_W
    right = width - 1 - (mark_w + 12 if chart.marks else 1)
    lo = chart.lo
    hi = chart.hi if chart.hi > chart.lo else chart.lo + 1
    return 1, CELL_H + 2, right, height - 2, lo, hi


def draw_chart(chart, width, height, plot):
    """Plot the chart below the title: a dotted zero line, one line per player with its
    marker on the points, and at each line's end a connector to its label."""
    left, top, right, bottom, lo, hi = chart_geometry(chart, width, height)
    span = hi - lo

    def ypos(v):
        y = bottom - ((v - lo) * (bottom - top) + span // 2) // span
        return top if y < top else bottom if y > bottom else y

    if lo < 0 < hi:
        y0 = ypos(0)
        for x in range(left, right + 1, 3):
            plot(x, y0)
    n = 0
    for s in chart.series:
        if len(s) > n:
            n = len(s)

    def xpos(i):
        return left + (i * (right - left) // (n - 1) if n > 1 else 0)

    every = 1
    while n > 1 and every < n and (xpos(every) - xpos(0)) < MARK_GAP:
        every += 1
    ends = []
    for k, s in enumerate(chart.series):
        if not s:
            continue
        style = chart.styles[k] if k < len(chart.styles) else k
        px = xpos(0)
        py = ypos(s[0])
        for i in range(1, len(s)):
            x = xpos(i)
            y = ypos(s[i])
            draw_line(px, py, x, y, plot)
            px = x
            py = y
        last = len(s) - 1
        for i in range(last, -1, -every):
            # players on the same score at a point: their markers side by side
            same = 0
            for j in range(k):
                if i < len(chart.series[j]) and chart.series[j][i] == s[i]:
                    same += 1
            x = xpos(i) - 4 * same if i == last else xpos(i) + 4 * same
            if x < left:
                x = xpos(i) + 4 * same
            draw_marker(style, x if x <= right else right, ypos(s[i]), plot)
        if k < len(chart.marks):
            ends.append([py - CELL_H // 2, chart.marks[k], style, py])
    # Labels right of the plot, pushed apart so that they do not overlap, each joined
    # to its line's end by a short connector.
    ends.sort()
    low = CELL_H  # labels may use the line just below the title: 7 fit on 128x64
    for e in ends:
        if e[0] < low:
            e[0] = low
        low = e[0] + CELL_H
    high = height - CELL_H
    for e in reversed(ends):
        if e[0] > high:
            e[0] = high
        high = e[0] - CELL_H
        if e[0] < CELL_H:  # more labels than lines: they overlap rather than leave the chart
            e[0] = CELL_H
    x = xpos(n - 1) if n else left
    for y, text, style, py in ends:
        mid = y + CELL_H // 2 - 1
        draw_line(x + 2, py, right + 5, mid, plot)
        draw_marker(style, right + 7, mid, plot)
        draw_text(text, right + 10, y, plot)


def raster(screen, width, height, buf, offset=0):
    """Draw screen into buf, an SSD1306 page buffer (MONO_VLSB, width*height//8 bytes at offset)."""
    lines = text_lines(screen, width, height)
    inverted = []
    for line, (text, inv) in enumerate(lines):
        base = offset + line * width
        # two inverted lines in a row (the title and a selected first row) keep a dark
        # pixel row between them, so that they read as two bars
        mask = 0x7F if inv and line + 1 < len(lines) and lines[line + 1][1] else 0xFF
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
            draw_chart(screen.chart, width, height, plot)
        if screen.big:
            draw_big_rows(screen.rows, width, height, plot)


# Where each of a glyph's 8 rows lands in a big row, and how tall it is drawn: twice the
# size, but the middle row once, so that a letter is 13 pixels and a dark pixel row parts
# the big rows (14 apart: four fit under the title on 128x64); a descender takes that row.
BIG_TOP = (0, 2, 4, 6, 7, 9, 11, 13)
BIG_TALL = (2, 2, 2, 1, 2, 2, 2, 1)


def draw_big_rows(rows, width, height, plot):
    """The rows at twice the width and almost twice the height below the title, as many as fit."""
    n = screen_model.big_lines(height)
    c = screen_model.big_cols(width)
    big = screen_model.BIG

    for i in range(min(n, len(rows))):
        top = CELL_H + i * screen_model.BIG_PITCH

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


class FramebufRenderer:
    """Draws into an ``adafruit_ssd1306`` display (framebuf driver) and shows it."""

    def __init__(self, oled, width, height):
        self.oled = oled
        self.width = width
        self.height = height
        size = width * height // 8
        buf = getattr(oled, "buffer", None)
        if buf is None:
            raise ValueError("display driver has no page buffer")
        # The I2C driver keeps a 0x40 control byte in front of the pixels.
        self.buf = buf
        self.offset = len(buf) - size
        self.last = None
        self.level = 2

    def draw(self, screen):
        if screen == self.last:
            return
        raster(screen, self.width, self.height, self.buf, self.offset)
        self.oled.show()
        self.last = screen

    def set_brightness(self, level):
        if level == self.level:
            return
        if level == 0:
            self.oled.poweroff()
        else:
            if self.level == 0:
                self.oled.poweron()
            self.oled.contrast(0xFF if level == 2 else DIM_CONTRAST)
        self.level = level


class Renderer:
    """Draws screen models through displayio: one 1-bit Bitmap the size of the display.

    ``raster()`` lays the screen out into an SSD1306 page image (the same
    pixels as the framebuf path); the bytes that differ from what the bitmap
    shows are copied into it, pixel by pixel, and the display refreshes. One
    Bitmap, one Palette, one TileGrid and two page images (about 3 KB in all)
    are all it holds: no font object, no label per line, no library.
    """

    WHITE = 0xFFFFFF
    BLACK = 0x000000

    def __init__(self, display, width, height):
        import displayio

        self.display = display
        self.width = width
        self.height = height
        self.bitmap = displayio.Bitmap(width, height, 2)
        palette = displayio.Palette(2)
        palette[0] = self.BLACK
        palette[1] = self.WHITE
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.shown = bytearray(width * height // 8)  # the page image the bitmap holds
        self.next = bytearray(width * height // 8)
        self.last = None
        self.level = 2
        self.auto = getattr(display, "auto_refresh", False)
        if self.auto:
            display.auto_refresh = False
        display.root_group = self.group

    def draw(self, screen):
        if screen == self.last:
            return
        new = self.next
        raster(screen, self.width, self.height, new)
        old = self.shown
        bitmap = self.bitmap
        w = self.width
        for i in range(len(new)):
            b = new[i]
            d = b ^ old[i]  # the pixels of this column of 8 that change
            if d:
                x = i % w
                y = (i // w) * 8
                while d:
                    if d & 1:
                        bitmap[x, y] = b & 1
                    d >>= 1
                    b >>= 1
                    y += 1
        self.shown = new
        self.next = old
        self.display.refresh()
        self.last = screen

    def set_brightness(self, level):
        if level == self.level:
            return
        display = self.display
        if level == 0:
            if hasattr(display, "sleep"):
                display.sleep()
            else:
                display.brightness = 0
        else:
            if self.level == 0 and hasattr(display, "wake"):
                display.wake()
            display.brightness = 1.0 if level == 2 else DIM
        self.level = level
