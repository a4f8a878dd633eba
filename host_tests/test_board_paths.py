"""The board tier on a person's path (tools/bench/paths.py): a short random walk at a table's
pace on the emulated Pico (CircuitPython's own UF2 on rp2040js), from a game whose NVM is full so
that the walk's first save (an undo) erases the sector after writing the drive copy, with every
press after a press that saves made quickly (100-300 ms later: while that save may still be
written). The board must take every press the simulator's buttons report, and show, save and
write what the simulator does when it takes the same presses in the same order (a press that came
while a step of a save was written is handled after that step, the rest of the save after its
frame): every settled
frame, the NVM and the game's files on the drive. (``make bench`` plays three long walks on the
Pico and the Feather and prints their figures.)"""

import os
import shutil

import pytest

from tools import board as B
from tools.shared import mpy_cross

WHY = B.missing() or (None if mpy_cross() else "CircuitPython's mpy-cross not found (CIRCUITPY_MPY_CROSS=)")
if WHY:
    pytest.skip("board tier skipped: %s" % WHY, allow_module_level=True)

PRESSES = 10  # random ones after the undo and the menu: some 30 s of emulation, 30-80 s here
SEED = 42  # walks.table: bud, 7 players; three saves among its random presses


def test_a_walk_with_quick_presses_after_saves_takes_every_press_and_shows_what_the_simulator_does():
    from tools.bench import board as BB
    from tools.bench import paths as P

    walk = P.Walk(SEED, "pico", PRESSES, quick=1.0)
    folder, probed = BB.probed_bundle("pico")
    try:
        assert probed, "code.py no longer matches the bench's probes (tools/bench/board.py)"
        played = P.Played(walk, folder)
    finally:
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        walk.close()
    assert played.problems == []
    assert len(walk.presses) - 2 <= played.events <= played.sim_events == len(walk.presses)
    saves = [i for i, w in enumerate(walk.writes) if w]
    assert 1 in saves and len(saves) >= 3, walk.writes  # the undo's save, and some of the walk's
    quick = [x for x in played.presses if x[7]]  # presses that came quickly after one that wrote
    assert len(quick) >= 2 and all(x[0] - 1 in saves for x in quick)
    waited = [x for x in quick if x[6]]
    assert waited and waited[0][0] == 2, "the press after the undo's save came after its writing"
