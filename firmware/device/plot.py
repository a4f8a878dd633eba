"""The chart and big rows, drawn on the screens that show them (the renderers load this module
for them and let it go after): the layout (``draw_chart``, pure, with a pen every renderer
gives) and ``PagePen``, which draws it straight into the panel's page bytes (``layers``).

The pixels are those of the reference raster (tools/sim/raster.py: a plot per pixel): lines are
CircuitPython's ``bitmaptools.draw_line``'s algorithm, written out with its byte operations
inline; markers and letters are columns of bits OR-ed in with a shift, big rows each glyph
column spread to its 13 rows, written twice.
"""

from firmware.device import font
from firmware.ui import screenmodel

CELL_W = font.CELL_W
CELL_H = font.CELL_H


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


def draw_chart(chart, width, height, pen):
    """Draw the chart below the title with pen (``PagePen``, the reference raster's ``Plot``): a
    dotted zero line, one line per player with its marker on the points, and at each line's end
    a connector to its label."""
    left, top, right, bottom, lo, hi = chart_geometry(chart, width, height)
    span = hi - lo
    rows = bottom - top
    half = span // 2

    def ypos(v):
        y = bottom - ((v - lo) * rows + half) // span
        return top if y < top else bottom if y > bottom else y

    if lo < 0 < hi:
        pen.dots(left, right, ypos(0))
    series = chart.series
    n = 0
    for s in series:
        if len(s) > n:
            n = len(s)
    xs = [left + (i * (right - left) // (n - 1) if n > 1 else 0) for i in range(n)]
    every = 1
    while n > 1 and every < n and (xs[every] - xs[0]) < MARK_GAP:
        every += 1
    ends = []
    for k in range(len(series)):
        s = series[k]
        if not s:
            continue
        style = chart.styles[k] if k < len(chart.styles) else k
        ys = [ypos(v) for v in s]
        pen.lines(xs, ys)
        last = len(s) - 1
        for i in range(last, -1, -every):
            # players on the same score at a point: their markers side by side
            same = 0
            v = s[i]
            for j in range(k):
                if i < len(series[j]) and series[j][i] == v:
                    same += 1
            x = xs[i] - 4 * same if i == last else xs[i] + 4 * same
            if x < left:
                x = xs[i] + 4 * same
            pen.marker(style, x if x <= right else right, ys[i])
        py = ys[last]
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
    x = xs[n - 1] if n else left
    for y, text, style, py in ends:
        mid = y + CELL_H // 2 - 1
        pen.line(x + 2, py, right + 5, mid)
        pen.marker(style, right + 7, mid)
        pen.text(text, right + 10, y)


# Where each of a glyph's 8 rows lands in a big row, and how tall it is drawn: twice the
# size, but the middle row once, so that a letter is 13 pixels and a dark pixel row parts
# the big rows (14 apart: four fit under the title on 128x64); a descender takes that row.
BIG_TOP = (0, 2, 4, 6, 7, 9, 11, 13)
BIG_TALL = (2, 2, 2, 1, 2, 2, 2, 1)


def _spread(nibble, shift):
    """The big rows' column of bits for four of a glyph column's rows (shift 0: rows 0-3, 4: 4-7)."""
    v = 0
    for k in range(4):
        if nibble >> k & 1:
            v |= ((1 << BIG_TALL[shift + k]) - 1) << BIG_TOP[shift + k]
    return v


SPREAD_LO = tuple(_spread(n, 0) for n in range(16))  # by a column's low nibble
SPREAD_HI = tuple(_spread(n, 4) for n in range(16))  # by its high nibble


def _marker_columns(bits):
    """A marker's three columns of three bits (bit 0 the top row)."""
    cols = [0, 0, 0]
    for k in range(9):
        if bits >> (8 - k) & 1:
            cols[k % 3] |= 1 << (k // 3)
    return tuple(cols)


MARKER_COLUMNS = tuple(_marker_columns(b) for b in MARKERS)


def layers(over, width, height):
    """The chart (a Chart) or big rows (a tuple of texts) as page bytes: a list with, per page,
    its bytes (width of them), or None where the page stays dark."""
    pen = PagePen(width, height)
    if isinstance(over, tuple):
        pen.big_rows(over)
    else:
        draw_chart(over, width, height, pen)
    return pen.pages()


class PagePen:
    """The chart's pen for the page renderer: pixels into a buffer of pages (a byte per column
    of eight rows, bit 0 the top one), clipped to the panel.

    Python is slow per pixel on the board (about 30 us for a plot with its checks), so a line
    inside the panel is drawn without them: a steep one as runs of rows, one column's bits
    OR-ed at a time, a shallow one a bit per column with its byte followed as it goes;
    markers and letters are columns of bits shifted into one or two pages."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.buf = bytearray(width * (height >> 3))

    def pages(self):
        w = self.width
        buf = self.buf
        dark = bytes(w)
        out = []
        for p in range(self.height >> 3):
            page = buf[p * w:p * w + w]
            out.append(page if page != dark else None)
        return out

    def column(self, x, y, bits):
        """OR bits into column x, bit 0 at row y (clipped)."""
        w = self.width
        if x < 0 or x >= w or not bits:
            return
        if y < 0:
            bits >>= -y
            y = 0
        i = (y >> 3) * w + x
        bits <<= y & 7
        buf = self.buf
        end = len(buf)
        while bits and i < end:
            buf[i] |= bits & 0xFF
            bits >>= 8
            i += w

    def dots(self, x0, x1, y):
        """Every third pixel of row y from x0 to x1: the dotted zero line."""
        if 0 <= y < self.height:
            w = self.width
            buf = self.buf
            i = (y >> 3) * w
            bit = 1 << (y & 7)
            for x in range(x0 if x0 >= 0 else x0 % 3, x1 + 1 if x1 < w else w, 3):
                buf[i + x] |= bit

    def lines(self, xs, ys):
        """The polyline through (xs[i], ys[i]) for every i of ys."""
        for i in range(1, len(ys)):
            self.line(xs[i - 1], ys[i - 1], xs[i], ys[i])

    def line(self, x0, y0, x1, y1):
        """A line as CircuitPython's ``bitmaptools.draw_line`` draws it."""
        w = self.width
        h = self.height
        buf = self.buf
        if x0 == x1:  # straight down: one column of bits
            if y0 > y1:
                y0, y1 = y1, y0
            self.column(x0, y0, (2 << (y1 - y0)) - 1)
            return
        if y0 == y1:  # straight across: one bit of a run of columns
            if not 0 <= y0 < h:
                return
            if x0 > x1:
                x0, x1 = x1, x0
            i = (y0 >> 3) * w
            bit = 1 << (y0 & 7)
            for x in range(x0 if x0 > 0 else 0, x1 + 1 if x1 < w else w):
                buf[i + x] |= bit
            return
        # Bresenham's error steps, a run at a time: from an error e the line keeps to its column
        # (steep) or row (shallow) for e // d + 1 pixels, d the other axis's length; a run
        # reaching out of the panel is clipped (column() for a steep one).
        if abs(y1 - y0) > abs(x1 - x0):  # steep: a run of rows in each column, its bits at once
            if y0 > y1:
                x0, x1, y0, y1 = x1, x0, y1, y0
            dy = y1 - y0
            dx = abs(x1 - x0)
            step = 1 if x0 < x1 else -1
            e = dy // 2
            x = x0
            y = y0
            while y <= y1:
                k = e // dx + 1
                if y + k > y1:
                    k = y1 + 1 - y
                if 0 <= x < w and y >= 0 and y + k <= h:
                    v = ((1 << k) - 1) << (y & 7)
                    i = (y >> 3) * w + x
                    while v:
                        buf[i] |= v & 0xFF
                        v >>= 8
                        i += w
                else:
                    self.column(x, y, (1 << k) - 1)
                e += dy - k * dx
                x += step
                y += k
            return
        if x0 > x1:  # shallow: a run of columns in each row
            x0, x1, y0, y1 = x1, x0, y1, y0
        dx = x1 - x0
        dy = abs(y1 - y0)
        step = 1 if y0 < y1 else -1
        e = dx // 2
        x = x0
        y = y0
        while x <= x1:
            k = e // dy + 1
            end = x + k if x + k <= x1 else x1 + 1
            if 0 <= y < h:
                i = (y >> 3) * w
                bit = 1 << (y & 7)
                for c in range(i + (x if x > 0 else 0), i + (end if end < w else w)):
                    buf[c] |= bit
            e += dx - (end - x) * dy
            x = end
            y += step

    def marker(self, style, x, y):
        a, b, c = MARKER_COLUMNS[style % len(MARKER_COLUMNS)]
        w = self.width
        if 1 <= x < w - 1 and 1 <= y < self.height - 1:  # inside: three columns, one or two pages
            y -= 1
            s = y & 7
            i = (y >> 3) * w + x - 1
            buf = self.buf
            a <<= s
            b <<= s
            c <<= s
            buf[i] |= a & 0xFF
            buf[i + 1] |= b & 0xFF
            buf[i + 2] |= c & 0xFF
            if s > 5:
                i += w
                buf[i] |= a >> 8
                buf[i + 1] |= b >> 8
                buf[i + 2] |= c >> 8
            return
        self.column(x - 1, y - 1, a)
        self.column(x, y - 1, b)
        self.column(x + 1, y - 1, c)

    def text(self, text, x, y):
        w = self.width
        if x < 0 or x + len(text) * CELL_W > w or y < 0 or y + CELL_H > self.height:
            for ch in text:  # reaching out of the panel: column by column, clipped
                data, at = _glyph(font.index(ord(ch)))
                for cx in range(font.GLYPH_W):
                    self.column(x + cx, y, data[at + cx])
                x += CELL_W
            return
        buf = self.buf
        s = y & 7
        i = (y >> 3) * w + x
        for ch in text:
            data, at = _glyph(font.index(ord(ch)))
            for cx in range(at, at + font.GLYPH_W):
                v = data[cx] << s
                buf[i] |= v & 0xFF
                if v > 0xFF:
                    buf[i + w] |= v >> 8
                i += 1
            i += CELL_W - font.GLYPH_W

    def big_rows(self, rows):
        """Rows at twice the width, almost twice the height (BIG_TOP, BIG_TALL) below the title:
        each glyph column spread to its rows, written into two columns side by side."""
        w = self.width
        buf = self.buf
        end = len(buf)
        c = screenmodel.big_cols(w)
        big = screenmodel.BIG
        for r in range(min(screenmodel.big_lines(self.height), len(rows))):
            top = CELL_H + r * screenmodel.BIG_PITCH
            s = top & 7
            x = (top >> 3) * w
            for ch in rows[r][:c]:
                data, at = _glyph(font.index(ord(ch)))
                for cx in range(at, at + font.GLYPH_W):
                    col = data[cx]
                    if col:
                        v = (SPREAD_LO[col & 15] | SPREAD_HI[col >> 4]) << s
                        i = x
                        while v and i < end:
                            buf[i] |= v & 0xFF
                            buf[i + 1] |= v & 0xFF
                            v >>= 8
                            i += w
                    x += big
                x += (CELL_W - font.GLYPH_W) * big


def _glyph(g):
    """(table, offset) of glyph number g's five column bytes in the font."""
    if g < font.N_ASCII:
        return font.ASCII, (g + 0x20) * CELL_W
    return font.EXTRA_DATA, (g - font.N_ASCII) * font.GLYPH_W
