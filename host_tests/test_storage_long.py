"""Long games: 500 entries on 256 B, 4 KB and 8 KB NVM go on, compact, and resume exactly."""

import random

import pytest

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store.journal import Store
from firmware.store.rebase import FULL
from tools.sim.fakes import FakeNVM, play, series_key

SEVEN = ("Abcdefgh", "Bcdefghi", "Cdefghij", "Defghijk", "Efghijkl", "Fghijklm", "Ghijklmn")


def resume(nvm):
    loaded = Store(nvm).load()
    return loaded, loaded.series


def check_resumes(nvm, series, settings):
    loaded, got = resume(nvm)
    assert loaded.message is None
    assert loaded.settings == settings
    g, want = got.game, series.game
    assert g.state == want.state
    assert got.past == series.past and g.players == want.players and g.rules == want.rules
    # The kept entries are the newest ones of the game in RAM.
    assert g.base_entries + len(g.log) == want.base_entries + len(want.log)
    assert list(want.log[len(want.log) - len(g.log):]) == g.log
    return loaded


@pytest.mark.parametrize("size,players,preset,pot", [
    (256, ("Anna", "Bo", "Cia", "Dan"), "fem", False),
    (256, SEVEN, "knack", True),
    (4096, SEVEN, "fem", True),
    (8192, ("Anna", "Bo", "Cia"), "bud", False),
])
def test_500_entries_go_on_and_resume(size, players, preset, pot):
    rng = random.Random(size + len(players))
    nvm = FakeNVM(size)
    store = Store(nvm)
    assert store.load().series is None
    series = Series(Rules(preset, {"start": 30, "pot": pot}), players, 0)
    assert store.save(series)
    settings = None
    for count, (label, blob) in enumerate(play(rng, series, 1000, endless=True)):
        if label == "settings":
            settings = blob
            assert store.save_settings(blob)
        else:
            assert store.save(series)
        if count % 7 == 6:
            check_resumes(nvm, series, settings)
        if len(series.game.log) >= 500:
            break
    assert len(series.game.log) >= 500
    loaded = check_resumes(nvm, series, settings)
    g = loaded.series.game
    if size == 256:
        assert g.base is not None and store.undo_limit == len(g.log) < 40  # a short tail (one-byte misdeals pack well)
    else:
        assert store.undo_limit is None or store.undo_limit >= 100


def test_a_resumed_compacted_game_goes_on_with_undo_to_its_limit():
    nvm = FakeNVM(256)
    store = Store(nvm)
    store.load()
    series = Series(Rules("fem", {"start": 99}), ("Anna", "Bo", "Cia"), 2)
    store.save(series)
    for _ in range(60):
        series.game.push((score.PLAY, (1, 2, 2), -1, ()) if len(series.game.log) % 3 else (score.ALL_PASS,))
        store.save(series)
    dev = Store(nvm)
    loaded = dev.load()
    game = loaded.series.game
    limit = dev.undo_limit
    assert game.base_entries > 0 and limit == len(game.log)
    for _ in range(limit):
        game.pop()
        assert dev.save(loaded.series)
    assert game.pop() is None  # undo stops at the snapshot
    after = Store(nvm).load()
    assert after.series.game.state == game.state and after.series.game.log == []
    game.push((score.PLAY, (5, 0, -1), -1, ()))
    dev.save(loaded.series)
    assert Store(nvm).load().series.game.state == game.state


def test_every_change_writes_one_small_frame():
    nvm = FakeNVM(4096)
    store = Store(nvm)
    store.load()
    series = Series(Rules("fem"), ("Anna", "Bo", "Cia", "Dan"), 0)
    store.save(series)
    w, b = nvm.writes, nvm.bytes_written
    series.game.push((score.PLAY, (2, 3, -1, -1), -1, ()))
    store.save(series)
    assert (nvm.writes - w, nvm.bytes_written - b) == (1, 8)
    store.save(series)  # nothing changed: nothing written
    assert nvm.writes - w == 1
    series.game.pop()
    store.save(series)
    assert nvm.bytes_written - b == 8 + 7  # undo: "cut to 0 entries"
    series.game.push((score.ALL_PASS,))
    series.game.push((score.ALL_PASS,))
    store.save(series)
    series.game.replace(0, (score.MISDEAL, True))
    store.save(series)
    assert nvm.writes - w == 4
    assert Store(nvm).load().series.game.log == [(score.MISDEAL, True), (score.ALL_PASS,)]


def test_settings_resume_and_the_game_survives_settings_that_do_not_fit():
    nvm = FakeNVM(256)
    store = Store(nvm)
    store.load()
    assert store.save_settings(b"sv\x05")
    assert Store(nvm).load().settings == b"sv\x05"
    series = Series(Rules("knack", {"pot": True}), SEVEN, 3)
    assert store.save(series)
    assert not store.warning
    # 7 long names + pot + a big blob cannot all fit 128 bytes: the game wins.
    store.save_settings(bytes(range(90)))
    assert store.warning and store.warning[0] == FULL
    loaded = Store(nvm).load()
    assert loaded.series.game.players == SEVEN
    # On 4 KB everything fits.
    big = FakeNVM(4096)
    s2 = Store(big)
    s2.load()
    s2.save(series)
    s2.save_settings(bytes(range(96)))
    assert Store(big).load().settings == bytes(range(96)) and not s2.warning


def test_a_new_series_game_and_forgetting_it():
    rng = random.Random(11)
    nvm = FakeNVM(4096)
    store = Store(nvm)
    store.load()
    series = Series(Rules("fem", {"series": 3, "start": 5}), ("Anna", "Bo", "Cia"), 0)
    store.save(series)
    for label, _blob in play(rng, series, 400, settings=False):
        store.save(series)
        if label == "next game":
            loaded = Store(nvm).load()
            assert loaded.series.past == series.past and loaded.series.number() == series.number()
            assert loaded.series.game.first_dealer == series.game.first_dealer
    assert len(series.past) >= 1
    assert series_key(Store(nvm).load().series, None) == series_key(series, None)
    store.save(None)
    loaded = Store(nvm).load()
    assert loaded.series is None and loaded.message is None


def test_the_rules_codes_load_only_to_write_a_base_or_read_a_save():
    """A game's saves need the writing half of the format only: the rules' codes (rulecodes.py) and
    the reader (decode.py) are loaded while a save is read and a base is written (a game's start, a
    compaction) and let go after, so that the heap of a game holds neither; what was saved resumes."""
    import sys

    gone = ("firmware.store.rulecodes", "firmware.store.decode")

    def loaded():
        """Those of them loaded, or held by a module loaded (its code would stay in RAM)."""
        held = {v.__name__ for m in list(sys.modules.values()) if getattr(m, "__name__", "").startswith("firmware")
                for v in vars(m).values() if type(v) is type(sys) and v.__name__ in gone}
        return sorted(held | {n for n in gone if n in sys.modules})

    nvm = FakeNVM(256)  # small: the game's saves compact, each a base written again
    store = Store(nvm)
    assert store.load().series is None and loaded() == []
    series = Series(Rules("knack", {"start": 30, "pot": True}), SEVEN, 0)
    assert store.save(series) and loaded() == []
    bases = store.seq
    for _label, _blob in play(random.Random(7), series, 40):
        assert store.save(series)
        assert loaded() == []
    assert store.seq > bases + 1  # bases were written again meanwhile
    check_resumes(nvm, series, None)
    assert loaded() == []
