"""The board tier: CircuitPython 10.3's own UF2 for the Pico and the Feather RP2040, on an
emulated RP2040, shows, saves and exports what the simulator does, on every board profile.

tools/board runs the bundle (``.mpy`` from CircuitPython's mpy-cross) of a profile on rp2040js
with the board's flash chip, buttons and panel (SSD1306 128x64 or 128x32, SSD1309, SH1106,
SH1107) around it; every press is a GPIO level, every frame is decoded from the I2C bytes the
firmware sent through the real ``busio``. Each check plays keys on the board and on the simulator
(tools/sim) and compares every settled frame pixel for pixel, the NVM bytes and the exported
files; the pico profile's tests play make release's pico .mpy zip, unpacked onto the drive as a
builder copies it. The board runs at about a tenth of real time on this machine, so ``make test``
plays a sample in parallel: on ``pico`` two records (one with contact bounce), a resumed run of
the device scenario, a burst of presses and presses during an export (and the erase cuts, in
test_board_cuts.py); on each other profile a record and a power-on after it. ``BOARD_TIER=full``
plays every record, the whole scenario and the cuts on every profile. Where node, rp2040js, a
UF2 or CircuitPython's mpy-cross is missing, the tier (or the profile) is skipped with one line
saying why.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools import board as B
from tools.shared import mpy_cross
from tools.vm import device as C

WHY = B.missing() or (None if mpy_cross() else "CircuitPython's mpy-cross not found (CIRCUITPY_MPY_CROSS=)")
if WHY:
    pytest.skip("board tier skipped: %s" % WHY, allow_module_level=True)

FULL = os.environ.get("BOARD_TIER") == "full"
PROFILES = ("pico", "pico_242", "pico_sh1106", "feather_oled", "feather_oled64")
# what plays every record, the scenario and the cuts: pico, or every profile in BOARD_TIER=full
WHOLE = PROFILES if FULL else PROFILES[:1]
SAMPLE_RECORDS = ("fem-lone-one-trick.json", "bud-rodskagg-made.json")
# emulators at once (BOARD_WORKERS=1: one at a time, on a shared machine)
WORKERS = int(os.environ.get("BOARD_WORKERS") or max(2, min(4, os.cpu_count() or 2)))
BOUNCE_MS = 4


def parallel(jobs):
    """Run callables at once (each drives its own node process) and return their results."""
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(lambda job: job(), jobs))


def same(run, board, sim_result, sim_nvm, sim_exports, what):
    """Assert a board run and a simulator run showed, saved and exported the same."""
    assert run.stop == "time", "%s: the board stopped early: %s\n%s" % (what, run.stop, run.console[-2000:])
    shown, sim_shown = B.shown(run.frames), B.shown(sim_result.frames)
    assert shown, "%s: the board showed nothing\n%s" % (what, run.console[-2000:])
    i = B.first_difference(run.frames, sim_result.frames)
    if i is not None:
        def text(frames):
            return "t=%d ms\n%s" % (frames[i][0], C.frame_text(frames[i])) if i < len(frames) else "(none)"

        pytest.fail("%s: frame %d of %d/%d differs.\nboard:\n%s\nsimulator:\n%s\nconsole:\n%s" % (
            what, i, len(shown), len(sim_shown), text(shown), text(sim_shown), run.console[-1500:]))
    assert board.nvm() == sim_nvm, "%s: NVM bytes differ" % what
    assert board.exports() == sim_exports, "%s: exported files differ" % what


def on(board, request):
    """board's .mpy bundle (pico's: the release zip's, the fixture bundle), or a skip saying why
    the profile cannot run here."""
    why = B.missing(board)
    if why:
        pytest.skip("board tier, %s skipped: %s" % (board, why))
    return request.getfixturevalue("bundle") if board == "pico" else C.bundle("mpy", board)


def sim_state_before(run_index, board="pico"):
    """The simulator after the scenario's runs before run_index: (NVM, exports, last frame)."""
    sim = C.SimDevice(board)
    last = None
    for _name, keys in C.scenario(board)[:run_index]:
        last = sim.run(keys).frames[-1]
    out = (sim.nvm(), sim.exports(), last)
    sim.close()
    return out


def seeded_board(bundle, nvm, exports, board="pico"):
    return B.Board(bundle=bundle, nvm=nvm, files={"/games/" + n: v for n, v in exports.items()}, board=board)


@pytest.mark.parametrize("board", WHOLE)
def test_records_entered_by_buttons_equal_the_simulator(board, request):
    bundle = on(board, request)
    records = C.entered_records(board)
    assert len(records) >= 10
    if not FULL:
        records = [r for r in records if r[0] in SAMPLE_RECORDS]
        assert len(records) == len(SAMPLE_RECORDS)
    boards = [B.Board(bundle=bundle, board=board) for _ in records]
    # the first one with contact bounce on every edge: keypad's and Buttons' debouncing must hide it
    bounce = [BOUNCE_MS] + [0] * (len(records) - 1)
    try:
        runs = parallel([lambda b=b, k=keys, j=j: b.run(k, bounce_ms=j)
                         for b, (_n, keys), j in zip(boards, records, bounce)])
        for b, run, (name, keys) in zip(boards, runs, records):
            sim = C.SimDevice(board)
            try:
                same(run, b, sim.run(keys), sim.nvm(), sim.exports(), "%s on %s" % (name, board))
            finally:
                sim.close()
    finally:
        for b in boards:
            b.close()


def test_every_profile_plays_a_record_resumes_it_and_starts_dark():
    """Every profile besides pico (pico_242: its reset pin; pico_sh1106: 132 columns of RAM, the
    glass from column 2; feather_oled: the Feather's UF2, pins and I2C1, a 128x32 glass, three
    buttons; feather_oled64: the SH1107, its pages across the glass) plays a record and is powered
    on again: every frame, the NVM and the exports equal the simulator's, the power-on resumes the
    last screen, and at each power-on the glass, once switched on, is dark until the first screen
    (the decoder starts from a RAM full of noise, as a real module's is; the firmware clears it
    before the panel goes on). The profiles play at once."""
    boards = {}
    for name in PROFILES[1:]:
        if B.missing(name) is None:
            boards[name] = B.Board(bundle=C.bundle("mpy", name), board=name)
    if not boards:
        pytest.skip("board tier: no profile but pico can run here: %s" % B.missing(PROFILES[-1]))
    keys = {name: dict(C.entered_records(name))[SAMPLE_RECORDS[0]] for name in boards}
    try:
        first = dict(zip(boards, parallel([lambda n=n: boards[n].run(keys[n]) for n in boards])))
        sims = {name: C.SimDevice(name) for name in boards}
        try:
            played = {}
            for name, board in boards.items():
                played[name] = sims[name].run(keys[name])
                same(first[name], board, played[name], sims[name].nvm(), sims[name].exports(), name)
            again = dict(zip(boards, parallel([lambda n=n: boards[n].run("") for n in boards])))
            for name, board in boards.items():
                run = again[name]
                same(run, board, sims[name].run(""), sims[name].nvm(), sims[name].exports(),
                     "%s powered on again" % name)
                assert B.shown(run.frames)[0][1:] == B.shown(played[name].frames)[-1][1:], name
                for r in (first[name], run):
                    assert any(r.frames[0][3])  # the noise, the panel still off
                    lit = [f for f in r.frames if f[1]]
                    assert not any(lit[0][3]), "%s: the glass came on showing:\n%s" % (
                        name, C.frame_text(lit[0], 128, board.profile["height"]))
                    assert lit[1] == B.shown(r.frames)[0]  # then the first screen
        finally:
            for sim in sims.values():
                sim.close()
    finally:
        for b in boards.values():
            b.close()


def scenario_runs(board="pico"):
    """The scenario's runs played here: all in BOARD_TIER=full, else the resumed run of edits."""
    return range(len(C.scenario(board))) if FULL else (1,)


def scenario_keys(i, board="pico"):
    """Run i's keys as a person presses them (tools/vm/device.py ``person_paced``)."""
    return C.person_paced(i, board)


@pytest.mark.parametrize("board", WHOLE)
def test_scenario_runs_resume_and_equal_the_simulator(board, request):
    """Each run starts from the simulator's flash state after the runs before it (NVM, exports), so
    runs play in parallel; each power-on resumes the last screen the run before left."""
    bundle = on(board, request)
    indexes = list(scenario_runs(board))
    states = [sim_state_before(i, board) for i in indexes]
    boards = [seeded_board(bundle, nvm, exports, board) for nvm, exports, _last in states]
    try:
        runs = parallel([lambda b=b, i=i: b.run(scenario_keys(i, board)) for b, i in zip(boards, indexes)])
        for b, run, i, (_nvm, _exports, last) in zip(boards, runs, indexes, states):
            name, keys = C.scenario(board)[i][0], scenario_keys(i, board)
            sim = C.SimDevice(board)
            try:
                if i:  # the simulator's state after the runs before
                    for _n, k in C.scenario(board)[:i]:
                        sim.run(k)
                sim_result = sim.run(keys)
                same(run, b, sim_result, sim.nvm(), sim.exports(), "%s: scenario run %d (%s)" % (board, i + 1, name))
            finally:
                sim.close()
            if last is not None:
                first = B.shown(run.frames)[0]
                assert first[1:] == last[1:], "run %d: the power-on did not resume the last screen:\n%s" % (
                    i + 1, C.frame_text(first))
    finally:
        for b in boards:
            b.close()


@pytest.mark.skipif(not FULL, reason="BOARD_TIER=full only (a long run)")
@pytest.mark.parametrize("board", PROFILES)
def test_boot_button_held_leaves_the_drive_to_the_computer(board, request):
    """boot.py with the boot button (prev: GP10 on a Pico, D9 on a Feather) held at power-on:
    storage.remount is not called, so code.py's export says the drive is the computer's, and
    nothing is written to games/."""
    bundle = on(board, request)
    nvm, exports, _last = sim_state_before(2, board)
    b = seeded_board(bundle, nvm, exports, board)
    before = C.SimDevice(board)
    for _n, k in C.scenario(board)[:2]:
        before.run(k)
    sim = C.SimDevice(board, state=before.state, readonly=True)  # the same simulated board, booted held
    try:
        keys = scenario_keys(2, board)
        run = b.run(keys, held="a")
        same(run, b, sim.run(keys), sim.nvm(), exports, "%s: boot button held" % board)
    finally:
        b.close()
        before.close()


def subsequence(frames, of):
    """Whether frames (time aside) appear in of in the same order."""
    i = 0
    for f in of:
        if i < len(frames) and frames[i][1:] == f[1:]:
            i += 1
    return i == len(frames)


def test_a_burst_of_presses_is_taken_press_by_press(bundle):
    """Pace: six presses 200 ms apart (each held 120 ms: five a second, a thumb's fastest). None
    is lost and none taken twice: the board shows only screens the simulator shows for the same
    presses, in its order, and ends on the screen after the sixth (five or seven differ). (At
    150 ms the 30 ms between a release and the next press is what firmware/device/buttons.py
    takes for contact bounce, and it drops those presses, as it should.)"""
    keys = "bbbbbb"
    sims = {}
    for k in ("bbbbb", keys, "bbbbbbb"):
        sim = C.SimDevice()
        try:
            sims[k] = B.shown(sim.run(k).frames)
        finally:
            sim.close()
    assert len({s[-1][1:] for s in sims.values()}) == 3  # the last screen tells how many were taken
    board = B.Board(bundle=bundle)
    try:
        run = board.run(keys, gap_ms=200 - B.PRESS_MS)
    finally:
        board.close()
    assert run.stop == "time", run.console[-2000:]
    shown = B.shown(run.frames)
    assert shown and subsequence(shown, sims[keys]), "a screen the simulator never showed:\n%s" % (
        "\n".join(C.frame_text(f) for f in shown))
    assert shown[-1][1:] == sims[keys][-1][1:], "the last screen is not the sixth press's:\n%s" % (
        C.frame_text(shown[-1]))


def export_row(run_index):
    """How far down the menu Exportera is, for the game the scenario leaves after run_index runs."""
    from tools.sim import simulator as S

    sim = C.SimDevice()
    try:
        for _n, k in C.scenario()[:run_index]:
            sim.run(k)
        look = S.Sim(sim.board, sim.state)
        look.press("b")
        return [item[0] for item in look.app.view.items].index("Exportera")
    finally:
        sim.close()


def test_presses_during_an_export_are_taken_between_its_writes_and_not_lost(bundle):
    """The menu's export shows "Exporterar…" at once and writes after that screen, in steps
    (app.work: half a second of drive writes on the board); the two presses that come while it
    writes (home, then the menu again, 200 ms apart) are taken between its steps and drawn at once;
    its result comes after them, over the menu, and the board wrote the files the simulator
    writes (to a drive that had none). The screens are the simulator's: "Exporterar…", the
    scoreboard, the menu, the result."""
    import shutil

    keys = "b" + "b" * export_row(1) + "c" + "c" + "b"
    nvm, _exports, _last = sim_state_before(1)
    sim = C.SimDevice()
    try:
        for _n, k in C.scenario()[:1]:
            sim.run(k)
        shutil.rmtree(os.path.join(sim.state, "drive", "games"))
        sim_shown = B.shown(sim.run(keys).frames)  # (a press at a time: the result before the presses)
        sim_exports = sim.exports()
    finally:
        sim.close()
    assert sim_exports
    from firmware.ui.screenmodel import Screen
    from tools.sim import raster

    exporting = bytearray(1024)
    raster.raster(Screen("Exportera", ["Exporterar…"]), 128, 64, exporting)
    at = next(i for i, f in enumerate(sim_shown) if f[3] == bytes(exporting))
    result, home, menu = sim_shown[at + 1], sim_shown[at + 2], sim_shown[-1]
    board = seeded_board(bundle, nvm, {})
    try:
        run = board.run(keys, gap_ms=200 - B.PRESS_MS)
        assert run.stop == "time", run.console[-2000:]
        shown = B.shown(run.frames)
        assert subsequence([sim_shown[at], home, menu, result], shown), "not Exporterar…, home, the menu, " \
            "then the result:\n%s" % "\n".join(C.frame_text(f) for f in shown)
        assert shown[-1][1:] == result[1:], "not on the result after the presses:\n%s" % C.frame_text(shown[-1])
        assert board.exports() == sim_exports
    finally:
        board.close()
