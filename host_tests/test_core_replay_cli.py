"""The replay command, exactly as the record format says, on every golden record."""

import json
import os
import subprocess
import sys

import pytest

from firmware.record.reader import loads
from firmware.store.export import Exporter

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


def spec_keys(path):
    """The record's keys, in order, from the example in RECORD.md at path."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index("```json\n") + len("```json\n")
    return list(json.loads(text[start:text.index("```", start)]))


def test_an_exported_record_has_only_the_spec_s_keys_and_a_strict_reader_replays_it(tmp_path):
    """RECORD.md: unknown keys are an error. What the device exports (here as the Pico, which names
    its board and version in the score sheet) replays in a reader that refuses any key but the
    spec's, and gives the scores the record's test case expects."""
    keys = spec_keys(os.path.join(ROOT, "docs", "RECORD.md"))
    assert keys == ["format", "rules", "players", "dealer", "hands"]
    shared = os.path.join(os.path.dirname(ROOT), "shared", "RECORD.md")
    if os.path.isfile(shared):  # the project's copy of the format says what the shared one says
        assert spec_keys(shared) == keys
    with open(os.path.join(RECORDS, "fem-basic.json"), encoding="utf-8") as f:
        doc = json.load(f)
    Exporter(str(tmp_path), lambda: True, board="pico").export(loads(json.dumps(doc["record"])))
    path = tmp_path / "games" / "0001-fem.json"
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert list(exported) == keys  # a strict reader: every key the spec's, in its order
    assert exported == dict(doc["record"], dealer="Anna")  # the dealer written out, as it defaults
    p = replay(str(path))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == doc["expect"]


def test_the_replay_refuses_a_key_the_spec_does_not_have():
    """RECORD.md: unknown keys are an error, not ignored; "device" (what wrote the file) too."""
    with open(os.path.join(RECORDS, "fem-basic.json"), encoding="utf-8") as f:
        record = json.load(f)["record"]
    p = replay("-", json.dumps(dict(record, device="rodskagg 1.0.0 pico")))
    assert p.returncode == 2 and p.stderr == 'hand 0: unknown key "device" in the record\n' and p.stdout == ""
