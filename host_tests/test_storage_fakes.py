"""The host fakes behave like microcontroller.nvm and count what the flash would do."""

import pytest

from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.store.export import Exporter, ExportError
from tools.sim.fakes import BOARD_SIZES, FakeDrive, FakeNVM, PowerCut, nvm_for


def test_board_sizes_and_the_nvm_interface():
    assert [len(nvm_for(b)) for b in ("samd21", "rp2040", "samd51")] == [256, 4096, 8192]
    assert BOARD_SIZES["rp2040"] == 4096
    nvm = FakeNVM(256)
    assert nvm[0] == 0xFF and nvm[0:4] == b"\xff" * 4 and isinstance(nvm[0:4], bytes)
    nvm[2:5] = b"abc"
    nvm[0] = 7
    assert nvm[0:6] == b"\x07\xffabc\xff" and nvm[-1] == 0xFF
    with pytest.raises(ValueError):
        nvm[0:3] = b"ab"
    with pytest.raises(ValueError):
        nvm[0] = 256
    with pytest.raises(IndexError):
        nvm[256] = 1


def test_counters_and_erase_models():
    nvm = FakeNVM(8192, sector=4096)
    nvm[4090:4100] = bytes(10)  # touches two sectors
    assert (nvm.writes, nvm.bytes_written, nvm.erases) == (1, 10, 2)
    assert nvm.sector_erases == {0: 1, 1: 1}
    rp = FakeNVM(4096, blank_program=True)
    rp[0:8] = bytes(8)  # erased bytes: programmed, no erase
    assert rp.erases == 0
    rp[4:12] = bytes(8)  # overlaps written bytes: erase
    assert rp.erases == 1
    assert FakeNVM(256).sector == 256 and FakeNVM(4096).sector == 4096 and FakeNVM(8192).sector == 8192


def test_power_cut_after_bytes_and_bits():
    nvm = FakeNVM(256)
    nvm.cut(2, 3)
    with pytest.raises(PowerCut):
        nvm[10:14] = b"\x00\x00\x00\x00"
    assert nvm[10:14] == b"\x00\x00\x1f\xff"
    nvm[10:14] = b"1234"  # the cut is used up
    assert nvm[10:14] == b"1234"


def test_persists_to_a_file(tmp_path):
    path = str(tmp_path / "nvm.bin")
    nvm = FakeNVM(4096, path=path)
    nvm[100:103] = b"abc"
    again = FakeNVM(4096, path=path)
    assert again[100:103] == b"abc" and again[0] == 0xFF


def test_fake_drive_switches_between_device_and_computer(tmp_path):
    drive = FakeDrive(tmp_path)
    ex = Exporter(drive.root, drive.writable)
    game = Game(Rules("fem"), ["Anna", "Bo"], 0)
    game.push((score.ALL_PASS,))
    assert ex.export(game) == "0001-fem" and drive.files() == ["0001-fem.csv", "0001-fem.json"]
    drive.readonly = True
    assert not ex.writable()
    with pytest.raises(ExportError):
        ex.export(game)
    assert len(drive.files()) == 2
