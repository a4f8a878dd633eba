"""A fake I2C bus with an OLED controller on it: the host end of the firmware's display code.

``FakeI2C`` has the ``busio.I2C`` methods the firmware and the drivers use; writes to the
panel's address are decoded as controller commands and data into a model of the controller's
display RAM (``Panel``), so the pixels the simulator and the tests look at are exactly the bytes
the device sends: the firmware's own page renderer and adapter (firmware/device/render.py,
oled.py) for an SSD1306 or SSD1309 and for an SH1106 (132 columns of RAM, the glass shows
2..129), ``adafruit_displayio_sh1107`` through Blinka's displayio for the SH1107 of the 128x64
OLED FeatherWing (page addressing, 16 pages). The board tier decodes the real firmware's I2C
bytes with the same model (tools/board).
"""

# Commands followed by this many argument bytes; all others take none.
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1,
    0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
}
# The SH110x family: page addressing only; 0x20/0x21 (SH1107) take no argument.
_ARGS_SH = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xDC: 1}
# chip: (RAM columns, RAM pages)
CHIPS = {"ssd1306": (128, 8), "sh1106": (132, 8), "sh1107": (128, 16)}


class Panel:
    """Controller state: display RAM in pages, addressing window, contrast, on/off."""

    def __init__(self, width=128, height=64, chip="ssd1306"):
        self.width = width
        self.height = height
        self.chip = chip
        self.ram_cols, self.pages = CHIPS[chip]
        self.ram = bytearray(self.ram_cols * self.pages)
        self.on = False
        self.contrast = 0x7F
        self.mode = 2  # page addressing after reset
        self.col_lo, self.col_hi = 0, 127
        self.page_lo, self.page_hi = 0, 7
        self.col = 0
        self.page = 0
        self.seg_remap = False
        self.com_flip = False
        self.inverse = False
        self.writes = 0  # data bytes written, to tell when something was drawn
        self._pending = []

    def command(self, byte):
        if self._pending:
            self._pending.append(byte)
        else:
            self._pending = [byte]
        cmd = self._pending[0]
        sh = self.chip != "ssd1306"
        if len(self._pending) - 1 < (_ARGS_SH if sh else _ARGS).get(cmd, 0):
            return
        args = self._pending[1:]
        self._pending = []
        if sh:
            self._command_sh(cmd, args)
            return
        if cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_lo, self.col_hi = args[0] & 127, args[1] & 127
            self.col = self.col_lo
        elif cmd == 0x22:
            self.page_lo, self.page_hi = args[0] & 7, args[1] & 7
            self.page = self.page_lo
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd in (0xAE, 0xAF):
            self.on = cmd == 0xAF
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xC0, 0xC8):
            self.com_flip = cmd == 0xC8
        elif cmd in (0xA6, 0xA7):
            self.inverse = cmd == 0xA7
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)

    def _command_sh(self, cmd, args):
        """SH1106 / SH1107: page addressing, column in two nibbles, page 0xB0 + n."""
        if cmd == 0x81:
            self.contrast = args[0]
        elif cmd in (0xAE, 0xAF):
            self.on = cmd == 0xAF
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif (cmd & 0xF0) == 0xC0:
            self.com_flip = bool(cmd & 0x08)
        elif cmd in (0xA6, 0xA7):
            self.inverse = cmd == 0xA7
        elif 0xB0 <= cmd < 0xB0 + self.pages:
            self.page = cmd & 0x0F
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif cmd <= (0x1F if self.chip == "sh1106" else 0x17):  # the SH1106's 132 columns: 4 bits
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)

    def data(self, data):
        if self.chip != "ssd1306":
            for b in data:
                if self.col < self.ram_cols:
                    self.ram[self.page * self.ram_cols + self.col] = b
                self.col += 1
                self.writes += 1
            return
        for b in data:
            self.ram[self.page * 128 + self.col] = b
            self.writes += 1
            if self.mode == 0:  # horizontal
                if self.col >= self.col_hi:
                    self.col = self.col_lo
                    self.page = self.page_lo if self.page >= self.page_hi else self.page + 1
                else:
                    self.col += 1
            elif self.mode == 1:  # vertical
                if self.page >= self.page_hi:
                    self.page = self.page_lo
                    self.col = self.col_lo if self.col >= self.col_hi else self.col + 1
                else:
                    self.page += 1
            else:  # page addressing
                self.col = min(self.col + 1, 127)

    def write(self, buf):
        """One I2C write: a control byte, then commands or data."""
        i = 0
        n = len(buf)
        while i < n:
            control = buf[i]
            i += 1
            if control & 0x40:  # data
                self.data(buf[i:] if not control & 0x80 else buf[i:i + 1])
                i = n if not control & 0x80 else i + 1
            elif control & 0x80:  # one command byte, then another control byte
                if i < n:
                    self.command(buf[i])
                i += 1
            else:  # a stream of command bytes
                for b in buf[i:]:
                    self.command(b)
                i = n

    def pixel(self, x, y):
        """The lit state of the pixel at (x, y) as seen on the glass (remap/flip applied)."""
        if self.chip == "sh1107":
            # the FeatherWing's glass is the RAM turned a quarter (the driver's rotation 90):
            # glass x runs down the pages, glass y across the columns
            col = self.height - 1 - y
            row = x
            v = (self.ram[(row >> 3) * self.ram_cols + col] >> (row & 7)) & 1
            return v ^ 1 if self.inverse else v
        if self.chip == "sh1106":
            col = x + 2 if self.seg_remap else 129 - x  # 128 of the 132 columns, centred
        else:
            col = x if self.seg_remap else 127 - x
        row = y if self.com_flip else self.height - 1 - y
        v = (self.ram[(row >> 3) * self.ram_cols + col] >> (row & 7)) & 1
        return v ^ 1 if self.inverse else v

    def rows(self):
        """Rows of 0/1, width x height, of what the panel shows (RAM; on/off aside)."""
        return [[self.pixel(x, y) for x in range(self.width)] for y in range(self.height)]

    def image(self, scale=1):
        """The panel as a 1-bit PIL image (blank when switched off), scaled up by an integer."""
        from PIL import Image

        img = Image.new("1", (self.width, self.height), 0)
        if self.on:
            img.putdata([v for row in self.rows() for v in row])
        if scale != 1:
            img = img.resize((self.width * scale, self.height * scale), Image.NEAREST)
        return img


class FakeI2C:
    """Enough of ``busio.I2C`` for the display drivers, with one SSD1306 at address."""

    def __init__(self, panel=None, address=0x3C):
        self.panel = panel if panel is not None else Panel()
        self.address = address
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return [self.address]

    def writeto(self, address, buffer, *, start=0, end=None):
        if address != self.address:
            raise OSError(19, "no device at 0x%02x" % address)
        self.panel.write(bytes(buffer[start:end if end is not None else len(buffer)]))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if address != self.address:
            raise OSError(19, "no device at 0x%02x" % address)

    def writeto_then_readfrom(self, address, out_buf, in_buf, **kwargs):
        self.writeto(address, out_buf)

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


def page_display(width=128, height=64, address=0x3C, driver="ssd1306"):
    """(renderer, panel): the firmware's page renderer on its panel adapter (firmware/device/oled.py)
    on a fake bus, built as firmware/device/bringup.py builds it, for an SSD1306 or SH1106."""
    from firmware.device import oled, render

    panel = Panel(width, height, driver)
    device = oled.OLED(FakeI2C(panel, address), address, width, height, driver)
    return render.PageRenderer(device, width, height), panel


def profile_display(width=128, height=64, address=0x3C, driver="ssd1306"):
    """(renderer, panel): the renderer the device builds for driver (firmware/device/boards.py
    DRIVERS: the page renderer, or for the SH1107 displayio's tile grids) on a fake bus."""
    if driver == "sh1107":
        from firmware.device import tiles

        display, panel = displayio_display(width, height, address)
        return tiles.TileRenderer(display, width, height), panel
    return page_display(width, height, address, driver)


def displayio_display(width=128, height=64, address=0x3C):
    """(display, panel): the SH1107's displayio driver (firmware/device/tiles.py) on a fake bus,
    through Blinka's displayio, built as firmware/device/bringup.py builds it (host only)."""
    import os

    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    import busdisplay
    import displayio
    import i2cdisplaybus

    from firmware.device import tiles

    c_bitmaptools()

    panel = Panel(width, height, "sh1107")
    displayio.release_displays()
    bus = i2cdisplaybus.I2CDisplayBus(FakeI2C(panel, address), device_address=address)
    # The driver waits 10 ms after each init command, for the glass; the fake needs no wait.
    real_time = busdisplay.time
    busdisplay.time = _NoWait(real_time)
    try:
        display = tiles.make_display(bus, width, height)
    finally:
        busdisplay.time = real_time
    # Blinka's copy of displayio's SH1107 quirk sends a partial update's column as
    # ((x >> 4) & 0xF0) | 0x10, which drops the high nibble of any column from 16 up;
    # the simulator redraws the whole panel instead (exactly what the device shows).
    refresh = display.refresh

    def full_refresh(*args, **kwargs):
        display._core.full_refresh = True
        return refresh(*args, **kwargs)

    display.refresh = full_refresh
    return display, panel


def c_bitmaptools():
    """Make Blinka's ``bitmaptools.draw_line`` draw CircuitPython's pixels.

    Blinka's is a different Bresenham (about one line in six differs by a pixel);
    the reference raster's ``draw_line`` (tools/sim/raster.py) is CircuitPython's C algorithm,
    checked against the real one on the board tier."""
    import bitmaptools

    from tools.sim import raster

    if getattr(bitmaptools.draw_line, "c_faithful", False):
        return

    def draw_line(dest_bitmap, x1, y1, x2, y2, value):
        w = dest_bitmap.width
        h = dest_bitmap.height

        def plot(x, y):
            if 0 <= x < w and 0 <= y < h:
                dest_bitmap[x, y] = value

        raster.draw_line(x1, y1, x2, y2, plot)

    draw_line.c_faithful = True
    bitmaptools.draw_line = draw_line


class _NoWait:
    """The time module with sleep() a no-op."""

    def __init__(self, real):
        self._real = real

    def sleep(self, seconds):
        pass

    def __getattr__(self, name):
        return getattr(self._real, name)
