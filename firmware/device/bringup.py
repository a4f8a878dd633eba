"""The bring-up of the hardware, the start-only half of firmware/device/hw.py: settings.toml and
the board profile -> display, keypad and NVM. code.py imports it, calls ``bring_up()`` once and
lets it go (``firmware.forget``), so its code takes no RAM while the game runs.
"""

import os

from firmware.device import render
from firmware.device.hw import Device, _import

SCAN_S = 0.001  # keypad's scan interval: a release is seen within a millisecond


class BringUpError(Exception):
    """A wiring or settings problem, in words for the screen."""


def pin(board, name, what):
    """board.<name>, or a BringUpError naming the setting."""
    p = getattr(board, name, None)
    if p is None:
        raise BringUpError("%s: this board has no pin %s" % (what, name))
    return p



def bring_up(getenv=None):
    """Build the hardware from settings.toml and the board profile; never raises."""
    from firmware.device import boards  # only here: code.py lets it go after bring_up (forget)

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
    start = profile.pop("start", None)  # what the profile's board adds (the Wi-Fi boards': their radio)
    if start is not None:
        start(dev)
    if dev.problems and dev.renderer is not None:
        from firmware.device import message

        message.show(dev, "Setup", " / ".join(dev.problems))
    return dev


def start(watchdog_s):
    """code.py's start, here so that its code goes with this module (code.py's main() runs the game:
    its code stays in RAM): the device built, a board that cannot play halted, saying why (no
    watchdog resets it), the watchdog armed, and what the game's store needs. Returns (dev, the App
    to build, the exporter, the NVM, the drive copy, the store's work space): firmware/ui/app.py's
    App, or the one a board's start gave (``dev.App``: the Wi-Fi boards', with the phone view)."""
    from firmware.device.hw import drive_writable
    from firmware.store.drivecopy import DriveCopy
    from firmware.store.export import Exporter
    from firmware.ui.app import App

    dev = bring_up()
    if not dev.ok():
        from firmware.device import message

        message.halt(dev)
    watch(dev, watchdog_s)
    if dev.problems:
        dev.sleep(3)  # let the setup message (e.g. no NVM) be read
    nvm = dev.nvm if dev.nvm is not None else bytearray(b"\xff" * 1024)  # erased: no game yet
    exporter = Exporter("/", drive_writable, board=dev.profile["name"])  # named in every score sheet
    # The game's second copy, on the drive, for the NVM writes that erase (none without an NVM).
    copy = DriveCopy("/", drive_writable, len(nvm) // 2) if dev.nvm is not None else None
    buf = bytearray(len(nvm) // 2)  # the Store's work space, allocated once: a restart needs no block
    return dev, getattr(dev, "App", App), exporter, nvm, copy, buf


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
            raise BringUpError("%s: %s" % (where, e))
        dev.i2c = i2c
        address = profile["address"]
        found = _scan(i2c)
        if found is not None and address not in found:
            raise BringUpError("no display at 0x%02x on %s (found: %s)" % (
                address, where, ", ".join("0x%02x" % a for a in found) or "nothing"))
        w = profile["width"]
        h = profile["height"]
        driver = profile.get("driver", "ssd1306")
        reset = profile.get("reset")
        if reset:
            reset = _import("digitalio").DigitalInOut(pin(board, reset, "RODSKAGG_RESET"))
            reset.switch_to_output(value=True)
        dev.display = panel(i2c, address, w, h, driver, reset)
        dev.renderer = render.PageRenderer(dev.display, w, h)
    except BringUpError as e:
        dev.problem(str(e))
    except ImportError as e:
        dev.problem("display code missing (copy the firmware/ folder): %s" % e)
    except (OSError, RuntimeError, ValueError) as e:
        dev.problem("display at 0x%02x: %s" % (profile["address"], e))


def watch(dev, seconds):
    """Arm the RP2040's watchdog: unless dev.feed() comes within seconds, it resets the board (a
    loop that stops, a driver that never returns) and code.py resumes the game from the NVM.
    False where there is none (another port, an older firmware, the host)."""
    try:
        dog = _import("microcontroller").watchdog
        dog.timeout = seconds
        dog.mode = _import("watchdog").WatchDogMode.RESET
    except Exception:  # no watchdog: the game runs without one
        return False
    dev.dog = dog
    return True


def panel(i2c, address=0x3C, width=128, height=64, chip="ssd1306", reset=None):
    """The controller of chip at address on i2c, reset, initialised and blank: an OLED (oled.py),
    or the SH1107's subclass (sh1107.py, loaded for that chip only)."""
    if chip == "sh1107":
        from firmware.device.sh1107 import SH1107

        return SH1107(i2c, address, width, height, reset)
    from firmware.device.oled import OLED

    return OLED(i2c, address, width, height, chip, reset)


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
            # A scan every millisecond (in C, in the background), each change reported at once: a
            # release is seen within 1 ms (5 ms scans took 2.5 ms of a press's time on average,
            # three 20 ms scans 40-60 ms). firmware/device/buttons.py drops the bounce.
            try:
                dev.keys = keypad.Keys(pins, value_when_pressed=False, pull=True, interval=SCAN_S,
                                       debounce_threshold=1)
            except TypeError:  # CircuitPython 8: the scan interval is the only debounce
                dev.keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
        except (ValueError, RuntimeError) as e:
            raise BringUpError("buttons (%s): %s" % (names, e))
    except BringUpError as e:
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
