"""Torn writes: cut every save at every byte (and every bit of its CRC'd bytes), reboot, check.

After any cut the device must resume exactly the state before that save or
the state after it, never a third one and never crash; and it must go on
saving correctly from there.
"""

import copy
import random

import pytest

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store.journal import Store
from tools.sim.fakes import FakeNVM, PowerCut, image_key, play, series_key

pytestmark = pytest.mark.usefixtures("modules_kept")  # sweeps of power cuts: no re-import per save

LONG = ("Abcdefgh", "Bcdefghi", "Cdefghij", "Defghijk", "Efghijkl", "Fghijklm", "Ghijklmn")


def clone(store, data):
    """The store as it was, over an NVM holding data (a device just before a save)."""
    c = copy.copy(store)
    c.image = store.image.copy()
    c.nvm = FakeNVM(len(data), data=data)
    return c


def resumed(nvm):
    loaded = Store(nvm).load()
    return series_key(loaded.series, loaded.settings), loaded


def same_game(a, b):
    """Two keys resume the same game (compaction may keep a different number of entries)."""
    if a[:5] != b[:5] or a[1] is None:
        return a == b
    ka, la, kb, lb = a[5], a[6], b[5], b[6]
    if ka + len(la) != kb + len(lb) or a[7] != b[7]:
        return False
    top = max(ka, kb)
    return la[top - ka:] == lb[top - kb:]


def do(store, series, label, blob):
    if label == "settings":
        return store.save_settings(blob)
    return store.save(series)


def check_save(store, series, label, blob, old, bits=True, fill_step=1):
    """Run one save on copies of store, cut at every byte; return the new key."""
    before = bytes(store.nvm.data)
    pristine = clone(store, before)
    w0, b0 = store.nvm.writes, store.nvm.bytes_written
    do(store, series, label, blob)
    new = image_key(store.image)
    assert resumed(store.nvm)[0] == new
    written = store.nvm.bytes_written - b0
    if store.nvm.writes == w0:
        assert bytes(store.nvm.data) == before, "a save that changed nothing wrote"
        return new
    assert store.nvm.writes == w0 + 1, "one slice assignment per save"
    # The CRC'd part of the write: everything up to the last non-0xFF byte.
    after = bytes(store.nvm.data)
    changed = [i for i in range(len(after)) if after[i] != before[i]]
    crcd = (max(changed) - min(changed) + 1) if changed else 0
    cuts = [(n, 0) for n in range(written) if n <= crcd or n % fill_step == 0]
    if bits:
        cuts += [(n, b) for n in range(min(crcd, written)) for b in range(1, 8)]
    for n, b in cuts:
        dev = clone(pristine, before)
        dev.nvm.cut(n, b)
        with pytest.raises(PowerCut):
            do(dev, series, label, blob)
        key, loaded = resumed(dev.nvm)
        assert key in (old, new), "cut at byte %d bit %d of a %s save: a third state" % (n, b, label)
        # The device goes on: the same change saved again must land.
        again = Store(dev.nvm)
        again.load()
        do(again, series, label, blob)
        assert same_game(resumed(dev.nvm)[0], new), "after a cut at byte %d bit %d the save did not recover" % (n, b)
    return new


@pytest.mark.parametrize("size,players,steps,seed", [
    (256, ("Anna", "Bo", "Cia", "Dan"), 70, 1),
    (256, LONG, 30, 2),
    (4096, ("Anna", "Bo", "Cia"), 40, 3),
])
def test_every_cut_of_every_save_resumes_old_or_new(size, players, steps, seed):
    rng = random.Random(seed)
    nvm = FakeNVM(size)
    store = Store(nvm)
    store.load()
    old = (None, None)
    series = Series(Rules("fem", {"series": 3, "pot": seed == 2}), players, 1)
    fill = 1 if size <= 256 else 97
    old = check_save(store, series, "new game", None, old, fill_step=fill)
    labels = set()
    for label, blob in play(rng, series, steps):
        labels.add(label)
        old = check_save(store, series, label, blob, old, fill_step=fill)
    assert "hand" in labels and "undo" in labels


def test_cuts_while_forgetting_a_game_and_starting_another():
    rng = random.Random(9)
    store = Store(FakeNVM(256))
    store.load()
    series = Series(Rules("knack"), ("Anna", "Bo", "Cia"), 0)
    old = check_save(store, series, "new game", None, (None, None))
    for label, blob in play(rng, series, 8):
        old = check_save(store, series, label, blob, old)
    old = check_save(store, None, "forget", None, old)
    series = Series(Rules("bud"), ("Dan", "Eva", "Fia", "Gus"), 2)
    check_save(store, series, "new game", None, old)


def test_cuts_of_saves_made_right_after_a_reboot():
    """A device that restarts before every change: each save comes from a freshly loaded store."""
    rng = random.Random(12)
    nvm = FakeNVM(256)
    store = Store(nvm)
    store.load()
    series = Series(Rules("bud", {"pot": True}), ("Anna", "Bo", "Cia", "Dan", "Eva"), 4)
    store.save(series)
    for label, blob in play(rng, series, 25):
        before = bytes(nvm.data)
        old = resumed(FakeNVM(256, data=before))[0]
        ref = FakeNVM(256, data=before)
        fresh = Store(ref)
        fresh.load()
        b0 = ref.bytes_written
        do(fresh, series, label, blob)
        new = resumed(ref)[0]
        for n in range(ref.bytes_written - b0):
            dev = FakeNVM(256, data=before)
            s = Store(dev)
            s.load()
            dev.cut(n, n % 8)
            with pytest.raises(PowerCut):
                do(s, series, label, blob)
            assert resumed(dev)[0] in (old, new), "cut at byte %d of a %s save after a reboot" % (n, label)
        nvm.data[:] = ref.data


def test_cuts_while_saving_a_roster_blob_leave_a_setup_the_ui_reads():
    """The setup with its roster (firmware/ui/gameplan.py, at most 255 bytes) saved beside a
    game and cut at every byte: the store resumes the old or the new blob, and the UI
    reads either (the old one is an earlier roster, never garbage)."""
    from firmware.ui.gameplan import GamePlan

    nvm = FakeNVM(4096)
    store = Store(nvm)
    store.load()
    series = Series(Rules("knack"), ("Anna", "Bo", "Cia", "Dan", "Eva"), 0)
    old = check_save(store, series, "new game", None, (None, None), fill_step=7)
    s = GamePlan()
    blobs = []
    for k in range(3):
        s.set_table(["Åsa", "Örjan", "N%d" % k, "Gösta"])
        s.roster = ["R%02dxxxxx" % (i + k) for i in range(30)]
        s.remember()
        blobs.append(s.encode())
        assert len(blobs[-1]) <= 255
        old = check_save(store, series, "settings", blobs[-1], old, bits=False, fill_step=7)
        got = Store(nvm).load().settings
        t = GamePlan()
        assert t.decode(got) and t.roster[:4] == ["Åsa", "Örjan", "N%d" % k, "Gösta"]
