"""Fake ``busio``: an ``I2C`` bus with an SSD1306 at 0x3C (config ``i2c_devices``, hex, comma separated)."""

import _fakestate as S


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
        if address not in self._devices:
            raise OSError(19)  # ENODEV: no ACK

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self.writeto(address, b"")

    def deinit(self):
        if self._pins is not None:
            for p in self._pins:
                S.release(p)
            self._pins = None

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
