"""When something goes wrong anyway, on CircuitPython 10.3's own firmware (the board tier,
tools/board): the RP2040's watchdog resets a board whose loop stopped, and a press that runs out
of the real heap says so in the player's words; each time the next power-on shows and saves what
the simulator does from the same saved game.

rp2040js counts the watchdog down (its register block, fed by pico-sdk's ``watchdog_update``) and
the harness stops the run where it fires (rp2040js leaves the chip's reset to its host); the next
run powers on the same flash. The faults are injected into a copy of code.py: the second draw of
a power-on waits forever (an event that never comes: the core sleeps, so the emulator skips the
8 s), and the heap is filled before one press.
"""

import json
import os
import shutil
import tempfile

import pytest

from firmware.device import message
from tools import board as B
from tools.shared import mpy_cross
from tools.sim import raster
from tools.vm import device as C
from tools.vm.faults import BUILT, HOG, WATCHDOG_MS

WHY = B.missing() or (None if mpy_cross() else "CircuitPython's mpy-cross not found (CIRCUITPY_MPY_CROSS=)")
if WHY:
    pytest.skip("board tier skipped: %s" % WHY, allow_module_level=True)

RECORD = "fem-basic.json"
DRAW = "            renderer.draw(app.screen)\n"
HANG = """            _draws[0] += 1
            if _draws[0] == 2:  # the first press's frame: it waits for what never comes
                while True:
                    time.sleep(1)
"""
LOOP = "    while True:\n        dev.feed()"


def patched_bundle(edit):
    """A copy of the .mpy bundle whose code.py edit(text) changed."""
    folder = os.path.join(tempfile.mkdtemp(prefix="board-faults-"), "CIRCUITPY")
    shutil.copytree(C.bundle("mpy"), folder)
    path = os.path.join(folder, "code.py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(edit(text))
    return folder


def record_hands():
    from firmware.ui.app import App
    from tools.play import presses

    with open(os.path.join(C.RECORDS, RECORD), encoding="utf-8") as f:
        doc = json.load(f)
    return presses.keys_for_record(App(None, None), doc.get("record", doc))


def seeded(folder, keys):
    """A board holding the simulator's saved game after keys, and the simulator."""
    sim = C.SimDevice()
    sim.run(keys)
    board = B.Board(bundle=folder, nvm=sim.nvm(), files={"/games/" + n: v for n, v in sim.exports().items()})
    return board, sim


def resumed_equals_the_simulator(board, sim, what):
    again = board.run("")
    look = sim.run("")
    assert again.stop == "time", "%s: %s\n%s" % (what, again.stop, again.console[-2000:])
    i = B.first_difference(again.frames, look.frames)
    assert i is None, "%s: frame %d differs:\n%s" % (what, i, again.console[-1500:])
    assert board.nvm() == sim.nvm(), "%s: NVM bytes differ" % what


def test_the_watchdog_resets_a_board_whose_loop_stopped_and_the_game_comes_back():
    setup, hands = record_hands()

    def edit(text):
        assert DRAW in text and LOOP in text
        return text.replace(DRAW, HANG + DRAW, 1).replace(LOOP, "    import time\n    _draws = [0]\n" + LOOP, 1)

    folder = patched_bundle(edit)
    board, sim = seeded(folder, setup + "".join(hands[:2]))
    try:
        r = board.run("b", tail_ms=3 * WATCHDOG_MS)
        assert r.stop == "watchdog reset", "%s\n%s" % (r.stop, r.console[-2000:])
        pressed = B.START_MS + B.PRESS_MS
        assert pressed + WATCHDOG_MS <= r.t_ms <= pressed + WATCHDOG_MS + 200, r.t_ms
        resumed_equals_the_simulator(board, sim, "after the watchdog's reset")
    finally:
        board.close()
        sim.close()
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)


def test_a_press_out_of_the_real_heap_says_so_and_leaves_the_game_as_saved():
    setup, hands = record_hands()
    failing = sum(1 for ch in hands[1] if ch != ".")  # the press that commits the second hand

    def edit(text):
        assert BUILT in text
        return text.replace(BUILT, BUILT + HOG % failing, 1)

    folder = patched_bundle(edit)
    board, sim = seeded(folder, setup + hands[0])
    try:
        r = board.run(hands[1] + "c")
        assert r.stop == "time", "%s\n%s" % (r.stop, r.console[-2000:])
        assert "MemoryError" in r.console
        buf = bytearray(128 * 64 // 8)
        raster.raster(message.message_screen(
            "Minnet tog slut", "Spelet är som det sparades senast. Tryck på en knapp."), 128, 64, buf)
        assert any(f[1] and f[3] == bytes(buf) for f in r.frames), "no out-of-memory message\n%s" % r.console[-1500:]
        resumed_equals_the_simulator(board, sim, "after the press out of memory")
    finally:
        board.close()
        sim.close()
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
