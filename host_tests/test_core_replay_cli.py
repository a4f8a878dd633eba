"""The replay command, exactly as the record format says, on every golden record."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "host_tests", "records")
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "examples")
NAMES = sorted(f for f in os.listdir(RECORDS) if f.endswith(".json"))


def replay(arg, stdin=None):
    return subprocess.run([sys.executable, "-m", "firmware.replay", arg], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("name", NAMES)
def test_replay_prints_the_expected_result(name, tmp_path):
    with open(os.path.join(RECORDS, name), encoding="utf-8") as f:
        doc = json.load(f)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc["record"]), encoding="utf-8")
    for p in (replay(str(path)), replay("-", json.dumps(doc["record"]))):
        if "error_hand" in doc:
            assert p.returncode == 2 and p.stdout == ""
            assert p.stderr.startswith("hand %d: " % doc["error_hand"]) and len(p.stderr.splitlines()) == 1
        else:
            assert p.returncode == 0, p.stderr
            assert json.loads(p.stdout) == doc["expect"]


def test_replay_of_garbage_and_missing_files():
    p = replay("-", "\xff not json")
    assert p.returncode == 2 and p.stderr.startswith("hand 0: ") and p.stdout == ""
    p = replay("/nonexistent/game.json")
    assert p.returncode == 2 and p.stderr.startswith("hand 0: ")
    p = subprocess.run([sys.executable, "-m", "firmware.replay"], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 2 and "usage" in p.stderr


@pytest.mark.skipif(not os.path.isdir(SHARED), reason="no ../shared/examples beside the project (a user's machine)")
def test_copied_records_still_equal_the_shared_examples():
    shared = sorted(f for f in os.listdir(SHARED) if f.endswith(".json"))
    assert shared == NAMES
    for name in shared:
        with open(os.path.join(SHARED, name), "rb") as a, open(os.path.join(RECORDS, name), "rb") as b:
            assert a.read() == b.read(), name


@pytest.mark.parametrize("name", NAMES)
def test_replay_takes_the_test_case_file_itself(name):
    """README: `python3 -m firmware.replay host_tests/records/fem-basic.json` works as written."""
    with open(os.path.join(RECORDS, name), encoding="utf-8") as f:
        doc = json.load(f)
    p = replay(os.path.join("host_tests", "records", name))
    if "error_hand" in doc:
        assert p.returncode == 2 and p.stderr.startswith("hand %d: " % doc["error_hand"])
    else:
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout) == doc["expect"]


def test_an_exported_record_names_its_device_and_still_replays():
    """The device writes "device" (the firmware's version and board) into every record it exports
    (docs/RECORD.md); the replay reads it as any other record and refuses a device that is not text."""
    with open(os.path.join(RECORDS, "fem-basic.json"), encoding="utf-8") as f:
        doc = json.load(f)
    record = dict(doc["record"], device="rodskagg 1.0.0 pico")
    p = replay("-", json.dumps(record))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == doc["expect"]
    p = replay("-", json.dumps(dict(record, device=1)))
    assert p.returncode == 2 and p.stderr == "hand 0: device must be text\n" and p.stdout == ""
