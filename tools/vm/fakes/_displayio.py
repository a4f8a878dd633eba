"""Fake ``displayio``: the port's own Bitmap, Palette, ColorConverter plus Group, TileGrid, release_displays.

The launcher registers this module as ``displayio`` (the unix port's
displayio has only Bitmap and Palette). ``Group`` and ``TileGrid`` follow
CircuitPython's documented API (a layer belongs to one group at a time;
``hidden``, ``x``, ``y``, ``scale``; a TileGrid shows tiles of a Bitmap
through a Palette). ``paint(group, buf, width, height)`` composes a group
into an SSD1306 page buffer (1 bit a pixel, luma >= 128 is lit) the way the
display core would.
"""

import _fakestate as S
import displayio as _builtin

Bitmap = _builtin.Bitmap
Palette = _builtin.Palette
ColorConverter = getattr(_builtin, "ColorConverter", None)
Colorspace = getattr(_builtin, "Colorspace", None)
CIRCUITPYTHON_TERMINAL = None


def release_displays():
    for d in S.displays:
        d._release()
    S.displays[:] = []


class _Layer:
    def __init__(self, x, y):
        self._x = x
        self._y = y
        self.hidden = False
        self._parent = None

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = int(v)

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = int(v)


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        _Layer.__init__(self, x, y)
        if scale < 1:
            raise ValueError("scale must be >= 1")
        self._scale = scale
        self._layers = []

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        if v < 1:
            raise ValueError("scale must be >= 1")
        self._scale = int(v)

    def _adopt(self, layer):
        if not isinstance(layer, _Layer):
            raise TypeError("Layer must be a Group or TileGrid subclass")
        if layer._parent is not None:
            raise ValueError("Layer already in a group")
        layer._parent = self

    def append(self, layer):
        self._adopt(layer)
        self._layers.append(layer)

    def insert(self, index, layer):
        self._adopt(layer)
        self._layers.insert(index, layer)

    def index(self, layer):
        return self._layers.index(layer)

    def pop(self, i=-1):
        layer = self._layers.pop(i)
        layer._parent = None
        return layer

    def remove(self, layer):
        self.pop(self._layers.index(layer))

    def sort(self, key=None, reverse=False):
        self._layers.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._layers)

    def __bool__(self):
        return True

    def __contains__(self, layer):
        return layer in self._layers

    def __getitem__(self, i):
        return self._layers[i]

    def __setitem__(self, i, layer):
        self._adopt(layer)
        self._layers[i]._parent = None
        self._layers[i] = layer

    def __delitem__(self, i):
        self.pop(i)

    def __iter__(self):
        return iter(self._layers)


class TileGrid(_Layer):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        _Layer.__init__(self, x, y)
        self._bitmap = bitmap
        self.pixel_shader = pixel_shader
        self._tile_width = bitmap.width if tile_width is None else tile_width
        self._tile_height = bitmap.height if tile_height is None else tile_height
        if bitmap.width % self._tile_width or bitmap.height % self._tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        self._width = width
        self._height = height
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False

    bitmap = property(lambda self: self._bitmap)
    width = property(lambda self: self._width)
    height = property(lambda self: self._height)
    tile_width = property(lambda self: self._tile_width)
    tile_height = property(lambda self: self._tile_height)

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self._width + index[0]
        return self._tiles[index]

    def __setitem__(self, index, tile):
        if isinstance(index, tuple):
            index = index[1] * self._width + index[0]
        self._tiles[index] = tile

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return (self._x <= x < self._x + self._width * self._tile_width
                and self._y <= y < self._y + self._height * self._tile_height)


def _lit(palette, index):
    """The pixel a palette index gives on a 1-bit grayscale display: None (transparent), 0 or 1."""
    if palette.is_transparent(index):
        return None
    c = palette[index]
    luma = (((c >> 16) & 0xFF) * 19 + ((c >> 8) & 0xFF) * 182 + (c & 0xFF) * 54) // 255
    return 1 if luma >= 128 else 0


def paint(layer, buf, width, height, ox=0, oy=0, scale=1):
    """Compose layer (and what it holds) into buf, an SSD1306 page buffer, over what is there."""
    if layer.hidden:
        return
    if isinstance(layer, Group):
        ox += layer._x * scale
        oy += layer._y * scale
        scale *= layer._scale
        for child in layer._layers:
            paint(child, buf, width, height, ox, oy, scale)
        return
    bitmap = layer._bitmap
    shader = layer.pixel_shader
    tw = layer._tile_width
    th = layer._tile_height
    per_row = bitmap.width // tw
    lit = [_lit(shader, i) for i in range(len(shader))]
    x0 = ox + layer._x * scale
    y0 = oy + layer._y * scale
    for ty in range(layer._height):
        for tx in range(layer._width):
            tile = layer._tiles[ty * layer._width + tx]
            bx = (tile % per_row) * tw
            by = (tile // per_row) * th
            for py in range(th):
                sy = th - 1 - py if layer.flip_y else py
                for px in range(tw):
                    sx = tw - 1 - px if layer.flip_x else px
                    v = lit[bitmap[bx + sx, by + sy]]
                    if v is None:
                        continue
                    dx = x0 + (tx * tw + px) * scale
                    dy = y0 + (ty * th + py) * scale
                    for yy in range(dy, dy + scale):
                        if not 0 <= yy < height:
                            continue
                        for xx in range(dx, dx + scale):
                            if 0 <= xx < width:
                                i = (yy >> 3) * width + xx
                                if v:
                                    buf[i] |= 1 << (yy & 7)
                                else:
                                    buf[i] &= ~(1 << (yy & 7)) & 0xFF
