"""The SH1107 of the 128x64 OLED FeatherWing: an OLED (oled.py) whose RAM's pages run across the
glass. Loaded on its boards only (bringup.py's ``panel``), so the other boards' heap never holds it.

Its glass is its RAM turned a quarter (as Adafruit's driver sets it up, rotation 90): a RAM page
is a strip of 8 glass columns down the whole height, a byte 8 pixels side by side, and a text
line is 8 RAM columns in each of the 16 strips. ``send`` turns the line's column bytes into row
bytes (an 8x8 bit transpose of all 16 strips at once, nine operations on one 1024-bit integer)
and keeps them with the strips it touches; ``flush()`` writes each strip once for each run of
adjacent lines in it: its page and column commands and the lines' bytes in one write (a whole
screen is 16 writes of 72 bytes, not 128 of 16: the bus time halves). It sends whole strips, so
``grain`` (8) tells the renderer to fill ``buf`` over the strips' columns around what changed.
"""

from firmware.device.oled import OLED

# The init sequence of Adafruit's displayio driver (adafruit_displayio_sh1107), the display-on
# left for after the RAM is cleared.
INIT = (
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


def _lanes(mask):
    """A 64-bit mask (8 bytes, little-endian) repeated over the 16 strips of a 128-column line."""
    return int.from_bytes(mask * 16, "little")


class SH1107(OLED):
    """An SH1107 (128 glass columns) at address on i2c."""

    grain = 8  # whole strips
    pages = 16  # its RAM's pages: the strips

    def __init__(self, i2c, address=0x3C, width=128, height=64, reset=None):
        # a strip's write: its page, its column, 8 data bytes a line
        self.strip = bytearray(b"\x80\xb0\x80\x00\x80\x10\x40" + bytes(height))
        self.lines = {}  # text line -> [its row bytes, the strips to send (bits)]
        self.masks = (_lanes(b"\xaa\x00\xaa\x00\xaa\x00\xaa\x00"),
                      _lanes(b"\xcc\xcc\x00\x00\xcc\xcc\x00\x00"),
                      _lanes(b"\xf0\xf0\xf0\xf0\x00\x00\x00\x00"))
        OLED.__init__(self, i2c, address, width, height, "sh1107", reset)

    def sequence(self, chip):
        return INIT

    def send(self, page, lo, hi):
        """Text line page's columns lo to hi of buf: its row bytes kept, with the strips that hold
        the columns, for flush()."""
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
        """The lines sent since the last flush: each strip once for each run of adjacent lines in
        it, the lowest line's bottom row first (RAM column order)."""
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
