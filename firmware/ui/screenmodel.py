"""The screen model: what the UI wants shown, independent of any display driver.

The display is a grid of character cells, CELL_W x CELL_H pixels each:
21 x 8 cells on 128x64, 21 x 4 on 128x32. Line 0 is the title (drawn
inverted); ``rows`` fill the lines below it. The UI lays text out for the
grid (``cols``/``lines`` below), the renderer only draws it: firmware/device/render.py on the
device and in the simulator, which shows the same pixels (and its text mode the same text).
"""

CELL_W = 6
CELL_H = 8


def cols(width):
    """Characters per line on a display width pixels wide."""
    return width // CELL_W


def lines(height):
    """Text lines, title included, on a display height pixels high."""
    return height // CELL_H


def wrap(text, width):
    """Split text into lines of at most width characters, at spaces where possible."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class Chart:
    """Score lines: ``series`` holds one tuple of scores per player, oldest first.

    Drawn in the area below the title, the y axis from ``lo`` (bottom) to
    ``hi`` (top); ``marks`` labels each line's end (a name, shortened);
    ``styles`` gives each line its marker (0-6, firmware/device/render.py MARKERS), so
    a player keeps one marker on every page of the chart.
    """

    def __init__(self, series, lo, hi, marks=(), styles=None):
        self.series = series
        self.lo = lo
        self.hi = hi
        self.marks = marks
        self.styles = tuple(range(len(series))) if styles is None else tuple(styles)

    def __eq__(self, other):
        return (isinstance(other, Chart) and self.series == other.series
                and self.lo == other.lo and self.hi == other.hi and self.marks == other.marks
                and self.styles == other.styles)


def short_names(players, width=4):
    """Each name cut to width letters, still telling the players apart."""
    out = [p[:width] for p in players]
    for i in range(len(out)):
        for j in range(len(out)):
            if i != j and out[i] == out[j] and len(players[i]) > width:
                out[i] = players[i][:width - 1] + players[i][-1]
    return tuple(out)


def pad(text, width):
    """text followed by spaces up to width characters (characters, not UTF-8 bytes).

    ``"%-8s" % text`` pads by UTF-8 bytes on CircuitPython (Å, Ä, Ö count
    twice) and ``str.ljust`` does not exist there: use this for names.
    """
    return text + " " * (width - len(text)) if len(text) < width else text


def name_width(players, room=8):
    """The name column: 8 characters (MAX_NAME), or when the row has only room for
    fewer, as wide as the longest name."""
    if room >= 8:
        return 8
    w = 3
    for name in players:
        if len(name) > w:
            w = len(name)
    return w


def page_dots(page, pages):
    """The page indicator: one dot per page, the shown one filled."""
    return "".join("\u25cf" if k == page else "\u25cb" for k in range(pages))


BIG = 2  # the width of big rows: 12-pixel cells, big_cols to a line
# Big rows are 14 pixels apart (a letter 13, firmware/render.py draw_big_rows): 4 fit
# under the title on 128x64, a table of 4 on one page.
BIG_PITCH = 14


def big_cols(width):
    """Characters per big row."""
    return width // (CELL_W * BIG)


def big_lines(height):
    """Big rows below the (normal) title."""
    return (height - CELL_H) // BIG_PITCH


class Screen:
    """Title, text rows, one highlighted row (or -1), optionally a chart. With ``big``
    the rows are drawn at twice the size (big_cols x big_lines), never highlighted."""

    def __init__(self, title, rows=(), selected=-1, chart=None, big=False):
        self.title = title
        self.rows = tuple(rows)
        self.selected = selected
        self.chart = chart
        self.big = big

    def __eq__(self, other):
        return (isinstance(other, Screen) and self.title == other.title
                and self.rows == other.rows and self.selected == other.selected
                and self.chart == other.chart and self.big == other.big)

    def text(self):
        """Plain text, one line per text line: how tests and the simulator read a screen."""
        out = [self.title]
        for i, row in enumerate(self.rows):
            out.append((">" if i == self.selected else " ") + row if self.selected >= 0 else row)
        return "\n".join(out)
