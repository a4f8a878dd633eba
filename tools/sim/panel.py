"""The panel's controller, modelled from the bytes on its I2C bus: an SSD1306/SSD1309, SH1106
or SH1107 in page addressing, its display RAM, contrast and on/off.

The one model of it: the simulator's fake bus (tools/sim/bus.py) hands it the firmware's writes,
the board tier (tools/board) decodes the real firmware's I2C bytes with it, and on CircuitPython's
unix port it is the display of the VM tier's fake ``busio`` (tools/vm/fakes/busio.py), so it
runs there too: plain Python, no allocation per write.

A write is a control byte and then commands (0x00) or data (0x40); with the Co bit (0x80, 0xC0)
one byte follows and then another control byte. The commands set the page (0xB0 + n), the
column (two nibbles), contrast (0x81), on/off (0xAF/0xAE), the segment remap and COM scan
(0xA0/0xA1, 0xC0/0xC8), inverse (0xA6/0xA7); data goes into the RAM from there, what passes
the last column is dropped. Only page addressing is modelled (the SSD1306's ``0x20`` with
another mode is an error, as is another control byte): the firmware (firmware/device/oled.py)
uses nothing else.
"""

# Commands followed by an argument byte (the firmware's init sequences, firmware/device/oled.py); all
# others take none. The SSD1306's 0x20 (addressing mode) takes one too, the SH1107's none.
ARGS = (0x81, 0x8D, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB, 0xDC)
# chip: (RAM columns, RAM pages, the glass's first column)
CHIPS = {"ssd1306": (128, 8, 0), "sh1106": (132, 8, 2), "sh1107": (128, 16, 0)}


class Panel:
    """Controller state: display RAM in pages, the write position, contrast, on/off."""

    def __init__(self, width=128, height=64, chip="ssd1306"):
        if chip not in CHIPS:
            raise ValueError("the panel model is an %s, not %s" % (", ".join(sorted(CHIPS)), chip))
        self.width = width
        self.height = height
        self.chip = chip
        self.ram_cols, self.ram_pages, self.offset = CHIPS[chip]
        self.ram = bytearray(self.ram_cols * self.ram_pages)
        self.on = False
        self.lit = False  # switched on at least once
        self.contrast = 0x7F  # the value after reset
        self.col = 0
        self.page = 0
        self.seg_remap = False
        self.com_flip = False
        self.inverse = False
        self.version = 0  # counts the writes that may have changed what the glass shows
        self._pending = []

    def write(self, buf, start=0, end=None):
        """One I2C write, buf[start:end]: a control byte, then commands or data."""
        i = start
        n = len(buf) if end is None else end
        while i < n:
            control = buf[i]
            i += 1
            if control & 0x3F:
                raise ValueError("control byte 0x%02x: the model takes 0x00, 0x40, 0x80, 0xC0"
                                 % control)
            last = i + 1 if control & 0x80 else n  # Co: one byte, then another control byte
            if last > n:
                last = n
            if control & 0x40:
                self.data(buf, i, last)
            else:
                while i < last:
                    self.command(buf[i])
                    i += 1
            i = last

    def data(self, buf, start=0, end=None):
        """Data bytes into the RAM at the page and column, the column moving on."""
        base = self.page * self.ram_cols
        for i in range(start, len(buf) if end is None else end):
            if self.col < self.ram_cols:
                self.ram[base + self.col] = buf[i]
            self.col += 1
        self.version += 1

    def command(self, byte):
        pending = self._pending
        pending.append(byte)
        cmd = pending[0]
        if len(pending) == 1 and (cmd in ARGS or (cmd == 0x20 and self.chip == "ssd1306")):
            return
        arg = pending[1] if len(pending) > 1 else None
        self._pending = []
        sh = self.chip != "ssd1306"
        if cmd == 0x20 and not sh and arg != 0x02:
            raise ValueError("addressing mode %d: the model has page addressing only" % arg)
        if cmd == 0x81:
            self.contrast = arg
        elif cmd in (0xAE, 0xAF):
            self.on = cmd == 0xAF
            self.lit = self.lit or self.on
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif (cmd & 0xF0) == 0xC0:
            self.com_flip = bool(cmd & 0x08)
        elif cmd in (0xA6, 0xA7):
            self.inverse = cmd == 0xA7
        elif 0xB0 <= cmd < 0xB0 + self.ram_pages:
            self.page = cmd & 0x0F
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif cmd <= (0x17 if self.chip == "sh1107" else 0x1F):  # the SH1106's 132 columns: 4 bits
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)
        else:
            return
        self.version += 1

    def pixel(self, x, y):
        """The lit state of the pixel at (x, y) as seen on the glass (remap/flip applied)."""
        if self.chip == "sh1107":
            # the FeatherWing's glass is the RAM turned a quarter (the driver's rotation 90):
            # glass x runs down the pages, glass y across the columns
            col = self.height - 1 - y
            row = x
        else:
            col = (x + self.offset if self.seg_remap
                   else self.ram_cols - 1 - self.offset - x)  # the glass's columns, centred
            row = y if self.com_flip else self.height - 1 - y
        v = (self.ram[(row >> 3) * self.ram_cols + col] >> (row & 7)) & 1
        return v ^ 1 if self.inverse else v

    def glass(self, emit):
        """emit(bytes-like) for each page of the glass, top first (bit 0 the top row), whatever
        the chip: the layout of the frames of tools/vm/device.py and tools/board."""
        w = self.width
        if self.chip != "sh1107" and self.seg_remap and self.com_flip and not self.inverse:
            mv = memoryview(self.ram)  # the RAM as it is (the firmware's setting): no copy
            for p in range(self.height >> 3):
                at = p * self.ram_cols + self.offset
                emit(mv[at:at + w])
            return
        page = bytearray(w)  # any other orientation, a pixel at a time
        for p in range(self.height >> 3):
            for x in range(w):
                v = 0
                for r in range(8):
                    v |= self.pixel(x, p * 8 + r) << r
                page[x] = v
            emit(page)

    def pages(self):
        """The glass as bytes, pages of 8 rows (glass()'s layout, one object)."""
        out = bytearray()
        self.glass(out.extend)
        return bytes(out)

    def rows(self):
        """Rows of 0/1, width x height, of what the panel shows (RAM; on/off aside)."""
        return [[self.pixel(x, y) for x in range(self.width)] for y in range(self.height)]
