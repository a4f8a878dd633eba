"""code.py on the host: fake board modules, scripted key events, a fake clock.

The loop draws what the App shows, and a crash of the loop itself shows an
error screen; a press then restarts the App from the NVM with the game intact.
"""

import importlib
import os
import runpy
import types

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.device import hw
from firmware.store.journal import Store
from firmware.ui import app as app_module
from host_tests.test_device_bringup import Rig
from tools.sim import raster
from tools.sim.fakes import CutDrive, FakeNVM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Stop(BaseException):
    """Ends the endless loop of code.py when the script is played."""


class Script:
    """Key events at given times, a clock that sleeps advance, a stop when all is played."""

    def __init__(self, steps):
        self.now = 1000
        self.events = []
        self.checks = []
        t = self.now + 500
        for step in steps:
            if callable(step):
                self.checks.append((t, step))
                t += 300
                continue
            ch = step
            number = "abcd".index(ch.lower())
            hold = 800 if ch.isupper() else 120
            self.events.append((t, number, True))
            self.events.append((t + hold, number, False))
            t += hold + 400
        self.end = t + 500

    def get(self):
        if self.events and self.events[0][0] <= self.now:
            t, number, pressed = self.events.pop(0)
            return types.SimpleNamespace(key_number=number, pressed=pressed, timestamp=t)
        return None

    def sleep(self, seconds):
        self.now += max(10, int(seconds * 1000))
        while self.checks and self.checks[0][0] <= self.now:
            self.checks.pop(0)[1]()
        if self.now > self.end:
            raise Stop()


def saved_game():
    nvm = FakeNVM(4096)
    series = Series(Rules("fem"), ["Åsa", "Bo", "Cia"])
    series.game.push((0, (2, 3, -1), -1, ()))  # PLAY: Åsa 2 tricks, Bo 3, Cia passed
    series.game.push((0, (1, -1, 4), -1, ()))
    Store(nvm).save(series)
    return nvm, tuple(series.game.state.scores)


def run_code(monkeypatch, steps, nvm, readonly=False):
    """Run code.py; steps are key characters, callables, or "look" (keep the screen shown).

    The drive is the device's (readonly: the computer's); the drive copy goes to an in-memory drive.
    """
    looks = []
    devs = []
    steps = [(lambda: looks.append(devs[0].renderer.last)) if s == "look" else s for s in steps]
    rig = Rig()
    rig.modules["microcontroller"] = types.SimpleNamespace(nvm=nvm)
    script = Script(steps)
    rig.modules["supervisor"] = types.SimpleNamespace(ticks_ms=lambda: script.now % (1 << 29))
    make_keys = rig.modules["keypad"].Keys

    def keys(*a, **kw):
        k = make_keys(*a, **kw)
        k.events = script
        return k

    rig.modules["keypad"] = types.SimpleNamespace(Keys=keys)
    rig.modules["storage"] = types.SimpleNamespace(
        getmount=lambda path: types.SimpleNamespace(readonly=readonly))
    # (the modules as loaded now: code.py lets bringup go after the start, so one imported earlier is stale)
    monkeypatch.setattr("firmware.store.copyfile._Files", CutDrive)
    monkeypatch.setattr(hw, "MODULES", dict(rig.modules))
    monkeypatch.setattr(hw.Device, "sleep", lambda self, s: script.sleep(s))
    bringup = importlib.import_module("firmware.device.bringup")
    real_bring_up = bringup.bring_up

    def bring_up(getenv=None):
        dev = real_bring_up(lambda k: None)
        devs.append(dev)
        return dev

    monkeypatch.setattr(bringup, "bring_up", bring_up)
    with pytest.raises(Stop):
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    return devs[0], rig.panel, looks


def panel_shows(panel, screen):
    buf = bytearray(1024)
    raster.raster(screen, 128, 64, buf)
    return panel.rows() == raster.pixels(buf, 128, 64)


def scoreboard_rows(screen):
    return [r for r in screen.rows if r.strip()]


def test_loop_draws_the_resumed_game(monkeypatch):
    nvm, scores = saved_game()
    dev, panel, _ = run_code(monkeypatch, [], nvm)
    screen = dev.renderer.last
    text = screen.text()
    for name, score in zip(("Åsa", "Bo", "Cia"), scores):
        assert name in text and str(score) in text
    assert panel_shows(panel, screen)


def test_with_the_computers_drive_code_py_says_a_cut_is_not_covered_then_shows_the_game(monkeypatch):
    nvm, scores = saved_game()
    dev, panel, (first,) = run_code(monkeypatch, ["look", "c"], nvm, readonly=True)
    assert first.title == "Obs"
    assert " ".join(first.rows).split() == ("USB: ingen kopia på disken. Ett strömavbrott just när "
                                            "ett spel startar eller minnet blir fullt kan förlora "
                                            "det.").split()  # (no "packas": words a table knows)
    text = dev.renderer.last.text()
    assert "USB" in text.split("\n")[0]
    for name, score in zip(("Åsa", "Bo", "Cia"), scores):
        assert name in text and str(score) in text
    assert panel_shows(panel, dev.renderer.last)


def test_crash_of_the_loop_shows_error_then_resumes_game(monkeypatch):
    nvm, scores = saved_game()
    calls = {"n": 0}
    real_tick = app_module.App.tick

    def tick(self, now_ms):
        calls["n"] += 1
        if calls["n"] == 20:
            raise RuntimeError("boom")
        return real_tick(self, now_ms)

    monkeypatch.setattr(app_module.App, "tick", tick)
    bufs = []  # each Store's work space: the restart takes the same one, it allocates no block
    real_init = Store.__init__

    def init(self, *a, **kw):
        real_init(self, *a, **kw)
        bufs.append(self._buf)

    monkeypatch.setattr(Store, "__init__", init)
    # The crash comes ~200 ms after the start: look, press a key, look.
    dev, panel, (error, after) = run_code(monkeypatch, ["look", "b", "look"], nvm)
    assert len(bufs) == 2 and bufs[0] is bufs[1]
    assert error.title == "Fel"
    assert "RuntimeError: boom" in " ".join(error.rows)
    assert "Tryck på en knapp." in " ".join(error.rows)
    assert after == dev.renderer.last
    for name, score in zip(("Åsa", "Bo", "Cia"), scores):
        assert name in after.text() and str(score) in after.text()
    assert panel_shows(panel, after)


def test_undo_survives_a_crash(monkeypatch):
    nvm, scores = saved_game()
    state = {"crash": False}
    real_tick = app_module.App.tick

    def tick(self, now_ms):
        if state["crash"]:
            state["crash"] = False
            raise MemoryError("out of RAM")
        return real_tick(self, now_ms)

    monkeypatch.setattr(app_module.App, "tick", tick)
    # Undo the last hand (long prev on the scoreboard, OK to confirm), then crash and press.
    dev, _, _ = run_code(monkeypatch, ["A", "c", lambda: state.update(crash=True), "b"], nvm)
    loaded = Store(nvm).load()
    assert len(loaded.series.game.log) == 1
    after = tuple(loaded.series.game.state.scores)
    assert after != scores
    text = dev.renderer.last.text()
    for name, score in zip(("Åsa", "Bo", "Cia"), after):
        assert name in text and str(score) in text


def test_the_loop_loads_nothing_ahead_while_a_key_is_held(monkeypatch):
    """App.idle (a hand's modules loaded ahead on the scoreboard) waits while a key is down: a
    module's import takes 15-45 ms on a Pico, and one begun in a press's 120 ms hold (after what the
    press opens, App.ahead) made the press wait for it."""
    nvm, _scores = saved_game()
    steps = ["a", "C", "b", "B"]  # the history, back (OK held), the menu, the chart (NEXT held)
    held = [(t0, t1) for (t0, _n, down), (t1, _m, _up) in zip(*[iter(Script(steps).events)] * 2) if down]
    calls = []
    real_idle = app_module.App.idle

    def idle(self, now_ms):
        calls.append(hw.MODULES["supervisor"].ticks_ms())
        return real_idle(self, now_ms)

    monkeypatch.setattr(app_module.App, "idle", idle)
    run_code(monkeypatch, steps, nvm)
    assert [t for t in calls if any(t0 <= t < t1 for t0, t1 in held)] == []
    assert any(t < held[0][0] for t in calls) and any(t >= held[-1][1] for t in calls)


def test_a_key_held_on_has_the_app_load_what_its_long_press_opens(monkeypatch):
    """A key going down has the App load what its press opens (App.ahead with the short press's
    event); still held after buttons.AHEAD_MS, what its long press opens (the long press's event),
    long before the long press itself, and the loop collects then (what the App let go for it); a
    short press never asks for that. A key going down right after a draw, with nothing run since,
    tells the App the heap is clean (no collection first)."""
    import gc

    from firmware.device.buttons import AHEAD_MS, LONG_MS
    from firmware.ui import events

    nvm, _scores = saved_game()
    steps = ["b", "C", "B"]  # the menu, back (OK held), the chart (NEXT held)
    downs = [t for t, _n, down in Script(steps).events if down]
    calls = []
    collects = []
    real_ahead = app_module.App.ahead
    real_collect = gc.collect

    def ahead(self, ev, clean=False):
        calls.append((hw.MODULES["supervisor"].ticks_ms(), ev, clean))
        return real_ahead(self, ev, clean)

    def collect():
        collects.append(hw.MODULES["supervisor"].ticks_ms() if "supervisor" in hw.MODULES else 0)
        return real_collect()

    monkeypatch.setattr(app_module.App, "ahead", ahead)
    monkeypatch.setattr(gc, "collect", collect)
    run_code(monkeypatch, steps, nvm)
    assert [ev for _t, ev, _c in calls] == [events.NEXT, events.OK, events.OK_LONG, events.NEXT,
                                           events.NEXT_LONG]
    longs = [(t, down) for (t, ev, _c), down in zip(calls[2::2], downs[1:]) if ev > events.BACK]
    assert all(down + AHEAD_MS <= t < down + LONG_MS for t, down in longs), (longs, AHEAD_MS)
    assert all(any(t <= c < down + LONG_MS for c in collects) for t, down in longs), (longs, collects)
    assert calls[0][2] is True  # the first key after the first screen: a clean heap


def test_the_start_up_code_is_not_kept_while_the_game_runs(monkeypatch):
    """code.py lets bring-up's modules go once the device is built (firmware.forget); no function
    of code.py still on the stack while the game runs (main, run) may name them: a local that does
    keeps the module and all its code in RAM (3 KB of a Pico's heap at a knack hand's low point)."""
    import sys

    held = []

    def look():
        frame = sys._getframe()
        while frame is not None:
            if frame.f_code.co_filename == os.path.join(ROOT, "code.py"):
                held.extend("%s: %s" % (frame.f_code.co_name, name) for name, value in frame.f_locals.items()
                            if isinstance(value, types.ModuleType)
                            and value.__name__ in ("firmware.device.bringup", "firmware.device.boards"))
            frame = frame.f_back

    nvm, _scores = saved_game()
    run_code(monkeypatch, [look, "b", look], nvm)
    assert held == []


def test_importing_code_py_does_nothing():
    # At the project root code.py shadows the standard library's "code" (pdb imports it).
    ns = runpy.run_path(os.path.join(ROOT, "code.py"), run_name="code")
    assert callable(ns["main"])


def test_the_loop_collects_while_a_key_is_held_before_its_press(monkeypatch):
    """A key going down (and held) has the loop collect the garbage of what came before (the last
    press's jobs, what idle() and ahead() loaded), so that the press is handled from a clean heap
    (CircuitPython has no gc.threshold: it collects only when an allocation fails). The collection
    comes while the key is held, never between its release and the press's frame."""
    import gc

    nvm, _scores = saved_game()
    steps = ["a", "C", "b", "B", "b"]  # the history, back (OK held), the menu, the chart (NEXT held), ...
    held = [(t0, t1) for (t0, _n, down), (t1, _m, _up) in zip(*[iter(Script(steps).events)] * 2) if down]
    collects = []
    real_collect = gc.collect

    def collect():
        collects.append(hw.MODULES["supervisor"].ticks_ms() if "supervisor" in hw.MODULES else 0)
        return real_collect()

    monkeypatch.setattr(gc, "collect", collect)
    run_code(monkeypatch, steps, nvm)
    for t0, t1 in held:  # (the first event of a pass: the loop looks every 2 ms while a key is down)
        assert any(t0 <= t < min(t1, t0 + 20) for t in collects), (t0, collects)
