"""The drive copy (firmware/store/drivecopy.py): a power cut at any step of a save that erases the NVM.

CircuitPython erases the NVM's one sector before it programs it again (the
RP2040 port when the bytes replaced are not all erased, the SAMD ports on
every write); a cut there used to lose the game, the settings and the
roster. Before such a write the store now writes the new state to the drive
and reads it back. Here every save that erases is cut at every step: each
byte of the copy's write, its flush, close and sync, the read-back, just
before the erase, inside the erase, and after each flash page of the program;
then the device powers on over the same NVM and drive and must show the
state before or after the save, every hand, the settings and the roster.
"""

import copy
import random

import pytest

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store.drivecopy import DriveCopy
from firmware.store.journal import Store
from firmware.ui import events as K
from firmware.ui.gameplan import GamePlan
from host_tests.test_storage_torn import same_game
from tools.play import loop
from tools.sim.fakes import CutDrive, FakeNVM, PowerCut, image_key, play, series_key

pytestmark = pytest.mark.usefixtures("modules_kept")  # sweeps of power cuts: no re-import per save

BOARDS = {"rp2040": (4096, True), "samd21": (256, False), "samd51": (8192, False)}
PATH = "/save/copy.bin"
NAMES = ("Åsa", "Örjan", "Cia", "Dan")


def roster_blob(k, n=12):
    """A settings blob with a table and a roster of n more names, as the UI saves it
    (firmware/ui/gameplan.py)."""
    s = GamePlan()
    s.set_table(list(NAMES[:3]) + ["N%d" % k])
    s.roster = ["R%02d" % (i + k) for i in range(n)]
    s.remember()
    return s.encode()


def store_on(nvm, drive, writable=True):
    return Store(nvm, copy=DriveCopy("/", lambda: writable, len(nvm) // 2, fs=drive))


def power_on(nvm_data, drive_snap, board, writable=True):
    size, blank = BOARDS[board]
    nvm = FakeNVM(size, blank_program=blank, data=nvm_data)
    drive = CutDrive()
    drive.restore(drive_snap)
    store = store_on(nvm, drive, writable)
    loaded = store.load()
    return series_key(loaded.series, loaded.settings), loaded, store


def clone(store, nvm_data, drive_snap):
    """The store as it was just before a save, over copies of its NVM and drive."""
    c = copy.copy(store)
    c.image = store.image.copy()
    c.nvm = FakeNVM(len(nvm_data), blank_program=store.nvm.blank_program, data=nvm_data)
    c._buf = bytearray(c.half)
    drive = CutDrive()
    drive.restore(drive_snap)
    c.copy = DriveCopy("/", None, c.half, fs=drive)
    return c, drive


def do(store, series, label, blob):
    if label == "settings":
        return store.save_settings(blob)
    return store.save(None if label == "forget" else series)


def play_while(store, series, rng, cond):
    """Play and save hands while cond() holds."""
    while cond():
        for _label, _blob in play(rng, series, 1, endless=True, settings=False):
            store.save(series)


class Tally:
    def __init__(self, whole=1000, stride=1):
        self.saves = 0
        self.cuts = 0
        self.whole = whole  # erasing saves cut at every drive step; later ones every stride-th
        self.stride = stride


def cut_points(store, series, label, blob, nvm_data, drive_snap, stride=1):
    """Every place one save that erases can be cut: ("drive", step) and ("nvm", pages).

    stride > 1: of the drive steps, the first and last 64 and every stride-th between.
    """
    dev, drive = clone(store, nvm_data, drive_snap)
    do(dev, series, label, blob)
    n = drive.steps
    points = [("drive", k) for k in range(1, n + 1) if k <= 64 or k > n - 64 or k % stride == 0]
    points.append(("before erase", 0))
    points += [("nvm", p) for p in range(dev.nvm.sector // dev.nvm.page)]
    return points


def check_erasing_save(board, store, series, label, blob, old, tally):
    """Run one save; when it erases the NVM, cut it at every point and check each power-on."""
    nvm, drive = store.nvm, store.copy.fs
    nvm_data, drive_snap = nvm.snapshot(), drive.snapshot()
    pristine = clone(store, nvm_data, drive_snap)[0]
    e0, s0 = nvm.erases, drive.steps
    do(store, series, label, blob)
    new = image_key(store.image)
    if nvm.erases == e0:
        assert drive.steps == s0, "a save that did not erase wrote the drive (wear for nothing)"
        return new
    assert store.copy.writes, "an erasing save without a drive copy"
    tally.saves += 1
    stride = 1 if tally.saves <= tally.whole else tally.stride
    for where, k in cut_points(pristine, series, label, blob, nvm_data, drive_snap, stride):
        dev, ddrive = clone(pristine, nvm_data, drive_snap)
        if where == "drive":
            ddrive.cut(k)
        elif where == "before erase":
            dev.nvm.cut(0)
        else:
            dev.nvm.cut_erase(1, pages=k)
        with pytest.raises(PowerCut):
            do(dev, series, label, blob)
        tally.cuts += 1
        key, loaded, again = power_on(dev.nvm.snapshot(), ddrive.snapshot(), board)
        what = "%s %s cut at %s %d" % (board, label, where, k)
        assert same_game(key, old) or same_game(key, new), what + ": a third state"
        if where == "drive" and k % 7 == 1:  # and the save goes on from there
            do(again, series, label, blob)
            assert same_game(power_on(again.nvm.snapshot(), again.copy.fs.snapshot(), board)[0], new), what
    return new


def script(board, rng):
    """Saves that erase on the board: new games, settings (with a roster), long play, forgetting."""
    size = BOARDS[board][0]
    series = Series(Rules("fem", {"pot": True}), NAMES, 1)
    yield "new game", None, series
    yield "settings", roster_blob(0), series
    # SAMD boards erase on every save: a few dozen are plenty; the RP2040 erases only for a
    # new base over a used slot, so play through two compactions.
    steps = {"rp2040": 600, "samd21": 24, "samd51": 8}[board]
    for label, blob in play(rng, series, steps, endless=True, settings=False):
        yield label, blob, series
    yield "settings", roster_blob(1), series
    yield "forget", None, None
    series = Series(Rules("knack"), ("Abcdefgh", "Bcdefghi", "Cdefghij", "Defghijk", "Efghijkl"), 2)
    yield "new game", None, series
    for label, blob in play(rng, series, 4 if size < 8192 else 2, endless=True, settings=False):
        yield label, blob, series
    yield "new game", None, Series(Rules("bud"), NAMES, 0)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_a_cut_at_every_step_of_every_erasing_save_resumes_old_or_new(board):
    size, blank = BOARDS[board]
    store = store_on(FakeNVM(size, blank_program=blank), CutDrive())
    store.load()
    # The RP2040's copies are long (a compacted base, 1-2 KB) and so are its games (each power-on
    # folds 500 hands): of each copy's write, the first and last 64 steps (the header, the CRC,
    # flush, close, sync, the read-back) and every 29th byte between. The SAMD boards, with the
    # same DriveCopy, are cut at every step.
    tally = Tally(0, 29) if board == "rp2040" else Tally()
    old = (None, None)
    for label, blob, series in script(board, random.Random(size)):
        old = check_erasing_save(board, store, series, label, blob, old, tally)
    if board == "rp2040":
        assert tally.saves >= 4, tally.saves  # compactions and new games over used slots
    else:
        assert tally.saves >= 15, tally.saves
    print("%s: %d erasing saves, %d cuts" % (board, tally.saves, tally.cuts))


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_a_cut_in_the_erase_resumes_every_hand_the_settings_and_the_roster(board):
    """The failure the copy exists for, whole: a game, a roster, a new game's erase cut."""
    size, blank = BOARDS[board]
    nvm, drive = FakeNVM(size, blank_program=blank), CutDrive()
    store = store_on(nvm, drive)
    store.load()
    series = Series(Rules("fem"), NAMES, 0)
    store.save(series)
    blob = roster_blob(3, 1 if board == "samd21" else 12)  # 256 B: a blob that fits beside the game
    store.save_settings(blob)
    assert store.image.settings == blob
    rng = random.Random(4)
    for _label, _blob in play(rng, series, 12, endless=True, settings=False):
        store.save(series)
    if board == "rp2040":  # make both slots used, so that the next new base erases
        play_while(store, series, rng, lambda: store.slot == 0)
    played = series_key(series, blob)
    nvm.cut_erase()
    nxt = Series(Rules("fem"), NAMES, 1)
    with pytest.raises(PowerCut):
        store.save(nxt)
    assert nvm.snapshot().count(b"\xff") == size  # the NVM is blank
    cut_nvm, cut_drive = nvm.snapshot(), drive.snapshot()
    key, loaded, _store = power_on(cut_nvm, cut_drive, board)
    assert key in (played, series_key(nxt, blob))
    assert key == series_key(nxt, blob)  # the copy was written first: the new game
    assert loaded.code == "copy"
    s, want = GamePlan(), GamePlan()
    assert want.decode(blob) and want.roster[-1] in ("R03", "R14")
    assert s.decode(loaded.settings) and s.roster == want.roster and s.names == want.names
    from firmware.ui.app import App

    ddrive = CutDrive()
    ddrive.restore(cut_drive)
    app = App(store_on(FakeNVM(size, blank_program=blank, data=cut_nvm), ddrive), None, lang="en")
    text = " ".join(app.screen.text().split())
    assert "Save lost: resumed from the drive copy after entry 0" in text
    loop.press(app, K.OK, 1)
    lines = app.screen.text().split("\n")  # the device shows the new game, not set-up
    assert lines[0].startswith("Hand 1")
    assert [ln[2:].split()[0] for ln in lines[1:]] == list(NAMES)


def test_a_cut_in_the_program_after_the_old_slot_resumes_the_copy_not_a_shorter_chain():
    """RP2040, new base into slot 1: the program rewrites slot 0 (the old state) first. Cut
    there, slot 0 can end early and look like an older, clean journal; the copy is newer."""
    nvm, drive = FakeNVM(4096, blank_program=True), CutDrive()
    store = store_on(nvm, drive)
    store.load()
    series = Series(Rules("fem"), NAMES, 0)
    store.save(series)
    rng = random.Random(8)
    play_while(store, series, rng, lambda: store.slot == 0)  # into slot 1 (blank: no erase),
    play_while(store, series, rng, lambda: store.slot == 1)  # then back to slot 0 (an erase)
    pages = store.pos // nvm.page + 1  # the pages that hold slot 0's base frame
    play_while(store, series, rng, lambda: store.pos < (pages + 1) * nvm.page)
    assert store.slot == 0  # the journal runs a page past them
    played = series_key(series, None)
    nxt = Series(Rules("bud"), NAMES, 2)
    nvm.cut_erase(1, pages=pages)  # slot 0's base back, its journal cut short
    with pytest.raises(PowerCut):
        store.save(nxt)
    shorter = Store(FakeNVM(4096, data=nvm.snapshot())).load()
    assert shorter.series is not None and series_key(shorter.series, None) != played  # hands missing
    key, loaded, _store = power_on(nvm.snapshot(), drive.snapshot(), "rp2040")
    assert key == series_key(nxt, None) and loaded.code is None


DAMAGE = ("missing", "empty", "garbage", "flip", "broken")


@pytest.mark.parametrize("how", DAMAGE)
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_a_damaged_or_missing_copy_never_stops_the_nvm_being_used(board, how):
    size, blank = BOARDS[board]
    nvm, drive = FakeNVM(size, blank_program=blank), CutDrive()
    store = store_on(nvm, drive)
    store.load()
    series = Series(Rules("fem"), NAMES, 0)
    store.save(series)
    blob = roster_blob(5, 1 if board == "samd21" else 12)
    store.save_settings(blob)
    for _label, _blob in play(random.Random(6), series, 9, endless=True, settings=False):
        store.save(series)
    if not drive.files:  # an RP2040 that has not erased yet: make the copy be there to damage
        store.copy.put(b"\x00" * 10, [None, None])
    held = image_key(store.image)
    assert held[0] == blob and held[2] == NAMES
    drive.damage(how, PATH)
    key, loaded, again = power_on(nvm.snapshot(), drive.snapshot(), board)
    assert key == held and loaded.code is None
    series.game.pop()
    assert again.save(series)  # and saving goes on (uncovered if the drive is broken)
    assert power_on(again.nvm.snapshot(), drive.snapshot(), board)[0] == image_key(again.image)


@pytest.mark.parametrize("how", DAMAGE)
def test_a_cut_in_the_copys_write_that_damages_the_drive_leaves_the_nvm_state(how):
    """A cut inside a FAT write (modelled as each kind of damage, at every step of the copy)."""
    nvm, drive = FakeNVM(256), CutDrive()
    store = store_on(nvm, drive)
    store.load()
    series = Series(Rules("fem"), NAMES, 0)
    store.save(series)
    store.save_settings(roster_blob(2, 1))
    for _label, _blob in play(random.Random(2), series, 5, endless=True, settings=False):
        store.save(series)
    old = image_key(store.image)
    assert old[0] == roster_blob(2, 1)
    series.game.push((4, True))
    nvm_data, snap = nvm.snapshot(), drive.snapshot()
    for k in range(1, 200, 3):
        dev, ddrive = clone(store, nvm_data, snap)
        ddrive.cut(k)
        try:
            dev.save(series)
        except PowerCut:
            ddrive.damage(how, PATH)
            key = power_on(dev.nvm.snapshot(), ddrive.snapshot(), "samd21")[0]
            assert same_game(key, old), "cut at drive step %d, %s" % (k, how)
            continue
        break  # k is past the copy's last step
    else:
        raise AssertionError("the copy took more than 200 steps")


def test_the_computers_drive_is_not_written_and_the_screen_says_so_once():
    from firmware.ui.app import App

    nvm, drive = FakeNVM(4096, blank_program=True), CutDrive()
    store = store_on(nvm, drive, writable=False)
    app = App(store, None, lang="en")
    first = " ".join(app.screen.text().split())
    assert first == ("Note USB: no copy on the drive. A power cut just as a game starts or "
                     "the memory fills up can lose it.")
    loop.press(app, K.OK, 1)
    assert "Start!" in app.screen.text()  # once: then the set-up
    for dealer in (0, 1, 2, 3):
        store.save(Series(Rules("fem"), NAMES, dealer))
    assert nvm.erases == 2 and drive.bytes_written == 0 and not drive.files
    samd = App(store_on(FakeNVM(256), CutDrive(), writable=False), None, lang="en")
    assert " ".join(samd.screen.text().split()) == ("Note USB: no copy on the drive. A power cut "
                                                     "while saving can lose the game.")


def test_covered_again_once_the_drive_is_the_devices():
    """Saves made while the computer owned the drive leave a stale copy: never resumed over
    the newer NVM; the next erase with the drive back is covered."""
    nvm, drive = FakeNVM(256), CutDrive()
    store = store_on(nvm, drive)
    store.load()
    series = Series(Rules("fem"), NAMES, 0)
    store.save(series)
    store.save_settings(roster_blob(1, 1))
    # the computer's drive: hands saved (each erases, uncovered), the copy left behind
    key, _loaded, usb = power_on(nvm.snapshot(), drive.snapshot(), "samd21", writable=False)
    for _label, _blob in play(random.Random(1), series, 6, endless=True, settings=False):
        usb.save(series)
    newer = image_key(usb.image)
    assert newer[6] and usb.nvm.erases >= 6  # hands saved, each one erasing the row, uncovered
    key, loaded, dev = power_on(usb.nvm.snapshot(), drive.snapshot(), "samd21")
    assert key == newer and loaded.code is None  # the stale copy is not resumed
    series.game.push((4, True))
    dev.nvm.cut_erase()
    with pytest.raises(PowerCut):
        dev.save(series)
    key, loaded, _s = power_on(dev.nvm.snapshot(), dev.copy.fs.snapshot(), "samd21")
    assert same_game(key, series_key(series, roster_blob(1, 1))) and loaded.code == "copy"


def test_a_copy_that_cannot_be_written_is_said_once_and_the_game_is_still_saved():
    from firmware.ui.app import App

    nvm, drive = FakeNVM(256), CutDrive()
    store = store_on(nvm, drive)
    app = App(store, None, lang="en")
    drive.full = True  # the drive is the device's, but no write lands
    assert "Start!" in app.screen.text()
    loop.press(app, K.OK, 1)  # Start!
    assert " ".join(app.screen.text().split()) == (
        "Note The drive copy could not be written: a power cut while saving can lose the game.")
    loop.press(app, K.OK, 2)
    assert app.screen.text().startswith("Hand 1")
    app.series.game.push((4, True))
    app.committed()
    while app.work():  # as the loop runs the jobs a change leaves
        pass
    loop.press(app, K.BACK, 3)
    assert app.screen.text().startswith("Hand 1")  # said once
    assert power_on(nvm.snapshot(), drive.snapshot(), "samd21")[0] == image_key(store.image)
    assert image_key(store.image)[6] == ((4, True),)
