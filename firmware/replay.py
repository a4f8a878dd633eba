"""``python3 -m firmware.replay FILE``: replay a game record and print the result
(RECORD.md's command; the work is firmware/record/replay.py)."""

import gc
import sys

# From .py source each module the replay needs compiles. Garbage is collected only when the heap is
# full, so the compiler's freed work lies scattered between what stays until then, and a
# larger block (a pool of names) may find no room: collecting every few KiB keeps what
# stays packed, at every heap size (MicroPython and CircuitPython; CPython has no threshold).
if hasattr(gc, "threshold"):
    gc.threshold(4096)

from firmware.record.replay import main  # after the threshold: it compiles under it

if __name__ == "__main__":
    if sys.implementation.name == "cpython":  # a person's terminal and pipes
        from firmware.record.terminal import cli

        sys.exit(cli(main))
    sys.exit(main(sys.argv[1:]))
