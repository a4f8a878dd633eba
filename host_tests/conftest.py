"""pytest set-up: the project root on sys.path, and a quick hypothesis profile for CI."""

import os
import sys

import pytest
from hypothesis import settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

settings.register_profile("ci", max_examples=150, deadline=None)
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
    """firmware.forget lets nothing go while the test runs (the power-cut sweeps: thousands of
    saves, each of which would import its modules again); the lazy-loading tests do not use it."""
    import firmware

    firmware.keep_modules = True
    yield
    firmware.keep_modules = False
