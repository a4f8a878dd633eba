"""Every figure that matters, printed: ``make bench`` (python -m tools.bench [PART ...]).

Core (heap, time per entry), storage (bytes and erases per hand, flash life),
UI (presses per hand, heap, time per press), bundle size, CircuitPython's VM, the phone
view of the Wi-Fi boards (tools/bench/web.py), the emulated boards of every profile
(tools/bench/board.py: heap, press-to-frame time, saves, exports), people's paths on the emulated
Pico and Feather (tools/bench/paths.py: random walks at a table's pace, beside the board part's
planned scenario). Numbers, not tests: nothing here fails on a slow machine.

It starts with a line naming each part and its usual length, and while a part runs a line on
stderr says what it does at least every 30 s (tools/bench/__init__.py Progress). Name parts to
run only those (``python -m tools.bench board``); each part's own module runs alone too, with its
own options (``python -m tools.bench.board pico``, docs/BENCH.md).
"""

import importlib
import sys

from tools.bench import Progress, duration

# Every part, in the order make bench runs them: (name, what it measures, its usual length in seconds
# on the development machine, 2 cores shared with other work; the parts whose tools are missing
# skip at once, saying so).
PARTS = (
    ("core", "the rules core's time and heap", 10),
    ("storage", "bytes and erases per saved change", 120),
    ("ui", "presses per hand, the UI's time and heap", 60),
    ("bundle", "the CIRCUITPY files per profile", 10),
    ("device", "memory on CircuitPython's VM", 600),
    ("web", "the phone view", 120),
    ("board", "every profile on the emulated RP2040", 5 * 13 * 60),  # board.py: about 13 min a profile
    ("paths", "people's paths on the emulated Pico and Feather", 6 * 5 * 60),  # paths.py: 6 walks of 5 min
)


def start_line(parts):
    """The line make bench starts with: each part and its usual length, and the whole."""
    total = sum(seconds for _name, _what, seconds in parts)
    return "make bench: about %s on 2 cores: %s (progress on stderr, %s)" % (
        duration(total), ", ".join("%s (%s) %s" % (name, what, duration(seconds)) for name, what, seconds in parts),
        "a line at least every 30 s")


def run_part(name):
    try:
        module = importlib.import_module("tools.bench." + name)
    except ImportError as e:
        print("%s: not available (%s)" % (name, e))
        return
    print("== %s" % name)
    argv, sys.argv = sys.argv, sys.argv[:1]  # the parts' mains read their own options there: none from here
    try:
        module.main()
    finally:
        sys.argv = argv


def main(argv=None, run=run_part):
    names = sys.argv[1:] if argv is None else argv
    known = [name for name, _what, _seconds in PARTS]
    unknown = [name for name in names if name not in known]
    if unknown:
        print("python -m tools.bench: no part %s; the parts: %s" % (", ".join(unknown), " ".join(known)),
              file=sys.stderr)
        return 2
    chosen = [part for part in PARTS if not names or part[0] in names]
    if hasattr(sys.stdout, "reconfigure"):  # the figures and the progress in the order they happen, piped too
        sys.stdout.reconfigure(line_buffering=True)
    print(start_line(chosen))
    for name, _what, seconds in chosen:
        with Progress(name, expected_s=seconds):
            run(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
