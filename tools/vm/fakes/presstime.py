"""Time per press on CircuitPython's VM, as code.py's loop handles one (tools/bench/device.py starts it).

argv: a file of logical events (numbers, space-separated: the host spells tools.play.presses keys
with tools/play/keymap.py), and the gc.threshold to set (-1: none).
Each press: App.handle, App.tick, and the gc.collect() code.py makes after
drawing a changed screen. Prints ``PRESSES n total_us worst_us entries``.
"""

import gc
import sys
import time

from firmware.ui.app import App


def main():
    with open(sys.argv[1]) as f:
        events = [int(e) for e in f.read().split()]
    gc.threshold(int(sys.argv[2]))
    gc.collect()
    app = App(None, None, 128, 64, "sv", 0)
    version = app.version
    total = worst = 0
    now = 0
    for event in events:
        now += 100
        t0 = time.ticks_us()
        app.handle(event, now)
        app.tick(now)
        while app.work():  # the press's jobs (none to write here: no store), as the loop runs them
            pass
        if app.version != version:
            version = app.version
            gc.collect()
        dt = time.ticks_diff(time.ticks_us(), t0)
        total += dt
        worst = max(worst, dt)
    print("PRESSES %d %d %d %d" % (len(events), total, worst, len(app.series.game.log)))


main()
