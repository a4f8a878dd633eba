"""The phone view's server on CircuitPython's unix port (tools/vm/webcheck.py), from the host:
``run(kind)`` builds the pico2_w bundle (``.py``, or ``.mpy`` with CircuitPython's mpy-cross) and
runs the check on it; host_tests/test_web_vm.py asserts its lines, make bench prints its figures."""

import os
import subprocess

from tools.vm import device as C

HERE = os.path.dirname(os.path.abspath(__file__))
BOARD = "pico2_w"


class WebRun:
    def __init__(self, output, returncode):
        self.output = output
        self.returncode = returncode
        lines = output.splitlines()
        self.ok = [ln[3:] for ln in lines if ln.startswith("OK ")]
        self.failed = [ln[5:] for ln in lines if ln.startswith("FAIL ")]
        self.ended = any(ln.startswith("END ") for ln in lines)
        self.figures = {}
        for ln in lines:
            if ln.startswith("FIG "):
                _fig, name, value = ln.split()
                self.figures[name] = float(value)


def run(kind="py", heap="512k", timeout=300):
    """The check's WebRun on the bundle of kind ("py" or "mpy")."""
    folder = C.bundle(kind, BOARD)
    p = subprocess.run([C.circuitpython(), "-X", "heapsize=%s" % heap, os.path.join(HERE, "webcheck.py"),
                        folder, os.path.join(HERE, "fakes")], capture_output=True, text=True, timeout=timeout)
    return WebRun(p.stdout + p.stderr, p.returncode)
