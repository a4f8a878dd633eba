"""Rules core figures: heap of a 7-player, 60-entry game on MicroPython, time per entry."""

import json
import os
import random
import subprocess
import sys
import tempfile
import time

from firmware.core.game import Game
from firmware.core.rules import Rules
from tools.play.randgame import random_entry
from tools.vm.mptest import ROOT, compile_tree, tool


def sample_game(entries=60):
    """A 7-player knack game (pot on) of 60 entries, none of which ends it."""
    rng = random.Random(7)
    game = Game(Rules("knack", {"start": 99, "pot": True}), ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus"])
    while len(game.log) < entries:
        entry = random_entry(rng, game.rules, game.state)
        after = game.preview(entry)
        if not after.over() and not after.out:
            game.push(entry)
    return game


def main():
    from firmware.record.writer import to_record

    game = sample_game()
    repeats = 50
    start = time.perf_counter()
    for _ in range(repeats):
        game.fold(game.log)
    us = (time.perf_counter() - start) * 1e6 / (repeats * len(game.log))
    print("core: CPython %.1f us per entry applied (7 players, %d entries)" % (us, len(game.log)))
    micropython, mpy_cross = tool("micropython"), tool("mpy-cross")
    if not micropython:
        print("core: no MicroPython here, heap not measured")
        return
    build = tempfile.mkdtemp(prefix="bench-")
    compile_tree(mpy_cross, os.path.join(ROOT, "firmware"), os.path.join(build, "firmware"))
    record = os.path.join(build, "game.json")
    with open(record, "w") as f:
        json.dump(to_record(game), f)
    script = os.path.join(ROOT, "tools", "bench", "core_mp.py")
    for heap in ("128k",):
        p = subprocess.run([micropython, "-X", "heapsize=" + heap, script, record, "20"], cwd=build,
                           env=dict(os.environ, MICROPYPATH=build), capture_output=True, text=True)
        if p.returncode:
            print("core: MicroPython run failed: %s" % (p.stdout + p.stderr).strip()[-300:])
            continue
        got = dict(line.split() for line in p.stdout.split("\n") if line)
        print("core: MicroPython (64-bit unix port, -X heapsize=%s): game of %s entries holds %s bytes of heap "
              "(state + log; about half that on a 32-bit board), %s us per entry applied, undo (a refold) %s us"
              % (heap, got["entries"], got["game_heap_bytes"], got["us_per_entry"],
                 got["undo_us"]))


if __name__ == "__main__":
    sys.exit(main())
