"""Every figure that matters, printed: ``make bench`` (python -m tools.bench).

Core (heap, time per entry), storage (bytes and erases per hand, flash life),
UI (presses per hand, heap, time per press), bundle size, CircuitPython's VM, the emulated
boards of every profile (tools/bench/board.py: heap, press-to-frame time, saves, exports), the phone
view of the Wi-Fi boards (tools/bench/web.py), people's paths on the emulated Pico and Feather
(tools/bench/paths.py: random walks at a table's pace, beside the board section's planned scenario).
Numbers, not tests: nothing here fails on a slow machine.
"""

import importlib
import sys

SECTIONS = ("tools.bench.core", "tools.bench.storage", "tools.bench.ui", "tools.bench.bundle", "tools.bench.device",
            "tools.bench.web", "tools.bench.board", "tools.bench.paths")


def main():
    for name in SECTIONS:
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            print("%s: not available (%s)" % (name, e))
            continue
        print("== %s" % name.rsplit(".", 1)[1])
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
