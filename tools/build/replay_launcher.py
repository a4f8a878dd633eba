"""``python3 -m firmware.replay GAME.json`` from the top of a drive unzipped from make release's
.mpy zip, on a computer: CPython cannot read CircuitPython's .mpy files, so the replay's Python
sources are in ``replay/`` beside ``firmware/`` and this runs them.

make release (tools/build/release.py) ships this file as the .mpy zip's ``firmware/replay.py``: a
name the device never imports (code.py does not), with no .mpy beside it, so the board loads what
it loaded before; nor does it look in ``replay/`` (its modules come from ``/`` and ``/lib``).
"""

import os
import runpy
import sys

sys.dont_write_bytecode = True  # the drive is the board's: no __pycache__ of the sources on it
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "replay"))
for name in [n for n in sys.modules if n == "firmware" or n.startswith("firmware.")]:
    del sys.modules[name]  # the drive's firmware/: .mpy files, no source CPython reads
runpy.run_module("firmware.replay", run_name="__main__", alter_sys=True)
