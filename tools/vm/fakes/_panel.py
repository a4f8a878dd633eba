"""The display on the fake I2C bus: an SSD1306/SSD1309 or SH1106 controller in page addressing.

``busio.I2C.writeto`` hands it every write to the panel's address (config ``display``:
``CHIP:WIDTHxHEIGHT``, e.g. ``ssd1306:128x64``; the first address of ``i2c_devices``). A write
is a control byte, 0x00 for commands or 0x40 for data, then the bytes: the commands set the page
(0xB0 + n), the column (two nibbles), contrast (0x81), on/off (0xAF/0xAE), the segment remap
and COM scan (0xA1, 0xC8); data goes into the display RAM from there. Only page addressing is
modelled (``0x20`` with another mode, or another control byte, is an error). ``glass(emit)``
hands the pixels as the glass shows them, a page at a time (tools/vm/device.py frame layout).
"""

# Commands followed by this many argument bytes; all others take none.
ARGS = {0x20: 1, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
        0xDC: 1}


class Panel:
    def __init__(self, chip="ssd1306", width=128, height=64):
        if chip not in ("ssd1306", "sh1106"):
            raise ValueError("the fake display is an ssd1306 or an sh1106, not %s" % chip)
        self.chip = chip
        self.width = width
        self.height = height
        self.cols = 132 if chip == "sh1106" else 128  # RAM columns
        self.offset = 2 if chip == "sh1106" else 0  # the glass's first column
        self.ram = bytearray(self.cols * 8)
        self.on = False
        self.lit = False  # switched on at least once
        self.contrast = 0x7F  # the value after reset
        self.page = 0
        self.col = 0
        self.remap = False
        self.flip = False
        self.version = 0  # counts the writes that changed what the glass may show
        self._cmd = []

    def write(self, buf, start, end):
        control = buf[start]
        if control == 0x40:
            base = self.page * self.cols
            for i in range(start + 1, end):
                if self.col < self.cols:
                    self.ram[base + self.col] = buf[i]
                self.col += 1
            self.version += 1
            return
        if control != 0x00:
            raise ValueError("control byte 0x%02x: the fake takes 0x00 (commands) and 0x40 (data)"
                             % control)
        for i in range(start + 1, end):
            self._byte(buf[i])

    def _byte(self, b):
        cmd = self._cmd
        cmd.append(b)
        if len(cmd) - 1 < ARGS.get(cmd[0], 0):
            return
        c = cmd[0]
        arg = cmd[1] if len(cmd) > 1 else None
        self._cmd = []
        if c == 0x20 and arg != 0x02:
            raise ValueError("addressing mode %d: the fake models page addressing only" % arg)
        if c == 0x81:
            self.contrast = arg
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
            self.lit = self.lit or self.on
        elif c in (0xA0, 0xA1):
            self.remap = c == 0xA1
        elif c in (0xC0, 0xC8):
            self.flip = c == 0xC8
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | (c & 0x0F) << 4
        else:
            return
        self.version += 1

    def glass(self, emit):
        """emit(bytes-like) for each page of the glass, top first (bit 0 the top row)."""
        w = self.width
        if self.remap and self.flip:  # the RAM as it is: the firmware's setting
            mv = memoryview(self.ram)
            for p in range(self.height >> 3):
                at = p * self.cols + self.offset
                emit(mv[at:at + w])
            return
        page = bytearray(w)  # any other orientation, a pixel at a time
        for p in range(self.height >> 3):
            for x in range(w):
                v = 0
                for r in range(8):
                    y = p * 8 + r
                    col = x + self.offset if self.remap else self.cols - 1 - self.offset - x
                    row = y if self.flip else self.height - 1 - y
                    v |= (self.ram[(row >> 3) * self.cols + col] >> (row & 7) & 1) << r
                page[x] = v
            emit(page)
