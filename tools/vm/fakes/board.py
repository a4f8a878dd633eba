"""Fake ``board``: the pins of the board named by the launcher config (``board``).

``pico``: GP0-GP28, LED; ``feather_rp2040``: the Feather RP2040's names
(SDA, SCL, D4-D13, A0-A3, ...). Each pin is a ``microcontroller.Pin``.
"""

import _fakestate as S
from microcontroller import Pin

if S.cfg.get("board", "pico") == "pico":
    _NAMES = ("GP0 GP1 GP2 GP3 GP4 GP5 GP6 GP7 GP8 GP9 GP10 GP11 GP12 GP13 GP14 GP15 GP16 GP17 GP18 "
              "GP19 GP20 GP21 GP22 GP26 GP27 GP28 LED VBUS_SENSE SMPS_MODE A0 A1 A2")
else:
    _NAMES = "SDA SCL TX RX MOSI MISO SCK A0 A1 A2 A3 D4 D5 D6 D9 D10 D11 D12 D13 D24 D25 NEOPIXEL BUTTON"
board_id = S.cfg.get("board", "pico")
_pins = {}


def __getattr__(name):
    """board.NAME: the same Pin object every time; AttributeError for a pin the board lacks.

    (On a board the pins are objects in flash; made on first use here, they cost the
    fake's heap only for the pins the code asks for.)"""
    pin = _pins.get(name)
    if pin is None:
        if name not in _NAMES.split():
            raise AttributeError("'module' object has no attribute '%s'" % name)
        pin = _pins[name] = Pin(name)
    return pin
