"""A power cut inside a flash erase without the drive copy: what each board loses, and that the
device starts clean after it (host_tests/test_storage_copy.py: with the copy, nothing is lost).

CircuitPython writes microcontroller.nvm by reading the sector, erasing it and
programming it again whenever the bytes written are not all erased (the
RP2040 port programs erased bytes without an erase). A cut between the erase
and the program leaves the sector blank. On all three board families the NVM
is a single erase sector (SAMD21: 256 B, RP2040: 4 KiB, SAMD51: 8 KiB), so
such a cut loses the saved game and the settings: the device then starts at
set-up, with no error and no crash: what a cut costs while the computer owns the drive and the
store cannot write its copy. docs/STORAGE.md and the README say so.
"""

import random

import pytest

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store.journal import Store
from firmware.ui.app import App
from tools.sim.fakes import BOARD_SIZES, FakeNVM, PowerCut, play

pytestmark = pytest.mark.usefixtures("modules_kept")  # sweeps of power cuts: no re-import per save


def saves_until_an_erase(nvm, store, series, rng):
    """Play until a save erases a sector; return how many saves ran without one."""
    n = 0
    for label, blob in play(rng, series, 400, endless=True):
        before = nvm.erases
        if label == "settings":
            store.save_settings(blob)
        else:
            store.save(series)
        if nvm.erases != before:
            return n
        n += 1
    return n


@pytest.mark.parametrize("board", sorted(BOARD_SIZES))
def test_a_cut_in_the_erase_blanks_the_whole_nvm_and_the_device_starts_at_setup(board):
    rp2040 = board == "rp2040"
    nvm = FakeNVM(BOARD_SIZES[board], blank_program=rp2040)
    assert nvm.sector == nvm.size  # one sector: an erase takes everything
    store = Store(nvm)
    series = Series(Rules("fem"), ["Åsa", "Bo", "Cia", "Dan"])
    store.save(series)
    rng = random.Random(3)
    saves_until_an_erase(nvm, store, series, rng)  # warm up: the slots in use
    nvm.cut_erase()
    with pytest.raises(PowerCut):
        for label, blob in play(rng, series, 2000, endless=True):
            if label == "settings":
                store.save_settings(blob)
            else:
                store.save(series)
    assert nvm.snapshot() == b"\xff" * nvm.size
    loaded = Store(nvm).load()
    assert loaded.series is None and loaded.settings is None and loaded.code == "empty"
    app = App(Store(nvm), None, lang="en")
    assert app.series is None
    assert "Start!" in app.screen.text()


def test_on_the_rp2040_most_saves_need_no_erase():
    """Commits go into erased bytes (no erase); only a new base over a used slot erases."""
    nvm = FakeNVM(4096, blank_program=True)
    store = Store(nvm)
    series = Series(Rules("fem"), ["Åsa", "Bo", "Cia", "Dan"])
    store.save(series)
    rng = random.Random(5)
    saves = 0
    for label, blob in play(rng, series, 300, endless=True):
        if label == "settings":
            store.save_settings(blob)
        else:
            store.save(series)
        saves += 1
    assert nvm.erases * 10 < saves, (nvm.erases, saves)
