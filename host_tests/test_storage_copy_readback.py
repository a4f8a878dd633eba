"""The drive copy's read-back: a copy the drive did not take whole is never taken for one.

The guarantee of docs/STORAGE.md (a cut inside an NVM erase costs no more than the change)
rests on the copy being read back before the NVM erases. Here the drive silently drops or
corrupts one part of the copy's write (its header, its frame, its checksum), on a new file
and over an older copy: ``put()`` says no, the erase that follows is not taken for a covered
one (the store's notice is up before it begins, a cut in it resumes no spoiled copy), and
the screen says the copy could not be written.
"""

import copy

import pytest

from firmware.core.kinds import MISDEAL
from firmware.store.copyfile import HEAD
from firmware.store.drivecopy import DriveCopy
from firmware.store.journal import UNCOVERED
from firmware.ui import events as K
from firmware.ui.app import App
from host_tests.test_storage_copy import PATH, clone, power_on, store_on
from tools.play.keymap import event_for_char
from tools.play.loop import press
from tools.play.presses import presses_for
from tools.sim.fakes import CutDrive, FakeNVM, PowerCut, image_key

TABLE = ["Anna", "Bo", "Cia", "Dan"]  # the set-up screen's table on a new device

HOWS = ("drop", "flip")
PARTS = ("header", "frame", "checksum")


def span(part, n):
    """The file bytes of part, for a frame of n bytes (firmware/store/copyfile.py's layout)."""
    return {"header": (0, HEAD), "frame": (HEAD, HEAD + n), "checksum": (HEAD + n, HEAD + n + 4)}[part]


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("part", PARTS)
def test_put_says_no_when_a_part_did_not_land(part, how):
    frame = bytes(range(7, 47))
    for older in (False, True):  # a new file, and one written over an older copy
        drive = CutDrive()
        dc = DriveCopy("/", None, 128, fs=drive)
        if older:
            assert dc.put(bytes(range(100, 140)), [None, None])
        drive.spoil(*span(part, len(frame)), how)
        assert dc.put(frame, [None, (3, 99, 40)]) is False, (part, how, older)
        assert dc.get(bytearray(128)) is None  # and it is not read as a copy at start
        drive.spoiled = None
        assert dc.put(frame, [None, (3, 99, 40)])  # the same write, landed whole
        got = bytearray(128)
        assert dc.get(got) == ([None, (3, 99, 40)], len(frame)) and got[:40] == frame


def frame_length(store, series):
    """The length of the frame the next save of series copies (a dry run on copies)."""
    dev, drive = clone(store, store.nvm.snapshot(), store.copy.fs.snapshot())
    dev.save(series)
    return int.from_bytes(drive.files[PATH][HEAD - 2:HEAD], "little")


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("part", PARTS)
def test_a_save_whose_copy_did_not_land_says_so_and_is_not_taken_as_covered(part, how):
    nvm, drive = FakeNVM(256), CutDrive()  # SAMD21: every save erases, so every save copies first
    store = store_on(nvm, drive)
    app = App(store, None, lang="en")
    press(app, K.OK, 1)  # Start!: the set-up's table, its copy written whole
    assert app.screen.text().splitlines()[0] == "Hand 1" and store.notice is None
    assert PATH in drive.files
    started = image_key(store.image)
    misdeal = (MISDEAL, True)  # the next entry, about to be saved
    series = copy.deepcopy(app.series)
    series.game.push(misdeal)
    first, stop = span(part, frame_length(store, series))
    drive.spoil(first, stop, how)

    # A cut inside the erase that follows: the store knew the copy failed before erasing,
    # and the device powers on with no spoiled copy taken for the game.
    dev, ddrive = clone(store, nvm.snapshot(), drive.snapshot())
    ddrive.spoil(first, stop, how)
    dev.nvm.cut_erase()
    with pytest.raises(PowerCut):
        dev.save(series)
    assert dev.notice is not None and dev.notice[0] == UNCOVERED
    assert dev.nvm.snapshot().count(b"\xff") == 256  # the NVM was erased, uncovered
    key, loaded, _again = power_on(dev.nvm.snapshot(), ddrive.snapshot(), "samd21")
    assert loaded.code != "copy" and key[1] is None, (part, how, loaded.code)

    # Without the cut: the entry is saved in the NVM, and the screen says the copy is missing.
    for ch in presses_for(app, misdeal):
        press(app, event_for_char(ch), 2)
    assert " ".join(app.screen.text().split()) == (
        "Note The drive copy could not be written: a power cut while saving can lose the game.")
    press(app, K.OK, 3)
    lines = app.screen.text().splitlines()
    assert lines[0] == "Hand 1" and [ln[2:].split()[0] for ln in lines[1:]] == TABLE
    assert app.series.game.log[-1] == misdeal
    key, loaded, _again = power_on(nvm.snapshot(), drive.snapshot(), "samd21")
    assert key == image_key(store.image) != started and loaded.code is None
