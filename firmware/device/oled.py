"""The panel's controller on an I2C bus, in page addressing: SSD1306 (and the SSD1309, which
speaks its commands) and SH1106 (132 columns of RAM, the glass shows columns 2..129); the SH1107
in sh1107.py.

One job: the controller's commands and its display RAM. ``OLED(i2c, ...)`` resets the panel
(a pulse on its RES pin when it has one: the 2.42" SSD1309 stays dark without it), sends the
init sequence with the panel off, clears the whole RAM and only then switches the glass on, so it
never shows what the RAM held at power-up. ``buf`` is the data write's buffer, its control byte
and then a page's columns (``buf[1 + x]`` is glass column x, bit 0 the top row): a renderer fills
it in place and ``send(page, lo, hi)`` sends columns lo to hi of it to that page, without a copy
or an allocation; ``flush()`` ends a frame (nothing to do here: the writes went at once);
``contrast``, ``sleep``, ``wake``.

The bus is a value (``busio.I2C``, a fake on the host): the panel takes its lock for good, being
the only device on it. Commands go as one write with the control byte 0x00, data as one with 0x40.

The SH1107 of the 128x64 FeatherWing, whose pages run across the glass, is a subclass in
sh1107.py (bringup.py's ``panel()`` picks it): its code loads on its boards only.
"""

import time

# The init sequences of Adafruit's displayio drivers (adafruit_displayio_ssd1306 3.0.6,
# adafruit_displayio_sh1106 2.0.4), the display-on left for after the RAM is cleared. The
# SSD1306's is in page addressing (0x20 0x02; the driver's is horizontal) and takes the
# contrast displayio sends right after the driver's init (brightness 1.0: 0xFF).
SSD1306 = (
    b"\xae"  # display off
    b"\x20\x02"  # page addressing
    b"\x81\xff"  # contrast
    b"\xa1"  # column 127 is segment 0
    b"\xa6"  # not inverted
    b"\xc8"  # COM scan from the last row
    b"\xa8\x3f"  # mux ratio: height - 1
    b"\xd5\x80"  # clock divide
    b"\xd9\xf1"  # pre-charge
    b"\xda\x12"  # COM pins: 0x12 for 64 rows, 0x02 for 32
    b"\xdb\x40"  # VCOMH level
    b"\x8d\x14"  # charge pump on
)
SH1106 = (
    b"\xae"  # display off
    b"\xd5\x80"  # clock divide
    b"\xa8\x3f"  # mux ratio: height - 1
    b"\xd3\x00"  # display offset 0
    b"\x40"  # start line 0
    b"\xad\x8b"  # DC-DC on
    b"\xa1"  # segment remap
    b"\xc8"  # COM scan from the last row
    b"\xda\x12"  # COM pins
    b"\x81\xff"  # contrast
    b"\xd9\x1f"  # pre-charge
    b"\xdb\x40"  # VCOM deselect level
    b"\x33"  # pump voltage 9 V
    b"\xa6"  # not inverted
    b"\xa4"  # show the RAM
)


class OLED:
    """An SSD1306/SSD1309 (chip "ssd1306") or SH1106 ("sh1106") at address on i2c."""

    grain = 1  # columns the renderer fills and sends together
    pages = 0  # the RAM's pages to clear, when not the glass's (height / 8)

    def __init__(self, i2c, address=0x3C, width=128, height=64, chip="ssd1306", reset=None):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.height = height
        sh = chip == "sh1106"
        self.offset = 2 if sh else 0  # the glass's first column in the RAM
        self.ram = 132 if sh else width
        self.cmd = bytearray(4)  # control byte 0x00, then a page and a column
        self.buf = bytearray(self.ram + 1)  # control byte 0x40, then a page's data
        self.buf[0] = 0x40
        for _ in range(1000):
            if i2c.try_lock():
                break
        else:
            raise RuntimeError("the I2C bus stays locked")
        if reset is not None:  # RES low at least 3 us, then up before the first command
            reset.value = False
            time.sleep(0.001)
            reset.value = True
            time.sleep(0.001)
        seq = self.sequence(chip)
        init = bytearray(seq)
        init[seq.find(b"\xa8") + 1] = height - 1  # the mux ratio
        if chip == "ssd1306" and height == 32:
            init[seq.find(b"\xda") + 1] = 0x02  # the COM pins of a 32-row glass
        self.command(init)
        self.clear()
        self.command(b"\xaf")  # display on, the RAM blank

    def sequence(self, chip):
        """chip's init sequence (the display-on left out)."""
        return SH1106 if chip == "sh1106" else SSD1306

    def command(self, seq):
        """Send controller commands (bytes), one write."""
        self.i2c.writeto(self.address, b"\x00" + bytes(seq))

    def clear(self):
        """Every byte of the RAM to 0 (the SH1106's 132 columns, the SH1107's 16 pages included)."""
        buf = self.buf
        buf[1:] = bytes(self.ram)
        for page in range(self.pages or self.height >> 3):
            self._at(page, 0)
            self.i2c.writeto(self.address, buf)

    def _at(self, page, col):
        cmd = self.cmd
        cmd[1] = 0xB0 | page
        cmd[2] = col & 15
        cmd[3] = 0x10 | col >> 4
        self.i2c.writeto(self.address, cmd)

    def send(self, page, lo, hi):
        """Columns lo to hi of buf (buf[1 + lo] to buf[hi]) into page: one write from buf itself,
        the byte before the columns standing in for the control byte meanwhile."""
        buf = self.buf
        self._at(page, lo + self.offset)
        keep = buf[lo]
        buf[lo] = 0x40
        self.i2c.writeto(self.address, buf, start=lo, end=hi + 1)
        buf[lo] = keep

    def flush(self):
        """The end of a frame (the SH1107's strips go now; here every line went at once)."""

    def contrast(self, value):
        self.command(bytes((0x81, value)))

    def sleep(self):
        """The glass off (the RAM is kept and can still be written)."""
        self.command(b"\xae")

    def wake(self):
        self.command(b"\xaf")
