"""Board profiles: the one pin table for the firmware defaults, settings.toml and the wiring drawings.

A profile names the I2C pins, the display and the buttons. ``settings.toml``
picks a profile (``RODSKAGG_BOARD``) and may override any field (see
hardware/README.md); tools/wiring.py draws the wiring from this same table.
Pin names are attributes of CircuitPython's ``board`` module.

Button roles: ``prev``, ``next``, ``ok`` are always there (a long press of
``ok`` or ``prev`` is back/undo on three-button builds); ``back`` is an
optional fourth button.
"""

ROLES = ("prev", "next", "ok", "back")

PROFILES = {
    # Raspberry Pi Pico + 0.96" SSD1306 128x64 I2C module + 3-4 buttons to GND.
    "pico": {
        "title": "Raspberry Pi Pico + SSD1306 128x64",
        "sda": "GP4",
        "scl": "GP5",
        "width": 128,
        "height": 64,
        "address": 0x3C,
        "frequency": 400000,
        "buttons": (("prev", "GP10"), ("next", "GP11"), ("ok", "GP12"), ("back", "GP13")),
        "boot_button": "GP13",
    },
    # Adafruit Feather RP2040 + OLED FeatherWing 128x32 (buttons A, B, C).
    "feather_oled": {
        "title": "Feather RP2040 + OLED FeatherWing 128x32",
        "sda": "SDA",
        "scl": "SCL",
        "width": 128,
        "height": 32,
        "address": 0x3C,
        "frequency": 400000,
        "buttons": (("prev", "D9"), ("next", "D6"), ("ok", "D5")),
        "boot_button": "D9",
    },
}
DEFAULT_PROFILE = "pico"
