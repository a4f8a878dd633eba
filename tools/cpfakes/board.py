"""Fake ``board``: the pins of the board named by the launcher config (``board``).

``pico``: GP0-GP28, LED; ``feather_rp2040``: the Feather RP2040's names
(SDA, SCL, D4-D13, A0-A3, ...). Each pin is a ``microcontroller.Pin``.
"""

import _fakestate as S
from microcontroller import Pin

if S.cfg.get("board", "pico") == "pico":
    _names = ["GP%d" % i for i in range(29)] + ["LED", "VBUS_SENSE", "SMPS_MODE", "A0", "A1", "A2"]
else:
    _names = ["SDA", "SCL", "TX", "RX", "MOSI", "MISO", "SCK", "A0", "A1", "A2", "A3",
              "D4", "D5", "D6", "D9", "D10", "D11", "D12", "D13", "D24", "D25", "NEOPIXEL", "BUTTON"]
for _n in _names:
    globals()[_n] = Pin(_n)
board_id = S.cfg.get("board", "pico")
del _n
