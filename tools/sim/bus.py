"""A fake I2C bus with the panel on it: the host end of the firmware's display code.

``FakeI2C`` has the ``busio.I2C`` methods the firmware and the drivers use; writes to the
panel's address go to the controller model (tools/sim/panel.py), so the pixels the simulator and
the tests look at are exactly the bytes the device sends: the firmware's own page renderer and
adapter (firmware/device/render.py, oled.py) for every panel: an SSD1306 or SSD1309, an SH1106
and the SH1107 of the 128x64 OLED FeatherWing (16 pages across the glass).
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


def page_display(width=128, height=64, address=0x3C, driver="ssd1306", wifi=False):
    """(renderer, panel): the firmware's page renderer on its panel adapter (firmware/device/oled.py)
    on a fake bus, built as firmware/device/bringup.py builds it, for an SSD1306, SH1106 or SH1107 (on
    the Wi-Fi boards the renderer that also draws the phone view's codes, firmware/device/picture.py)."""
    from firmware.device import render
    from firmware.device.bringup import panel as controller

    panel = Panel(width, height, driver)
    device = controller(FakeI2C(panel, address), address, width, height, driver)
    if wifi:
        from firmware.device.picture import PictureRenderer

        return PictureRenderer(device, width, height), panel
    return render.PageRenderer(device, width, height), panel
