"""The board tier's power cuts: the new knack game of the device scenario's third run (a new base
over the used slot, so an NVM erase, and the drive copy before it) cut on the emulated RP2040 after
the NVM sector's erase, in its page programs and inside the copy's drive write; each board powered
on again on the same flash shows what the simulator shows on the NVM and drive the cut left. (Its
own file, so that ``make test``'s workers play it beside test_board_tier.py's records and runs.)"""

import os

import pytest

from host_tests.test_board_tier import WHOLE, on, parallel, same, seeded_board, sim_state_before
from tools import board as B
from tools.vm import device as C


def sim_on(state, nvm, drive):
    """A simulator state folder holding the board's NVM, its drive copy and its exports."""
    os.makedirs(os.path.join(state, "drive"))
    with open(os.path.join(state, "nvm.bin"), "wb") as f:
        f.write(nvm)
    for path, data in drive.items():
        if path == "/save/copy.bin" or path.startswith("/games/"):
            os.makedirs(os.path.dirname(os.path.join(state, "drive") + path), exist_ok=True)
            with open(os.path.join(state, "drive") + path, "wb") as f:
                f.write(data)
    return state


def readable(board):
    """The board's drive as files, or {} when a cut left its FAT unreadable."""
    try:
        return board.drive()
    except Exception:  # a damaged FAT: the simulator gets no copy, as the firmware sees none
        return {}


@pytest.fixture(scope="module", params=WHOLE)
def cuts(request, tmp_path_factory):
    """The new knack game of the scenario's third run (a new base over the used slot, so an NVM
    erase, and the drive copy before it), cut three ways on three boards: after the NVM sector's
    erase, after 3 of its 16 page programs, and inside a program of the copy's drive write. Each
    board is then powered on again on the same flash (one press), beside the simulator on the
    NVM and drive the cut left. (The state the cut left is read on pico's screen by the checks.)"""
    profile = request.param
    bundle = on(profile, request)
    nvm, exports, _last = sim_state_before(2, profile)
    keys = C.scenario(profile)[2][1]
    probe = seeded_board(bundle, nvm, exports, profile)
    first = probe.run(keys, cut=("nvm_erase", 1))
    ops = first.flash_ops
    in_nvm = [B.NVM_OFFSET <= op[2] < B.NVM_OFFSET + B.NVM_SIZE for op in ops]
    erase = next(i for i, op in enumerate(ops) if in_nvm[i] and op[1] == "E")
    before = max([i for i in range(erase) if in_nvm[i]], default=-1)  # the settings' commit
    programs = sum(1 for i in range(erase) if in_nvm[i] and ops[i][1] == "P")
    copy_ops = [i for i in range(before + 1, erase) if ops[i][2] >= B.DRIVE_OFFSET]
    assert copy_ops, "no drive write before the NVM erase: the copy was not written first"
    middle = copy_ops[len(copy_ops) // 2]
    drive_n = sum(1 for i in range(middle + 1) if ops[i][2] >= B.DRIVE_OFFSET)
    boards = {"nvm_erase": probe}
    boards["nvm_program"] = seeded_board(bundle, nvm, exports, profile)
    boards["drive_op"] = seeded_board(bundle, nvm, exports, profile)
    runs = {"nvm_erase": first}
    plan = {"nvm_program": programs + 3, "drive_op": drive_n}
    got = parallel([lambda k=k: boards[k].run(keys, cut=(k, plan[k])) for k in plan])
    runs.update(zip(plan, got))
    after = {}
    for kind, board in boards.items():
        state = sim_on(str(tmp_path_factory.mktemp(kind)), board.nvm(), readable(board))
        look = sim_on(str(tmp_path_factory.mktemp(kind + "-look")), board.nvm(), readable(board))
        after[kind] = (state, look)
    again = dict(zip(boards, parallel([lambda b=b: b.run("c") for b in boards.values()])))
    out = {}
    for kind, board in boards.items():
        state, look = after[kind]
        sim = C.SimDevice(profile, state=state)
        out[kind] = (runs[kind], again[kind], board, sim.run("c"), sim, look)
    yield out
    for _run, _again, board, _r, sim, _look in out.values():
        sim.close()
        board.close()


def scoreboard_names(rows):
    return [r[2:].split()[0] for r in rows[1:] if r.strip()]


def shown_after_power_on(look):
    """The scoreboard the simulator on the cut's NVM and drive shows at power-on (after the note
    about the drive copy, if there is one): (note or None, scoreboard rows)."""
    from tools.sim import simulator as S

    sim = S.Sim("pico", look)
    try:
        rows = sim.app.screen.text().split("\n")
        note = None
        if rows[0] == "Note":
            note = " ".join(rows[1:]).strip()
            note = " ".join(note.split())
            sim.press("c")
            rows = sim.app.screen.text().split("\n")
        return note, rows
    finally:
        sim.close()


def check_new_game_back(cuts, kind):
    run, again, board, sim_result, sim, look = cuts[kind]
    assert run.stop.startswith("cut"), (run.stop, run.console[-2000:])
    same(again, board, sim_result, sim.nvm(), sim.exports(), "%s: power-on after the %s cut" % (
        board.board, kind))
    note, rows = shown_after_power_on(look)
    return run, note, rows


def test_a_cut_after_the_nvm_erase_resumes_the_drive_copy_on_the_board(cuts):
    """The sector is blank after its erase; the board boots again on the same flash, resumes the
    new game from save/copy.bin exactly as the simulator does, and after a press shows it."""
    run, note, rows = check_new_game_back(cuts, "nvm_erase")
    assert run.stop.startswith("cut after NVM erase 1"), run.stop
    assert note == "Save lost: resumed from the drive copy after entry 0"
    assert rows[0].startswith("Hand 1") and scoreboard_names(rows) == C.KNACK_PLAYERS


def test_a_cut_in_the_middle_of_the_nvm_program_resumes_the_new_game_on_the_board(cuts):
    """Three of the sector's sixteen pages programmed again: the board shows the new game."""
    run, note, rows = check_new_game_back(cuts, "nvm_program")
    assert run.stop.startswith("cut after NVM page program"), run.stop
    assert note in (None, "Save lost: resumed from the drive copy after entry 0")
    assert rows[0].startswith("Hand 1") and scoreboard_names(rows) == C.KNACK_PLAYERS


def test_a_cut_in_the_middle_of_the_drive_write_leaves_the_nvm_game_on_the_board(cuts):
    """Cut inside the copy's drive write, before the NVM is touched: the board boots on the same
    flash and shows the game the NVM holds, as the simulator does with whatever the drive kept."""
    run, note, rows = check_new_game_back(cuts, "drive_op")
    assert run.stop.startswith("cut in drive"), run.stop
    assert note is None and rows[0].startswith("Hand ")
    assert scoreboard_names(rows) == C.FEM_GAME["players"]
