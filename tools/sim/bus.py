"""A fake I2C bus with the panel on it: the host end of the firmware's display code.

``FakeI2C`` has the ``busio.I2C`` methods the firmware and the drivers use; writes to the
panel's address go to the controller model (tools/sim/panel.py), so the pixels the simulator and
the tests look at are exactly the bytes the device sends: the firmware's own page renderer and
adapter (firmware/device/render.py, oled.py) for an SSD1306 or SSD1309 and for an SH1106,
``adafruit_displayio_sh1107`` through Blinka's displayio for the SH1107 of the 128x64 OLED
FeatherWing (page addressing, 16 pages).
"""

from tools.sim.panel import Panel


class FakeI2C:
    """Enough of ``busio.I2C`` for the display drivers, with one panel at address."""

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
        self.panel.write(buffer, start, end)

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


def panel_image(panel, scale=1):
    """The panel as a 1-bit PIL image (blank when switched off), scaled up by an integer."""
    from PIL import Image

    img = Image.new("1", (panel.width, panel.height), 0)
    if panel.on:
        img.putdata([v for row in panel.rows() for v in row])
    if scale != 1:
        img = img.resize((panel.width * scale, panel.height * scale), Image.NEAREST)
    return img


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
