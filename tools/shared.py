"""The tools of ../shared beside the checkout, each also named by a variable: a user's machine
has no ../shared, so every caller skips (saying so in one line) when a tool is not found."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython")
RP2040 = os.path.join(os.path.dirname(ROOT), "shared", "tools", "rp2040")


def _found(var, name):
    path = os.environ.get(var)
    if path:
        return path if os.path.exists(path) else None
    path = os.path.join(SHARED, name)
    return path if os.path.exists(path) else None


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
