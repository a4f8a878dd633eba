"""Fake ``busdisplay``: ``BusDisplay`` shows its ``root_group`` on refresh, as a 1-bit page buffer.

It runs the init sequence through the bus (CircuitPython's format: command,
length byte with 0x80 = delay follows, arguments), sends the brightness
command on ``brightness`` changes (``int(0xFF * brightness)``, as the core
does for ``brightness_command`` displays), and on ``refresh()`` composes the
groups into ``self.buffer`` (the SSD1306's pages). The launcher writes a
frame (power, contrast, pages) whenever what the glass shows changed.
"""

import _displayio as displayio
import _fakestate as S


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0, rotation=0,
                 color_depth=16, grayscale=False, pixels_in_byte_share_row=True, bytes_per_cell=1,
                 reverse_pixels_in_byte=False, reverse_bytes_in_word=True, set_column_command=0x2A,
                 set_row_command=0x2B, write_ram_command=0x2C, backlight_pin=None, brightness_command=None,
                 brightness=1.0, single_byte_bounds=False, data_as_commands=False, auto_refresh=True,
                 native_frames_per_second=60, backlight_on_high=True, SH1107_addressing=False,
                 backlight_pwm_frequency=50000):
        if rotation % 90:
            raise ValueError("Display rotation must be in 90 degree increments")
        self._bus = display_bus
        self.width = width
        self.height = height
        self.rotation = rotation
        self.auto_refresh = auto_refresh
        self._brightness_command = brightness_command
        i = 0
        seq = init_sequence
        while i < len(seq):
            cmd = seq[i]
            n = seq[i + 1] & 0x7F
            delay = seq[i + 1] & 0x80
            display_bus.send(cmd, seq[i + 2:i + 2 + n])
            i += 2 + n + (1 if delay else 0)
        self._brightness = -1.0
        self.brightness = brightness
        self._root = None
        self.buffer = bytearray(width * height // 8)
        self.refreshes = 0
        S.displays.append(self)

    @property
    def bus(self):
        return self._bus

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is not None and group._parent is not None:
            raise ValueError("Group already used")
        self._root = group
        if self.auto_refresh:
            self.refresh()

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        if not 0 <= value <= 1.0:
            raise ValueError("Brightness must be 0-1.0")
        self._check()
        if self._brightness_command is not None and value != self._brightness:
            self._bus.send(self._brightness_command, bytes((int(0xFF * value),)))
        self._brightness = value

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self._check()
        buf = self.buffer
        for i in range(len(buf)):
            buf[i] = 0
        if self._root is not None:
            displayio.paint(self._root, buf, self.width, self.height)
        self.refreshes += 1
        return True

    def _check(self):
        if self._bus is None:
            raise RuntimeError("Display released")

    def _release(self):
        self._bus = None
