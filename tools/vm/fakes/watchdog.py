"""Fake ``watchdog``: ``WatchDogMode``, ``WatchDogTimeout``, and the timer behind
``microcontroller.watchdog`` (``WatchDogTimer``).

As on an RP2040: ``timeout`` is at most 8.388 s; once ``mode`` is RESET the timer runs on the fake
clock and cannot be deinitialized, ``feed()`` restarts it, and when the clock passes the timeout
without a feed the board resets: the power goes off (``END power off: watchdog reset``) and the
next run powers on the same flash. The clock moves in ``time.sleep`` and in a driver made to hang
(config ``hang``: tools/vm/fakes/busio.py), which the check runs in too.
"""

import _fakestate as S

LONGEST_S = 8.388  # the RP2040's watchdog counts 24 bits of half microseconds


class WatchDogMode:
    RAISE = "WatchDogMode.RAISE"
    RESET = "WatchDogMode.RESET"


class WatchDogTimeout(Exception):
    pass


class WatchDogTimer:
    def __init__(self):
        self._timeout = 0.0
        self._mode = None
        self._fed = 0

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, seconds):
        if seconds <= 0 or seconds > LONGEST_S:
            raise ValueError("timeout must be <= %s" % LONGEST_S)
        self._timeout = seconds

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, mode):
        if mode == WatchDogMode.RAISE:
            raise NotImplementedError("RAISE mode is not supported")
        if self._timeout <= 0:
            raise ValueError("watchdog timeout must be greater than 0")
        if self._mode is None:
            S.on_sleep.append(self._check)
        self._mode = mode
        self._fed = S.now[0]

    def feed(self):
        if self._mode is None:
            raise ValueError("watchdog not initialized")
        self._fed = S.now[0]

    def deinit(self):
        if self._mode == WatchDogMode.RESET:
            raise RuntimeError("WatchDogTimer cannot be deinitialized once mode is set to RESET")

    def _check(self):
        if self._mode is not None and S.now[0] - self._fed > self._timeout * 1000:
            raise S.PowerOff("watchdog reset")


timer = WatchDogTimer()
