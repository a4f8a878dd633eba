"""People's paths on the emulated boards (issue 39): presses as a table gives them, not as the
device scenario plans them.

A walk (tools/play/walks.py) is a game some hands in, on one of the tables ``walks.table`` picks
(each preset, its common options, 2-7 players), and random keys pressed on it as a table presses
them: every key short and held, Back where the board has it, 150 ms to 2 s between presses with
quick repeats. Random keys from a scoreboard some hands into a game reach every screen: hands
entered, abandoned and finished, undo, the history's edits and inserts, the chart, the menu, the
winner and a new game's set-up. After a press that writes the flash (a save, the drive copy, an
export) the next one comes quickly more often (100-300 ms: a second press while the first one is
still being written), which is what a press that waits for the flash needs to be measured.

Each walk plays on the emulated board (tools/board: CircuitPython's own UF2 on rp2040js at
125 MHz, the panel at 400 kHz) with make bench's probes (tools/bench/board.py: the heap, the
handling and drawing times, and for each draw the presses handled since the last one with the
jobs then still waiting), and then on the simulator in the same order: a press that came while a
job of App.jobs ran (an export, a step of a save: the drive copy's writing, its closing, the NVM's)
is handled after that job or step, the jobs left waiting on, and the screens between presses taken
together are never drawn, on the board as in the replay (``replay``). Every settled frame, the NVM and the game's
files on the drive must equal the simulator's, and the board must have taken every press the
simulator's buttons report.

It prints, per profile, the press-to-frame time (to the last I2C byte of a press's first frame,
and of the screen settled) in all and per screen transition (the view before > after), each
beside its goal and the wire's floor for that transition (the pages that changed, 2.9 ms each at
400 kHz), the presses that came while the flash was written and how long they waited, and the
heap's low points.

    python -m tools.bench.paths [PROFILE ...] [--presses N] [--seeds 2,9,15]
"""

import os
import random
import shutil
import sys
import tempfile
import time

from tools import board as B
from tools.bench import Progress
from tools.bench import board as BB
from tools.vm import device as C

PROFILES = ("pico", "feather_oled")
# The walks of each profile, by seed (walks.table: fem 4 players, bud 6 with defenders' scores,
# knack 7), and their presses: some 5 minutes of a table each.
SEEDS = (2, 9, 15)
PRESSES = 100
HANDS = (2, 8)  # entries of the game a walk starts in
QUICK_AFTER_WRITE = 0.6  # the share of presses after one that writes the flash that come quickly
QUICK_AFTER_MS = (100, 300)  # from that press's release to this one's key going down
PAGE_MS = 2.9  # a page of 128 columns on the wire at 400 kHz (131 bytes of 9 clocks)
# The goals on the Pico (issue 39), over the walks' presses that found no flash write running.
GOAL_MEDIAN_MS = 25
GOAL_P99_MS = 50
GOAL_WORST_MS = 60
GOAL_PROFILE_WORST_MS = 100  # every profile, every press
GOAL_SAVE_WAIT_MS = 100  # a press that came while a save was written: its wait, to the loop's handling
# Wall seconds per emulated second, one emulator on this machine (2 cores), for the expected length,
# and a walk's (some 130 s emulated).
WALL_PER_EMULATED = 2.3
WALK_S = 300
TRANSITIONS = 24  # transitions listed, slowest first
SLOWEST = 12  # presses listed, slowest first
WRITES = ("save", "copy", "export")  # what a press wrote: the NVM, the drive copy first, games/


class Walk:
    """One walk planned on the simulator: its table, the NVM and drive files it starts from, its
    timed presses ``[(key, gap_ms, hold_ms)]`` and what each press writes ('' or one of WRITES).

    The NVM starts full (``fill``): its next save writes a new base over the other slot, which
    erases the sector, the drive copy written first (some 200 ms of flash writes, in steps). The walk
    begins with that save, an undo (◀ held, then OK), and a press soon after it that opens the menu;
    then the random keys (count of them), a press after one that writes the flash coming quickly
    with QUICK_AFTER_WRITE."""

    def __init__(self, seed, board, count, quick=QUICK_AFTER_WRITE):
        from firmware.core.game import Game
        from firmware.core.series import Series
        from tools.play import randgame, walks
        from tools.sim import simulator as S

        self.seed = seed
        self.board = board
        rules, players, dealer = walks.table(seed)
        rng = random.Random(seed)
        game = Game(rules, players, dealer)
        for _ in range(rng.randint(*HANDS)):
            if game.state.over():
                break
            game.push(randgame.random_entry(rng, rules, game.state))
        series = Series(rules, players, dealer)
        series.game = game
        self.table = "%s %d" % (rules.preset, len(players))
        self.hands = len(game.log)
        self.state = tempfile.mkdtemp(prefix="paths-%s-%d-" % (board, seed))
        sim = S.Sim(board, self.state)
        fill(sim.store, series)
        back = "back" in sim.roles
        sim.close()
        self.nvm = C.SimDevice(board, self.state).nvm()
        self.files = drive_files(self.state)
        undo = [("A", 0, walks.LONG_HOLD_MS[0]), ("c", rng.randint(*walks.PACE_MS), walks.hold(rng, "c")),
                ("b", rng.randint(*QUICK_AFTER_MS), walks.hold(rng, "b"))]  # (the menu: a new screen)
        self.presses = undo + walks.timed(rng, count, back)
        self.writes = self._writes()
        for i in range(len(self.presses) - 1):
            if self.writes[i] and (i == 1 or rng.random() < quick):
                ch, _gap, hold = self.presses[i + 1]
                self.presses[i + 1] = (ch, rng.randint(*QUICK_AFTER_MS), hold)

    def _writes(self):
        """What each press writes, from the presses played on a copy of the start on the simulator."""
        from tools.sim import simulator as S

        copy = tempfile.mkdtemp(prefix="paths-plan-")
        try:
            shutil.copytree(self.state, copy, dirs_exist_ok=True)
            sim = S.Sim(self.board, copy, port=0)
            out = []
            for ch, _gap, _hold in self.presses:
                before = (sim.nvm.writes, sim.store.copy.writes, games(copy))
                sim.press(ch)
                out.append("export" if games(copy) != before[2] else "copy" if sim.store.copy.writes != before[1]
                           else "save" if sim.nvm.writes != before[0] else "")
            sim.close()
            return out
        finally:
            shutil.rmtree(copy, ignore_errors=True)

    def close(self):
        shutil.rmtree(self.state, ignore_errors=True)

    def emulated_s(self):
        return (B.presses(self.presses)[1] + B.TAIL_MS) / 1000.0


def fill(store, series):
    """Save series in store and fill the NVM: its last entry undone and done again, a save after
    each, until the drive copy has been written (a base over a slot that held one: as on a device
    that has saved a while, the file is there, made once in its life) and the active slot, the
    second, is nearly full, then a settings blob that takes what room is left and the settings as
    they were. The undo of the last entry then writes a new base over the other slot
    (firmware/store/journal.py), erasing the sector."""
    from firmware.store import codec

    game = series.game
    store.save(series)
    settings = store.image.settings
    end = 2 * store.half  # (the end of slot 1)
    back = 6 if settings is None else len(settings) + 7  # the frame that puts the settings back
    while True:
        pos = store.pos
        entry = game.pop()
        store.save(series)
        game.push(entry)
        store.save(series)
        pair = store.pos - pos  # (after a new base: not a pair's frames, and not near the end)
        if store.slot == 1 and end - store.pos < pair + back + 14 and store.copy.writes:
            break  # no room for another pair and the padding
    room = end - store.pos
    pad = room - 7 - back  # a frame of OP_SETTINGS and its length byte, a blob of pad bytes, the CRC
    store.save_settings(b"\x00" * pad)
    store.save_settings(settings)
    undo = codec.frame_commit(0, codec.encode_ops([(codec.OP_DEL, store.image.k + len(game.log) - 1, None)],
                                                  len(game.players)))[0]
    if store.slot != 1 or end - store.pos >= len(undo):
        raise RuntimeError("the NVM was not filled: slot %d, %d bytes left" % (store.slot, end - store.pos))


def drive_files(state):
    """The game's files (games/, save/) on a simulator's drive, as {path on the drive: bytes}."""
    root = os.path.join(state, "drive")
    out = {}
    for folder, _dirs, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            rel = "/" + os.path.relpath(path, root).replace(os.sep, "/")
            if rel.startswith(("/games/", "/save/")):
                with open(path, "rb") as f:
                    out[rel] = f.read()
    return out


def games(state):
    """What games/ holds on a simulator's drive: (name, bytes) of each file."""
    return sorted((p, v) for p, v in drive_files(state).items() if p.startswith("/games/"))


def steps(run):
    """What the board's loop did, in order, from its console (tools/bench/board.py's probes): "job"
    for a job of App.jobs it ran (a save, an export), or the presses a draw followed, as the jobs
    still waiting when each came (a list: empty for a draw of a job's screen)."""
    out = []
    for line in run.console.splitlines():
        words = line[max(0, line.find("@")):].split()
        if words[:1] == ["@job"]:
            out.append("job")
        elif words[:1] == ["@probe"] and len(words) == 10:
            out.append([int(d) - 1 for d in words[9].strip("0")])
    return out


def replay(board, state, presses, done):
    """Play timed presses on the simulator from state as the board took them (done: its steps()):
    the presses in the order its buttons report them, each handled where the board handled one
    and the screen drawn where the board drew it, the jobs of App.jobs run where the board's loop
    ran them, a job or a save's step a call (a press is handled with the jobs left waiting on).
    Returns the simulator's frames (as tools/vm/device.py's SimDevice gives them), the presses its
    buttons reported and where the simulator's App could not do what the board's did (a list of
    words)."""
    from firmware.device import buttons as K
    from tools.sim import simulator as S

    frames = []

    def grab(sim):
        frame = (sim.panel.on, sim.panel.contrast, sim.panel.pages())
        if not frames or frames[-1][1:] != frame:
            frames.append((sim.now,) + frame)

    sim = S.Sim(board, state, on_change=grab, port=0)
    app = sim.app
    grab(sim)
    keys = K.Buttons(sim.roles)
    events = []  # (event, ms), in the order the buttons report them
    for ch, down, up in B.presses(presses)[0]:
        number = sim.key_number(ch)
        for t, pressed in ((down, True), (down + K.LONG_MS, None), (up, False)):
            if pressed is None and up - down < K.LONG_MS:
                continue
            ev = keys.poll(t) if pressed is None else keys.key(number, pressed, t)
            if ev:
                events.append((ev, t))
    odd = []
    n = 0
    try:
        for step in done:
            if step == "job":
                if not app.work():
                    odd.append("the board ran a job the simulator's App did not have")
                continue
            for waiting in step:
                if n == len(events):
                    odd.append("the board handled more presses than the buttons reported")
                    break
                if len(app.jobs) != waiting:
                    odd.append("press %d: %d jobs waiting on the board, %d on the simulator" % (
                        n, waiting, len(app.jobs)))
                sim.now = events[n][1]
                app.handle(*events[n])
                n += 1
            sim._draw()
        for ev, t in events[n:]:  # (after the board's last draw: presses that changed nothing)
            sim.now = t
            app.handle(ev, t)
            sim.update()
        sim.update()
    finally:
        sim.close()
    return frames, len(events), odd


class Played:
    """A walk played on the board and replayed on the simulator: ``problems`` (what differs),
    ``presses`` (a record per press, ``press()``), ``seen`` (the probes) and the times."""

    def __init__(self, walk, folder):
        board = B.Board(bundle=folder, nvm=walk.nvm, board=walk.board, files=walk.files)
        try:
            run = board.run(walk.presses, gap_ms=0)
            nvm, files = board.nvm(), {p: v for p, v in board.drive().items() if p.startswith(("/games/", "/save/"))}
        finally:
            board.close()
        self.walk = walk
        self.run = run
        self.seen = BB.probes(run)[0]
        self.emulated_s = run.t_ms / 1000.0
        self.wall_s = run.wall_ms / 1000.0
        self.problems = []
        if run.stop != "time":
            self.problems.append("the board stopped: %s" % run.stop)
        for bad in ("Traceback", "MemoryError"):
            if bad in run.console:
                self.problems.append("%s on the console:\n%s" % (bad, run.console[-1500:]))
        done = steps(run)
        sim_frames, self.sim_events, odd = replay(walk.board, walk.state, walk.presses, done)
        self.problems += odd
        self.events = sum(len(s) for s in done if s != "job")
        i = B.first_difference(run.frames, sim_frames)
        if i is not None:
            shown, sim_shown = B.shown(run.frames), B.shown(sim_frames)
            self.problems.append("frame %d of %d (simulator: %d) differs from the simulator's:\n%s\nsimulator:\n%s" % (
                i, len(shown), len(sim_shown), C.frame_text(shown[i]) if i < len(shown) else "(none)",
                C.frame_text(sim_shown[i]) if i < len(sim_shown) else "(none)"))
        if nvm != C.SimDevice(walk.board, walk.state).nvm():
            self.problems.append("the NVM differs from the simulator's")
        if files != drive_files(walk.state):
            self.problems.append("the game's files on the drive (games/, save/) differ from the simulator's")
        if self.events > self.sim_events:  # (fewer: those after its last draw, which changed nothing)
            self.problems.append("the board took %d presses, the simulator's buttons reported %d" % (
                self.events, self.sim_events))
        self.presses = self._presses()
        marks = BB.effects(walk.presses, B.START_MS, 0)
        self.heaps = []  # (free after the draw, right after the handling, view, view before, press) per draw
        for k, s in enumerate(self.seen):
            press = sum(1 for t in marks if t <= s[0]) - 1
            self.heaps.append((s[4], s[7], s[1], self.seen[k - 1][1] if k else "-", press))

    def _presses(self):
        """A record per press that brought a frame: (press index, key, view before, view after,
        first frame ms, settled ms, waited for a flash write, what the press before wrote when this
        one came quickly after it ('' else), wait ms (to the loop's handling), wire floor ms,
        handling ms, drawing ms, how long its key was held)."""
        walk, run, seen = self.walk, self.run, self.seen
        lat = BB.latencies(run, walk.presses, B.START_MS, 0, seen)
        calm = {x[4]: x[1] for x in BB.settled(run, walk.presses, B.START_MS, 0, seen)}
        marks = BB.effects(walk.presses, B.START_MS, 0)
        out = []
        for _kind, ms, probe, waited, before, i in lat:
            ch, gap, hold = walk.presses[i]
            after = probe[1] if probe else "-"
            wrote = walk.writes[i - 1] if i and gap <= QUICK_AFTER_MS[1] else ""
            wait = max(0.0, ms - (probe[5] + probe[6] if probe else 0))
            floor = pages_changed(run.frames, marks[i] / 1000.0, B.profile(walk.board)["width"]) * PAGE_MS
            out.append((i, ch, before, after, ms, calm.get(i, ms), waited, wrote, wait, floor,
                        probe[5] if probe else 0, probe[6] if probe else 0, hold))
        return out


def pages_changed(frames, t_ms, width):
    """The pages of the panel that differ between the frame shown at t_ms and the next one."""
    before = [f for f in frames if f[0] <= t_ms]
    after = [f for f in frames if f[0] > t_ms]
    if not before or not after:
        return 0
    a, b = before[-1][3], after[0][3]
    return sum(1 for k in range(0, len(a), width) if a[k:k + width] != b[k:k + width])


def pct(values, q):
    return BB.pct(values, q)


def dist(values):
    """median, p90, p99, worst of values (ms) as one line."""
    if not values:
        return "none"
    return "median %.0f, p90 %.0f, p99 %.0f, worst %.0f ms (%d)" % (
        pct(values, 0.5), pct(values, 0.9), pct(values, 0.99), max(values), len(values))


def met(ok):
    return "met" if ok else "NOT MET"


def expected_s(walks):
    return sum(w.emulated_s() for w in walks) * WALL_PER_EMULATED


def measure(board, seeds=SEEDS, count=PRESSES, planned=None):
    """Play the walks of seeds on board's profile and print its figures (planned: the device
    scenario's (median, p90, worst) to print beside them); return its summary line (profile,
    median, p90, p99, worst of the presses that found no flash write, the worst of all, the lowest
    heap after a draw and right after a press, the longest wait after a save, problems)."""
    folder, probed = BB.probed_bundle(board)
    if not probed:
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        print("%s: people's paths not measured (code.py no longer matches the bench's probes)" % board)
        return None
    walks = [Walk(seed, board, count) for seed in seeds]
    print("%s: people's paths, %d walks of %d presses (%s); about %.0f s of emulation, %.0f min here" % (
        board, len(walks), count, ", ".join("seed %d: %s, %d hands in" % (w.seed, w.table, w.hands) for w in walks),
        sum(w.emulated_s() for w in walks), expected_s(walks) / 60), flush=True)
    played = []
    progress = Progress("paths " + board, expected_s(walks), len(walks))
    try:
        for w in walks:
            played.append(progress.job("the walk of seed %d (%s)" % (w.seed, w.table), Played)(w, folder))
    finally:
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        for w in walks:
            w.close()
    return report(board, played, planned)


def report(board, played, planned=None):
    """Print the figures of played walks (Played) on board; return the summary line (measure())."""
    presses = [x for p in played for x in p.presses]
    seen = [s for p in played for s in p.seen]
    problems = [("seed %d: " % p.walk.seed) + q for p in played for q in p.problems]
    print("  %.0f s emulated in %.0f s of runs; %s" % (
        sum(p.emulated_s for p in played), sum(p.wall_s for p in played),
        "; ".join(problems) if problems else
        "every settled frame, the NVM and the game's files equal to the simulator's; every press taken "
        "(%d of %d, as the simulator's buttons report them, the rest after the last frame)" % (
            sum(p.events for p in played), sum(p.sim_events for p in played))))
    free = [x[4] for x in presses if not x[6]]
    every = [x[4] for x in presses]
    strict = board == "pico"
    if free:
        ok = pct(free, 0.5) <= GOAL_MEDIAN_MS and pct(free, 0.99) <= GOAL_P99_MS and max(free) <= GOAL_WORST_MS
        print("  press to the last I2C byte of its first frame, presses that found no flash write: %s "
              "(goal on the pico: median <= %d, p99 <= %d, worst <= %d: %s)" % (
                  dist(free), GOAL_MEDIAN_MS, GOAL_P99_MS, GOAL_WORST_MS, met(ok) if strict else "-"))
    if every:
        print("  every press: %s (goal worst <= %d: %s)%s" % (
            dist(every), GOAL_PROFILE_WORST_MS, met(max(every) <= GOAL_PROFILE_WORST_MS),
            "; the planned scenario: median %.0f, p90 %.0f, worst %.0f ms" % planned if planned else ""))
        print("  press to the screen settled (its last panel write before the next press): %s" % dist(
            [x[5] for x in presses]))
    print("  presses 100-300 ms after a press that wrote the flash: " + ("; ".join(
        "after %s %s" % (w, quick(presses, w)) for w in WRITES if any(x[7] == w for x in presses)) or "none"))
    saves = [x for x in presses if x[6] and x[7] in ("save", "copy")]
    if saves:
        worst = max(x[8] for x in saves)
        print("  a press that came while a save was written: waited (to the loop's handling) %s (goal <= %d ms: %s); "
              "to its frame %s" % (dist([x[8] for x in saves]), GOAL_SAVE_WAIT_MS, met(worst <= GOAL_SAVE_WAIT_MS),
                                   dist([x[4] for x in saves])))
    heaps = [(h, p.walk.seed) for p in played for h in p.heaps]
    for k, what, goal in ((0, "after a draw and its collection", BB.GOAL_FREE),
                          (1, "right after a press's handling, before the draw", BB.GOAL_FREE_BEFORE)):
        if heaps:
            low = sorted(heaps, key=lambda x: x[0][k])[:5]
            print("  heap, the lowest free %s: %d B (goal >= %d: %s); the five lowest: %s" % (
                what, low[0][0][k], goal, met(low[0][0][k] >= goal), ", ".join(
                    "%s>%s %d (seed %d, press %d)" % (h[3], h[2], h[k], seed, h[4]) for h, seed in low)))
    transitions(presses)
    slow = sorted(presses, key=lambda x: -x[4])[:SLOWEST]
    print("  slowest: " + ", ".join("%s>%s %.0f (%d+%d, %s %d ms)%s" % (
        x[2], x[3], x[4], x[10], x[11], x[1], x[12], " w" if x[6] else "") for x in slow)
        + " (view before>after ms (handling+drawing, the key and how long it was held), w: waited for a flash write)")
    if not presses:
        return None
    return (board, pct(free or every, 0.5), pct(free or every, 0.9), pct(free or every, 0.99), max(free or every),
            max(every), min(s[4] for s in seen) if seen else 0, min(s[7] for s in seen) if seen else 0,
            max([x[8] for x in saves] or [0]), len(problems))


def quick(presses, wrote):
    """The presses that came quickly after a press that wrote wrote: to their frame, and how many
    waited for the writing and how long (to the loop's handling)."""
    mine = [x for x in presses if x[7] == wrote]
    waited = [x[8] for x in mine if x[6]]
    return "(%d): to the frame %s; %d came while it was written, waited %s" % (
        len(mine), dist([x[4] for x in mine]), len(waited), dist(waited) if waited else "-")


def transitions(presses):
    """Per screen transition (view before > after), slowest first: its presses' first frame and
    settled times, and the wire's floor (the pages that changed, PAGE_MS each)."""
    per = {}
    for x in presses:
        if not x[6]:  # (a press that waited for a write is counted above)
            per.setdefault("%s > %s" % (x[2], x[3]), []).append(x)
    rows = sorted(per.items(), key=lambda kv: -max(x[4] for x in kv[1]))
    print("  per transition, presses that found no flash write (first frame: median, p90, p99, worst; "
          "settled: median, worst; the wire's floor: median; ms), slowest first:")
    for name, xs in rows[:TRANSITIONS]:
        first = [x[4] for x in xs]
        calm = [x[5] for x in xs]
        print("    %-28s %3d  %4.0f %4.0f %4.0f %4.0f   %4.0f %5.0f   %4.1f%s" % (
            name, len(xs), pct(first, 0.5), pct(first, 0.9), pct(first, 0.99), max(first), pct(calm, 0.5),
            max(calm), pct([x[9] for x in xs], 0.5), "" if max(first) <= GOAL_WORST_MS else "  > %d" % GOAL_WORST_MS))
    if len(rows) > TRANSITIONS:
        rest = [x[4] for _n, xs in rows[TRANSITIONS:] for x in xs]
        print("    the other %d transitions (%d presses): worst %.0f ms" % (
            len(rows) - TRANSITIONS, len(rest), max(rest)))


def missed(walk):
    """The goals a profile's walks (measure()'s summary line) miss, in words; "met" when none."""
    board, median, _p90, p99, worst, _every, heap, before, wait, problems = walk
    out = []
    if board == "pico":
        out += ["median %.0f > %d" % (median, GOAL_MEDIAN_MS)] if median > GOAL_MEDIAN_MS else []
        out += ["p99 %.0f > %d" % (p99, GOAL_P99_MS)] if p99 > GOAL_P99_MS else []
        out += ["worst %.0f > %d" % (worst, GOAL_WORST_MS)] if worst > GOAL_WORST_MS else []
    if board != "pico":  # (the pico's own goal is lower)
        out += ["worst %.0f > %d" % (worst, GOAL_PROFILE_WORST_MS)] if worst > GOAL_PROFILE_WORST_MS else []
    out += ["during a save %.0f > %d" % (wait, GOAL_SAVE_WAIT_MS)] if wait > GOAL_SAVE_WAIT_MS else []
    out += ["heap %d < %d" % (heap, BB.GOAL_FREE)] if heap < BB.GOAL_FREE else []
    out += ["heap after a press %d < %d" % (before, BB.GOAL_FREE_BEFORE)] if before < BB.GOAL_FREE_BEFORE else []
    out += ["%d walks unlike the simulator" % problems] if problems else []
    return "not met: " + ", ".join(out) if out else "met"


def summary(lines):
    """The people's paths of each profile beside its planned scenario, with the goals: lines of
    (tools/bench/board.py measure()'s summary row, measure()'s)."""
    print("people's paths beside the planned scenario: press to the last I2C byte of its first frame (ms), the "
          "lowest free heap (B); goals, for the presses that found no flash write: on the pico median <= %d, "
          "p99 <= %d, worst <= %d, on every profile worst <= %d; a press during a save waits <= %d; heap >= %d after a "
          "draw and >= %d right after a press" % (GOAL_MEDIAN_MS, GOAL_P99_MS, GOAL_WORST_MS, GOAL_PROFILE_WORST_MS,
                                             GOAL_SAVE_WAIT_MS, BB.GOAL_FREE, BB.GOAL_FREE_BEFORE))
    print("  %-14s %-17s  %-24s  %-6s %-13s %6s" % ("", "planned scenario", "walks, no flash write", "all",
                                                     "lowest heap", "save"))
    print("  %-14s %6s %4s %5s  %6s %4s %4s %5s  %6s %6s %6s %6s  %s" % (
        "profile", "median", "p90", "worst", "median", "p90", "p99", "worst", "worst", "draw", "press", "wait",
        "goals"))
    for planned, walk in lines:
        if walk is not None:
            print("  %-14s %6s %4s %5s  %6.0f %4.0f %4.0f %5.0f  %6.0f %6d %6d %6s  %s" % (
                (walk[0],) + tuple("%.0f" % v if planned else "-" for v in (planned or (0, 0, 0))) + walk[1:8]
                + ("%.0f" % walk[8] if walk[8] else "-", missed(walk))))


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    count, seeds = PRESSES, SEEDS
    if "--presses" in args:
        k = args.index("--presses")
        count = int(args[k + 1])
        del args[k:k + 2]
    if "--seeds" in args:
        k = args.index("--seeds")
        seeds = tuple(int(s) for s in args[k + 1].split(","))
        del args[k:k + 2]
    why = B.missing() or (None if C.mpy_cross() else "CircuitPython's mpy-cross not found")
    if why:
        print("paths: skipped: %s" % why)
        return 0
    started = time.time()
    boards = [b for b in args or PROFILES if not B.missing(b)]
    print("people's paths: %d walks of %d presses on %s, about %.0f min here with one emulator at a time" % (
        len(seeds) * len(boards), count, ", ".join(boards), len(seeds) * len(boards) * WALK_S * count / PRESSES / 60),
        flush=True)
    planned = {row[0]: row[2:5] for row in BB.measured}  # (make bench: the board section's, run before)
    lines = []
    for board in boards:
        lines.append((planned.get(board), measure(board, seeds, count, planned.get(board))))
        print()
    summary(lines)
    print("people's paths took %.0f s" % (time.time() - started))
    return 1 if any(walk and walk[-1] for _p, walk in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
