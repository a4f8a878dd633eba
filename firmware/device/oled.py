"""The panel's controller on an I2C bus, in page addressing: SSD1306 (and the SSD1309, which
speaks its commands), SH1106 (132 columns of RAM, the glass shows columns 2..129) and the SH1107
of the 128x64 OLED FeatherWing, whose pages run across the glass (below).

One job: the controller's commands and its display RAM. ``OLED(i2c, ...)`` resets the panel
(a pulse on its RES pin when it has one: the 2.42" SSD1309 stays dark without it), sends the
init sequence with the panel off, clears the whole RAM and only then switches the glass on, so it
never shows what the RAM held at power-up. ``buf`` is the data write's buffer, its control byte
and then a page's columns (``buf[1 + x]`` is glass column x, bit 0 the top row): a renderer fills
it in place and ``send(page, lo, hi)`` sends columns lo to hi of it to that page, without a copy
or an allocation; ``flush()`` ends a frame; ``contrast``, ``sleep``, ``wake``.

The bus is a value (``busio.I2C``, a fake on the host): the panel takes its lock for good, being
the only device on it. Commands go as one write with the control byte 0x00, data as one with 0x40.

The SH1107's glass is its RAM turned a quarter (as Adafruit's driver sets it up, rotation 90): a
RAM page is a strip of 8 glass columns down the whole height, a byte 8 pixels side by side, and a
text line is 8 RAM columns in each of the 16 strips. ``send`` turns the line's column bytes into
row bytes (an 8x8 bit transpose of all 16 strips at once, nine operations on one 1024-bit
integer) and keeps them with the strips it touches; ``flush()`` writes each strip once for each
run of adjacent lines in it: its page and column commands and the lines' bytes in one write (a
whole screen is 16 writes of 72 bytes, not 128 of 16: the bus time halves). It sends whole
strips, so ``grain`` (8) tells the renderer to fill ``buf`` over the strips' columns around what
changed.
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
SH1107 = (
    b"\xae"  # display off
    b"\xdc\x00"  # start line 0
    b"\x81\xff"  # contrast
    b"\x20"  # page addressing
    b"\xa0"  # segment remap off
    b"\xc0"  # COM scan from row 0
    b"\xa8\x3f"  # mux ratio: height - 1
    b"\xd3\x60"  # display offset: the FeatherWing's glass from COM 0x60
    b"\xd9\x22"  # pre-charge
    b"\xdb\x35"  # VCOM deselect level
    b"\xa4"  # show the RAM
    b"\xa6"  # not inverted
)
INIT = {"ssd1306": SSD1306, "sh1106": SH1106, "sh1107": SH1107}


def _lanes(mask):
    """A 64-bit mask (8 bytes, little-endian) repeated over the 16 strips of a 128-column line."""
    return int.from_bytes(mask * 16, "little")


class OLED:
    """An SSD1306/SSD1309 (chip "ssd1306"), SH1106 ("sh1106") or SH1107 ("sh1107", 128 glass
    columns) at address on i2c."""

    def __init__(self, i2c, address=0x3C, width=128, height=64, chip="ssd1306", reset=None):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.height = height
        sh = chip == "sh1106"
        self.offset = 2 if sh else 0  # the glass's first column in the RAM
        self.ram = 132 if sh else width
        self.pages = height >> 3  # of the RAM, to clear
        self.cmd = bytearray(4)  # control byte 0x00, then a page and a column
        self.buf = bytearray(self.ram + 1)  # control byte 0x40, then a page's data
        self.buf[0] = 0x40
        self.grain = 1  # columns sent together
        self.across = chip == "sh1107"  # pages across the glass: sent in strips
        # the SH1107's write of a strip: its page, its column, 8 data bytes a line
        self.strip = bytearray(b"\x80\xb0\x80\x00\x80\x10\x40" + bytes(height))
        self.lines = {}  # the SH1107: text line -> [its row bytes, the strips to send (bits)]
        if self.across:
            self.pages = 16
            self.grain = 8
            self.masks = (_lanes(b"\xaa\x00\xaa\x00\xaa\x00\xaa\x00"),
                          _lanes(b"\xcc\xcc\x00\x00\xcc\xcc\x00\x00"),
                          _lanes(b"\xf0\xf0\xf0\xf0\x00\x00\x00\x00"))
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
        seq = INIT[chip]
        init = bytearray(seq)
        init[seq.find(b"\xa8") + 1] = height - 1  # the mux ratio
        if chip == "ssd1306" and height == 32:
            init[seq.find(b"\xda") + 1] = 0x02  # the COM pins of a 32-row glass
        self.command(init)
        self.clear()
        self.command(b"\xaf")  # display on, the RAM blank

    def command(self, seq):
        """Send controller commands (bytes), one write."""
        self.i2c.writeto(self.address, b"\x00" + bytes(seq))

    def clear(self):
        """Every byte of the RAM to 0 (the SH1106's 132 columns, the SH1107's 16 pages included)."""
        buf = self.buf
        buf[1:] = bytes(self.ram)
        for page in range(self.pages):
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
        the byte before the columns standing in for the control byte meanwhile. (The SH1107:
        the whole strips of 8 columns that hold them, from buf.)"""
        if self.across:
            self._strips(page, lo, hi)
            return
        buf = self.buf
        self._at(page, lo + self.offset)
        keep = buf[lo]
        buf[lo] = 0x40
        self.i2c.writeto(self.address, buf, start=lo, end=hi + 1)
        buf[lo] = keep

    def _strips(self, page, lo, hi):
        """The SH1107: text line page's columns lo to hi of buf: its row bytes kept, with the
        strips that hold the columns, for flush()."""
        x = int.from_bytes(memoryview(self.buf)[1:129], "little")  # byte k: glass column k
        m = self.masks
        t = (x ^ (x >> 7)) & m[0]
        x ^= t ^ (t << 7)
        t = (x ^ (x >> 14)) & m[1]
        x ^= t ^ (t << 14)
        t = (x ^ (x >> 28)) & m[2]
        x ^= t ^ (t << 28)
        # byte 8s + r of x is pixel row r of strip s (bit i: glass column 8s + i); big-endian, the
        # strips come last to first, each from its bottom row up: RAM column order
        rows = x.to_bytes(128, "big")
        bits = (1 << ((hi + 7) >> 3)) - (1 << (lo >> 3))
        held = self.lines.get(page)
        self.lines[page] = [rows, bits | held[1] if held else bits]  # (buf holds the earlier change)

    def flush(self):
        """The lines sent since the last flush (the SH1107's; the others' went at once): each strip
        once for each run of adjacent lines in it, the lowest line's bottom row first (RAM
        column order)."""
        lines = self.lines
        if not lines:
            return
        self.lines = {}
        pages = sorted(lines)
        strip = self.strip
        for s in range(16):
            bit = 1 << s
            k = 120 - 8 * s
            run = []  # type: list
            for p in pages + [None]:
                if p is not None and lines[p][1] & bit and (not run or run[-1] == p - 1):
                    run.append(p)
                    continue
                if run:  # lines run[0]..run[-1]: RAM columns from the last one's bottom row up
                    col = self.height - 8 - 8 * run[-1]
                    strip[1] = 0xB0 | s
                    strip[3] = col & 15
                    strip[5] = 0x10 | col >> 4
                    at = 7
                    for q in reversed(run):
                        strip[at:at + 8] = lines[q][0][k:k + 8]
                        at += 8
                    self.i2c.writeto(self.address, strip, end=at)
                run = [p] if p is not None and lines[p][1] & bit else []

    def contrast(self, value):
        self.command(bytes((0x81, value)))

    def sleep(self):
        """The glass off (the RAM is kept and can still be written)."""
        self.command(b"\xae")

    def wake(self):
        self.command(b"\xaf")
