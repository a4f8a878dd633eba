"""python3 -m tools.sim: scripted runs (--keys, --text, --shots, --record, --state), the terminal front end."""

import glob
import json
import os
import subprocess
import sys

import pytest
from PIL import Image

from firmware.record.reader import load
from tools.sim import simulator as S

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = sorted(p for p in glob.glob(os.path.join(ROOT, "host_tests", "records", "*.json"))
                 if not os.path.basename(p).startswith("bad-"))


def run(capsys, *args):
    code = S.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def screens(out):
    return out.rstrip("\n").split("\n%s\n" % S.SEP)


def test_text_prints_every_screen_last_last(capsys):
    # C: away from a note if a fresh device shows one (else nothing); c: Start on the setup screen.
    code, out, _ = run(capsys, "--keys", "Cc", "--text")
    assert code == 0
    shots = screens(out)
    assert any(s.splitlines()[0] == "Nytt spel▼" for s in shots[:-1])
    last = shots[-1].splitlines()
    # The default game: fem, 4 players at 12, Anna deals (*), Bo speaks first (>).
    assert last == ["Giv 1", "* Anna      12", " >Bo        12", "  Cia       12", "  Dan       12"]


@pytest.mark.parametrize("path", RECORDS, ids=os.path.basename)
def test_record_opens_on_its_scoreboard(capsys, path):
    code, out, _ = run(capsys, "--record", path, "--text")
    assert code == 0
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    game = load(doc.get("record", doc))
    last = screens(out)[-1].splitlines()
    body = "\n".join(last[1:])
    for name, score in zip(game.players, game.state.scores):
        assert any(name in line and str(score) in line.split() for line in last[1:]), (name, score, body)


def test_record_on_128x32_pages_through_players(capsys):
    path = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")
    code, out, _ = run(capsys, "--record", path, "--board", "feather_oled", "--keys", "a", "--text")
    assert code == 0
    pages = screens(out)
    assert all(len(p.splitlines()) <= 4 for p in pages)
    seen = " ".join(pages)
    for name in ("Anna", "Bo", "Cia", "Dan"):
        assert name in seen


def test_shots_are_one_bit_at_panel_size(capsys, tmp_path):
    path = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")
    code, _, err = run(capsys, "--record", path, "--keys", "bCB", "--shots", str(tmp_path / "a"),
                       "--scale", "1")
    assert code == 0
    files = sorted(os.listdir(tmp_path / "a"))
    assert files == ["000.png", "001.png", "002.png", "003.png"]  # scoreboard, menu, scoreboard, chart
    for name in files:
        img = Image.open(tmp_path / "a" / name)
        assert img.mode == "1" and img.size == (128, 64)
    # Different screens differ; the scoreboard has lit pixels in its title bar.
    first = Image.open(tmp_path / "a" / files[0])
    assert first.getpixel((127, 0)) == 255 and first.getpixel((0, 63)) == 0
    pixels = [Image.open(tmp_path / "a" / f).tobytes() for f in files]
    assert pixels[0] == pixels[2] and len(set(pixels)) == 3
    code, _, _ = run(capsys, "--record", path, "--board", "feather_oled", "--shots", str(tmp_path / "b"))
    img = Image.open(tmp_path / "b" / "000.png")
    assert img.mode == "1" and img.size == (128 * 4, 32 * 4)


def test_state_keeps_the_game_between_runs(capsys, tmp_path):
    state = str(tmp_path / "st")
    path = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")
    run(capsys, "--record", path, "--state", state, "--keys", "")
    code, out, _ = run(capsys, "--state", state, "--text")
    assert code == 0
    assert "Dan       22" in screens(out)[-1]
    assert os.path.getsize(os.path.join(state, "nvm.bin")) == S.NVM_SIZE


def test_bad_key_and_missing_button_are_reported(capsys):
    code, _, err = run(capsys, "--keys", "cx")
    assert code == 2 and "unknown key 'x'" in err
    code, _, err = run(capsys, "--board", "feather_oled", "--keys", "d")
    assert code == 2 and "no back button" in err


def test_not_a_tty_explains_keys_instead_of_waiting():
    p = subprocess.run([sys.executable, "-m", "tools.sim"], cwd=ROOT, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    assert p.returncode == 0
    assert "--keys" in p.stderr and "not a terminal" in p.stderr


def test_terminal_front_end_starts_shows_takes_a_key_and_quits(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    path = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")
    child = pexpect.spawn(sys.executable, ["-m", "tools.sim", "--state", str(tmp_path / "st"),
                                           "--record", path], cwd=ROOT, encoding="utf-8",
                          dimensions=(45, 140), timeout=20, env=dict(os.environ, PYTHONPATH=ROOT))
    child.expect("q: quit")
    first = child.before
    assert first.count("\u2502") >= 2 * 32  # the framed 128x64 panel, 32 text rows of half blocks
    assert "\u2588" in first  # the inverted title bar
    child.send("B")  # hold next: the chart
    child.expect("q: quit")
    assert child.before != first
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert os.path.exists(tmp_path / "st" / "nvm.bin")


def test_block_characters_carry_every_pixel():
    rows = [[(x * 7 + y * 3) % 5 == 0 for x in range(128)] for y in range(64)]
    rows = [[int(v) for v in r] for r in rows]
    half = S.blocks(rows, True)
    assert len(half) == 32 and all(len(line) == 128 for line in half)
    assert all(half[y // 2][x] in ("▀█" if y % 2 == 0 else "▄█") for y in range(64) for x in range(128)
               if rows[y][x])
    braille = S.blocks(rows, False)
    assert len(braille) == 16 and all(len(line) == 64 for line in braille)
    for y in range(64):
        for x in range(128):
            bit = S.BRAILLE_BITS[y % 4][x % 2]
            assert bool((ord(braille[y // 4][x // 2]) - 0x2800) & bit) == bool(rows[y][x])


def test_export_from_the_menu_writes_the_drive_unless_it_is_read_only(tmp_path):
    path = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")
    for readonly in (False, True):
        sim = S.Sim(state=str(tmp_path / str(readonly)), record_path=path, readonly=readonly)
        sim.press("b")  # the menu
        for _ in range(20):
            scr = sim.app.screen
            if "Export" in scr.rows[scr.selected]:
                break
            sim.press("b")
        sim.press("c")
        files = sim.drive.files()
        if readonly:
            assert files == []
            assert "Datorn äger enheten" in sim.text()  # the computer owns the drive
        else:
            assert files == ["0001-fem.csv", "0001-fem.json"]
        sim.close()


def test_screen_saver_dims_blanks_and_a_press_wakes(tmp_path):
    path = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")
    sim = S.Sim(record_path=path)
    sim.play("." * 13)  # 130 s idle: dimmed
    assert sim.app.brightness == 1 and sim.panel.on and sim.panel.contrast == 5
    sim.play("." * 18)  # 310 s: blank
    assert sim.app.brightness == 0 and not sim.panel.on
    assert sim.image().getbbox() is None
    text = sim.text()
    sim.press("b")  # wakes only
    assert sim.panel.on and sim.panel.contrast == 255 and sim.text() == text
    sim.close()


def test_the_readme_commands_run_as_written(tmp_path):
    """The replay command of README.md and the scripted simulator runs of docs/TESTING.md, run as
    written in a folder that has the repository's firmware/, tools/, host_tests/ and .venv/, and a
    game on the drive's games/."""
    import os
    import shutil
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("firmware", "tools", "host_tests", ".venv"):
        os.symlink(os.path.join(root, name), tmp_path / name)
    (tmp_path / "games").mkdir()
    shutil.copyfile(os.path.join(root, "host_tests", "records", "fem-basic.json"), tmp_path / "games" / "0001-fem.json")
    commands = []
    for doc in ("README.md", os.path.join("docs", "TESTING.md")):
        with open(os.path.join(root, doc), encoding="utf-8") as f:
            text = f.read()
        for block in text.split("```")[1::2]:
            for line in block.splitlines():
                line = line.split("  #")[0].strip()
                if line.startswith((".venv/bin/python -m tools.", "python3 -m firmware.replay")):
                    commands.append(line)
    assert len(commands) >= 4, commands
    assert "python3 -m firmware.replay games/0001-fem.json" in commands
    for command in commands:
        p = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True,
                           timeout=120, stdin=subprocess.DEVNULL)
        assert p.returncode == 0, (command, p.stderr[-2000:])
    assert (tmp_path / "shots").is_dir() and any((tmp_path / "shots").iterdir())


# -- every --state problem, a bad key and a bad argument: one line and exit status 2 ------------

FEM_BASIC = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")


def sim(*args, prefix=()):
    """python3 -m tools.sim args (after prefix, a command that runs it), stdin not a terminal."""
    return subprocess.run([*prefix, sys.executable, "-m", "tools.sim", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def as_a_user():
    """What runs a command as a person, who cannot write everywhere: nothing, or as root util-linux's
    setpriv down to nobody (skips where neither)."""
    import shutil

    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("root, and no setpriv to run the simulator as a user")
    prefix = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")
    reach = subprocess.run([*prefix, sys.executable, "-c", "import tools.sim"], cwd=ROOT, capture_output=True,
                           timeout=60, stdin=subprocess.DEVNULL)
    if reach.returncode != 0:  # e.g. a clone inside a 0700 folder (mktemp -d): nobody cannot read it
        pytest.skip("root, and the user nobody cannot read this checkout to run the simulator")
    return prefix


def test_a_state_that_is_a_file_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    p = sim("--state", str(path), "--keys", "c")
    assert (p.returncode, p.stderr) == (2, "sim: --state %s is a file: name a folder (made when missing)\n" % path)
    assert path.read_text() == "mine"


@pytest.mark.parametrize("mode, why", [(0o555, "read-only"), (0o000, "unreadable")])
def test_a_state_folder_the_user_cannot_write_is_refused(mode, why):
    """An empty folder a person cannot write (read-only) or not even list (unreadable)."""
    import shutil
    import tempfile

    top = tempfile.mkdtemp(prefix="sim-state-")
    try:
        os.chmod(top, 0o755)
        state = os.path.join(top, why)
        os.mkdir(state, mode)
        os.chmod(state, mode)
        p = sim("--state", state, "--keys", "c", prefix=as_a_user())
        assert (p.returncode, p.stderr) == (
            2, "sim: --state %s: cannot make %s/drive (Permission denied)\n" % (state, state))
    finally:
        os.chmod(os.path.join(top, why), 0o755)
        shutil.rmtree(top)


def saved_state(tmp_path, record=FEM_BASIC):
    """A --state folder holding record's game, as a run of the simulator leaves it."""
    state = tmp_path / "st"
    assert sim("--record", record, "--state", str(state), "--keys", "").returncode == 0
    return state


def test_a_short_nvm_file_is_kept_aside_and_said(tmp_path):
    state = saved_state(tmp_path)
    nvm = state / "nvm.bin"
    nvm.write_bytes(nvm.read_bytes()[:10])  # cut: the game's frame is gone
    for _run in range(2):  # until a save writes the NVM again, each run says so; one copy is kept
        p = sim("--state", str(state), "--text")
        assert p.returncode == 0
        assert p.stderr == ("sim: %s is 10 bytes, not the NVM's 4096: a copy is kept as %s; read as the device "
                            "would: save unreadable: no game to resume\n" % (nvm, state / "nvm-damaged.bin"))
        assert p.stdout.splitlines()[-2:] == ["Sparat spel oläsbart:", "inget att fortsätta"]
    assert sorted(os.listdir(state)) == ["drive", "nvm-damaged.bin", "nvm.bin"]
    assert (state / "nvm-damaged.bin").read_bytes() == nvm.read_bytes()


def test_a_damaged_nvm_file_is_kept_aside_and_said(tmp_path):
    state = saved_state(tmp_path)
    nvm = state / "nvm.bin"
    data = bytearray(nvm.read_bytes())
    data[20] ^= 0xFF  # a bit of the save's only frame
    nvm.write_bytes(data)
    p = sim("--state", str(state), "--text")
    assert p.returncode == 0
    assert p.stderr == "sim: %s: save unreadable: no game to resume; a copy is kept as %s\n" % (
        nvm, state / "nvm-damaged.bin")
    assert (state / "nvm-damaged.bin").read_bytes() == data


def test_record_over_an_unfinished_game_keeps_it_on_the_drive_first(tmp_path):
    """As the device does on Start! (firmware/ui/gamestart.py): the unfinished game to games/."""
    state = saved_state(tmp_path)
    p = sim("--record", os.path.join(ROOT, "host_tests", "records", "knack-basic.json"), "--state", str(state),
            "--keys", "")
    kept = state / "drive" / "games" / "0001-fem.json"
    assert (p.returncode, p.stderr) == (0, "sim: the unfinished game of --state %s is on the drive: %s\n"
                                        % (state, kept))
    assert "Eva" in p.stdout  # the record's game is open
    with open(FEM_BASIC, encoding="utf-8") as f:
        expect = json.load(f)["expect"]
    replayed = subprocess.run([sys.executable, "-m", "firmware.replay", str(kept)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    assert json.loads(replayed.stdout) == expect


def test_record_over_an_unfinished_game_is_refused_when_the_drive_is_the_computers(tmp_path):
    state = saved_state(tmp_path)
    before = (state / "nvm.bin").read_bytes()
    p = sim("--record", os.path.join(ROOT, "host_tests", "records", "knack-basic.json"), "--state", str(state),
            "--keys", "", "--readonly-drive")
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == ("sim: --state %s holds an unfinished game and the drive is the computer's "
                        "(--readonly-drive): it cannot be kept on the drive, so --record does not replace it\n"
                        % state)
    assert (state / "nvm.bin").read_bytes() == before


def test_the_back_key_is_in_the_help_and_in_the_unknown_key_message():
    p = sim("--help")
    assert p.returncode == 0 and "a b c d short, A B C D long (prev/next/OK/back" in " ".join(p.stdout.split())
    p = sim("--keys", "cx")
    assert (p.returncode, p.stderr) == (
        2, "sim: unknown key 'x': use a b c d (short: prev next OK back) or A B C D (long), . to wait\n")


def test_a_missing_keys_file_is_named(tmp_path):
    p = sim("--keys-file", str(tmp_path / "keys.txt"), "--text")
    assert (p.returncode, p.stderr) == (
        2, "sim: cannot read --keys-file %s (No such file or directory)\n" % (tmp_path / "keys.txt"))


def test_shots_naming_a_file_is_refused(tmp_path):
    (tmp_path / "shot.png").write_bytes(b"")
    p = sim("--shots", str(tmp_path / "shot.png"), "--keys", "c")
    assert (p.returncode, p.stderr) == (
        2, "sim: --shots %s is a file: name a folder (made when missing)\n" % (tmp_path / "shot.png"))


def test_a_bad_argument_gets_one_line():
    p = sim("--scale", "0", "--shots", "x", "--keys", "c")
    assert (p.returncode, p.stderr) == (2, "python3 -m tools.sim: argument --scale: invalid positive value: '0' "
                                           "(python3 -m tools.sim --help lists the options)\n")
