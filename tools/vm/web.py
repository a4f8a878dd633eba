"""The phone view's server on CircuitPython's unix port (tools/vm/webcheck.py), from the host:
``run(kind)`` builds the pico2_w bundle (``.py``, or ``.mpy`` with CircuitPython's mpy-cross) and
runs the check on it; host_tests/test_web_vm.py asserts its lines, make bench prints its figures."""

import os
import shutil
import subprocess
import tempfile

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


def on_board(until_ms=40000):
    """The same check as the code.py of an emulated Pico (CircuitPython 10.3's own RP2040 firmware
    on rp2040js, tools/board), where the heap is a 32-bit board's: the pico2_w .mpy bundle with
    socketpool.py beside it (the Pico's firmware has no radio). (WebRun, None), or (None, why it
    cannot run here)."""
    from tools import board as B

    why = B.missing("pico") or (None if C.mpy_cross() else "CircuitPython's mpy-cross not found")
    if why:
        return None, why
    folder = tempfile.mkdtemp(prefix="webboard-")
    try:
        drive = os.path.join(folder, "CIRCUITPY")
        shutil.copytree(C.bundle("mpy", BOARD), drive)
        shutil.copy(os.path.join(HERE, "fakes", "socketpool.py"), os.path.join(drive, "socketpool.py"))
        # the check compiled, as the bundle is (its source compiled on the board would take its heap)
        subprocess.run([C.mpy_cross(), "-o", os.path.join(drive, "webcheck.mpy"), os.path.join(HERE, "webcheck.py")],
                       check=True)
        with open(os.path.join(drive, "code.py"), "w") as f:
            f.write("import webcheck\n")
        board = B.Board(bundle=drive, board="pico")
        try:
            run = board.run("", until_ms=until_ms)
        finally:
            board.close()
        return WebRun(run.console, 0), None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
