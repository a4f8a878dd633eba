"""firmware/device/bringup.py: bring_up() with fake board modules; every failure is a sentence, never a traceback."""

import os
import types

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest

from firmware.device import bringup, hw, message, render
from firmware.ui.screenmodel import Screen
from tools.sim import raster
from tools.sim.bus import FakeI2C
from tools.sim.panel import Panel

PICO_PINS = ("GP4", "GP5", "GP10", "GP11", "GP12", "GP13")


class Rig:
    """Fake board, busio, digitalio, keypad, microcontroller around one simulated SSD1306;
    ``log`` keeps the I2C writes (("i2c", bytes)) and the output pins' levels ((pin, level))."""

    def __init__(self, pins=PICO_PINS, address=0x3C, busy=(), nvm=True, pullups=True):
        self.panel = Panel(128, 64)
        self.i2c = FakeI2C(self.panel, address)
        self.log = []
        write = self.i2c.writeto

        def writeto(address, buffer, *, start=0, end=None):
            self.log.append(("i2c", bytes(buffer[start:end if end is not None else len(buffer)])))
            write(address, buffer, start=start, end=end)

        self.i2c.writeto = writeto
        self.busy = busy
        self.old_keypad = False
        self.keys_made = []
        self.board = types.SimpleNamespace(**{p: "pin-" + p for p in pins})
        rig = self

        class I2C:
            def __new__(cls, scl, sda, frequency=100000):
                for p in (scl, sda):
                    if p in rig.busy:
                        raise ValueError("%s in use" % p[4:])
                if not pullups:
                    raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
                rig.i2c.frequency = frequency
                return rig.i2c

        class Keys:
            def __init__(self, pins, value_when_pressed=True, pull=False, **kw):
                if kw and rig.old_keypad:
                    raise TypeError("unexpected keyword argument")
                self.debounce_threshold = kw.get("debounce_threshold", 1)
                self.interval = kw.get("interval", 0.02)
                for p in pins:
                    if p in rig.busy:
                        raise ValueError("%s in use" % p[4:])
                self.pins = pins
                self.value_when_pressed = value_when_pressed
                self.pull = pull
                self.events = types.SimpleNamespace(get=lambda: None)
                rig.keys_made.append(self)

        class DigitalInOut:
            def __init__(self, pin):
                if pin in rig.busy:
                    raise ValueError("%s in use" % pin[4:])
                self.pin = pin

            def switch_to_output(self, value=False):
                self.value = value

            def __setattr__(self, name, value):
                if name == "value":
                    rig.log.append((self.pin, value))
                object.__setattr__(self, name, value)

        self.modules = {
            "board": self.board,
            "busio": types.SimpleNamespace(I2C=I2C),
            "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut),
            "keypad": types.SimpleNamespace(Keys=Keys),
            "microcontroller": types.SimpleNamespace(nvm=bytearray(4096) if nvm else None),
            "supervisor": types.SimpleNamespace(ticks_ms=lambda: 1234),
        }

    def bring_up(self, settings=None, **missing):
        settings = dict(settings or {})
        old = dict(hw.MODULES)
        hw.MODULES.clear()
        hw.MODULES.update(self.modules)
        hw.MODULES.update(missing)
        try:
            return bringup.bring_up(settings.get)
        finally:
            hw.MODULES.clear()
            hw.MODULES.update(old)


def shown(panel):
    """The panel's pixels equal the raster of which screen? Returns its pixel rows."""
    return panel.rows()


def test_pico_defaults_build_display_keys_nvm():
    rig = Rig()
    dev = rig.bring_up()
    assert dev.problems == []
    assert dev.ok()
    assert isinstance(dev.renderer, render.PageRenderer)
    assert (dev.width, dev.height, dev.roles) == (128, 64, ("prev", "next", "ok", "back"))
    keys = rig.keys_made[0]
    assert keys.pins == ("pin-GP10", "pin-GP11", "pin-GP12", "pin-GP13")
    assert keys.value_when_pressed is False and keys.pull is True
    # scanned every millisecond, each change at once: buttons.py drops the bounce, a release shows at once
    assert (keys.interval, keys.debounce_threshold) == (0.001, 1)
    assert len(dev.nvm) == 4096
    assert rig.i2c.frequency == 400000
    scr = Screen("Rödskägg", ["Åsa 12", "Örjan 9"], selected=0)
    dev.renderer.draw(scr)
    buf = bytearray(1024)
    raster.raster(scr, 128, 64, buf)
    assert rig.panel.rows() == raster.pixels(buf, 128, 64)
    assert rig.panel.on


def test_feather_profile_is_128x32_with_three_buttons():
    rig = Rig(pins=("SDA", "SCL", "D9", "D6", "D5"))
    rig.panel.height = 32
    dev = rig.bring_up({"RODSKAGG_BOARD": "feather_oled"})
    assert dev.problems == []
    assert (dev.width, dev.height, dev.roles) == (128, 32, ("prev", "next", "ok"))
    assert rig.keys_made[0].pins == ("pin-D9", "pin-D6", "pin-D5")


def test_a_build_without_displayio_drives_every_panel_all_the_same():
    """The page renderer needs only busio: a CircuitPython (or MicroPython) build without
    displayio shows the same pixels, on the SH1107 too."""
    rig = Rig()
    dev = rig.bring_up(displayio=False)
    assert dev.problems == []
    assert isinstance(dev.renderer, render.PageRenderer)
    scr = Screen("Poäng", ["Ö 3"])
    dev.renderer.draw(scr)
    buf = bytearray(1024)
    raster.raster(scr, 128, 64, buf)
    assert rig.panel.rows() == raster.pixels(buf, 128, 64)
    rig = Rig(pins=("SDA", "SCL", "D9", "D6", "D5"))
    rig.panel = rig.i2c.panel = Panel(128, 64, "sh1107")
    dev = rig.bring_up({"RODSKAGG_BOARD": "feather_oled64"}, displayio=False)
    assert dev.problems == []
    dev.renderer.draw(scr)
    assert rig.panel.rows() == raster.pixels(buf, 128, 64)


def test_the_glass_comes_on_only_after_the_whole_ram_is_cleared():
    """At power-up the controller's RAM holds noise: the panel stays off until every page is
    written blank, so what the glass shows first is dark, then the first screen."""
    rig = Rig()
    rig.panel.ram[:] = bytes(range(256)) * 4
    dev = rig.bring_up()
    writes = [data for what, data in rig.log if what == "i2c"]
    on = writes.index(b"\x00\xaf")
    assert writes[0][:2] == b"\x00\xae"  # the init, off
    assert sum(len(d) - 1 for d in writes[:on] if d[0] == 0x40) == 1024  # all eight pages, 0
    assert rig.panel.on and rig.panel.ram == bytes(1024)
    dev.renderer.draw(Screen("A", ["b"]))
    assert rig.panel.rows() == raster.pixels(_raster(Screen("A", ["b"])), 128, 64)


def _raster(screen):
    buf = bytearray(1024)
    raster.raster(screen, 128, 64, buf)
    return buf


def test_unknown_pin_name_is_named():
    rig = Rig()
    dev = rig.bring_up({"RODSKAGG_SDA": "GP44"})
    assert dev.problems == ["RODSKAGG_SDA: this board has no pin GP44"]
    assert dev.renderer is None and not dev.ok()


def test_button_pin_in_use_shows_on_display():
    rig = Rig(busy=("pin-GP11",))
    dev = rig.bring_up()
    assert dev.keys is None and not dev.ok()
    assert len(dev.problems) == 1
    assert dev.problems == ["buttons (prev GP10, next GP11, ok GP12, back GP13): GP11 in use"]
    # The message is on the display, title first, wrapped at spaces.
    shown = dev.renderer.last
    assert shown.title == "Setup"
    assert shown.rows == ("buttons (prev GP10,", "next GP11, ok GP12,", "back GP13): GP11 in", "use")
    buf = bytearray(1024)
    raster.raster(shown, 128, 64, buf)
    assert rig.panel.rows() == raster.pixels(buf, 128, 64)


def test_display_pin_in_use():
    rig = Rig(busy=("pin-GP4",))
    dev = rig.bring_up()
    assert dev.problems == ["display I2C SDA=GP4 SCL=GP5: GP4 in use"]


def test_no_display_at_address_lists_what_answered():
    rig = Rig(address=0x3D)
    dev = rig.bring_up()
    assert dev.renderer is None
    assert dev.problems == ["no display at 0x3c on display I2C SDA=GP4 SCL=GP5 (found: 0x3d)"]
    # RODSKAGG_ADDRESS fixes it
    assert Rig(address=0x3D).bring_up({"RODSKAGG_ADDRESS": "0x3D"}).problems == []


def test_bad_settings_fall_back_to_profile_defaults():
    rig = Rig()
    dev = rig.bring_up({"RODSKAGG_BUTTONS": "prev:GP10,next:GP11"})
    assert dev.problems == ["settings.toml: RODSKAGG_BUTTONS needs a ok button"]
    assert dev.ok()  # the pico defaults still work
    assert dev.renderer.last.title == "Setup"


def test_missing_nvm_and_keypad_are_reported():
    rig = Rig(nvm=False)
    dev = rig.bring_up(keypad=False)
    assert "this CircuitPython build has no keypad module" in dev.problems
    assert "no NVM on this board: the game lasts only until power off" in dev.problems
    assert dev.nvm is None


def test_not_on_circuitpython_without_board():
    dev = Rig().bring_up(board=False)
    assert dev.problems == ["no board module: not running on CircuitPython"]
    assert not dev.ok()


def test_clock_unwraps_ticks():
    t = [(1 << 29) - 5]
    clock = hw.Clock(lambda: t[0])
    t[0] = 10  # wrapped
    assert clock.now() == 15
    t[0] = 1010
    assert clock.now() == 1015


def test_message_screen_wraps_and_cuts():
    scr = message.message_screen("Fel", "word " * 60, 128, 32)
    assert scr.title == "Fel" and len(scr.rows) == 3
    assert all(len(r) <= 21 for r in scr.rows)


@pytest.mark.parametrize("level", [1, 0, 2])
def test_brightness_maps_to_contrast_and_sleep(level):  # (the bytes: test_render_paths)
    rig = Rig()
    dev = rig.bring_up()
    dev.renderer.set_brightness(level)
    if level == 0:
        assert not rig.panel.on
    else:
        assert rig.panel.on
        assert rig.panel.contrast == (255 if level == 2 else 5)
    dev.renderer.set_brightness(2)
    assert rig.panel.on and rig.panel.contrast == 255


def test_nothing_wired_to_i2c_says_check_the_wiring():
    dev = Rig(pullups=False).bring_up()
    assert dev.problems == ["display I2C SDA=GP4 SCL=GP5: No pull up found on SDA or SCL; check your wiring"]
    assert not dev.ok()


def test_keypad_without_debounce_threshold_still_works():
    rig = Rig()
    rig.old_keypad = True
    dev = rig.bring_up()
    assert dev.problems == [] and dev.ok()
    assert rig.keys_made[-1].debounce_threshold == 1


def test_bringup_builds_the_2_42_inch_panel_with_its_reset_pin():
    from host_tests.test_device_bringup import Rig
    rig = Rig(pins=("GP4", "GP5", "GP10", "GP11", "GP12", "GP13", "GP14"))
    dev = rig.bring_up({"RODSKAGG_BOARD": "pico_242"})
    assert dev.problems == []
    assert (dev.width, dev.height) == (128, 64)
    # RES held high, pulsed low and high again, all before the panel hears its first command
    first = next(i for i, e in enumerate(rig.log) if e[0] == "i2c")
    assert rig.log[:first] == [("pin-GP14", True), ("pin-GP14", False), ("pin-GP14", True)]
    assert rig.panel.on
    # a reset pin the board does not have is said in words
    dev = Rig().bring_up({"RODSKAGG_BOARD": "pico_242"})
    assert dev.problems and "RODSKAGG_RESET" in dev.problems[0]


def test_bringup_drives_sh1106_and_sh1107_boards():
    from firmware.ui.screenmodel import Screen
    from host_tests.test_device_bringup import Rig
    from tools.sim import raster
    from tools.sim.bus import FakeI2C
    from tools.sim.panel import Panel
    for board, chip, pins in (("pico_sh1106", "sh1106", None), ("feather_oled64", "sh1107",
                                                                  ("SDA", "SCL", "D9", "D6", "D5"))):
        rig = Rig(pins=pins) if pins else Rig()
        rig.panel = Panel(128, 64, chip)
        rig.i2c.panel = rig.panel
        dev = rig.bring_up({"RODSKAGG_BOARD": board})
        assert dev.problems == [], board
        scr = Screen("Rödskägg", ["Åsa 12", "Örjan 9"], selected=0)
        dev.renderer.draw(scr)
        buf = bytearray(1024)
        raster.raster(scr, 128, 64, buf)
        assert rig.panel.rows() == raster.pixels(buf, 128, 64), board
        assert isinstance(rig.i2c, FakeI2C)


def test_a_driver_no_profile_knows_is_refused_in_words():
    import pytest

    from firmware.device import boards
    with pytest.raises(boards.ProfileError) as err:
        boards.resolve({"RODSKAGG_DRIVER": "st7735"}.get)
    assert "RODSKAGG_DRIVER st7735 unknown" in str(err.value)
