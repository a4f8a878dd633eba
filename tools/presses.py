"""``python -m tools.presses RECORD.json``: the keys that enter a record (the command the shared
checks and the README name; the planner is tools/play/presses.py)."""

import sys

from tools.play.presses import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
