"""The chart and big rows, drawn on the screens that show them (firmware/device/render.py
loads this module for them and lets it go after): the layout (``draw_chart``, as pure
functions every renderer shares) and ``BitmapPen``, which draws it in C with ``bitmaptools``.
"""

from firmware.device import font
from firmware.ui import screen as screen_model

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
    """Draw the chart below the title with pen (raster's ``Plot``, or ``BitmapPen``):
    a dotted zero line, one line per player with its marker on the points, and at each
    line's end a connector to its label."""
    left, top, right, bottom, lo, hi = chart_geometry(chart, width, height)
    span = hi - lo

    def ypos(v):
        y = bottom - ((v - lo) * (bottom - top) + span // 2) // span
        return top if y < top else bottom if y > bottom else y

    if lo < 0 < hi:
        pen.dots(left, right, ypos(0))
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
            pen.line(px, py, x, y)
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
            pen.marker(style, x if x <= right else right, ypos(s[i]))
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
        pen.line(x + 2, py, right + 5, mid)
        pen.marker(style, right + 7, mid)
        pen.text(text, right + 10, y)


# Where each of a glyph's 8 rows lands in a big row, and how tall it is drawn: twice the
# size, but the middle row once, so that a letter is 13 pixels and a dark pixel row parts
# the big rows (14 apart: four fit under the title on 128x64); a descender takes that row.
BIG_TOP = (0, 2, 4, 6, 7, 9, 11, 13)
BIG_TALL = (2, 2, 2, 1, 2, 2, 2, 1)


class BitmapPen:
    """The chart's pen for displayio: ``bitmaptools`` draws into the canvas, in C.

    The canvas starts ``top`` pixels down the display. Markers and label letters
    are blits from small sheets, skipping their dark pixels so that they add to
    what is drawn, as plotting does; C clips what falls outside the canvas."""

    def __init__(self, canvas, sheet, tools, top):
        import displayio

        self.canvas = canvas
        self.top = top
        self.sheet = sheet
        self.tools = tools
        n = len(MARKERS)
        self.markers = displayio.Bitmap(3 * n, 3, 2)
        for style in range(n):
            draw_marker(style, 3 * style + 1, 1, self._mark)
        self.dotted = displayio.Bitmap(canvas.width, 1, 2)
        for x in range(0, canvas.width, 3):
            self.dotted[x, 0] = 1

    def _mark(self, x, y):
        self.markers[x, y] = 1

    def dots(self, x0, x1, y):
        self.tools.blit(self.canvas, self.dotted, x0, y - self.top, x2=x1 - x0 + 1,
                        skip_source_index=0)

    def line(self, x0, y0, x1, y1):
        self.tools.draw_line(self.canvas, x0, y0 - self.top, x1, y1 - self.top, 1)

    def marker(self, style, x, y):
        sx = 3 * (style % len(MARKERS))
        self.tools.blit(self.canvas, self.markers, x - 1, y - 1 - self.top, x1=sx, y1=0, x2=sx + 3,
                        y2=3, skip_source_index=0)

    def big_rows(self, rows, width, height):
        """Rows at twice the width, almost twice the height (BIG_TOP, BIG_TALL), below the
        title: each lit pixel of a glyph a block filled in C."""
        fill = self.tools.fill_region
        canvas = self.canvas
        c = screen_model.big_cols(width)
        big = screen_model.BIG
        for i in range(min(screen_model.big_lines(height), len(rows))):
            top = CELL_H + i * screen_model.BIG_PITCH - self.top
            x = 0
            for ch in rows[i][:c]:
                g = font.index(ord(ch))
                for cx in range(font.GLYPH_W):
                    col = font.column(g, cx)
                    y = 0
                    while col:
                        if col & 1:
                            y0 = top + BIG_TOP[y]
                            fill(canvas, x + cx * big, y0, x + cx * big + big, y0 + BIG_TALL[y], 1)
                        col >>= 1
                        y += 1
                x += CELL_W * big

    def text(self, text, x, y):
        y -= self.top
        for ch in text:
            gx = font.index(ord(ch)) * CELL_W
            self.tools.blit(self.canvas, self.sheet, x, y, x1=gx, y1=0, x2=gx + font.GLYPH_W,
                            y2=CELL_H, skip_source_index=0)
            x += CELL_W
