"""The simulator: the device's App on a PC, with the pixels the device would draw.

    python3 -m tools.sim                      # interactive, in the terminal
    python3 -m tools.sim --keys "cbbcC" --text
    python3 -m tools.sim --record game.json --text
    python3 -m tools.sim --keys-file k.txt --shots shots/

It runs THE SAME App as code.py (firmware/ui/app.py) with the same key
handling (firmware/device/buttons.py: long presses are real held keys), the same
Store (firmware/store/journal.py, on a fake NVM that can live in a file) and the
same Exporter; the screen goes through the device's own page renderer and panel
adapter (firmware/device/render.py, oled.py) on a fake I2C bus that keeps the
controller's display RAM (tools/sim/panel.py), so its pixels are the bytes the
device sends.

Keys: ``a`` previous, ``b`` next, ``c`` OK, ``d`` back (the profiles with a fourth button:
pico and the other 128x64 ones), capitals hold the key (long press),
``.`` waits 10 s (``--keys`` only), ``q`` quits (interactive only; quitting is
pulling the plug: the game is in the NVM file of ``--state``).
"""

import errno
import os
import sys
import tempfile
import time

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from firmware.core.series import Series
from firmware.device import boards, buttons
from firmware.record import reader as record
from firmware.store.drivecopy import DriveCopy
from firmware.store.export import Exporter, ExportError
from firmware.store.journal import Store
from firmware.ui.app import App
from tools.shared import ArgumentParser, positive
from tools.sim.bus import page_display, panel_image
from tools.sim.fakes import FakeDrive, FakeNVM, FakeRadio

PRESS_MS = 120  # a short press: key down this long
GAP_MS = 250  # between presses
WAIT_MS = 10000  # "." in a key string
NVM_SIZE = 4096  # RP2040
DEFAULT_STATE = "sim-state"  # interactive runs keep their game here (git-ignored)
SEP = "-" * 21  # between screens in --text output
DEFAULT_PORT = 8080  # the phone view's port on the loopback (the device serves on 80)

ROLE_OF_CHAR = {"a": "prev", "b": "next", "c": "ok", "d": "back"}


class SimError(Exception):
    """A usage problem: bad key, bad record; the text says what."""


class Sim:
    """The App, its clock, its buttons, its display; ``press(ch)`` plays one key."""

    def __init__(self, board="pico", state=None, record_path=None, lang="sv", nvm_size=NVM_SIZE,
                 on_change=None, readonly=False, port=DEFAULT_PORT):
        self.profile = boards.resolve({"RODSKAGG_BOARD": board}.get)
        self.width = self.profile["width"]
        self.height = self.profile["height"]
        self.roles = tuple(b[0] for b in self.profile["buttons"])
        self._tmp = None
        saved = None  # the NVM file's bytes, when the state has one
        if state:
            drive, nvm_path = state_paths(state)
            saved = read_nvm(nvm_path)
        else:
            self._tmp = tempfile.TemporaryDirectory(prefix="rodskagg-sim-")
            drive = self._tmp.name
            nvm_path = None
        self.drive = FakeDrive(drive, readonly)  # readonly: booted with the boot button held
        self.nvm = FakeNVM(nvm_size, path=nvm_path)
        self.store = Store(self.nvm, copy=DriveCopy(self.drive.root, self.drive.writable, nvm_size // 2))
        self.exporter = Exporter(self.drive.root, self.drive.writable, board=self.profile["name"])
        # What the simulator did with the state before the device's start, one line each (main
        # prints them): a damaged NVM file kept aside, an unfinished game exported before --record.
        self.said = []
        found = self._what_the_device_reads(saved) if saved is not None else None
        if found is not None:
            self._keep_damaged(nvm_path, saved, found)
        if record_path:
            series = load_series(record_path)
            if found is not None:
                self._keep_unfinished(state, found, lang)
            self.store.save(series)
        self.renderer, self.panel = page_display(self.width, self.height, self.profile["address"],
                                                 self.profile.get("driver", "ssd1306"),
                                                 bool(self.profile.get("wifi")))
        self.phones = None
        if self.profile.get("wifi"):  # the phone view, served by CPython's sockets on the loopback
            import socket

            from firmware.web.phones import Phones

            self.phones = Phones(FakeRadio(), socket, host="127.0.0.1", port=port)
        self.buttons = buttons.Buttons(self.roles)
        self.held = None  # (key, when it went down) until its long press's loads (code.py's loop)
        self.now = 0
        self.on_change = on_change
        self.version = None
        self.level = None
        self.draw_ms = []
        make_app = self.phones.make_app if self.phones is not None else App  # as code.py builds it
        self.app = make_app(self.store, self.exporter, self.width, self.height, lang, self.now,
                            "back" in self.roles, self.profile["name"])
        self.update()

    def _what_the_device_reads(self, saved):
        """Store.load of the NVM file's bytes and the drive copy, on a scratch NVM with the copy
        read-only: a load writes (a resumed drive copy goes back to the NVM), which is the App's
        start's to do."""
        size = self.nvm.size
        nvm = FakeNVM(size, data=saved[:size] + b"\xff" * (size - len(saved)))
        return Store(nvm, copy=DriveCopy(self.drive.root, lambda: False, size // 2)).load()

    def _keep_damaged(self, nvm_path, saved, found):
        """An NVM file the store cannot read whole (a short file, a damaged save) is kept aside
        before anything is saved over it, and said: the next save would drop what it holds."""
        if len(saved) != self.nvm.size:
            self.said.append("%s is %d bytes, not the NVM's %d: a copy is kept as %s; read as the "
                             "device would: %s" % (nvm_path, len(saved), self.nvm.size,
                                                   keep_aside(nvm_path, saved), found.message or "the game"))
        elif found.code in ("damaged", "unreadable", "newer"):  # firmware/store/resume.py's codes
            self.said.append("%s: %s; a copy is kept as %s" % (nvm_path, found.message, keep_aside(nvm_path, saved)))

    def _keep_unfinished(self, state, found, lang):
        """--record replaces the state's game: an unfinished one goes to the drive first, as the
        device keeps it on Start! (firmware/ui/gamestart.py), or the record is refused."""
        series = found.series
        game = series.game if series is not None else None
        if game is None or not (game.log or game.base) or game.state.over():
            return
        if not self.drive.writable():
            raise SimError("--state %s holds an unfinished game and the drive is the computer's "
                           "(--readonly-drive): it cannot be kept on the drive, so --record does "
                           "not replace it" % state)
        kept = ExportState()
        if found.settings:
            from firmware import forget
            from firmware.ui import settings

            settings.read(kept, found.settings)
            forget("firmware.ui.settings")  # the App's, loaded while used
        try:
            name = self.exporter.export(series, kept.export_name, lang)
        except ExportError as e:
            raise SimError("--state %s holds an unfinished game that could not be kept on the drive "
                           "(%s): --record does not replace it" % (state, e))
        self.said.append("the unfinished game of --state %s is on the drive: %s"
                         % (state, os.path.join(self.drive.root, "games", name + ".json")))

    def close(self):
        if self.phones is not None:
            self.phones.on = False
            self.phones.stop()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    # -- time and keys ---------------------------------------------------------

    def key_number(self, ch):
        role = ROLE_OF_CHAR.get(ch.lower())
        if role is None:
            raise SimError("unknown key %r: use a b c d (short: prev next OK back) or A B C D (long), "
                           ". to wait" % ch)
        if role not in self.roles:
            raise SimError("key %r: this profile (%s) has no %s button" % (ch, self.profile["name"], role))
        return self.roles.index(role)

    def advance(self, ms):
        """Let ms pass (in steps, so that long presses and the screen saver happen on time)."""
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + 50)
            if self.held is not None and self.now - self.held[1] >= buttons.AHEAD_MS:
                number = self.held[0]  # still held: its long press may come, as code.py's loop loads for it
                self.held = None
                shows = self.app.ahead(self.buttons.long[number]) if self.buttons.down >> number & 1 else None
                if shows is not None:
                    self.renderer.ahead(shows)
            ev = self.buttons.poll(self.now)
            if ev:
                self.app.handle(ev, self.now)
            self.app.tick(self.now)
            self.update()
            if not self.buttons.down:  # as code.py's loop when nothing happened and no key is held
                self.app.idle(self.now)
            if self.phones is not None:
                self.phones.poll()  # as code.py's pause on the Wi-Fi boards

    def key(self, number, pressed):
        ev = self.buttons.key(number, pressed, self.now)
        if ev:
            self.app.handle(ev, self.now)
        elif pressed:
            self.held = (number, self.now)
            shows = self.app.ahead(self.buttons.short[number])  # as code.py: load while held
            if shows is not None:
                self.renderer.ahead(shows)
        self.update()

    def press(self, ch):
        """One character of a key string: a press (short or long) or a wait."""
        if ch in " \n\t\r":
            return
        if ch == ".":
            self.advance(WAIT_MS)
            return
        number = self.key_number(ch)
        self.key(number, True)
        self.advance(buttons.LONG_MS + 100 if ch.isupper() else PRESS_MS)
        self.key(number, False)
        self.advance(GAP_MS)

    def play(self, keys):
        for ch in keys:
            self.press(ch)

    def serve(self, seconds):
        """Let the phones' requests be answered for seconds of real time (the App's clock stands)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.phones is not None:
                self.phones.poll()
            time.sleep(0.01)

    def address(self):
        """The phone view's page, when it is on and serving (else None)."""
        phones = self.phones
        if phones is None or not phones.on or phones.server is None:
            return None
        return phones.address()

    # -- the screen ---------------------------------------------------------------

    def update(self):
        """Draw when the App's screen (or brightness) changed, then the slow part of the press (a
        save, an export) a job at a time, each followed by its screen, as code.py does."""
        self._draw()
        while self.app.jobs:
            self.app.work()
            self._draw()

    def _draw(self):
        app = self.app
        if app.version == self.version:
            return
        self.version = app.version
        t = time.perf_counter()
        if app.brightness != self.level:
            self.level = app.brightness
            self.renderer.set_brightness(self.level)
        self.renderer.draw(app.screen)
        self.draw_ms.append((time.perf_counter() - t) * 1000)
        if self.on_change is not None:
            self.on_change(self)

    def text(self):
        return self.app.screen.text()

    def image(self, scale=1):
        return panel_image(self.panel, scale)


class ExportState:
    """The export state a settings blob holds (firmware/ui/settings.py ``read`` fills it in)."""

    export_name = None
    pending = False
    big = False
    big_rows = 0
    extra = None


def state_paths(state):
    """--state's drive folder and NVM file, the folders made when missing; SimError saying what is
    wrong with it when the simulator cannot keep its state there."""
    if os.path.exists(state) and not os.path.isdir(state):
        raise SimError("--state %s is a file: name a folder (made when missing)" % state)
    drive = os.path.join(state, "drive")
    nvm_path = os.path.join(state, "nvm.bin")
    try:
        os.makedirs(drive, exist_ok=True)
    except OSError as e:
        raise SimError("--state %s: cannot make %s (%s)" % (state, drive, e.strerror))
    for path in (state, drive) + ((nvm_path,) if os.path.lexists(nvm_path) else ()):
        if not os.access(path, os.W_OK):
            raise SimError("--state %s: %s cannot be written (%s)" % (state, path, os.strerror(errno.EACCES)))
    return drive, nvm_path


def read_nvm(path):
    """The NVM file's bytes, None when there is none yet; SimError when it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise SimError("cannot read %s (%s)" % (path, e.strerror))


def keep_aside(path, data):
    """data (a damaged NVM file's bytes) kept beside path, under a name not yet taken
    (nvm-damaged.bin, nvm-damaged-2.bin, ...) unless a file of that name holds them already;
    that name."""
    base = os.path.join(os.path.dirname(path), "nvm-damaged")
    aside, n = base + ".bin", 1
    while os.path.lexists(aside):
        with open(aside, "rb") as f:
            if f.read() == data:
                return aside
        n += 1
        aside = "%s-%d.bin" % (base, n)
    with open(aside, "xb") as f:
        f.write(data)
    return aside


def load_series(path):
    """A rodskagg-record/1 file as a Series holding that game (to resume it)."""
    import json

    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise SimError("cannot read %s: %s" % (path, e))
    except ValueError as e:
        raise SimError("%s: not JSON: %s" % (path, e))
    if isinstance(doc, dict) and "format" not in doc and isinstance(doc.get("record"), dict):
        doc = doc["record"]  # a test case: {"record": ..., "expect": ...}
    try:
        game = record.load(doc)
    except record.RecordError as e:
        raise SimError("%s: %s" % (path, e))
    series = Series(game.rules, game.players, game.first_dealer)
    series.game = game
    return series


# -- terminal drawing -------------------------------------------------------------------

BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # [row][column] of a 2x4 cell


def blocks(rows, half=True):
    """Pixel rows as Unicode text: half blocks, 1x2 pixels a character, or braille, 2x4."""
    out = []
    h = len(rows)
    w = len(rows[0]) if rows else 0
    if half:
        for y in range(0, h, 2):
            top = rows[y]
            bottom = rows[y + 1] if y + 1 < h else [0] * w
            out.append("".join(" ▀▄█"[top[x] + 2 * bottom[x]] for x in range(w)))
        return out
    for y in range(0, h, 4):
        line = []
        for x in range(0, w, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if y + dy < h and x + dx < w and rows[y + dy][x + dx]:
                        bits |= BRAILLE_BITS[dy][dx]
            line.append(chr(0x2800 + bits))
        out.append("".join(line))
    return out


def frame(sim, half):
    """The panel in a box, as the terminal shows it."""
    panel = sim.panel
    rows = panel.rows() if panel.on else [[0] * sim.width for _ in range(sim.height)]
    body = blocks(rows, half)
    w = len(body[0])
    dim = panel.on and panel.contrast < 0x80
    pre, post = ("\x1b[2m", "\x1b[0m") if dim else ("", "")
    out = ["┌" + "─" * w + "┐"]
    out += ["│" + pre + line + post + "│" for line in body]
    out.append("└" + "─" * w + "┘")
    return out


HELP = ("a/←: prev  b/→: next  c/Enter: OK  A B C: hold (long)  %sq: quit")


def interactive(sim, half=None):
    """The terminal front end: draw on every change, one key at a time, q quits."""
    import select
    import shutil
    import termios
    import tty

    if half is None:  # 1x2 pixels a character when the terminal is big enough, else braille 2x4
        size = shutil.get_terminal_size((80, 24))
        half = size.columns >= sim.width + 2 and size.lines >= sim.height // 2 + 3
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    extra = "d: back  " if "back" in sim.roles else ""
    shown = [None]

    def show(s):
        lines = frame(s, half)
        if shutil.get_terminal_size((80, 24)).columns >= len(lines[0]) + 24:
            text = s.text().splitlines()  # the screen's text beside its pixels, when there is room
            lines = [line + ("  " + text[i - 1] if 1 <= i <= len(text) else "")
                     for i, line in enumerate(lines)]
        note = ("  (screen saver: any key wakes it)" if s.app.brightness < 2 else "")
        if s.address():
            note += "  phones: %s" % s.address()
        text = "\x1b[H\x1b[2J" + "\r\n".join(lines) + "\r\n" + HELP % extra + note + "\r\n"
        if text != shown[0]:
            sys.stdout.write(text)
            sys.stdout.flush()
            shown[0] = text

    sim.on_change = show
    arrows = {"\x1b[D": "a", "\x1b[C": "b", "\r": "c", "\n": "c", " ": "c", "\x7f": "D" if extra else "C"}
    start = time.monotonic()
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[?25l")
        show(sim)
        while True:
            ready, _, _ = select.select([fd], [], [], 0.2 if sim.phones is None else 0.02)
            if sim.phones is not None:
                sim.phones.poll()
            # The App's clock follows the wall clock (the screen saver dims after 2 minutes).
            wall = int((time.monotonic() - start) * 1000)
            if wall > sim.now:
                sim.advance(wall - sim.now)
            if not ready:
                continue
            ch = os.read(fd, 8).decode("utf-8", "replace")
            if ch in ("q", "Q", "\x03", "\x04"):
                break
            ch = arrows.get(ch, ch)
            if len(ch) != 1:
                continue
            try:
                sim.press(ch)
            except SimError:
                continue
            start = time.monotonic() - sim.now / 1000
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[?25h\r\n")
        sys.stdout.flush()


# -- window --------------------------------------------------------------------------------

WINDOW_KEYS = {"a": "a", "left": "a", "b": "b", "right": "b", "c": "c", "return": "c", "space": "c",
               "d": "d", "backspace": "d"}


def window(sim, scale=5, frames=None, feed=None):
    """The window front end (pygame): keys are held for real, so holding one is a long press.

    a/left: prev, b/right: next, c/Enter/space: OK, d/Backspace: back (or hold OK without a
    back button); shift+a/b/c: a long press in one stroke; q or closing the window quits.
    ``frames``/``feed`` are for tests: stop after that many frames, events to post per frame.
    """
    try:
        import pygame
    except ImportError:
        raise SimError("the window needs pygame: .venv/bin/pip install pygame==2.6.1 "
                       "(or use the terminal: python3 -m tools.sim)")
    pygame.init()
    border = 2 * scale
    w = sim.width * scale + 2 * border
    h = sim.height * scale + 2 * border
    surface = pygame.display.set_mode((w, h))
    pygame.display.set_caption("Rödskägg %s (%dx%d)" % (sim.profile["name"], sim.width, sim.height))
    clock = pygame.time.Clock()
    start = time.monotonic()
    held = {}
    frame_no = 0
    try:
        running = True
        while running:
            if feed is not None:
                for ev in feed(frame_no, pygame):
                    pygame.event.post(ev)
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    running = False
                elif ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                    name = pygame.key.name(ev.key)
                    if name == "q" and ev.type == pygame.KEYDOWN:
                        running = False
                        continue
                    ch = WINDOW_KEYS.get(name)
                    if ch == "d" and "back" not in sim.roles:
                        ch = "c"
                    if ch is None:
                        continue
                    shifted = ev.type == pygame.KEYDOWN and ev.mod & pygame.KMOD_SHIFT
                    try:
                        number = sim.key_number(ch)
                    except SimError:
                        continue
                    if shifted and ch in "abc":
                        sim.press(ch.upper())
                        start = time.monotonic() - sim.now / 1000
                    elif ev.type == pygame.KEYDOWN and number not in held:
                        held[number] = True
                        sim.key(number, True)
                    elif ev.type == pygame.KEYUP and held.pop(number, None):
                        sim.key(number, False)
            wall = int((time.monotonic() - start) * 1000)
            if wall > sim.now:
                sim.advance(wall - sim.now)
            img = sim.image(1).convert("L")
            level = 255 if sim.panel.contrast >= 0x80 else 120
            img = img.point(lambda v: level if v else 0).convert("RGB")  # noqa: B023
            surf = pygame.image.fromstring(img.tobytes(), img.size, "RGB")
            surface.fill((40, 40, 40))
            surface.blit(pygame.transform.scale(surf, (sim.width * scale, sim.height * scale)),
                         (border, border))
            pygame.display.flip()
            clock.tick(30)
            frame_no += 1
            if frames is not None and frame_no >= frames:
                break
    finally:
        pygame.quit()


# -- command line --------------------------------------------------------------------------


def main(argv=None):
    p = ArgumentParser(prog="python3 -m tools.sim", description=__doc__.split("\n\n")[0])
    p.add_argument("--board", default="pico", choices=sorted(boards.PROFILES),
                   help="board profile: display size and buttons (default pico: 128x64, 4 buttons)")
    p.add_argument("--keys", help="presses to play: a b c d short, A B C D long (prev/next/OK/back; d only "
                                  "with a back button), . waits 10 s")
    p.add_argument("--keys-file", help="a file of presses (whitespace is ignored)")
    p.add_argument("--text", action="store_true", help="print every screen as text, the last one last")
    p.add_argument("--shots", metavar="DIR", help="write a PNG of the panel per screen change")
    p.add_argument("--scale", type=positive, default=4, help="pixel size of --shots PNGs (default 4)")
    p.add_argument("--record", metavar="GAME.json", help="open on this rodskagg-record/1 game")
    p.add_argument("--state", metavar="DIR",
                   help="keep the simulated NVM and drive here between runs (interactive default: %s)"
                   % DEFAULT_STATE)
    p.add_argument("--readonly-drive", action="store_true",
                   help="the drive belongs to the computer (boot button held at reset): no export")
    p.add_argument("--lang", default="sv", choices=("sv", "en"), help="language of a fresh device")
    p.add_argument("--braille", action="store_true",
                   help="terminal: 2x4 pixels a character (chosen by itself on terminals under 130x35)")
    p.add_argument("--window", action="store_true",
                   help="a window instead of the terminal (needs pygame); hold a key for a long press")
    p.add_argument("--phones", action="store_true",
                   help="Wi-Fi boards (pico2_w): the phone view on at start, as chosen in the menu")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help="the phone view's port on 127.0.0.1 (default %(default)s; 0: any free one)")
    p.add_argument("--serve", type=float, metavar="SECONDS",
                   help="after the keys, serve the phone view this long (scripted runs)")
    args = p.parse_args(argv)

    keys = args.keys
    if args.keys_file:
        try:
            with open(args.keys_file, encoding="utf-8") as f:
                keys = (keys or "") + f.read()
        except (OSError, UnicodeError) as e:
            print("sim: cannot read --keys-file %s (%s)" % (args.keys_file, getattr(e, "strerror", None) or e),
                  file=sys.stderr)
            return 2
    scripted = bool(keys is not None or args.text or args.shots
                    or (args.record and not sys.stdin.isatty() and not args.window))
    hint = not scripted and not args.window and not sys.stdin.isatty()  # nothing to play, no keyboard
    state = args.state
    if state is None and not scripted and not hint:
        state = DEFAULT_STATE

    screens = []
    shots = []

    def on_change(sim):
        text = sim.text()
        if not screens or screens[-1] != text:
            screens.append(text)
        if args.shots:
            img = sim.image(args.scale)
            data = img.tobytes()
            if not shots or shots[-1] != data:
                shots.append(data)
                img.save(os.path.join(args.shots, "%03d.png" % (len(shots) - 1)))

    try:
        if args.shots:
            if os.path.exists(args.shots) and not os.path.isdir(args.shots):
                raise SimError("--shots %s is a file: name a folder (made when missing)" % args.shots)
            os.makedirs(args.shots, exist_ok=True)
        sim = Sim(args.board, state, args.record, args.lang, on_change=on_change if scripted else None,
                  readonly=args.readonly_drive, port=args.port)
    except (SimError, boards.ProfileError) as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    for line in sim.said:
        print("sim: %s" % line, file=sys.stderr)
    try:
        if args.phones and sim.phones is not None and not sim.phones.on:
            sim.phones.switch(True)
            sim.app.settings_changed()
            sim.update()
        if sim.phones is not None:
            where = sim.address()
            print("sim: phone view on %s" % where if where else
                  "sim: phone view off (the menu's Telefoner/Phones, or --phones)%s"
                  % (": %s" % sim.phones.problem if sim.phones.problem else ""), file=sys.stderr, flush=True)
        if not scripted:
            if hint:
                print(sim.text())
                print("\nsim: stdin is not a terminal. Play presses with --keys, e.g.\n"
                      "  python3 -m tools.sim --keys cbbc --text\n"
                      "(a b c: prev next OK, A B C: held), or run it in a terminal.", file=sys.stderr)
                return 0
            if args.window:
                try:
                    window(sim)
                except SimError as e:
                    print("sim: %s" % e, file=sys.stderr)
                    return 2
                return 0
            interactive(sim, False if args.braille else None)
            for line in sim.said:  # again: the terminal front end drew over them
                print("sim: %s" % line, file=sys.stderr)
            return 0
        try:
            sim.play(keys or "")
        except (SimError, OSError) as e:  # a bad key; the state's NVM file that cannot be written
            print("sim: %s" % e, file=sys.stderr)
            return 2
        if args.text:
            print(("\n%s\n" % SEP).join(screens))
        elif not args.shots:
            print(sim.text())
        if args.shots:
            print("sim: %d screens in %s" % (len(shots), args.shots), file=sys.stderr)
        if args.serve and sim.address():
            print("sim: serving %s for %g s" % (sim.address(), args.serve), file=sys.stderr, flush=True)
            sim.serve(args.serve)
        return 0
    finally:
        sim.close()


if __name__ == "__main__":
    sys.exit(main())
