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
USAGE = "usage: python3 -m firmware.replay GAME.json|-\n"


def run_replay(args, stdin=None, env=None):
    return subprocess.run([sys.executable, "-m", "firmware.replay", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env=env)


def replay(arg, stdin=None):
    return run_replay([arg], stdin)


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


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help_says_how_to_run_it_and_what_it_prints(flag):
    p = run_replay([flag])
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.startswith(USAGE) and "hand N: what is wrong" in p.stdout and "Exits 0" in p.stdout


@pytest.mark.parametrize("args, message", [
    ([], USAGE),
    (["a.json", "b.json"], USAGE),
    (["--verbose"], "unknown option --verbose; " + USAGE),
])
def test_a_wrong_command_line_gets_the_usage_line(args, message):
    p = run_replay(args)
    assert (p.returncode, p.stderr, p.stdout) == (2, message, "")


def test_a_missing_file_is_named():
    p = run_replay(["/nonexistent/game.json"])
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == "/nonexistent/game.json: cannot be read (No such file or directory)\n"


def test_a_folder_is_named(tmp_path):
    p = run_replay([str(tmp_path)])
    assert (p.returncode, p.stderr) == (2, "%s: cannot be read (Is a directory)\n" % tmp_path)


def test_a_file_that_is_not_text_is_named(tmp_path):
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0 JFIF")
    p = run_replay([str(path)])
    assert (p.returncode, p.stderr) == (2, "%s: not UTF-8 text\n" % path)


def test_garbage_on_standard_input_is_named():
    p = run_replay(["-"], "\xff not json")
    assert (p.returncode, p.stderr, p.stdout) == (2, "standard input: not valid JSON, not a game record\n", "")


def test_a_50_mb_line_of_junk_is_not_echoed(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text('{"' + "Rödskägg " * (50 * 1024 * 1024 // 10), encoding="utf-8")
    p = run_replay([str(junk)])
    assert (p.returncode, p.stderr) == (2, "%s: not valid JSON, not a game record\n" % junk)


def test_junk_where_a_key_or_a_name_goes_is_quoted_in_24_characters():
    """Control characters escaped: the message stays one line."""
    with open(os.path.join(RECORDS, "fem-basic.json"), encoding="utf-8") as f:
        record = json.load(f)["record"]
    for bad, message in ((dict(record, **{"ö\n" * 500000: 1}), 'hand 0: unknown key "%s…" in the record\n'),
                         (dict(record, dealer="ö\n" * 500000), 'hand 0: the dealer "%s…" is not a player\n')):
        p = run_replay(["-"], json.dumps(bad))
        assert (p.returncode, p.stderr) == (2, message % ("ö\\u000a" * 12))


def test_the_game_over_message_names_the_winner():
    p = run_replay([os.path.join(RECORDS, "bad-after-win.json")])
    assert (p.returncode, p.stderr, p.stdout) == (2, 'hand 2: the game is over: "Bo" has won\n', "")


def test_a_reader_that_stops_early_ends_it_quietly():
    """``python3 -m firmware.replay game.json | head -c 50``: the replay finds the pipe closed
    while it writes (more than a pipe holds: a long game), and ends without a traceback."""
    hands = [{"adjust": {"Bo": 1}, "reason": "the long way round"}, {"adjust": {"Bo": -1}}] * 3000
    with open(os.path.join(RECORDS, "fem-basic.json"), encoding="utf-8") as f:
        record = dict(json.load(f)["record"], hands=hands)
    p = subprocess.Popen([sys.executable, "-m", "firmware.replay", "-"], cwd=ROOT, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdin.write(json.dumps(record).encode("utf-8"))
    p.stdin.close()
    assert p.stdout.read(50).startswith(b'{"scores": {"Anna": 12, "Bo": 12')
    p.stdout.close()
    assert p.wait(60) == 1 and p.stderr.read() == b""


def test_a_terminal_that_cannot_show_the_names_gets_json_escapes(tmp_path):
    """PYTHONIOENCODING=ascii (an old terminal): the Swedish names are written as JSON's \\u
    escapes, so the output is still the same JSON; a record on standard input is still UTF-8."""
    doc = {"format": "rodskagg-record/1", "rules": {"preset": "fem"}, "players": ["Åsa", "Örjan", "Bo"],
           "hands": [{"tricks": {"Åsa": 3, "Örjan": 1, "Bo": 1}}]}
    path = tmp_path / "0001-fem.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    utf8 = run_replay([str(path)])
    assert utf8.returncode == 0 and '"Örjan": 11' in utf8.stdout
    ascii_env = dict(os.environ, PYTHONIOENCODING="ascii")
    for p in (run_replay([str(path)], env=ascii_env), run_replay(["-"], path.read_text("utf-8"), env=ascii_env)):
        assert p.returncode == 0 and p.stderr == "" and p.stdout.isascii()
        assert '"\\u00d6rjan": 11' in p.stdout and json.loads(p.stdout) == json.loads(utf8.stdout)


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
