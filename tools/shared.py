"""The tools of ../shared beside the checkout, each also named by a variable: a user's machine
has no ../shared, so every caller skips (saying so in one line) when a tool is not found."""

import argparse
import functools
import inspect
import os
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython")
RP2040 = os.path.join(os.path.dirname(ROOT), "shared", "tools", "rp2040")


def _found(var, name):
    path = os.environ.get(var)
    if path:
        return path if os.path.exists(path) else None
    path = os.path.join(SHARED, name)
    return path if os.path.exists(path) else None


class ArgumentParser(argparse.ArgumentParser):
    """argparse's, but a wrong command line is answered in one line (what is wrong, and where the
    options are listed) and exit status 2, not the usage block of every option."""

    def error(self, message):
        self.exit(2, "%s: %s (%s --help lists the options)\n" % (self.prog, message, self.prog))


def positive(text):
    """An argparse type: a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def circuitpython():
    """CircuitPython's unix port: $CIRCUITPYTHON, else ../shared/tools/circuitpython/circuitpython; or None."""
    return _found("CIRCUITPYTHON", "circuitpython")


def mpy_cross():
    """CircuitPython's mpy-cross: $CIRCUITPY_MPY_CROSS, else the shared copy; or None."""
    return _found("CIRCUITPY_MPY_CROSS", "circuitpython-mpy-cross")


def uf2(name="circuitpython-10.3-raspberry_pi_pico.uf2", var="CIRCUITPY_UF2"):
    """A CircuitPython UF2 (the Pico's by default): $var, else ../shared/tools/rp2040/NAME; or None."""
    path = os.environ.get(var) or os.path.join(RP2040, name)
    return path if os.path.exists(path) else None


def once(make=None, key=None):
    """make, made once per process for each set of arguments (or each key(*args, **kwargs)) and
    kept: the first caller makes it while any other thread asking at the same time waits for it.
    A cache checked and then filled from threads (the board tier's and make bench's parallel runs)
    would make it several times at once, and CPython 3.11's ast fails when two threads parse
    together ("AST constructor recursion depth mismatch"). ``cache_clear()`` forgets what was made.

        @once                      @once(key=lambda board: screen_of(board))
        def bundle(kind, board):   def scenario(board): ...
    """
    if make is None:
        return lambda make_: once(make_, key)
    made = {}
    lock = threading.RLock()
    signature = inspect.signature(make)

    @functools.wraps(make)
    def get(*args, **kwargs):
        if key is not None:
            which = key(*args, **kwargs)
        else:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            which = tuple(bound.arguments.items())
        with lock:
            if which not in made:
                made[which] = make(*args, **kwargs)
            return made[which]

    get.cache_clear = made.clear
    return get
