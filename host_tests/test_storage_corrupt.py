"""Damaged saves: bit flips, truncation, garbage, an erased NVM -> a clear message, the last valid state."""

import random

import pytest

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store import codec, decode
from firmware.store.journal import Store
from firmware.store.resume import DAMAGED, EMPTY, NEWER, UNREADABLE
from tools.sim.fakes import FakeNVM, image_key, play, series_key

pytestmark = pytest.mark.usefixtures("modules_kept")  # sweeps of power cuts: no re-import per save


def history(size, seed, steps=40, players=("Anna", "Bo", "Cia", "Dan")):
    """A played series on a fresh NVM: (nvm, store, every state the NVM has held)."""
    rng = random.Random(seed)
    nvm = FakeNVM(size)
    store = Store(nvm)
    store.load()
    series = Series(Rules("fem", {"series": 3}), players, 0)
    store.save(series)
    seen = [image_key(store.image)]
    for label, blob in play(rng, series, steps):
        if label == "settings":
            store.save_settings(blob)
        else:
            store.save(series)
        seen.append(image_key(store.image))
    return nvm, store, seen


def resume(data):
    loaded = Store(FakeNVM(len(data), data=data)).load()
    return loaded, series_key(loaded.series, loaded.settings)


def used_area(store):
    """Byte ranges holding frames: the active slot up to its end of journal, and the other base."""
    start = store.slot * store.half
    ranges = [(start, store.pos)]
    other = (1 - store.slot) * store.half
    data = bytes(store.nvm.data[other:other + store.half])
    try:
        end = decode.read_base(data, 0, len(data))[4]
        ranges.append((other, other + end))
    except codec.CodecError:
        pass
    return ranges


@pytest.mark.parametrize("size,seed", [(256, 1), (4096, 2)])
def test_every_bit_flip_keeps_a_valid_state_and_says_so(size, seed):
    nvm, store, seen = history(size, seed)
    latest = seen[-1]
    good = bytes(nvm.data)
    active = used_area(store)[0]
    for lo, hi in used_area(store):
        for i in range(lo, hi):
            for bit in range(8):
                bad = bytearray(good)
                bad[i] ^= 1 << bit
                loaded, key = resume(bytes(bad))
                assert key in seen, "flip of byte %d bit %d gave a state never saved" % (i, bit)
                if active[0] <= i < active[1]:
                    assert loaded.code == DAMAGED and loaded.message.startswith("save damaged")
                if key != latest:
                    assert loaded.message, "an older state without a word"


def test_truncation_keeps_the_longest_valid_prefix():
    nvm, store, seen = history(4096, 3)
    good = bytes(nvm.data)
    lo, hi = used_area(store)[0]
    for cut in range(lo + 1, hi):
        bad = good[:cut] + b"\xff" * (len(good) - cut)
        dev = Store(FakeNVM(len(bad), data=bad))
        loaded = dev.load()
        key = series_key(loaded.series, loaded.settings)
        # A cut exactly between two frames is a valid (older) save; anywhere else it is reported.
        assert loaded.message or dev.pos == cut
        # Cut inside the journal: an earlier state; inside the base itself: nothing left.
        assert key in seen or (key == (None, None) and loaded.code in (UNREADABLE, DAMAGED))


def test_garbage_is_reported_not_crashed_on():
    rng = random.Random(4)
    for size in (256, 4096, 8192):
        for _ in range(30):
            data = bytes(rng.randrange(256) for _ in range(size))
            loaded, _key = resume(data)
            assert loaded.series is None and loaded.code == UNREADABLE
            assert loaded.message == "save unreadable: no game to resume"


def test_garbage_over_the_journal_tail_keeps_the_game():
    nvm, store, seen = history(4096, 5)
    rng = random.Random(5)
    bad = bytearray(nvm.data)
    for i in range(store.pos, store.pos + 40):
        bad[i] = rng.randrange(256)
    loaded, key = resume(bytes(bad))
    assert key == seen[-1] and loaded.code == DAMAGED
    assert loaded.message == "save damaged: resumed after hand %d" % loaded.hand


def test_erased_nvm_says_no_saved_game():
    for size in (256, 4096, 8192):
        loaded, _ = resume(b"\xff" * size)
        assert loaded.series is None and loaded.settings is None
        assert loaded.code == EMPTY and loaded.message == "no saved game"


def test_zeroed_nvm_is_unreadable():
    loaded, _ = resume(b"\x00" * 256)
    assert loaded.code == UNREADABLE


def test_damage_is_repaired_by_the_next_save():
    nvm, store, seen = history(256, 6, steps=12)
    bad = bytearray(nvm.data)
    lo, hi = used_area(store)[0]
    bad[hi - 1] ^= 0x10
    dev = Store(FakeNVM(256, data=bytes(bad)))
    loaded = dev.load()
    assert loaded.code == DAMAGED
    series = loaded.series
    if not series.game.state.over():
        series.game.push((0, (2, 3, -1, -1), -1, ()))
    dev.save(series)
    again = Store(dev.nvm).load()
    assert again.message is None
    assert series_key(again.series, again.settings) == series_key(series, loaded.settings)


def test_a_newer_format_is_reported_not_read():
    nvm, store, _seen = history(256, 7, steps=5)
    data = bytearray(nvm.data)
    for slot in (0, 1):
        start = slot * store.half
        rec = bytes(data[start:start + store.half])
        try:
            version, seq, payload, _c, _p = decode.read_base(rec, 0, len(rec))
        except codec.CodecError:
            continue
        new = codec.frame_base(seq, payload, version=codec.VERSION + 1)
        data[start:start + len(new)] = new
    loaded, _ = resume(bytes(data))
    assert loaded.code == NEWER and loaded.series is None
    assert "newer firmware" in loaded.message


def test_an_older_format_is_read_and_rewritten_in_the_new_one(monkeypatch):
    nvm, store, seen = history(256, 8, steps=10)
    # This firmware writes the next format and still reads the save's.
    old = codec.VERSION
    monkeypatch.setattr(codec, "VERSION", old + 1)
    monkeypatch.setattr(codec, "READABLE", codec.READABLE + (old + 1,))
    dev = Store(nvm)
    loaded = dev.load()
    assert loaded.code == "migrated" and "converted" in loaded.message
    assert series_key(loaded.series, loaded.settings) == seen[-1]
    dev.save_settings(b"new")
    active = dev.slot * dev.half
    assert nvm.data[active + 1] == old + 1
    again = Store(nvm).load()
    assert again.code is None and again.settings == b"new"
    assert series_key(again.series, None)[1:] == seen[-1][1:]


def test_an_unknown_older_format_is_reported():
    nvm, store, _seen = history(256, 9, steps=5)
    data = bytearray(nvm.data)
    for slot in (0, 1):
        start = slot * store.half
        rec = bytes(data[start:start + store.half])
        try:
            _v, seq, payload, _c, _p = decode.read_base(rec, 0, len(rec))
        except codec.CodecError:
            continue
        new = codec.frame_base(seq, payload, version=0)
        data[start:start + len(new)] = new
    loaded, _ = resume(bytes(data))
    assert loaded.series is None and loaded.code == UNREADABLE and loaded.message
