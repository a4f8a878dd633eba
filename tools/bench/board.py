"""The device scenario on every board profile, emulated (CircuitPython 10.3's UF2 for the Pico or
the Feather RP2040 on rp2040js, 125 MHz): ``make bench`` prints, per profile,

* the free heap (``gc.mem_free()`` after each draw and collect, from a probe line that only
  this benchmark's copy of code.py prints): at code.py's start, lowest, and lowest per screen kind,
  beside the goal (issue 17: at least 80 KB at every press), and the same for a 7-player knack
  game (tools/vm/device.py ``knack7``: seated from the roster, eight hands as tables play them);
* the time from each press taking effect (a short press's release, a long press's 600 ms
  threshold) to the last I2C byte of the frame it brought: median, 90th percentile, worst, in
  all and per screen kind (scoreboard, hand entry, preview, menu, history, chart, big text),
  beside the goals (median 40 ms, worst 100 ms); and where that time goes: the loop's handling
  of the press (keypad events, buttons, App) and ``renderer.draw`` (laying out, the
  I2C transfer), both timed by the probe, the rest being keypad's debounce and the loop's sleep;
* the time from power-on to the first scoreboard (the resumed runs);
* a save (press to the last page program of its NVM write) and an export (press to the last
  write of the drive).

Presses come 400 ms after each release, as a person presses, and after an export the person
reads its result before the next press (tools/vm/device.py ``person_paced``): a press made while
the drive is written waits for the writing (the core stalls in a flash erase), which the bench
measures apart (a press 200 ms after an export's OK). The four runs of the scenario each start
from the simulator's state after the runs before (NVM and exported files), so they run at once.
rp2040js does not model the XIP cache's misses: a real board is if anything slower.
"""

import os
import shutil
import sys
import tempfile

from tools import board as B
from tools.bench import Progress
from tools.vm import device as C

GAP_MS = 400
LONG_THRESHOLD_MS = 600  # firmware/device/buttons.py LONG_MS
ANCHOR = "            renderer.draw(app.screen)\n            gc.collect()\n"
# The free heap before the draw is a walk of the whole heap (some 5 ms on the Pico): timed (µs), and
# taken off the press's time and the drawing's, so that the figures are those of the device.
TIMED = ("            _t1 = dev.ticks()\n            _p = __import__(\"time\").monotonic_ns()\n"
         "            _h = gc.mem_free()\n            _p = (__import__(\"time\").monotonic_ns() - _p) // 1000\n"
         "            renderer.draw(app.screen)\n            _t2 = dev.ticks()\n            gc.collect()\n")
LOOP_ANCHOR = "        now = clock.now()\n"
LOOP_PROBE = "        _t0 = dev.ticks()\n"
# A job of the last press (a save, an export) run by the loop: its end is printed, so that a press
# that came while it ran is counted as waiting for a write.
JOB_ANCHOR = "        elif not buttons.down:"  # (after the job the loop ran, in its branch)
JOB_PROBE = '            print("@job")\n'
PROBE = ('            print("@probe", type(app.view).__name__, int(app.screen.chart is not None), '
         'int(app.screen.big), gc.mem_free(), _t1 - _t0, _t2 - _t1, _h, _p, _ev)\n            _ev = 0\n')
# The presses the loop handed to the App since the last draw, a decimal digit each: 1 + the jobs
# (App.jobs: a save, an export) still waiting when it came, which run after its frame. A small
# int, no allocation; printed with the next draw's probe line (tools/bench/paths.py plays the same
# presses on the simulator in the same order with its jobs).
EVENT_ANCHORS = ("\n                app.handle(ev, now)\n", "\n            app.handle(ev, now)\n")
EVENTS_START = "    version = None\n"
SLOWEST = 12  # the slowest presses listed with their screen
# The summary lines main() printed, for make bench's people's paths to print beside theirs (tools/bench/paths.py).
measured = []
# Emulators at once in measure() (the emulated times do not depend on the machine's load; on a
# shared machine BOARD_WORKERS=1 plays one at a time).
WORKERS = int(os.environ.get("BOARD_WORKERS") or 5)
PROFILE_S = 13 * 60  # measure()'s usual length a profile on 2 cores (docs/BENCH.md)
GOAL_MEDIAN_MS = 40  # issue 17: press to glass
GOAL_WORST_MS = 100
GOAL_FREE = 80 * 1024  # issue 17: free heap at every press
# Issue 29 on the pico profile: nearer the floor (two page writes, ~6 ms at 400 kHz, and keypad's scan).
NEAR_MEDIAN_MS = 20
NEAR_WORST_MS = 60
SETTLED_WITHIN_MS = 10  # the settled median within this of the first frame's
GOAL_FREE_BEFORE = 72000  # the heap right after a press's handling, before any collection
# Issue 17's figures when it was filed (displayio pixel by pixel): press to glass, the lowest free heap.
WAS = "when issue 17 was filed: median 354 ms, p90 480, worst 606; lowest free heap 55-60 KB"
FLASH_ERASE_US = 45000  # the W25Q16JV's typical sector erase (tools/board/flash.mjs)
START_ANCHOR = "def main():\n"
START_PROBE = '    gc.collect()\n    print("@probe start", gc.mem_free())\n'
KINDS = ("scoreboard", "hand entry", "preview", "menu", "history", "chart", "big text", "other")
ENTRY_VIEWS = {"FemWalk", "TricksWalk", "Rows", "JoinStep", "SeatList", "ReasonList", "BidList",
               "ResultList", "YesNo", "AdjustWalk", "Walk", "PickList"}


def edited_bundle(board, prefix, edit):
    """A copy of board's .mpy bundle (never the users' bundle) whose code.py is edit(its text):
    (folder, True), or (folder, False) with code.py as it was when edit returns None (code.py no
    longer has the anchors)."""
    out = tempfile.mkdtemp(prefix=prefix)
    folder = os.path.join(out, "CIRCUITPY")
    shutil.copytree(C.bundle("mpy", board), folder)
    path = os.path.join(folder, "code.py")
    with open(path, encoding="utf-8") as f:
        text = edit(f.read())
    if text is None:
        return folder, False
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return folder, True


# After each probe line (heap --modules only: its code and names cost a little heap themselves),
# the firmware modules then loaded.
MODULES_PROBE = ('            print("@modules", " ".join(m for m in __import__("sys").modules '
                 'if m.startswith("firmware")))\n')


def probed_bundle(board="pico", modules=False):
    """A copy of board's .mpy bundle whose code.py prints the probe lines (and the modules loaded
    after each, when modules), and whether it does."""

    def probes(text):
        if any(a not in text for a in (ANCHOR, START_ANCHOR, LOOP_ANCHOR, JOB_ANCHOR, EVENTS_START) + EVENT_ANCHORS):
            return None
        for anchor in EVENT_ANCHORS:
            indent = anchor.split("app.handle")[0].rsplit("\n", 1)[1]
            counted = "%s_ev = _ev * 10 + 1 + min(8, len(app.jobs))\n%sapp.handle" % (indent, indent)
            text = text.replace(anchor, anchor.replace(indent + "app.handle", counted), 1)
        text = text.replace(EVENTS_START, EVENTS_START + "    _ev = 0\n", 1)
        text = text.replace(ANCHOR, TIMED + PROBE + (MODULES_PROBE if modules else ""), 1)
        text = text.replace(START_ANCHOR, START_ANCHOR + START_PROBE, 1)
        text = text.replace(LOOP_ANCHOR, LOOP_ANCHOR + LOOP_PROBE, 1)
        return text.replace(JOB_ANCHOR, JOB_PROBE + JOB_ANCHOR, 1)

    return edited_bundle(board, "bench-board-", probes)


# Where code.py's heap goes before the first screen: a probe after each step (bench copy only).
STAGES = (
    ('    __import__("firmware.ui.app")\n\n    gc.collect()\n', "the App's modules imported"),
    ("    from firmware.store.journal import Store\n\n    gc.collect()\n", "the store imported"),
    ('    forget("firmware.device.boards")  # and the board profiles\' tables\n    gc.collect()\n',
     "the device set up (display, keypad, NVM, exporter, drive copy) and its start-up code let go"),
    ('    app = App(store, exporter, dev.width, dev.height, dev.lang, clock.now(), "back" in dev.roles,\n'
     '              dev.profile["name"])\n',
     "the App built (the game loaded)"),
)
FIRST_DRAW = "            renderer.draw(app.screen)\n            gc.collect()\n"


def stage_bundle(board="pico"):
    """A copy of the .mpy bundle whose code.py prints the free heap after each start-up step and
    the firmware modules loaded at its first screen; None when code.py no longer matches."""

    def stages(text):
        for anchor, what in STAGES + ((START_ANCHOR, "code.py's start"),):
            if anchor not in text:
                return None
            indent = anchor[:len(anchor) - len(anchor.lstrip())] if anchor != START_ANCHOR else "    "
            probe = '%sgc.collect()\n%sprint("@stage", gc.mem_free(), "%s")\n' % (indent, indent, what)
            text = text.replace(anchor, anchor + probe, 1)
        if FIRST_DRAW not in text:
            return None
        return text.replace(FIRST_DRAW, (
            '            import sys\n            print("@stage", gc.mem_free(), "the first screen drawn")\n'
            '            print("@modules", " ".join(m for m in sys.modules if m.startswith("firmware")))\n'
            "            raise SystemExit\n"), 1)

    folder, edited = edited_bundle(board, "bench-board-stages-", stages)
    return folder if edited else None


def start_heap(nvm, board="pico"):
    """[(free, step)] from code.py's start to its first screen on a board holding nvm, and the
    firmware modules then loaded."""
    folder = stage_bundle(board)
    if folder is None:
        return [], []
    pico = B.Board(bundle=folder, nvm=nvm, board=board)
    try:
        run = pico.run("")
    finally:
        pico.close()
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
    stages, modules = [], []
    for ln in run.console.splitlines():
        words = ln[max(0, ln.find("@")):].split(None, 2)  # (after a terminal-title escape)
        if words[:1] == ["@stage"] and len(words) == 3:
            stages.append((int(words[1]), words[2].strip()))
        elif words[:1] == ["@modules"]:
            modules = sorted(ln.split()[1:])
    stages.sort(key=lambda st: -st[0])
    return stages, modules


def kind(view, chart, big):
    if chart or view == "ChartView":
        return "chart"
    if big:
        return "big text"
    if view == "Scoreboard":
        return "scoreboard"
    if view == "Preview":
        return "preview"
    if view == "Menu":
        return "menu"
    if view in ("History", "Detail"):
        return "history"
    if view in ENTRY_VIEWS:
        return "hand entry"
    return "other"


def probes(run):
    """[(t_us, view, chart, big, free, handle_ms, draw_ms, free_before, probe_us, events)] from the
    console (free: after the draw and its collection; free_before: after the press's handling, before
    the draw and any collection; probe_us: the time asking for free_before took, not in draw_ms;
    events: the presses handled since the last draw, a digit each, EVENT_ANCHORS), and the free heap
    at code.py's start."""
    out, start, line, t_line = [], None, "", 0
    for t, chunk in run.console_chunks:
        for ch in chunk:
            if not line:
                t_line = t
            if ch == "\n":
                # (CircuitPython puts a terminal-title escape before the first line code.py prints)
                words = line[max(0, line.find("@probe")):].split()
                if words[:2] == ["@probe", "start"]:
                    start = int(words[2])
                elif words[:1] == ["@probe"] and len(words) == 10:
                    cost = int(words[8])
                    out.append((t_line, words[1], words[2] == "1", words[3] == "1", int(words[4]),
                                int(words[5]), int(words[6]) - round(cost / 1000), int(words[7]), cost,
                                words[9].strip("0")))
                line = ""
            else:
                line += ch
    return out, start


def job_ends(run):
    """Emulated µs at which the loop finished a job of a press (a save, an export)."""
    out = []
    for t, chunk in run.console_chunks:
        out += [t] * chunk.count("@job")
    return out


def effects(keys, start_ms, gap_ms):
    """Emulated µs at which each press takes effect: a short one's release, a long one's threshold."""
    return [int((down + LONG_THRESHOLD_MS if ch.isupper() else up) * 1000)
            for ch, down, up in B.presses(keys, start_ms, gap_ms)[0]]


def bursts(transactions, gap_us=B.SETTLE_MS * 1000):
    """(start_us, end_us) of runs of I2C writes with less than gap_us between them."""
    out = []
    for t0, t1, _data in transactions:
        if out and t0 - out[-1][1] < gap_us:
            out[-1][1] = t1
        else:
            out.append([t0, t1])
    return out


def latencies(run, keys, start_ms, gap_ms, seen):
    """[(kind, ms, probe, waited, view before, press)] per press that brought a frame; the kind from
    the probe after the frame, whose own time is taken off; waited: the press came while an earlier
    press's writing ran (a job of the loop: a save, an export, whose flash erases stall the core) or
    the flash was being written between the press and its frame, so the press waited for that write;
    press: its index in keys' presses."""
    marks = effects(keys, start_ms, gap_ms)
    frames = bursts(run.transactions)
    jobs = job_ends(run)
    out = []
    for i, t in enumerate(marks):
        nxt = marks[i + 1] if i + 1 < len(marks) else float("inf")
        burst = next((b for b in frames if t <= b[0] < nxt), None)
        if burst is None:
            continue  # nothing changed on the screen (e.g. a wake press)
        probe = next((p for p in seen if p[0] >= burst[1]), None)
        before = [p for p in seen if p[0] < t]
        # (an erase started up to 45 ms before the press still runs at it)
        waited = any(t - FLASH_ERASE_US <= op[0] < burst[0] for op in run.flash_ops) or any(
            t <= j < burst[0] for j in jobs)
        out.append((kind(*probe[1:4]) if probe else "other", (burst[1] - t - probe_us([probe])) / 1000.0,
                    probe, waited, before[-1][1] if before else "-", i))
    return out


def settled(run, keys, start_ms, gap_ms, seen):
    """[(kind, ms, redraws, view, press)] per press that changed the screen: from the press taking
    effect to the last write of pixels to the panel before the next press (the screen settled: a
    redraw after a save or an export included; the dimming's contrast command not), the number of
    frames it sent meanwhile, the view then shown and the press's index in keys' presses."""
    marks = effects(keys, start_ms, gap_ms)
    frames = bursts(run.transactions)
    # pixels written (a write that holds data), not the dimming's contrast command
    pixels = bursts([tx for tx in run.transactions if writes_pixels(tx[2])])
    out = []
    for i, t in enumerate(marks):
        nxt = marks[i + 1] if i + 1 < len(marks) else float("inf")
        if not any(t <= b[0] < nxt for b in frames):
            continue  # as latencies(): nothing sent (e.g. a wake press that only sets the contrast)
        mine = [b for b in pixels if t <= b[0] < nxt] or [b for b in frames if t <= b[0] < nxt][:1]
        probe = next((p for p in seen if p[0] >= mine[-1][1]), None)
        drawn = [p for p in seen if t <= p[0] and (probe is None or p[0] <= probe[0])]  # its draws' probes
        out.append((kind(*probe[1:4]) if probe else "other", (mine[-1][1] - t - probe_us(drawn)) / 1000.0,
                    len(mine), probe[1] if probe else "-", i))
    return out


def writes_pixels(payload):
    """Whether one I2C write to the panel holds display data: its control bytes say so (0x40: the
    rest is data, as the SSD1306's pages go; 0xC0: one data byte; 0x80 and 0x00: a command, as the
    SH1107's strips set their address before their 0x40)."""
    i = 0
    while i < len(payload):
        control = payload[i]
        if not control & 0x80:  # the last control byte: the rest is data or commands
            return bool(control & 0x40) and i + 1 < len(payload)
        if control & 0x40:
            return True
        i += 2
    return False


def probe_us(drawn):
    """µs the probes of drawn (probes() tuples, None for none) took before their draws."""
    return sum(p[8] for p in drawn if p is not None)


def export_wait(folder, board):
    """ms from a press made 200 ms after the menu export's OK (while the drive is written) to its
    frame, and the export's own press to its "Exporterar…" frame."""
    from tools.sim import simulator as S

    sim = C.SimDevice(board)
    try:
        sim.run(C.scenario(board)[0][1])
        look = S.Sim(sim.board, sim.state)
        look.press("b")
        row = [item[0] for item in look.app.view.items].index("Exportera")
        nvm = sim.nvm()
    finally:
        sim.close()
    keys = "b" + "b" * row + "cc"
    pico = B.Board(bundle=folder, nvm=nvm, board=board)
    try:
        run = pico.run(keys, gap_ms=200 - B.PRESS_MS)
    finally:
        pico.close()
    lat = latencies(run, keys, B.START_MS, 200 - B.PRESS_MS, probes(run)[0])
    return lat[-1][1], lat[-2][1]


def flash_times(run, keys, start_ms, gap_ms):
    """(saves, exports) in ms: press to the last NVM page program / last drive write it caused."""
    marks = effects(keys, start_ms, gap_ms)
    saves, exports = [], []
    for i, t in enumerate(marks):
        nxt = marks[i + 1] if i + 1 < len(marks) else float("inf")
        ops = [op for op in run.flash_ops if t <= op[0] < nxt]
        nvm = [op[0] for op in ops if B.NVM_OFFSET <= op[2] < B.NVM_OFFSET + B.NVM_SIZE and op[1] == "P"]
        drive = [op[0] for op in ops if op[2] >= B.DRIVE_OFFSET]
        if drive:
            exports.append((drive[-1] - t) / 1000.0)
        elif nvm:
            saves.append((nvm[-1] - t) / 1000.0)
    return saves, exports


def lowest_per_kind(seen):
    """The lowest free heap per screen kind of probes, as one line."""
    per = {}
    for p in seen:
        k = kind(*p[1:4])
        per[k] = min(per.get(k, p[4]), p[4])
    return ", ".join("%s %d" % (k, per[k]) for k in KINDS if k in per)


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def line(values):
    return "median %.0f ms, p90 %.0f ms, worst %.0f ms (%d)" % (
        pct(values, 0.5), pct(values, 0.9), max(values), len(values))


def verdict(values):
    """Whether press-to-glass times meet the goals."""
    ok = pct(values, 0.5) <= GOAL_MEDIAN_MS and max(values) <= GOAL_WORST_MS
    return "met" if ok else "not met"


def parts(lat):
    """Median handling and drawing time (ms, from the probe) of the presses in lat."""
    probed = [x[2] for x in lat if x[2] is not None]
    if not probed:
        return ""
    return "; handling %.0f, drawing %.0f" % (pct([p[5] for p in probed], 0.5),
                                              pct([p[6] for p in probed], 0.5))


# Every board profile (firmware/device/boards.py): the Pico's with the 0.96" SSD1306, the 2.42"
# SSD1309 (a reset pin) and the 1.3" SH1106; the Feather RP2040's with the 128x32 SSD1306
# FeatherWing and the 128x64 SH1107 FeatherWing (three buttons each).
PROFILES = ("pico", "pico_242", "pico_sh1106", "feather_oled", "feather_oled64")


def main(profiles=PROFILES):
    why = B.missing() or (None if C.mpy_cross() else "CircuitPython's mpy-cross not found")
    if why:
        print("board: skipped: %s" % why)
        return
    summary = measured
    del summary[:]
    for board in profiles:
        why = B.missing(board)
        if why:
            print("%s: skipped: %s" % (board, why))
            continue
        summary.append(measure(board))
        print()
    print("every profile: press to the last I2C byte of its frame (ms), the lowest free heap after a draw (B), "
          "goals: median <= %d, worst <= %d, heap >= %d" % (GOAL_MEDIAN_MS, GOAL_WORST_MS, GOAL_FREE))
    print("  %-15s %-8s %6s %4s %6s %7s %8s  %s" % ("profile", "panel", "median", "p90", "worst", "heap",
                                                    "knack7", "goals"))
    for row in summary:
        print("  %-15s %-8s %6.0f %4.0f %6.0f %7d %8d  %s" % row)


def measure(board):
    """Play the device scenario on board's profile and print its figures; return its line of the
    summary: (profile, panel, median, p90, worst ms, lowest free heap, the knack7 game's, goals)."""
    from concurrent.futures import ThreadPoolExecutor

    folder, probed = probed_bundle(board)
    runs = C.scenario(board)
    # as a person presses: the result of an export read before the next press (C.person_paced)
    played = [C.person_paced(i, board) for i in range(len(runs))]
    sim = C.SimDevice(board)
    boards = []
    for _name, keys in runs:
        boards.append(B.Board(bundle=folder, nvm=sim.nvm(), board=board,
                              files={"/games/" + n: v for n, v in sim.exports().items()}))
        sim.run(keys)
    sim.close()
    # The 7-player knack game: its first run (the names into the roster) on the simulator only.
    knack = C.knack7(board)
    sim = C.SimDevice(board)
    for _name, keys in knack[:-1]:
        sim.run(keys)
    knack_board = B.Board(bundle=folder, nvm=sim.nvm(), board=board,
                          files={"/games/" + n: v for n, v in sim.exports().items()})
    sim.close()
    with Progress("board " + board, PROFILE_S, len(boards) + 3) as progress, \
            ThreadPoolExecutor(max_workers=WORKERS) as pool:
        heap_job = pool.submit(progress.job("the heap at start-up", start_heap), boards[1].nvm(), board)
        knack_job = pool.submit(progress.job("the 7-player knack game", knack_board.run), knack[-1][1],
                                gap_ms=GAP_MS)
        wait_job = pool.submit(progress.job("a press during an export", export_wait), folder, board)
        results = list(pool.map(lambda i: progress.job("scenario run %d" % i, boards[i].run)(played[i], gap_ms=GAP_MS),
                                range(len(boards))))
        stages, modules = heap_job.result()
        knack_seen = probes(knack_job.result())[0]
        waited, exporting = wait_job.result()
    knack_board.close()
    lat, seen_all, starts, first, saves, exports, wall, emulated = [], [], [], [], [], [], 0, 0
    calm = []
    for i, (r, keys) in enumerate(zip(results, played)):
        seen, start = probes(r)
        seen_all += seen
        if start is not None:
            starts.append(start)
        lat += latencies(r, keys, B.START_MS, GAP_MS, seen)
        calm += settled(r, keys, B.START_MS, GAP_MS, seen)
        s, e = flash_times(r, keys, B.START_MS, GAP_MS)
        saves += s
        exports += e
        if i and B.shown(r.frames):
            first.append(B.shown(r.frames)[0][0])  # the first lit frame: the resumed scoreboard
        wall += r.wall_ms / 1000.0
        emulated += r.t_ms / 1000.0
    for b in boards:
        b.close()
    shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
    print("%s (%s): emulated RP2040 at 125 MHz (rp2040js 1.4.1, CircuitPython 10.3 UF2, .mpy bundle); "
          "%.0f s emulated in %.0f s of runs" % (board, B.profile(board)["chip"], emulated, wall))
    if probed and seen_all:
        low = min(p[4] for p in seen_all)
        print("free heap: %s at code.py's start; lowest after a draw %d B (goal >= %d: %s)" % (
            "/".join(str(s) for s in starts) or "-", low, GOAL_FREE, "met" if low >= GOAL_FREE else "not met"))
        print("  lowest per screen: " + lowest_per_kind(seen_all))
        if knack_seen:
            low = min(p[4] for p in knack_seen)
            print("  7-player knack game (%s): lowest %d B (goal >= %d: %s); per screen: %s" % (
                knack[-1][0], low, GOAL_FREE, "met" if low >= GOAL_FREE else "not met",
                lowest_per_kind(knack_seen)))
        print(before_handling(seen_all + knack_seen))
    else:
        print("free heap: not measured (code.py's draw loop no longer matches the probe's anchor)")
    if stages:
        print("  start-up (a game in progress): " + ", ".join("%d %s" % st for st in stages))
        print("  firmware modules loaded at the first screen (%d): %s" % (len(modules), " ".join(
            m[len("firmware."):] for m in modules)))
    if lat:
        free = [x for x in lat if not x[3]]
        every = [x[1] for x in lat]
        print("press to the last I2C byte of its frame, every press: %s (goal median <= %d, worst <= %d ms: "
              "%s)%s" % (line(every), GOAL_MEDIAN_MS, GOAL_WORST_MS, verdict(every), parts(lat)))
        print("  (%s)" % WAS)
        if board == "pico":
            near = pct(every, 0.5) <= NEAR_MEDIAN_MS and max(every) <= NEAR_WORST_MS
            print("  nearer the limit (issue 29, pico): median <= %d, worst <= %d ms: %s" % (
                NEAR_MEDIAN_MS, NEAR_WORST_MS, "met" if near else "not met"))
    if calm:
        ms = [x[1] for x in calm]
        gap = pct(ms, 0.5) - pct(every, 0.5)
        print("press to the last panel write before the next press (the screen settled: a redraw after a save "
              "or an export included): %s (goal: median within %d ms of the first frame's: %s)" % (
                  line(ms), SETTLED_WITHIN_MS, "met" if gap <= SETTLED_WITHIN_MS else "not met"))
        more = [(c, f) for c, f in zip(calm, lat) if c[1] - f[1] > SETTLED_WITHIN_MS]
        print("  presses that settle more than %d ms after their first frame (%d of %d): %s" % (
            SETTLED_WITHIN_MS, len(more), len(calm), ", ".join(
                "%s %.0f>%.0f (%d frames)" % (c[3], f[1], c[1], c[2]) for c, f in more[:SLOWEST]) or "none"))
        if free:
            ms = [x[1] for x in free]
            print("  presses that found no flash write running: %s: %s" % (line(ms), verdict(ms)))
        waits = [x for x in lat if x[3]]
        if waits:
            print("  presses that came while the flash was written (an export, a new game's save: the core "
                  "stalls until it ends): %s, %s" % (line([x[1] for x in waits]), ", ".join(
                      "%s %.0f" % (x[2][1] if x[2] else x[0], x[1]) for x in waits)))
        for k in KINDS:
            mine = [x for x in lat if x[0] == k]
            if mine:
                ms = [x[1] for x in mine]
                print("  %-10s %s: %s%s" % (k, line(ms), verdict(ms), parts(mine)))
        print("  (median ms; handling: keypad events to the App's new screen; drawing: renderer.draw "
              "with its I2C transfer; the rest is keypad's debounce and the loop's sleep)")
        slow = sorted((x for x in lat if x[2] is not None), key=lambda x: -x[1])[:SLOWEST]
        print("  slowest: " + ", ".join("%s>%s %.0f (%d+%d)%s" % (x[4], x[2][1], x[1], x[2][5], x[2][6],
                                                                   " w" if x[3] else "") for x in slow)
              + " (view before>after ms (handling+drawing), w: waited for a flash write)")
    if first:
        print("power-on to the first scoreboard (resumed): %s ms" % "/".join("%.0f" % t for t in first))
    if saves:
        print("save (press to its last NVM page program): " + line(saves))
    if exports:
        print("export (press to its last drive write): " + line(exports))
    print("  the export's press to its \"Exporterar…\" frame: %.0f ms; a press made 200 ms after it, while the "
          "drive is written, to its frame: %.0f ms (it waits for the writing; taken after it, not lost)"
          % (exporting, waited))
    every = [x[1] for x in lat] or [0]
    low = min([p[4] for p in seen_all] or [0])
    low7 = min([p[4] for p in knack_seen] or [0])
    met = verdict(every) == "met" and min(low, low7) >= GOAL_FREE
    return (board, B.profile(board)["chip"], pct(every, 0.5), pct(every, 0.9), max(every), low, low7,
            "met" if met else "not met")


def before_handling(seen):
    """The line of the lowest free heap right after a press's handling (probes() tuples)."""
    low = min(seen, key=lambda p: p[7])
    return ("free heap right after a press's handling, before the draw and any collection: lowest %d B "
            "(goal >= %d: %s), at %s; the five lowest: %s" % (
                low[7], GOAL_FREE_BEFORE, "met" if low[7] >= GOAL_FREE_BEFORE else "not met", low[1],
                ", ".join("%s %d" % (p[1], p[7]) for p in sorted(seen, key=lambda p: p[7])[:5])))


def presses(board, runs):
    """Play only the device scenario's runs numbered runs (0-3, as C.scenario(board) lists them) on
    board, one emulator at a time, and print every press (the view before>after, ms to its frame's
    last I2C byte, handling+drawing) and the lowest free heap after a draw: a minute or two a run,
    where the whole section takes many (run 1 holds the history's edits, run 2 a new game's set-up)."""
    folder, _probed = probed_bundle(board)
    sim = C.SimDevice(board)
    todo = []
    for i, (name, keys) in enumerate(C.scenario(board)):
        if i in runs:
            todo.append((i, name, B.Board(bundle=folder, nvm=sim.nvm(), board=board, files={
                "/games/" + n: v for n, v in sim.exports().items()}), C.person_paced(i, board)))
        sim.run(keys)
    sim.close()
    every = []
    progress = Progress("board %s, runs %s" % (board, ",".join(str(i) for i in runs)), total=len(todo))
    for i, name, pico, keys in todo:
        try:
            r = progress.job("run %d (%s)" % (i, name), pico.run)(keys, gap_ms=GAP_MS)
        finally:
            pico.close()
        seen = probes(r)[0]
        lat = latencies(r, keys, B.START_MS, GAP_MS, seen)
        every += [x[1] for x in lat]
        print("run %d (%s): %s" % (i, name, ", ".join("%s>%s %.0f (%d+%d)%s" % (
            x[4], x[2][1], x[1], x[2][5], x[2][6], " w" if x[3] else "") for x in lat if x[2] is not None)))
        if seen:
            print("  lowest free heap after a draw %d B; per screen: %s" % (min(p[4] for p in seen),
                                                                      lowest_per_kind(seen)))
            print("  " + before_handling(seen))
    shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
    if every:
        print("%s, runs %s: press to the last I2C byte of its frame: %s" % (
            board, ",".join(str(i) for i in runs), line(every)))


def modules_at(run):
    """[(free, view, modules)] per probe of a run whose bundle prints the modules (--modules)."""
    out = []
    for ln in run.console.splitlines():
        words = ln[max(0, ln.find("@")):].split()
        if words[:1] == ["@probe"] and len(words) >= 5 and words[1] != "start":
            out.append((int(words[4]), words[1], []))
        elif words[:1] == ["@modules"] and out:
            out[-1][2][:] = words[1:]
    return out


def mpy_sizes(folder, modules):
    """{module: bytes of its .mpy in the bundle folder}."""
    out = {}
    for m in modules:
        path = os.path.join(folder, *m.split("."))
        for p in (path + ".mpy", os.path.join(path, "__init__.mpy")):
            if os.path.exists(p):
                out[m] = os.path.getsize(p)
    return out


def heap(board="pico", parts=("knack7", "scenario"), modules=False):
    """The heap's low points only (a few minutes, one emulator at a time): play the 7-player knack
    game and/or the scenario's runs as measure() does and print, per run, the lowest free heap after
    a draw and its collection, the view where it was, and the five lowest views; with modules, also
    the firmware modules loaded there and their .mpy sizes (that probe costs some heap itself).
    Return the lowest [(part, bytes, view)]."""
    why = B.missing(board) or (None if C.mpy_cross() else "CircuitPython's mpy-cross not found")
    if why:
        print("board: skipped: %s" % why)
        return []
    folder, probed = probed_bundle(board, modules)
    if not probed:
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        print("free heap: not measured (code.py's draw loop no longer matches the probe's anchor)")
        return []
    plays = []  # (part, what, nvm, files, keys)
    if "knack7" in parts:
        knack = C.knack7(board)
        sim = C.SimDevice(board)
        for _name, keys in knack[:-1]:
            sim.run(keys)
        plays.append(("knack7", knack[-1][0], sim.nvm(), sim.exports(), knack[-1][1]))
        sim.close()
    if "scenario" in parts:
        runs = C.scenario(board)
        sim = C.SimDevice(board)
        for i, (name, keys) in enumerate(runs):
            plays.append(("scenario", name, sim.nvm(), sim.exports(), C.person_paced(i, board)))
            sim.run(keys)
        sim.close()
    lows = {}
    progress = Progress("board %s, the heap" % board, total=len(plays))
    try:
        for part, what, nvm, files, keys in plays:
            pico = B.Board(bundle=folder, nvm=nvm, board=board, files={"/games/" + n: v for n, v in files.items()})
            try:
                run = progress.job("%s (%s)" % (part, what), pico.run)(keys, gap_ms=GAP_MS)
            finally:
                pico.close()
            seen = probes(run)[0]
            if not seen:
                print("%s (%s): no probe line (the board stopped?)" % (part, what))
                continue
            low = min(seen, key=lambda p: p[4])
            five = sorted(seen, key=lambda p: p[4])[:5]
            print("%s (%s): lowest free heap after a draw %d B at %s; five lowest: %s" % (
                part, what, low[4], low[1], ", ".join("%s %d" % (p[1], p[4]) for p in five)))
            print("  " + before_handling(seen))
            if modules:
                at = min(modules_at(run), key=lambda p: p[0])
                sizes = mpy_sizes(folder, at[2])
                print("  loaded at %s %d (%d modules, %d B of .mpy): %s" % (
                    at[1], at[0], len(at[2]), sum(sizes.values()),
                    " ".join("%s %d" % (m[len("firmware."):], sizes.get(m, 0)) for m in sorted(at[2]))))
            if part not in lows or low[4] < lows[part][0]:
                lows[part] = (low[4], low[1])
    finally:
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
    for part in parts:
        if part in lows:
            print("%s %s: lowest %d B at %s (goal >= %d: %s)" % (
                board, part, lows[part][0], lows[part][1], GOAL_FREE,
                "met" if lows[part][0] >= GOAL_FREE else "not met"))
    return [(part,) + lows[part] for part in parts if part in lows]


def command_line(argv=None):
    """python -m tools.bench.board [PROFILE ...] [--runs 1,2] | --heap [knack7|scenario] [--modules] [PROFILE]:
    what to run, or one line and exit status 2 for a command line it cannot run."""
    from tools.shared import ArgumentParser

    p = ArgumentParser(prog="python -m tools.bench.board", description=__doc__.split("\n\n")[0])
    p.add_argument("names", nargs="*", metavar="PROFILE|PART",
                   help="board profiles (default: every one; pico with --runs or --heap); with --heap, "
                        "the parts: knack7, scenario (default both)")
    p.add_argument("--runs", metavar="N,N", help="only these runs of the scenario (0-3), every press printed")
    p.add_argument("--heap", action="store_true", help="only the heap's low points")
    p.add_argument("--modules", action="store_true", help="with --heap: the modules loaded there")
    args = p.parse_intermixed_args(argv)  # profiles before and after the options, as before
    args.parts = tuple(n for n in args.names if n in ("knack7", "scenario"))
    args.profiles = [n for n in args.names if n not in args.parts]
    for name in args.profiles:
        if name not in PROFILES:
            p.error("unknown profile %s (one of %s%s)" % (name, ", ".join(PROFILES),
                                                         "; parts: knack7, scenario" if args.heap else ""))
    if args.parts and not args.heap:
        p.error("%s is a part of --heap" % args.parts[0])
    if args.runs is not None:
        try:
            args.runs = sorted({int(n) for n in args.runs.split(",")})
        except ValueError:
            p.error("--runs %s: numbers of runs, as 1,2" % args.runs)
        if not all(0 <= n < 4 for n in args.runs):
            p.error("--runs %s: the scenario's runs are 0-3" % ",".join(map(str, args.runs)))
    return args


if __name__ == "__main__":
    args = command_line()
    if args.runs is not None:
        for profile in args.profiles or ["pico"]:
            presses(profile, args.runs)
    elif args.heap:
        for profile in args.profiles or ["pico"]:
            heap(profile, args.parts or ("knack7", "scenario"), args.modules)
    else:
        sys.exit(main(args.profiles or PROFILES))
