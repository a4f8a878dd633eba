"""Hardware adapters: the only module that imports board, busio, keypad, displayio, microcontroller.

``bringup.bring_up()`` (firmware/device/bringup.py, at start only) reads settings.toml
(``os.getenv``) over the board profile of firmware/device/boards.py and builds the I2C bus,
the display (the panel's controller driven over busio, firmware/device/oled.py, with the page
renderer), the keypad and the NVM. It never raises: every problem becomes a sentence in
``dev.problems``, printed on the serial console and shown on the display when one works
(firmware/device/message.py: loaded only when there is something to say).
"""

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


class Device:
    """What bring_up() built: profile, renderer (or None), keys (or None), nvm, problems."""

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
        self.dog = None  # the watchdog, once armed (bringup.watch)

    def problem(self, text):
        print("rodskagg:", text)
        self.problems.append(text)

    def ok(self):
        """Display and buttons work (the NVM may still be missing)."""
        return self.renderer is not None and self.keys is not None

    def ticks(self):
        """Milliseconds, wrapping at 2**29 like supervisor.ticks_ms (keypad timestamps too).

        The loop asks every pass: nothing here may allocate (a closure over a local of this
        method made MicroPython allocate its cell at every call, 16 bytes a pass)."""
        if self._ticks is None:
            try:
                self._ticks = _import("supervisor").ticks_ms
            except (ImportError, AttributeError):
                self._ticks = _monotonic_ms
        return self._ticks()

    def sleep(self, seconds):
        import time

        time.sleep(seconds)

    def feed(self):
        """Tell the watchdog the loop still runs."""
        if self.dog is not None:
            self.dog.feed()

    def events(self):
        """Pending key events as (key_number, pressed, time_ms), oldest first. The loop asks every
        pass, mostly for none: then no list is made (32 bytes a pass, some 9 KB of garbage while
        a long press is held)."""
        if self.keys is None:
            return ()
        queue = self.keys.events
        ev = queue.get()
        if ev is None:
            return ()
        out = []
        while ev is not None:
            out.append((ev.key_number, ev.pressed, getattr(ev, "timestamp", None) or self.ticks()))
            ev = queue.get()
        return out


def _monotonic_ms():
    """supervisor.ticks_ms where there is no supervisor (MicroPython)."""
    import time

    return int(time.monotonic() * 1000) % TICKS_PERIOD


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


def drive_writable():
    """Whether code may write the CIRCUITPY drive (boot.py remounted it for the code)."""
    try:
        return not _import("storage").getmount("/").readonly
    except (ImportError, AttributeError, OSError):
        return False

