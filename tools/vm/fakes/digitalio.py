"""Fake ``digitalio``: a pin reads low (pressed, to ground) when the config ``held`` names it."""

import _fakestate as S


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    def __init__(self, pin):
        S.claim(pin, self)
        self._pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False
        self.drive_mode = DriveMode.PUSH_PULL

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self._value = value
        self.drive_mode = drive_mode

    @property
    def value(self):
        self._check()
        if self.direction == Direction.OUTPUT:
            return self._value
        held = self._pin.name in S.cfg.get("held", "").split(",")
        if held:
            return False  # a button to ground
        return self.pull == Pull.UP

    @value.setter
    def value(self, v):
        self._check()
        if self.direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = v

    def _check(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. "
                             "Create a new object.")

    def deinit(self):
        if self._pin is not None:
            S.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
