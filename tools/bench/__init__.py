"""make bench: every figure that matters, printed beside its goal."""

import sys
import threading
import time

EVERY_S = 30  # a long section says where it is at least this often


class progress:
    """``with progress("pico: walk 1 of 3", 300):`` prints where a long step is (what, seconds so
    far, of about expected_s) every EVERY_S seconds until it ends: the board's emulation runs for
    minutes without a line of its own. ``now(what)`` names the step it has come to."""

    def __init__(self, what, expected_s=None, every_s=EVERY_S, out=None):
        self.what = what
        self.expected_s = expected_s
        self.every_s = every_s
        self.out = out or sys.stdout
        self.started = time.time()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._tell, daemon=True)

    def now(self, what):
        self.what = what

    def _tell(self):
        while not self._stop.wait(self.every_s):
            took = time.time() - self.started
            of = " of about %.0f s" % self.expected_s if self.expected_s else ""
            print("  ... %s: %.0f s%s" % (self.what, took, of), file=self.out, flush=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        return False
