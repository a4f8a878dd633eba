"""``python3 -m firmware.replay FILE``: replay a game record and print the result
(RECORD.md's command; the work is firmware/record/replay.py)."""

import sys

from firmware.record.replay import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
