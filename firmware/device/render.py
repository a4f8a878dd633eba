"""Draw a screen model (firmware/ui/screen.py) on an SSD1306: the one rendering seam.

``Renderer`` draws through displayio (device and host simulator) with
CircuitPython's C code: tile grids over a sheet of the 6x8 font of
firmware/device/font.py, and ``bitmaptools`` for the chart.
``FramebufRenderer`` (firmware/device/raster.py) draws the same pixels in
Python into the page buffer of the framebuf driver ``adafruit_ssd1306``, for
builds without displayio. Both take the layout from the same pure functions
(``text_lines`` below, ``draw_chart`` in firmware/device/plot.py, loaded only
while a chart or big rows show), so every path shows the same letters, and
host tests compare them pixel for pixel.

Both renderers: ``draw(screen)`` shows a screen, ``set_brightness(level)``
maps the App's 2 (on) / 1 (dimmed) / 0 (blank) to contrast and sleep.
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


BUSY = 1 << 15  # in draw()'s line bits: some line below the title holds text


def store(grid, text, old, at=0):
    """Set the tiles of grid from index at on to the glyphs of text where text differs from old
    (strings of one length), so that the display sends only the changed cells.

    Python is slow per character on the board (iterating a str makes a string of each), so
    ASCII lines are compared as bytes, and other lines only over the span where they differ."""
    new = text.encode()
    was = old.encode()
    n = len(text)
    if len(new) == n and len(was) == n:  # ASCII: a byte is a cell
        for k in range(n):
            c = new[k]
            if c != was[k]:
                grid[at + k] = c - 0x20 if 0x20 <= c <= 0x7E else font.MISSING
        return
    lo = 0  # the longest common start and end, by halving (the comparisons run in C)
    hi = n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text[:mid] == old[:mid]:
            lo = mid
        else:
            hi = mid - 1
    start = lo
    lo = 0
    hi = n - start
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text[n - mid:] == old[n - mid:]:
            lo = mid
        else:
            hi = mid - 1
    k = at + start
    for ch in text[start:n - lo]:
        grid[k] = font.index(ord(ch))
        k += 1


def palette(palette_class, dark, lit):
    """A two-colour displayio Palette: index 0 dark, 1 lit."""
    p = palette_class(2)
    p[0] = dark
    p[1] = lit
    return p


def glyph_sheet(bitmap_class):
    """Every glyph of the font side by side in one 1-bit Bitmap, CELL_W x CELL_H each:
    the tiles of the text grids (glyph g at x = g * CELL_W)."""
    sheet = bitmap_class(font.COUNT * CELL_W, CELL_H, 2)
    for g in range(font.COUNT):
        x = g * CELL_W
        for cx in range(font.GLYPH_W):
            col = font.column(g, cx)
            y = 0
            while col:
                if col & 1:
                    sheet[x + cx, y] = 1
                col >>= 1
                y += 1
    return sheet


class Renderer:
    """Draws screen models through displayio, every pixel by CircuitPython's C code.

    The text is tiles: one TileGrid per text line over a sheet of the font's
    glyphs (as ``terminalio`` does), so a changed character is one index
    store and the display sends only the cells that changed. An inverted line
    (the title, the selected row) is the same grid through an inverted palette;
    a one-pixel dark bar keeps the title apart from a selected first row. The
    chart is drawn by ``bitmaptools`` (lines, and blits of markers and glyphs)
    into a bitmap laid over the text, transparent where it is dark; big rows
    into the same bitmap, a ``fill_region`` per lit pixel of a glyph. The pixels are those of
    firmware/device/raster.py: the host tests compare the two.
    """

    WHITE = 0xFFFFFF
    BLACK = 0x000000

    def __init__(self, display, width, height):
        import bitmaptools
        import displayio

        self.tools = bitmaptools
        self.display = display
        self.width = width
        self.height = height
        self.sheet = glyph_sheet(displayio.Bitmap)
        self.plain = palette(displayio.Palette, self.BLACK, self.WHITE)
        self.inverse = palette(displayio.Palette, self.WHITE, self.BLACK)
        group = displayio.Group()
        # the grids reach the right edge (128 = 21 cells and 2 pixels): the last cell is a space
        span = (width + CELL_W - 1) // CELL_W
        self.cols = screen_model.cols(width)
        self.grids = []
        self.shown = []  # [text, inverted] of each line as its grid holds it
        self.blank = " " * self.cols
        for line in range(screen_model.lines(height)):
            grid = self._grid(displayio.TileGrid, span, 1, line * CELL_H)
            group.append(grid)
            self.grids.append(grid)
            self.shown.append([" " * self.cols, False])
        self.gap = displayio.TileGrid(displayio.Bitmap(width, 1, 2), pixel_shader=self.plain,
                                      y=CELL_H - 1)
        self.gap.hidden = True
        group.append(self.gap)
        self.chart_grid = None  # the canvas's layer while a chart or big rows show (1 KB)
        self.ink = None  # its palette where text shows through: dark is transparent
        self.chart = None  # (chart, inverted lines) the canvas holds
        self.pen = None
        self.plot = None  # firmware/device/plot.py while the canvas is up
        self.group = group
        self.last = None
        self.level = 2
        self.auto = getattr(display, "auto_refresh", False)
        if self.auto:
            display.auto_refresh = False
        display.root_group = group

    def _grid(self, tile_grid, w, h, y):
        return tile_grid(self.sheet, pixel_shader=self.plain, width=w, height=h,
                         tile_width=CELL_W, tile_height=CELL_H, y=y)

    def draw(self, screen):
        if screen == self.last:
            return
        lines = text_lines(screen, self.width, self.height)
        inverted = 0  # bit i: line i is inverted
        for i in range(len(lines)):
            text, inv = lines[i]
            shown = self.shown[i]
            grid = self.grids[i]
            if inv != shown[1]:
                grid.pixel_shader = self.inverse if inv else self.plain
                shown[1] = inv
            if text != shown[0]:
                store(grid, text, shown[0])
                shown[0] = text
            if inv:
                inverted |= 1 << i
            elif i and text != self.blank:
                inverted |= BUSY
        gap = inverted & 3 == 3  # the title and a selected first row: a dark row between
        if self.gap.hidden == gap:
            self.gap.hidden = not gap
        self._chart(screen.chart if screen.chart is not None else screen.rows if screen.big else None,
                    inverted)
        self.display.refresh()
        self.last = screen

    def _chart(self, chart, inverted):
        """Draw chart (or big rows: a tuple) into the canvas (None: take it away); nothing
        lands on inverted lines."""
        key = None if chart is None else (chart, inverted)
        if key == self.chart:
            return
        self.chart = key
        if chart is None:
            self._drop_canvas()
            return
        if self.pen is None:
            self._canvas()
        grid = self.chart_grid
        pen = self.pen
        if grid is None or pen is None or self.plot is None:  # (made by _canvas just above)
            return
        plot = self.plot
        # Over blank lines the canvas can be opaque: displayio then fills each pixel from it
        # alone, not from it and the text below as well.
        shader = self.plain if inverted & ~1 == 0 else self.ink
        if grid.pixel_shader is not shader:
            grid.pixel_shader = shader
        canvas = pen.canvas
        canvas.fill(0)
        if isinstance(chart, tuple):
            pen.big_rows(chart, self.width, self.height)
        else:
            plot.draw_chart(chart, self.width, self.height, pen)
        for i in range(1, len(self.grids)):
            if inverted >> i & 1:  # e.g. a selected row: as raster(), no chart pixel on it
                self.tools.fill_region(canvas, 0, (i - 1) * CELL_H, self.width, i * CELL_H, 0)
        grid.hidden = False

    def _canvas(self):
        """The chart's bitmap over the text, below the title (the chart never draws on
        it: a smaller area to send), transparent where it is dark; and the chart's code
        (firmware/device/plot.py), both only while a chart or big rows show."""
        import displayio

        from firmware.device import plot

        canvas = displayio.Bitmap(self.width, self.height - CELL_H, 2)
        self.ink = palette(displayio.Palette, self.BLACK, self.WHITE)
        self.ink.make_transparent(0)
        grid = displayio.TileGrid(canvas, pixel_shader=self.ink, y=CELL_H)
        grid.hidden = True
        self.group.append(grid)
        self.plot = plot
        self.pen = plot.BitmapPen(canvas, self.sheet, self.tools, CELL_H)
        self.chart_grid = grid

    def _drop_canvas(self):
        """Take the canvas off the display and let it and the chart's code go."""
        if self.chart_grid is None:
            return
        self.group.remove(self.chart_grid)
        self.chart_grid = None
        self.ink = None
        self.pen = None
        self.plot = None
        forget("firmware.device.plot")

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
