"""Fake ``busio``: an ``I2C`` bus with the display at 0x3C (config ``i2c_devices``, hex, comma
separated: the first is the display, the controller model of tools/sim/panel.py, config
``display``). Config ``hang`` (fake ms): the first write at or after that time never returns (a
stuck bus)."""

import _fakestate as S
from panel import Panel  # tools/sim/panel.py, on the path the launcher sets


def panel():
    """The display on the bus (one for the whole run, as the glass is)."""
    if S.panel is None:
        chip, _, size = S.cfg.get("display", "ssd1306:128x64").partition(":")
        w, _, h = size.partition("x")
        S.panel = Panel(int(w), int(h), chip)
    return S.panel


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        if scl == sda:
            raise ValueError("Invalid pins")
        S.claim(scl, self)
        try:
            S.claim(sda, self)
        except ValueError:
            S.release(scl)
            raise
        self._pins = (scl, sda)
        self.frequency = frequency
        self._locked = False
        self._devices = [int(a, 16) for a in S.cfg.get("i2c_devices", "3c").split(",") if a]

    def _check(self):
        if self._pins is None:
            raise ValueError("Object has been deinitialized and can no longer be used. "
                             "Create a new object.")

    def try_lock(self):
        self._check()
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        self._check()
        if not self._locked:
            raise RuntimeError("Function requires lock")
        return list(self._devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check()
        if not self._locked:
            raise RuntimeError("Function requires lock")
        if address not in self._devices:
            raise OSError(19)  # ENODEV: no ACK
        if S.cfg.get("hang") and S.now[0] >= int(S.cfg["hang"]):
            S.hang()
        if address == self._devices[0] and (len(buffer) if end is None else end) > start:
            panel().write(buffer, start, len(buffer) if end is None else end)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check()
        if address not in self._devices:
            raise OSError(19)

    def deinit(self):
        if self._pins is not None:
            for p in self._pins:
                S.release(p)
            self._pins = None

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
