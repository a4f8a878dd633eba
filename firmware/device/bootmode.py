"""boot.py's decision: who may write the CIRCUITPY drive, the code or the computer.

By default the code does (so finished games can be exported to games/);
holding the boot button (RODSKAGG_BOOT_BUTTON, or the board profile's
``boot_button``; wired to GND, read with a pull-up) at reset leaves the drive
writable from the computer, for updates. Any problem leaves it to the
computer: a wrong setting must never lock the user out of their drive.
"""

from firmware.device import boards

DEVICE = "device"  # storage.remount("/", readonly=False): the code writes the drive
COMPUTER = "computer"  # the drive stays writable from the computer


def boot_button(getenv):
    """The pin name of the boot button (raises on a bad setting)."""
    pin = getenv("RODSKAGG_BOOT_BUTTON")
    if pin:
        return str(pin)
    return boards.resolve(getenv)["boot_button"]


def decide(getenv, held):
    """DEVICE or COMPUTER; held(pin_name) -> True while that button is pressed. Never raises."""
    try:
        pin = boot_button(getenv)
        if held(pin):
            return COMPUTER
    except Exception:
        return COMPUTER
    return DEVICE


def boot(getenv, held, remount):
    """Decide, and remount the drive for the code in DEVICE mode; returns the mode on."""
    mode = decide(getenv, held)
    if mode == DEVICE:
        try:
            remount("/", readonly=False)
        except Exception:
            return COMPUTER
    return mode


def mode_of(getmount):
    """The mode on now, for code.py: getmount is storage.getmount."""
    try:
        return COMPUTER if getmount("/").readonly else DEVICE
    except Exception:
        return COMPUTER
