"""Hardware adapters: the only module that imports board, busio, keypad, displayio, microcontroller.

``setup()`` reads settings.toml (``os.getenv``) over the board profile of
firmware/boards.py and builds the I2C bus, the SSD1306 display (displayio,
or the framebuf driver on builds without displayio), the keypad and the
NVM. It never raises: every problem becomes a sentence in ``dev.problems``,
printed on the serial console and shown on the display when one works.
"""

import os

from firmware import render
from firmware.ui.screen import Screen, wrap

# Module overrides by name, for host tests: {"board": fake_board, "displayio": False (missing)}.
MODULES = {}  # type: dict

TICKS_PERIOD = 1 << 29  # supervisor.ticks_ms wraps here


def _import(name):
    mod = MODULES.get(name)
    if mod is False:
        raise ImportError("no module named %s" % name)
    if mod is not None:
        return mod
    return __import__(name)


class SetupError(Exception):
    """A wiring or settings problem, in words for the screen."""


def message_screen(title, text, width=128, height=64):
    """A Screen with title and text wrapped to the display, cut to what fits."""
    rows = wrap(text, width // render.CELL_W)
    return Screen(title, rows[:height // render.CELL_H - 1])


def pin(board, name, what):
    """board.<name>, or a SetupError naming the setting."""
    p = getattr(board, name, None)
    if p is None:
        raise SetupError("%s: this board has no pin %s" % (what, name))
    return p


class Device:
    """What setup() built: profile, renderer (or None), keys (or None), nvm, problems."""

    def __init__(self):
        self.profile = None
        self.width = 128
        self.height = 64
        self.roles = ("prev", "next", "ok")
        self.lang = "sv"
        self.i2c = None
        self.display = None
        self.renderer = None
        self.keys = None
        self.nvm = None
        self.problems = []
        self._ticks = None

    def problem(self, text):
        print("rodskagg:", text)
        self.problems.append(text)

    def ok(self):
        """Display and buttons work (the NVM may still be missing)."""
        return self.renderer is not None and self.keys is not None

    def show(self, title, text):
        """Print a message and show it on the display if there is one."""
        print("rodskagg: %s: %s" % (title, text))
        if self.renderer is not None:
            try:
                self.renderer.set_brightness(2)
                self.renderer.draw(message_screen(title, text, self.width, self.height))
            except Exception as e:  # the display itself failed: the console has it
                print("rodskagg: display:", e)

    def ticks(self):
        """Milliseconds, wrapping at 2**29 like supervisor.ticks_ms (keypad timestamps too)."""
        if self._ticks is None:
            try:
                self._ticks = _import("supervisor").ticks_ms
            except (ImportError, AttributeError):
                import time

                self._ticks = lambda: int(time.monotonic() * 1000) % TICKS_PERIOD
        return self._ticks()

    def sleep(self, seconds):
        import time

        time.sleep(seconds)

    def wait_press(self):
        """Block until a button is pressed and released (all events before are dropped)."""
        self.events()
        if self.keys is None:
            self.sleep(5)
            return
        while True:
            for _number, pressed, _stamp in self.events():
                if not pressed:
                    return
            self.sleep(0.02)

    def halt(self):
        """Nothing can run (no display or no buttons): keep telling why, forever."""
        text = " / ".join(self.problems) or "setup failed"
        while True:
            self.show("Setup", text)
            self.sleep(10)

    def events(self):
        """Pending key events as (key_number, pressed, time_ms), oldest first."""
        out = []  # type: list
        if self.keys is None:
            return out
        queue = self.keys.events
        ev = queue.get()
        while ev is not None:
            out.append((ev.key_number, ev.pressed, getattr(ev, "timestamp", None) or self.ticks()))
            ev = queue.get()
        return out


class Clock:
    """Milliseconds since start that never wrap, from a ticks function that wraps at 2**29."""

    def __init__(self, ticks):
        self.ticks = ticks
        self.last = ticks()
        self.ms = 0

    def now(self):
        t = self.ticks()
        self.ms += (t - self.last) % TICKS_PERIOD
        self.last = t
        return self.ms


def print_exception(error):
    """The traceback on the serial console (CircuitPython 9/10 and CPython spell it differently)."""
    try:
        import traceback

        traceback.print_exception(error)
    except (ImportError, TypeError):
        try:
            import sys

            sys.print_exception(error)  # type: ignore[attr-defined]
        except AttributeError:
            print("rodskagg: %s: %s" % (type(error).__name__, error))


def forget(name):
    """Drop a module that is no longer needed (e.g. firmware.boards after setup) so its
    code can be collected; a later import loads it again."""
    import sys

    if sys.implementation.name == "cpython":  # RAM is no matter there; keep one module object
        return
    sys.modules.pop(name, None)
    package, _dot, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and leaf in getattr(parent, "__dict__", {}):
        delattr(parent, leaf)


def drive_writable():
    """Whether code may write the CIRCUITPY drive (boot.py remounted it for the code)."""
    try:
        return not _import("storage").getmount("/").readonly
    except (ImportError, AttributeError, OSError):
        return False


def setup(getenv=None):
    """Build the hardware from settings.toml and the board profile; never raises."""
    from firmware import boards  # only here: code.py lets it go after setup (forget)

    if getenv is None:
        getenv = os.getenv
    dev = Device()
    try:
        profile = boards.resolve(getenv)
    except boards.ProfileError as e:
        dev.problem("settings.toml: %s" % e)
        name = getenv("RODSKAGG_BOARD") or boards.DEFAULT_PROFILE
        profile = dict(boards.PROFILES.get(name, boards.PROFILES[boards.DEFAULT_PROFILE]))
        profile["name"] = name
    dev.profile = profile
    dev.width = profile["width"]
    dev.height = profile["height"]
    dev.roles = tuple(b[0] for b in profile["buttons"])
    lang = getenv("RODSKAGG_LANG")
    if lang:
        dev.lang = str(lang)
    try:
        board = _import("board")
    except ImportError:
        dev.problem("no board module: not running on CircuitPython")
        return dev
    _display(dev, board, profile)
    _keys(dev, board, profile)
    _nvm(dev)
    if dev.problems and dev.renderer is not None:
        dev.show("Setup", " / ".join(dev.problems))
    return dev


def _display(dev, board, profile):
    try:
        displayio = _import("displayio")
    except ImportError:
        displayio = None
    if displayio is not None:
        displayio.release_displays()  # a display kept from the last run holds the I2C pins
    where = "display I2C SDA=%s SCL=%s" % (profile["sda"], profile["scl"])
    try:
        sda = pin(board, profile["sda"], "RODSKAGG_SDA")
        scl = pin(board, profile["scl"], "RODSKAGG_SCL")
        try:
            i2c = _import("busio").I2C(scl, sda, frequency=profile["frequency"])
        except (ValueError, RuntimeError) as e:
            # ValueError: pin in use or not an I2C pin; RuntimeError: no pull-ups (nothing wired).
            raise SetupError("%s: %s" % (where, e))
        dev.i2c = i2c
        address = profile["address"]
        found = _scan(i2c)
        if found is not None and address not in found:
            raise SetupError("no display at 0x%02x on %s (found: %s)" % (
                address, where, ", ".join("0x%02x" % a for a in found) or "nothing"))
        w = profile["width"]
        h = profile["height"]
        if displayio is not None:
            try:
                bus_class = _import("i2cdisplaybus").I2CDisplayBus
            except ImportError:  # CircuitPython 8
                bus_class = displayio.I2CDisplay
            reset = profile.get("reset")
            if reset:
                bus = bus_class(i2c, device_address=address,
                                reset=pin(board, reset, "RODSKAGG_RESET"))
            else:
                bus = bus_class(i2c, device_address=address)
            dev.display = make_display(profile.get("driver", "ssd1306"), bus, w, h)
            dev.renderer = render.Renderer(dev.display, w, h)
        else:
            if profile.get("driver", "ssd1306") != "ssd1306":
                raise SetupError("the %s panel needs a CircuitPython build with displayio"
                                 % profile["driver"])
            try:  # builds without displayio only (optional in the bundle)
                from adafruit_ssd1306 import SSD1306_I2C
            except ImportError:
                raise SetupError("no displayio in this build and no adafruit_ssd1306 in lib/")
            dev.display = SSD1306_I2C(w, h, i2c, addr=address)
            dev.renderer = render.FramebufRenderer(dev.display, w, h)
    except SetupError as e:
        dev.problem(str(e))
    except ImportError as e:
        dev.problem("display driver missing (copy the lib/ folder): %s" % e)
    except (OSError, RuntimeError, ValueError) as e:
        dev.problem("display at 0x%02x: %s" % (profile["address"], e))


def make_display(driver, bus, w, h):
    """The displayio driver of the panel's controller (firmware/boards.py DRIVERS) on bus."""
    if driver == "sh1106":  # 1.3" modules: 128 of the controller's 132 columns, from column 2
        from adafruit_displayio_sh1106 import SH1106

        return SH1106(bus, width=w, height=h, colstart=2, auto_refresh=False)
    if driver == "sh1107":  # the 128x64 OLED FeatherWing: the driver's default offset and turn
        from adafruit_displayio_sh1107 import SH1107

        return SH1107(bus, width=w, height=h, rotation=90, auto_refresh=False)
    from adafruit_displayio_ssd1306 import SSD1306  # SSD1306, and the SSD1309 (same commands)

    return SSD1306(bus, width=w, height=h, auto_refresh=False)


def _scan(i2c):
    """Addresses on the bus, or None when the bus cannot be scanned."""
    try:
        for _ in range(1000):
            if i2c.try_lock():
                break
        else:
            return None
        try:
            return i2c.scan()
        finally:
            i2c.unlock()
    except (AttributeError, OSError, RuntimeError):
        return None


def _keys(dev, board, profile):
    buttons = profile["buttons"]
    names = ", ".join("%s %s" % b for b in buttons)
    try:
        pins = tuple(pin(board, p, "RODSKAGG_BUTTONS %s" % role) for role, p in buttons)
        keypad = _import("keypad")
        try:
            try:  # CircuitPython 9+: a key must read the same on 3 scans (20 ms apart) to count
                dev.keys = keypad.Keys(pins, value_when_pressed=False, pull=True, debounce_threshold=3)
            except TypeError:  # CircuitPython 8: the scan interval is the only debounce
                dev.keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
        except (ValueError, RuntimeError) as e:
            raise SetupError("buttons (%s): %s" % (names, e))
    except SetupError as e:
        dev.problem(str(e))
    except ImportError:
        dev.problem("this CircuitPython build has no keypad module")


def _nvm(dev):
    try:
        dev.nvm = _import("microcontroller").nvm
    except (ImportError, AttributeError):
        dev.nvm = None
    if dev.nvm is None:
        dev.problem("no NVM on this board: the game lasts only until power off")
