"""Export to games/ (JSON record + CSV sheet, atomic), the read-only mode, boot.py's decision."""

import csv
import io
import json
import os
import random
import subprocess
import sys

import pytest

from firmware import VERSION
from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.device import bootmode
from firmware.record.reader import loads
from firmware.store import export
from firmware.store.export import Exporter, ExportError
from firmware.store.journal import Store
from tools.sim.fakes import FakeNVM, FakePins, FakeStorage, play

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def finished_series(seed=3):
    rng = random.Random(seed)
    series = Series(Rules("fem", {"pot": True, "exact_zero": "bust"}), ["Anna", "Bo", "Cia", "Åsa"], 1)
    for _ in play(rng, series, 400, settings=False):
        if series.game.state.over():
            break
    assert series.game.state.over()
    return series


def test_export_writes_a_record_that_replays_to_the_same_scores(tmp_path):
    series = finished_series()
    game = series.game
    ex = Exporter(str(tmp_path), lambda: True)
    assert ex.writable()
    name = ex.export(series)
    assert name == "0001-fem"
    assert sorted(os.listdir(tmp_path / "games")) == ["0001-fem.csv", "0001-fem.json"]
    text = (tmp_path / "games" / "0001-fem.json").read_text(encoding="utf-8")
    assert json.loads(text)["format"] == "rodskagg-record/1"
    again = loads(text)
    assert again.state == game.state and again.log == game.log
    # python3 -m firmware.replay prints the scores the device showed.
    out = subprocess.run([sys.executable, "-m", "firmware.replay", str(tmp_path / "games" / "0001-fem.json")],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert result["scores"] == {game.players[s]: game.state.scores[s] for s in range(4)}
    assert result["winner"] == game.players[game.state.winner]


def test_the_csv_is_a_hand_by_hand_score_sheet(tmp_path):
    series = finished_series()
    game = series.game
    Exporter(str(tmp_path), lambda: True).export(game)
    rows = list(csv.reader(io.StringIO((tmp_path / "games" / "0001-fem.csv").read_text(encoding="utf-8"))))
    assert rows[0] == ["hand", "entry", "Anna", "Bo", "Cia", "Åsa"]
    assert rows[1] == ["0", "start", "12", "12", "12", "12"]
    numbers = [str(st.hands) for st in game.states()]  # the table's hand numbers
    scores = [list(st.scores) for st in game.states()]  # states() reuses one State
    for i, want in enumerate(scores):
        assert rows[2 + i][0] in (numbers[i], "")
        assert [int(v) for v in rows[2 + i][2:]] == want
    assert rows[2 + len(scores)][1] == "winner: %s" % game.players[game.state.winner]
    assert rows[3 + len(scores)][1] == "pot balance"
    assert rows[4 + len(scores):] == [["", "Rödskägg %s" % VERSION, "", "", "", ""]]  # no board given
    assert {len(row) for row in rows} == {6}  # every row has every column: a table program reads it


def test_the_csv_names_the_version_and_board_and_the_json_only_the_spec_s_keys(tmp_path):
    """Issue 30: every export names the firmware's version and the board. The record may not carry
    them (RECORD.md: unknown keys are an error), so the score sheet beside it does, in its last row."""
    game = finished_series().game
    Exporter(str(tmp_path), lambda: True, board="feather").export(game, lang="sv")
    rows = list(csv.reader(io.StringIO((tmp_path / "games" / "0001-fem.csv").read_text(encoding="utf-8"))))
    assert rows[0][:2] == ["giv", "händelse"] and rows[-2][1] == "pottens saldo"
    assert rows[-1] == ["", "Rödskägg %s, feather" % VERSION, "", "", "", ""]
    doc = json.loads((tmp_path / "games" / "0001-fem.json").read_text(encoding="utf-8"))
    assert list(doc) == ["format", "rules", "players", "dealer", "hands"]


def test_names_count_up_and_no_temporary_file_is_left(tmp_path):
    ex = Exporter(str(tmp_path), lambda: True)
    game = Game(Rules("knack"), ["Anna", "Bo", "Cia"], 0)
    game.push((score.MISDEAL, True))
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "0007-bud.json.tmp").write_text("half a file")
    assert ex.export(game) == "0001-knack"
    (tmp_path / "games" / "0041-fem.json").write_text("{}")
    assert ex.export(Series(Rules("knack"), ["Anna", "Bo", "Cia"])) == "0042-knack"
    assert not [f for f in os.listdir(tmp_path / "games") if f.endswith(".tmp")]


def test_a_reason_with_commas_and_quotes_is_quoted(tmp_path):
    game = Game(Rules("fem"), ["Anna", "Bo"], 0)
    game.push((score.FAULT, 1, 'sa "knack", sen inte'))
    Exporter(str(tmp_path), lambda: True).export(game)
    rows = list(csv.reader(io.StringIO((tmp_path / "games" / "0001-fem.csv").read_text(encoding="utf-8"))))
    assert rows[2][1] == 'fault Bo: sa "knack", sen inte (before hand 1)'


def test_read_only_drive_says_so_instead_of_failing(tmp_path):
    ex = Exporter(str(tmp_path), lambda: False)
    assert not ex.writable()
    with pytest.raises(ExportError) as err:
        ex.export(finished_series())
    assert str(err.value).startswith("drive is read-only to the device: ")
    assert err.value.code == export.READ_ONLY
    assert not os.path.exists(tmp_path / "games")
    assert not Exporter(str(tmp_path), lambda: 1 / 0).writable()


def test_an_os_error_becomes_an_export_error(tmp_path):
    (tmp_path / "games").write_text("a file where the folder should be")
    with pytest.raises(ExportError) as err:
        Exporter(str(tmp_path), lambda: True).export(finished_series())
    assert err.value.code == export.IO and "cannot write the drive" in str(err.value)


def test_a_compacted_game_exports_its_score_sheet_only(tmp_path):
    nvm = FakeNVM(256)
    store = Store(nvm)
    store.load()
    series = Series(Rules("fem", {"start": 99}), ["Anna", "Bo", "Cia"], 0)
    for _ in range(40):
        series.game.push((score.PLAY, (1, 2, 2), -1, ()))
        store.save(series)
    game = Store(nvm).load().series.game
    assert game.base is not None
    ex = Exporter(str(tmp_path), lambda: True)
    name = ex.export(game)
    assert os.listdir(tmp_path / "games") == [name + ".csv"]
    assert ex.note == "hands 1-%d were not kept: score sheet only" % game.base.hands
    assert ex.kept_from == game.base.hands + 1
    rows = list(csv.reader(io.StringIO((tmp_path / "games" / (name + ".csv")).read_text(encoding="utf-8"))))
    assert rows[1][:2] == [str(game.base_entries), "(earlier hands not kept)"]
    assert [int(v) for v in rows[-2][2:]] == game.state.scores
    assert rows[-1][1] == "Rödskägg %s" % VERSION


def env(values):
    return lambda key: values.get(key)


def test_boot_gives_the_drive_to_the_code_by_default():
    fs = FakeStorage()
    assert bootmode.boot(env({}), FakePins(), fs.remount) == bootmode.DEVICE
    assert fs.calls == [("/", False)]
    assert bootmode.mode_of(fs.getmount) == bootmode.DEVICE


def test_holding_the_profile_boot_button_leaves_it_to_the_computer():
    for board, pin in (("pico", "GP10"), ("feather_oled", "D9")):
        fs = FakeStorage()
        mode = bootmode.boot(env({"RODSKAGG_BOARD": board}), FakePins(held=[pin]), fs.remount)
        assert mode == bootmode.COMPUTER and fs.calls == []
        assert bootmode.mode_of(fs.getmount) == bootmode.COMPUTER


def test_the_boot_button_setting_overrides_the_profile():
    fs = FakeStorage()
    settings = env({"RODSKAGG_BOOT_BUTTON": "GP2"})
    assert bootmode.boot(settings, FakePins(held=["GP10"]), fs.remount) == bootmode.DEVICE
    assert bootmode.boot(settings, FakePins(held=["GP2"]), FakeStorage().remount) == bootmode.COMPUTER


def test_boot_never_raises():
    # A pin the board lacks, a bad profile, a failing remount: the computer keeps the drive.
    fs = FakeStorage()
    pins = FakePins(known=["GP13"])
    assert bootmode.boot(env({"RODSKAGG_BOOT_BUTTON": "GP99"}), pins, fs.remount) == bootmode.COMPUTER
    assert bootmode.boot(env({"RODSKAGG_BOARD": "nope"}), FakePins(), fs.remount) == bootmode.COMPUTER
    assert fs.calls == []
    assert bootmode.boot(env({}), FakePins(), FakeStorage(fail=True).remount) == bootmode.COMPUTER
    assert bootmode.mode_of(lambda path: 1 / 0) == bootmode.COMPUTER


def test_boot_py_compiles_and_only_uses_the_pure_module():
    with open(os.path.join(ROOT, "boot.py"), encoding="utf-8") as f:
        text = f.read()
    compile(text, "boot.py", "exec")
    assert "bootmode.boot(os.getenv, held, storage.remount)" in text
    assert "except Exception" in text


def test_the_score_sheet_names_penalties_during_a_hand():
    from firmware.store.exporttext import sheet_text

    g = Game(Rules("fem"), ["Anna", "Bo", "Cia", "Dan"], 3)  # Dan deals: Anna speaks first
    g.push((score.PLAY, (3, 2, -1, -1), 0, ((1, "late Rödskägg call"),)))
    assert sheet_text(g).splitlines()[2].startswith(
        '1,"Anna called Rödskägg: failed; Anna took 3, Bo 2; penalty Bo: late Rödskägg call",')
    assert sheet_text(g, "sv").splitlines()[2].startswith(
        '1,"Anna ropade Rödskägg: bet; Anna tog 3, Bo 2; straff Bo: sent Rödskäggrop",')
    g = Game(Rules("knack"), ["Anna", "Bo", "Cia", "Dan"], 1)  # Bo deals
    g.push((score.BID, 2, 3, (1, 1, 3, 1), 0, ((0, "did not ask go along"), (3, "penalty"))))
    # a penalty entered without a reason is saved as "penalty": not said twice ("straff Dan: straff")
    assert sheet_text(g, "sv").splitlines()[2].startswith(
        '1,"Cia bjöd 3 tog 3: klart; Dan tog 1, Anna 1, Bo 1; straff Anna: frågade ej går med; straff Dan",')


def test_the_exported_record_gives_reasons_as_the_table_saw_them(tmp_path):
    """Issue 27, point 11: a table that played in Swedish saw "sent Rödskäggrop", "tog upp
    före knack", "rättelse": the record's reasons (free text) are those words, not the
    English keys; English tables get the English; the record replays to the same scores."""
    g = Game(Rules("knack"), ["Anna", "Bo", "Cia"], 0)
    g.push((score.BID, 1, 3, (1, 3, 2), 0, ((0, "forgot to ask går med"),)))
    g.push((score.FAULT, 2, "picked up before the knock"))
    g.push((score.ADJUST, (1, 0, 0), "correction"))
    g.push((score.ADJUST, (0, 1, 0), "a house rule of ours"))
    for lang, words in (("sv", ["glömde fråga går med", "tog upp före knack", "rättelse",
                                "a house rule of ours"]),
                        ("en", ["forgot to ask går med", "picked up before the knock", "correction",
                                "a house rule of ours"])):
        os.makedirs(str(tmp_path / lang))
        ex = Exporter(str(tmp_path / lang), lambda: True)
        name = ex.export(g, lang=lang)
        with open(str(tmp_path / lang / "games" / (name + ".json")), encoding="utf-8") as f:
            text = f.read()
        hands = json.loads(text)["hands"]
        assert [hands[0]["faults"]["Anna"], hands[1]["reason"], hands[2]["reason"],
                hands[3]["reason"]] == words
        assert loads(text).state.scores == g.state.scores
