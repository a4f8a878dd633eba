"""The device tier's host side: boot.py and code.py on CircuitPython's own VM, beside the simulator.

CircuitPython 10's unix port (``CIRCUITPYTHON=``, else the shared copy at
``../shared/tools/circuitpython/`` beside the checkout) runs a bundle built by
tools/build/bundle.py (``.py``, or ``.mpy`` from CircuitPython's mpy-cross:
``CIRCUITPY_MPY_CROSS=``/``MPY_CROSS=``, else the shared copy) with the fakes
of tools/vm/fakes/ standing in for the board. A ``Device`` is one board: a
CIRCUITPY folder, its NVM and its boot mode, kept between runs; each
``run(keys)`` powers it on (boot.py, then code.py), plays the keys and pulls
the plug. ``SimDevice`` does the same with the CPython simulator
(tools/sim/simulator.py). Both give the frames the display showed (power, contrast,
pages: consecutive duplicates dropped), the NVM bytes and the files in games/.

    python -m tools.vm.device --keys 'cbbc' [--mpy] [--heap 256k] [--runs 2]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from tools.shared import SHARED, circuitpython, mpy_cross, once

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAKES = os.path.join(ROOT, "tools", "vm", "fakes")
NVM_SIZE = 4096  # RP2040
FRAME_HEAD = 6
TAIL_MS = 2000  # the device runs this long after the last key, then the plug is pulled


def missing():
    """Why the tier cannot run here (one line), or None when it can."""
    if circuitpython() is None:
        return ("CircuitPython's unix port not found (set CIRCUITPYTHON=, or put the shared copy at %s)"
                % os.path.relpath(SHARED, ROOT))
    return None


@once
def bundle(kind="py", board="pico"):
    """A CIRCUITPY folder for board, built once per process: kind "py", or "mpy" (CircuitPython's mpy-cross)."""
    from tools.build import bundle as B

    tool = None
    if kind == "mpy":
        tool = mpy_cross()
        if tool is None:
            raise RuntimeError("CircuitPython's mpy-cross not found")
    out = tempfile.mkdtemp(prefix="cpdevice-%s-" % kind)
    B.build(board, out=B.Path(out), mpy_cross=tool, check=False)
    return out


def split_frames(data, width=128, height=64):
    """[(time_ms, on, contrast, pages)] of a frames file; consecutive duplicates dropped."""
    size = FRAME_HEAD + width * height // 8
    out = []
    for i in range(0, len(data) - size + 1, size):
        head = data[i:i + FRAME_HEAD]
        frame = (bool(head[4]), head[5], bytes(data[i + FRAME_HEAD:i + size]))
        if not out or out[-1][1:] != frame:
            out.append((int.from_bytes(head[:4], "big"),) + frame)
    return out


def frame_text(frame, width=128, height=None):
    """A frame as text (half blocks), for failure messages; its height from its pages (128x32
    panels send four)."""
    _t, on, contrast, pages = frame
    if height is None:
        height = len(pages) * 8 // width
    lines = ["power %s, contrast %d" % ("on" if on else "off", contrast)]
    for y in range(0, height, 2):
        row = ""
        for x in range(width):
            top = pages[(y >> 3) * width + x] >> (y & 7) & 1
            bottom = pages[((y + 1) >> 3) * width + x] >> ((y + 1) & 7) & 1
            row += " ▀▄█"[top + 2 * bottom]
        lines.append(row.rstrip())
    return "\n".join(lines)


class RunResult:
    def __init__(self, frames, output, end, returncode):
        self.frames = frames
        self.output = output
        self.end = end
        self.returncode = returncode

    def texts(self):
        return [frame_text(f) for f in self.frames]


class Device:
    """One board on CircuitPython's VM: a CIRCUITPY folder, NVM and boot mode that persist between runs."""

    def __init__(self, kind="py", board="pico", heap="512k", state=None, nvm_size=NVM_SIZE):
        self.binary = circuitpython()
        if self.binary is None:
            raise RuntimeError(missing())
        self.heap = heap
        self.board = board
        self._tmp = None
        if state is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="cpdevice-")
            state = self._tmp.name
        self.state = state
        self.drive = os.path.join(state, "drive")
        self.nvm_path = os.path.join(state, "nvm.bin")
        self.mode_path = os.path.join(state, "mode")
        if not os.path.exists(self.drive):
            shutil.copytree(bundle(kind, board), self.drive)
        if not os.path.exists(self.nvm_path):
            with open(self.nvm_path, "wb") as f:
                f.write(b"\xff" * nvm_size)
        self.nvm_size = nvm_size

    def close(self):
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def _launch(self, phase, keys="", held="", cut=None, heap=None, tail=TAIL_MS, timeout=300, hang=None):
        config = os.path.join(self.state, "config-%s" % phase)
        frames = os.path.join(self.state, "frames-%s" % phase)
        from firmware.device.boards import PROFILES

        profile = PROFILES[self.board]
        pins = "pico" if profile["sda"].startswith("GP") else "feather_rp2040"
        lines = {"drive": self.drive, "phase": phase, "nvm": self.nvm_path, "nvm_size": self.nvm_size,
                 "sector": 4096, "mode": self.mode_path, "frames": frames if phase == "code" else "",
                 "keys": keys, "board": pins, "held": held, "cut": cut or "", "tail": tail, "hang": hang or "",
                 "display": "%s:%dx%d" % (profile["driver"], profile["width"], profile["height"]),
                 "wifi": "1" if profile.get("wifi") else ""}
        with open(config, "w") as f:
            for k, v in lines.items():
                f.write("%s=%s\n" % (k, v))
        p = subprocess.run([self.binary, "-X", "heapsize=%s" % (heap or self.heap),
                            os.path.join(FAKES, "launch.py"), config],
                           capture_output=True, text=True, timeout=timeout)
        out = p.stdout + p.stderr
        last = [ln for ln in out.splitlines() if ln.startswith("END ")]
        data = b""
        if phase == "code" and os.path.exists(frames):
            with open(frames, "rb") as f:
                data = f.read()
        return RunResult(split_frames(data), out, last[-1] if last else None, p.returncode)

    def run(self, keys, held="", cut=None, heap=None, tail=TAIL_MS, hang=None):
        """Power on (boot.py, then code.py), play keys, pull the plug; the code.py run's RunResult.
        hang (ms after power-on): the display's first I2C write from then on never returns."""
        booted = self._launch("boot", held=held, heap=heap)
        if booted.end is None or "crashed" in booted.end:
            booted.frames = []
            return booted
        result = self._launch("code", keys, held, cut, heap, tail, hang=hang)
        result.boot_output = booted.output
        return result

    def nvm(self):
        with open(self.nvm_path, "rb") as f:
            return f.read()

    def exports(self):
        return read_exports(self.drive)


def read_exports(drive):
    """{name: bytes} of the files in drive/games/."""
    folder = os.path.join(drive, "games")
    out = {}
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as f:
                out[name] = f.read()
    return out


class SimDevice:
    """The same board in the CPython simulator (tools/sim/simulator.py), with the device's timing and state."""

    def __init__(self, board="pico", state=None, lang="sv", readonly=False):
        self.board = board
        self.lang = lang
        self.readonly = readonly  # booted with the boot button held: the computer owns the drive
        self._tmp = None
        if state is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="simdevice-")
            state = self._tmp.name
        self.state = state

    def close(self):
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def run(self, keys, tail=TAIL_MS):
        from tools.sim import simulator as S

        frames = []

        def grab(sim):
            panel = sim.panel
            frame = (panel.on, panel.contrast, panel.pages())
            if not frames or frames[-1][1:] != frame:
                frames.append((sim.now,) + frame)

        sim = S.Sim(self.board, self.state, lang=self.lang, on_change=grab, readonly=self.readonly, port=0)
        grab(sim)
        sim.play(keys)
        sim.advance(tail)
        grab(sim)
        return RunResult(frames, "", "END", 0)

    def nvm(self):
        path = os.path.join(self.state, "nvm.bin")
        if not os.path.exists(path):  # nothing written yet: erased flash
            return b"\xff" * NVM_SIZE
        with open(path, "rb") as f:
            return f.read()

    def exports(self):
        return read_exports(os.path.join(self.state, "drive"))


# The device scenario: what each run does, played on the simulator's App to find the keys
# (menu rows are chosen by their words, hands by tools/play/presses.py), so it follows the UI as built.
FEM_GAME = {"format": "rodskagg-record/1", "rules": {"preset": "fem"},
            "players": ["Ärla", "Örjan", "Anna", "Dan"], "dealer": "Ärla",
            "hands": [{"tricks": {"Örjan": 2, "Anna": 3}},
                      {"tricks": {"Ärla": 1, "Örjan": 2, "Anna": 1, "Dan": 1}}]}
KNACK_PLAYERS = ["ÖÅ", "Örjan", "Anna", "Dan"]  # ÖÅ is spelled letter by letter
DIM_WAITS = 13  # "." waits 10 s: the screen dims after 2 minutes
BLANK_WAITS = 31  # and blanks after 5


def screen_of(board):
    """(width, height, back button) of a board profile: what the keys of a plan depend on (a
    128x32 screen lays out the set-up and the lists otherwise)."""
    from firmware.device.boards import PROFILES

    p = PROFILES[board]
    return p["width"], p["height"], "back" in dict(p["buttons"])


class ScenarioPlanner:
    """Plays steps on an App (CPython) and keeps the keys each needs; power_off() ends a run."""

    def __init__(self, board="pico"):
        from firmware.store.export import Exporter
        from tools.sim.fakes import FakeNVM

        self.screen = screen_of(board)
        self._tmp = tempfile.TemporaryDirectory(prefix="cpplan-")
        self.nvm = FakeNVM(NVM_SIZE)
        self.exporter = Exporter(self._tmp.name)
        self.runs = []
        self.app = None
        self.keys = ""

    def power_on(self):
        from firmware.store.journal import Store
        from firmware.ui.app import App

        width, height, back = self.screen
        self.app = App(Store(self.nvm), self.exporter, width, height, "sv", 0, back)
        self.keys = ""

    def power_off(self, name):
        self.runs.append((name, self.keys))
        self.app = None

    def press(self, keys, play=True):
        """Keys pressed; play=False: only waits and wake presses (the App has no clock here)."""
        from tools.play import keymap, loop

        self.keys += keys
        if play:
            for ch in keys:
                loop.press(self.app, keymap.event_for_char(ch), self.app.last)

    def planner(self):
        from tools.play import presses

        return presses.Planner(self.app)

    def planned(self, planner):
        self.keys += planner.take()

    def choose(self, label, limit=40):
        """Move the list cursor down to the row that starts with label (the App's words), then OK."""
        want = self.app.tr(label)
        for _ in range(limit):
            screen = self.app.screen
            if 0 <= screen.selected < len(screen.rows) and screen.rows[screen.selected].strip().startswith(want):
                self.press("c")
                return
            self.press("b")
        raise RuntimeError("no row %r on the screen:\n%s" % (want, self.app.screen.text()))

    def menu(self, label):
        self.press("b")  # the menu, from the scoreboard
        self.choose(label)

    def enter(self, entry):
        p = self.planner()
        p.enter(entry)
        self.planned(p)

    def edit_entry(self, label):
        """From the scoreboard: the history, the newest entry's changes, then label's action below them."""
        for _ in range(4):  # the history (a 128x32 scoreboard turns its pages first)
            self.press("a")
            if type(self.app.view).__name__ == "History":
                break
        self.press("c")  # the newest entry's changes, its actions below
        self.choose(label)

    def walk_hand(self, entry):
        """On a fem hand being entered or edited: set it to entry, then save it from the preview."""
        from firmware.ui.entry import flow as E

        p = self.planner()
        p.fem(entry)
        p.expect(E.Preview)
        p.press("c")
        self.planned(p)


def plan_scenario(board="pico"):
    """[(what, keys)] per run of the device scenario on board (the power is pulled after each)."""
    from firmware.core import score
    from firmware.record import reader as record

    sp = ScenarioPlanner(board)
    game = record.load(FEM_GAME)
    # 1: a new fem game (players renamed Ärla and Örjan), two hands, the chart, an export, idle until dimmed.
    sp.power_on()
    p = sp.planner()
    p.new_game(game.rules, game.players, game.first_dealer)
    for e in game.log:
        p.enter(e)
    sp.planned(p)
    sp.press("Bc")  # hold next: the chart; any key leaves it
    sp.menu("Export")
    sp.press("c")
    sp.press("." * DIM_WAITS + "c", play=False)
    sp.power_off("new game, two hands, chart, export, dimmed and woken")
    # 2: resumed; undo the last hand and enter it again, edit it, insert a hand before it, delete it,
    # English, the chart.
    sp.power_on()
    sp.press("A")  # hold prev: undo (asks)
    sp.press("c")
    sp.enter(game.log[1])
    sp.edit_entry("Edit")
    sp.walk_hand((score.PLAY, (1, 1, 2, 1), score.NO_SEAT, ()))
    sp.edit_entry("Insert a hand before")
    sp.walk_hand((score.PLAY, (-1, -1, 5, -1), score.NO_SEAT, ()))
    sp.edit_entry("Delete")
    sp.press("c")  # yes
    sp.menu("Language:")
    sp.press("C")  # back to the scoreboard
    sp.press("Bc")
    sp.power_off("resumed: undo, history edit/insert/delete, English, chart")
    # 3: resumed; a new knack game with a spelled name, a hand, an export.
    sp.power_on()
    sp.menu("New game")
    sp.press("c")  # yes
    knack = record.load({"format": "rodskagg-record/1", "rules": {"preset": "knack"},
                         "players": KNACK_PLAYERS, "hands": []})
    p = sp.planner()
    p.new_game(knack.rules, knack.players, knack.first_dealer)
    p.enter((score.BID, 1, 3, (0, 3, 1, 2), 0, ()))
    sp.planned(p)
    sp.menu("Export")
    sp.press("c")
    sp.power_off("resumed: new knack game, a spelled name, a hand, export")
    # 4: resumed; idle until the screen blanks, a wake press, the chart.
    sp.power_on()
    sp.press("." * BLANK_WAITS + "c", play=False)
    sp.press("Bc")
    sp.power_off("resumed: blank screen, woken, chart")
    sp._tmp.cleanup()
    return sp.runs


# The 7-player knack game of the board bench (issue 17: the free heap at every press): seven
# names (Göran spelled) and hands drawn as tables play them (tools/play/tablegame.py).
KNACK7_PLAYERS = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Göran"]
KNACK7_HANDS = 8


def plan_knack7(hands=KNACK7_HANDS, seed=7, board="pico"):
    """[(what, keys)]: a first run that spells the seven names into the roster (a game of them
    started and left), then a new knack game of the seven seated from the roster in another order,
    and its hands; the last run is the one to measure (the first is the simulator's, to set up)."""
    import random

    from firmware.core.errors import RodskaggError
    from firmware.core.game import Game
    from firmware.core.rules import Rules
    from firmware.record.reader import entry_from_json
    from tools.play import tablegame

    sp = ScenarioPlanner(board)
    rules = Rules("knack")
    sp.power_on()
    p = sp.planner()
    p.new_game(rules, KNACK7_PLAYERS, 0)
    sp.planned(p)
    sp.power_off("seven names spelled, a knack game of 7 started")
    sp.power_on()
    sp.menu("New game")
    sp.press("c")  # yes
    players = KNACK7_PLAYERS[3:] + KNACK7_PLAYERS[:3]
    p = sp.planner()
    p.new_game(rules, players, 2)
    sp.planned(p)
    rng = random.Random(seed)
    game = Game(rules, players, 2)
    for _ in range(hands):
        for _try in range(50):
            entry = entry_from_json(players, tablegame.knack_hand(rng, players, game.state.dealer))
            try:
                game.push(entry)
            except RodskaggError:
                continue  # a player out, an extra hand: draw again
            sp.enter(entry)
            break
    sp.power_off("a new knack game of 7 from the roster, %d hands" % len(game.log))
    sp._tmp.cleanup()
    return sp.runs


@once(key=lambda board="pico": screen_of(board))
def knack7(board="pico"):
    """The 7-player knack game's runs on board, planned once per process and screen."""
    return plan_knack7(board=board)


@once(key=lambda board="pico": screen_of(board))
def scenario(board="pico"):
    """The device scenario's runs on board, planned once per process and screen."""
    return plan_scenario(board)


def person_paced(i, board="pico"):
    """Run i's keys of the scenario as a person presses them on the board: after a press that
    writes the drive (an export: the menu's, or the unfinished game kept by Start!), the board
    writes for half a second to a second and a half ("Exporterar…" on the screen, then the
    result); presses in that time are taken after the writing, all before the next frame, so that
    the screens between them are never drawn. The person reads the result first: a wait (".",
    10 s) after each such press. The board tier's scenario and make bench play these keys."""
    from tools.sim import simulator as S

    keys = scenario(board)[i][1]
    sim = SimDevice(board)
    try:
        for _n, k in scenario(board)[:i]:
            sim.run(k)
        look = S.Sim(sim.board, sim.state)
        out = ""
        for ch in keys:
            before = sim.exports()
            look.press(ch)
            out += ch
            if ch != "." and sim.exports() != before:
                out += "."
        return out
    finally:
        sim.close()


RECORDS = os.path.join(ROOT, "host_tests", "records")


def entered_records(board="pico"):
    """(name, keys) on board for every record of host_tests/records/ that can be entered (bad-* are
    refused)."""
    import json

    from firmware.record import reader as record
    from tools.play import presses

    out = []
    for name in sorted(os.listdir(RECORDS)):
        with open(os.path.join(RECORDS, name), encoding="utf-8") as f:
            doc = json.load(f)
        doc = doc.get("record", doc) if "format" not in doc else doc
        try:
            record.load(doc)
        except record.RecordError:
            continue
        if not presses.can_enter(doc):
            continue  # a reason not on the device's lists (a record written by hand)
        width, height, _back = screen_of(board)
        out.append((name, presses.record_keys(doc, width, height)))
    return out


def first_difference(a, b):
    """Index of the first frame where two frame lists differ (time aside), or None."""
    for i in range(max(len(a), len(b))):
        if i >= len(a) or i >= len(b) or a[i][1:] != b[i][1:]:
            return i
    return None


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--keys", default="", help="key script (a b c d, capitals held, . waits 10 s)")
    p.add_argument("--mpy", action="store_true", help="run the .mpy bundle")
    p.add_argument("--heap", default="512k")
    p.add_argument("--state", help="keep the board (drive, NVM) in this folder")
    p.add_argument("--show", action="store_true", help="print every frame")
    args = p.parse_args(argv)
    why = missing()
    if why:
        print("cpdevice: skipped: %s" % why)
        return 0
    dev = Device("mpy" if args.mpy else "py", heap=args.heap, state=args.state)
    r = dev.run(args.keys)
    print(r.output.rstrip())
    print("%d frames" % len(r.frames))
    if args.show:
        for f in r.frames:
            print(frame_text(f))
    return 0 if r.end and "crashed" not in r.end else 1


if __name__ == "__main__":
    sys.exit(main())
