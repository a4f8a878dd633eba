"""Runs under MicroPython (tools/bench/core.py starts it): heap and time of the rules core.

argv: record file, repeats. Prints 'key value' lines.
"""

import gc
import json
import sys
import time

from firmware.record.reader import load

path, repeats = sys.argv[1], int(sys.argv[2])
gc.collect()
with open(path) as f:
    text = f.read()
gc.collect()
base = gc.mem_alloc()
doc = json.loads(text)
game = load(doc)
doc = None
gc.collect()
print("game_heap_bytes", gc.mem_alloc() - base)
print("entries", len(game.log))
start = time.ticks_us()
for _ in range(repeats):
    game.fold(game.log)
spent = time.ticks_diff(time.ticks_us(), start)
print("us_per_entry", spent // (repeats * len(game.log)))
start = time.ticks_us()
game.pop()
print("undo_us", time.ticks_diff(time.ticks_us(), start))
