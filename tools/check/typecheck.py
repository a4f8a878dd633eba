"""Type-check firmware/, code.py and boot.py against CircuitPython's stubs.

Runs in its own venv (.venv-stubs: circuitpython-stubs + mypy) so Blinka's
real modules cannot shadow the stubs. The board stubs are those of the Pico.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)


def main():
    subprocess.run([os.path.join(BIN, "circuitpython_setboard"), "raspberry_pi_pico"], check=True,
                   stdout=subprocess.DEVNULL)
    targets = ["firmware"] + [f for f in ("code.py", "boot.py") if os.path.exists(os.path.join(ROOT, f))]
    p = subprocess.run([os.path.join(BIN, "mypy"), "--config-file", "tools/check/mypy.ini", *targets], cwd=ROOT)
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
