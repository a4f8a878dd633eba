"""pytest set-up: the project root on sys.path, and a quick hypothesis profile for CI (the same
examples on every run)."""

import os
import sys

import pytest
from hypothesis import settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# make test's examples are the same on every run (derandomize): a property that fails does so on
# every run and every machine, never at random on one CI run; HYPOTHESIS_PROFILE=thorough draws
# new examples each time (a night's run) and prints the seed of any failure.
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def firmware_modules_kept():
    """Each test ends with the firmware modules it started with: code.py's main() and the App let
    modules go (firmware.forget drops them on CPython too), and a later test's module-level
    imports (boards in the wiring and bundle tools, say) must still be the ones sys.modules holds."""
    before = {name: module for name, module in sys.modules.items() if name.startswith("firmware")}
    yield
    sys.modules.update(before)
    for name, module in before.items():
        parent, _, child = name.rpartition(".")
        if parent in before:
            setattr(before[parent], child, module)


@pytest.fixture
def modules_kept():
    """firmware.forget lets nothing go while the test runs: the sweeps of thousands of saves (the
    power cuts) or presses (every screen, every event, the fuzz, the detours), where importing a
    screen's modules again at each press would take most of the suite's time. Everything else lets
    modules go as the device does, and test_ui_app's loading tests watch sys.modules."""
    import firmware

    firmware.keep_modules = True
    yield
    firmware.keep_modules = False


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """What a builder copies onto the drive: make release's pico .mpy zip, unpacked; the board
    tier's tests of the pico profile (test_board_tier.py, test_board_cuts.py) play it."""
    import zipfile

    from tools.build import release
    from tools.shared import mpy_cross

    out = tmp_path_factory.mktemp("release")
    made = release.bundle_zip("pico", out, "mpy", mpy_cross(), release.circuitpython_major(mpy_cross()))
    drive = out / "CIRCUITPY"
    with zipfile.ZipFile(made) as z:
        z.extractall(drive)
    return str(drive)
