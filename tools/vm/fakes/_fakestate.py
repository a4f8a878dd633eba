"""Shared state of the CircuitPython fakes (runs on CircuitPython's unix port).

The launcher (tools/vm/fakes/launch.py) fills it from its config file before
anything imports a fake: the fake clock, the key script, the pins in use,
the host files that stand for the flash (NVM) and the mount state.
"""

now = [0]  # fake milliseconds since power on
cfg = {}  # launcher config: str -> str
claimed = {}  # pin name -> what holds it
panel = None  # the display on the I2C bus (tools/sim/panel.py's Panel), made at its first write
files = {}  # host files the launcher opened before "/" became the drive
on_sleep = []  # callables run after every time.sleep (frames, key events)


class PowerOff(BaseException):
    """The fake power goes off: ends the run like pulling the plug (not an Exception)."""


def hang():
    """A driver that never returns: the clock runs on (keys, frames, the watchdog, the end of the
    script: the on_sleep callables) until the power goes off."""
    while True:
        now[0] += 1
        for f in on_sleep:
            f()


def claim(pin, what):
    name = pin.name if hasattr(pin, "name") else str(pin)
    if name in claimed:
        raise ValueError("%s in use" % name)
    claimed[name] = what


def release(pin):
    name = pin.name if hasattr(pin, "name") else str(pin)
    claimed.pop(name, None)
