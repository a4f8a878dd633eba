"""The SH1107 of the 128x64 OLED FeatherWing through displayio: its pages run across the glass
(64x128 turned a quarter), so the page renderer of firmware/device/render.py does not fit it.

``TileRenderer`` draws every pixel by CircuitPython's C code: one ``TileGrid`` per text line over
a sheet of the font's glyphs (a changed character is one index store, and the display sends only
the cells that changed), an inverted line through an inverted palette, the chart with
``bitmaptools`` (``BitmapPen``) into a bitmap over the text. firmware/device/bringup.py loads this
module for the ``sh1107`` driver only, and the bundle ships it (and the driver's library) only
for a board with that panel. The pixels are those of the reference raster (tools/sim/raster.py).
"""

from firmware import forget
from firmware.device import font
from firmware.device.render import CELL_H, CELL_W, text_lines
from firmware.ui import screenmodel

DIM = 0.02  # displayio brightness when dimmed (contrast 5 of 255, render.DIM_CONTRAST)


def make_display(bus, w, h):
    """The displayio driver of the FeatherWing's SH1107 on bus: its default offset and turn."""
    from adafruit_displayio_sh1107 import SH1107

    return SH1107(bus, width=w, height=h, rotation=90, auto_refresh=False)


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


class TileRenderer:
    """Draws screen models through displayio, every pixel by CircuitPython's C code.

    The text is tiles: one TileGrid per text line over a sheet of the font's
    glyphs (as ``terminalio`` does), so a changed character is one index
    store and the display sends only the cells that changed. An inverted line
    (the title, the selected row) is the same grid through an inverted palette;
    a one-pixel dark bar keeps the title apart from a selected first row. The
    chart is drawn by ``bitmaptools`` (lines, and blits of markers and glyphs)
    into a bitmap laid over the text, transparent where it is dark; big rows
    into the same bitmap, a ``fill_region`` per lit pixel of a glyph. The pixels are those of
    the reference raster (tools/sim/raster.py): the host tests compare the two.
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
        self.cols = screenmodel.cols(width)
        self.grids = []
        self.shown = []  # [text, inverted] of each line as its grid holds it
        self.blank = " " * self.cols
        for line in range(screenmodel.lines(height)):
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
        self.pen = BitmapPen(canvas, self.sheet, self.tools, CELL_H, plot)
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

    def ahead(self):
        """(The SH1107's chart canvas and code load when a chart shows.)"""

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


class BitmapPen:
    """The chart's pen for displayio: ``bitmaptools`` draws into the canvas, in C.

    The canvas starts ``top`` pixels down the display. Markers and label letters
    are blits from small sheets, skipping their dark pixels so that they add to
    what is drawn, as plotting does; C clips what falls outside the canvas."""

    def __init__(self, canvas, sheet, tools, top, plot):
        import displayio

        self.plot = plot
        self.canvas = canvas
        self.top = top
        self.sheet = sheet
        self.tools = tools
        n = len(plot.MARKERS)
        self.markers = displayio.Bitmap(3 * n, 3, 2)
        for style in range(n):
            plot.draw_marker(style, 3 * style + 1, 1, self._mark)
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

    def lines(self, xs, ys):
        top = self.top
        for i in range(1, len(ys)):
            self.tools.draw_line(self.canvas, xs[i - 1], ys[i - 1] - top, xs[i], ys[i] - top, 1)

    def marker(self, style, x, y):
        sx = 3 * (style % len(self.plot.MARKERS))
        self.tools.blit(self.canvas, self.markers, x - 1, y - 1 - self.top, x1=sx, y1=0, x2=sx + 3,
                        y2=3, skip_source_index=0)

    def big_rows(self, rows, width, height):
        """Rows at twice the width, almost twice the height (BIG_TOP, BIG_TALL), below the
        title: each lit pixel of a glyph a block filled in C."""
        fill = self.tools.fill_region
        canvas = self.canvas
        c = screenmodel.big_cols(width)
        big = screenmodel.BIG
        for i in range(min(screenmodel.big_lines(height), len(rows))):
            top = CELL_H + i * screenmodel.BIG_PITCH - self.top
            x = 0
            for ch in rows[i][:c]:
                g = font.index(ord(ch))
                for cx in range(font.GLYPH_W):
                    col = font.column(g, cx)
                    y = 0
                    while col:
                        if col & 1:
                            y0 = top + self.plot.BIG_TOP[y]
                            fill(canvas, x + cx * big, y0, x + cx * big + big,
                                 y0 + self.plot.BIG_TALL[y], 1)
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
