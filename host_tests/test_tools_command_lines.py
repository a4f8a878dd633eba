"""tools.build.* and tools.bench answer a command line they cannot run, and a folder they must not
empty, in one line and an exit status, never a traceback (the simulator's and the replay's:
test_sim_cli.py, test_core_replay_cli.py)."""

import pytest

from tools.bench import board as bench_board
from tools.bench import device as bench_device
from tools.bench import soak as bench_soak
from tools.bench import ui as bench_ui
from tools.build import bundle, deploy, release


def refused(capsys, main, argv):
    """(exit status, stderr) of main(argv), which must end with SystemExit."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    return stop.value.code, capsys.readouterr().err


@pytest.mark.parametrize("main, argv, message", [
    (bundle.main, ["--board", "nope"], "python -m tools.build.bundle: argument --board: invalid choice: 'nope' "
                                       "(choose from "),
    (release.main, ["--verbose"], "python -m tools.build.release: unrecognized arguments: --verbose "
                                  "(python -m tools.build.release --help lists the options)\n"),
    (deploy.main, ["--drive"], "python -m tools.build.deploy: argument --drive: expected one argument "
                               "(python -m tools.build.deploy --help lists the options)\n"),
    (bench_device.main, ["--only", "heap"], "python -m tools.bench.device: argument --only: invalid choice: 'heap' "),
    (bench_soak.main, ["--games", "0"], "python -m tools.bench.soak: argument --games: invalid positive value: '0' "
                                        "(python -m tools.bench.soak --help lists the options)\n"),
    (bench_ui.main, ["--heap"], "python -m tools.bench.ui: argument --heap: expected one argument "
                                "(python -m tools.bench.ui --help lists the options)\n"),
    (bench_board.command_line, ["--runs", "x"], "python -m tools.bench.board: --runs x: numbers of runs, as 1,2 "
                                                "(python -m tools.bench.board --help lists the options)\n"),
    (bench_board.command_line, ["--runs", "1,7"], "python -m tools.bench.board: --runs 1,7: the scenario's runs "
                                                  "are 0-3 (python -m tools.bench.board --help lists the options)\n"),
    (bench_board.command_line, ["pico9"], "python -m tools.bench.board: unknown profile pico9 (one of pico, "
                                          "pico_242, pico_sh1106, feather_oled, feather_oled64) "
                                          "(python -m tools.bench.board --help lists the options)\n"),
    (bench_board.command_line, ["scenario"], "python -m tools.bench.board: scenario is a part of --heap "
                                             "(python -m tools.bench.board --help lists the options)\n"),
], ids=["bundle-board", "release-option", "deploy-drive", "bench-device-only", "bench-soak-games",
        "bench-ui-heap", "bench-board-runs", "bench-board-run-number", "bench-board-profile",
        "bench-board-part"])
def test_a_command_line_a_tool_cannot_run_gets_one_line(capsys, main, argv, message):
    code, err = refused(capsys, main, argv)
    assert code == 2 and err.count("\n") == 1 and err.startswith(message), err
    assert err.endswith(" --help lists the options)\n")


def test_the_bench_board_command_line_still_takes_what_it_took():
    args = bench_board.command_line(["--heap", "knack7", "--modules", "pico_242"])
    assert (args.heap, args.parts, args.profiles, args.modules, args.runs) == (True, ("knack7",), ["pico_242"],
                                                                              True, None)
    args = bench_board.command_line(["feather_oled", "--runs", "2,1"])
    assert (args.heap, args.profiles, args.runs) == (False, ["feather_oled"], [1, 2])


def test_bundle_never_empties_a_folder_it_did_not_write(tmp_path, capsys):
    """--out naming the wrong folder (the CIRCUITPY drive, with its games): nothing is lost."""
    drive = tmp_path / "CIRCUITPY"
    (drive / "games").mkdir(parents=True)
    (drive / "games" / "0001-fem.json").write_text("{}")
    assert bundle.main(["--py", "--out", str(drive)]) == 1
    assert capsys.readouterr().err == ("bundle: %s holds games, which no build wrote: not emptied (name a new or "
                                       "empty folder)\n" % drive)
    assert (drive / "games" / "0001-fem.json").read_text() == "{}"


def test_bundle_out_naming_a_file_is_refused(tmp_path, capsys):
    path = tmp_path / "CIRCUITPY.zip"
    path.write_bytes(b"PK")
    assert bundle.main(["--py", "--out", str(path)]) == 1
    assert capsys.readouterr().err == "bundle: %s is a file: name a folder\n" % path
    assert path.read_bytes() == b"PK"


def test_release_never_empties_a_folder_it_did_not_write(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "rodskagg-0.9.0-pico-py.zip").write_bytes(b"an older release")
    assert release.main(["--board", "pico_242", "--out", str(tmp_path)]) == 1
    assert capsys.readouterr().err == ("release: %s holds notes.txt, which no build wrote: not emptied (name a new "
                                       "or empty folder)\n" % tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "rodskagg-0.9.0-pico-py.zip"]
