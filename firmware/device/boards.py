"""Board profiles: the one pin table for the firmware defaults, settings.toml and the wiring drawings.

A profile names the I2C pins, the display and the buttons. ``settings.toml``
picks a profile (``RODSKAGG_BOARD``) and may override any field (see
hardware/README.md); tools/drawings/wiring.py draws the wiring from this same table.
Pin names are attributes of CircuitPython's ``board`` module.

The Wi-Fi boards' profiles (``wifi``: the Pico 2 W builds, whose radio serves the phone view of
firmware/web) are firmware/device/wifi.py's, added here where that module is: it is bundled on those
boards only, so the other boards' bundles hold no trace of the phone view.

Button roles: ``prev``, ``next``, ``ok`` are always there (a long press of
``ok`` or ``prev`` is back/undo on three-button builds); ``back`` is an
optional fourth button.
"""

ROLES = ("prev", "next", "ok", "back")
# Display controllers firmware/device/hw.py drives (the SSD1309 speaks the SSD1306 command set).
DRIVERS = ("ssd1306", "sh1106", "sh1107")

# The Pico builds: the display on I2C0 (GP4/GP5), four buttons to GND on GP10-GP13 (a
# three-button build leaves back out), the boot button prev: there on 3- and 4-button builds alike.
PICO = {
    "sda": "GP4",
    "scl": "GP5",
    "width": 128,
    "height": 64,
    "address": 0x3C,
    "frequency": 400000,
    "buttons": (("prev", "GP10"), ("next", "GP11"), ("ok", "GP12"), ("back", "GP13")),
    "boot_button": "GP10",
    "driver": "ssd1306",
    "reset": None,
}
# The Feather RP2040 builds: the FeatherWing on the Feather's I2C pins, its buttons A, B, C.
FEATHER = dict(PICO, sda="SDA", scl="SCL", buttons=(("prev", "D9"), ("next", "D6"), ("ok", "D5")),
               boot_button="D9")

# Each profile: its build's wiring and what differs from it.
PROFILES = {
    # Raspberry Pi Pico + 0.96" SSD1306 128x64 I2C module + 3-4 buttons to GND.
    "pico": dict(PICO, title="Raspberry Pi Pico + SSD1306 128x64"),
    # The table build: Pico + 2.42" SSD1309 128x64 I2C module (SSD1306 command set), its
    # RES pin on GP14 (these modules stay dark without a reset pulse).
    "pico_242": dict(PICO, title="Raspberry Pi Pico + 2.42\" SSD1309 128x64", reset="GP14"),
    # Pico + 1.3" SH1106 128x64 I2C module (4 pins, like the 0.96" one).
    "pico_sh1106": dict(PICO, title="Raspberry Pi Pico + 1.3\" SH1106 128x64", driver="sh1106"),
    # Adafruit Feather RP2040 + OLED FeatherWing 128x32 (buttons A, B, C).
    "feather_oled": dict(FEATHER, title="Feather RP2040 + OLED FeatherWing 128x32", height=32),
    # Adafruit Feather RP2040 + 128x64 OLED FeatherWing (SH1107, product 4650; buttons A, B, C).
    "feather_oled64": dict(FEATHER, title="Feather RP2040 + 128x64 OLED FeatherWing (SH1107)",
                           driver="sh1107"),
}
try:  # noqa: SIM105 (no contextlib on CircuitPython)
    # the Wi-Fi boards (firmware/device/wifi.py): each a profile above and what differs from it
    # (sorted: the same order on every VM, as the lint of host_tests/test_cp_habits.py asks)
    PROFILES.update({name: dict(PROFILES[like], **fields) for name, (like, fields)
                     in sorted(__import__("firmware.device.wifi", None, None, ("PROFILES",)).PROFILES.items())})
except ImportError:  # a bundle of the boards without Wi-Fi
    pass
DEFAULT_PROFILE = "pico"

# settings.toml keys (read with os.getenv on the device) and the profile field each overrides.
SETTING_KEYS = (
    ("RODSKAGG_SDA", "sda"),
    ("RODSKAGG_SCL", "scl"),
    ("RODSKAGG_WIDTH", "width"),
    ("RODSKAGG_HEIGHT", "height"),
    ("RODSKAGG_ADDRESS", "address"),
    ("RODSKAGG_FREQUENCY", "frequency"),
    ("RODSKAGG_BUTTONS", "buttons"),
    ("RODSKAGG_BOOT_BUTTON", "boot_button"),
    ("RODSKAGG_DRIVER", "driver"),
    ("RODSKAGG_RESET", "reset"),
)
INT_FIELDS = ("width", "height", "address", "frequency")


class ProfileError(ValueError):
    """settings.toml asks for something no board can do; the text says what."""


def resolve(getenv):
    """The board profile: RODSKAGG_BOARD's table entry with settings.toml overrides.

    getenv is os.getenv on the device, any name -> str/int/None function on
    the host. RODSKAGG_BUTTONS is "role:PIN,role:PIN,..." in key order.
    """
    name = getenv("RODSKAGG_BOARD") or DEFAULT_PROFILE
    if name not in PROFILES:
        raise ProfileError("RODSKAGG_BOARD %s unknown; use %s" % (name, ", ".join(sorted(PROFILES))))
    profile: dict = dict(PROFILES[name])
    profile["name"] = name
    for key, field in SETTING_KEYS:
        value = getenv(key)
        if value is None or value == "":
            continue
        if field in INT_FIELDS:
            try:
                value = int(value, 0) if isinstance(value, str) else int(value)
            except ValueError:
                raise ProfileError("%s must be a number, not %s" % (key, value))
        elif field == "buttons":
            value = parse_buttons(key, str(value))
        profile[field] = value
    if profile.get("driver", "ssd1306") not in DRIVERS:
        raise ProfileError("RODSKAGG_DRIVER %s unknown; use %s" % (profile["driver"], ", ".join(DRIVERS)))
    if profile["width"] != 128 or profile["height"] not in (32, 64):
        raise ProfileError("display must be 128x64 or 128x32, not %sx%s"
                           % (profile["width"], profile["height"]))
    return profile


def parse_buttons(key, text):
    """"prev:GP10,next:GP11,ok:GP12" -> (("prev", "GP10"), ...), checked."""
    buttons: list = []
    for part in text.split(","):
        role, _, pin = part.strip().partition(":")
        if role not in ROLES or not pin:
            raise ProfileError("%s: %s is not role:PIN with a role of %s" % (key, part, "/".join(ROLES)))
        if role in [b[0] for b in buttons]:
            raise ProfileError("%s names %s twice" % (key, role))
        buttons.append((role, pin))
    for role in ROLES[:3]:
        if role not in [b[0] for b in buttons]:
            raise ProfileError("%s needs a %s button" % (key, role))
    return tuple(buttons)
