"""tools/build/deploy.py: copying a bundle to a CIRCUITPY drive (a temp folder here) without losing games."""

from pathlib import Path

import pytest

from tools.build import bundle, deploy

from .test_bundle_build import fixture_tree


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = fixture_tree(tmp_path_factory.mktemp("project"))
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    bundle.build("pico", out=out, root=root)
    return out


def a_drive(path, **files):
    """A folder that looks like a CIRCUITPY drive, with the given files (name -> text)."""
    path.mkdir(parents=True, exist_ok=True)
    (path / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    for name, text in files.items():
        target = path / name.replace("__", "/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return path


def same_tree(a, b):
    names = sorted(str(p.relative_to(a)) for p in Path(a).rglob("*") if p.is_file())
    for name in names:
        assert (Path(b) / name).read_bytes() == (Path(a) / name).read_bytes(), name
    return names


def test_deploy_copies_the_bundle_and_keeps_games_settings_and_other_libraries(built, tmp_path):
    drive = a_drive(tmp_path / "CIRCUITPY", **{
        "games__2026-11-29-1.json": '{"format": "rodskagg-record/1"}',
        "games__2026-11-29-1.csv": "hand,Anna\n",
        "settings.toml": 'RODSKAGG_BOARD = "pico"\nRODSKAGG_SDA = "GP0"\n',
        "lib__adafruit_led_animation.mpy": "someone else's",
        "lib__adafruit_ticks.mpy": "an old compiled copy that would shadow nothing but confuse",
        "lib__adafruit_display_text__label.mpy": "old",
        "firmware__stale.py": "import gone\n",
        "code.py": "print('old')\n",
    })
    log = []
    deploy.deploy(built, drive, out=log.append)
    names = set(same_tree(built / "firmware", drive / "firmware"))
    assert "app.py" in names
    same_tree(built / "lib", drive / "lib")
    assert (drive / "code.py").read_text() == (built / "code.py").read_text()
    assert (drive / "boot.py").read_text() == (built / "boot.py").read_text()
    # the user's things
    assert (drive / "games" / "2026-11-29-1.json").read_text() == '{"format": "rodskagg-record/1"}'
    assert (drive / "games" / "2026-11-29-1.csv").read_text() == "hand,Anna\n"
    assert (drive / "settings.toml").read_text() == 'RODSKAGG_BOARD = "pico"\nRODSKAGG_SDA = "GP0"\n'
    assert (drive / "lib" / "adafruit_led_animation.mpy").read_text() == "someone else's"
    assert (drive / "boot_out.txt").is_file()
    # replaced: a stale firmware module, the .mpy twin of a shipped .py library, a whole library folder
    assert not (drive / "firmware" / "stale.py").exists()
    assert not (drive / "lib" / "adafruit_ticks.mpy").exists()
    assert not (drive / "lib" / "adafruit_display_text" / "label.mpy").exists()
    assert any("kept your settings.toml" in line for line in log)
    assert log[-2] == "copied code.py"


def test_deploy_writes_settings_when_missing_or_asked(built, tmp_path):
    drive = a_drive(tmp_path / "fresh")
    deploy.deploy(built, drive, out=lambda _line: None)
    assert (drive / "settings.toml").read_text() == (built / "settings.toml").read_text()
    drive = a_drive(tmp_path / "old", settings__toml="x")
    (drive / "settings.toml").write_text('RODSKAGG_BOARD = "feather_oled"\n')
    deploy.deploy(built, drive, settings=True, out=lambda _line: None)
    assert (drive / "settings.toml").read_text() == (built / "settings.toml").read_text()


def test_deploy_twice_is_the_same_as_once(built, tmp_path):
    drive = a_drive(tmp_path / "CIRCUITPY")
    deploy.deploy(built, drive, out=lambda _line: None)
    first = {str(p.relative_to(drive)): p.read_bytes() for p in drive.rglob("*") if p.is_file()}
    deploy.deploy(built, drive, out=lambda _line: None)
    second = {str(p.relative_to(drive)): p.read_bytes() for p in drive.rglob("*") if p.is_file()}
    assert first == second


def test_code_py_is_written_last(built, tmp_path):
    steps = deploy.plan(built, a_drive(tmp_path / "d"))
    assert steps[-1][0] == "copy" and steps[-1][2].name == "code.py"
    assert all(step[2].name not in ("games", "boot_out.txt") for step in steps)


def test_a_folder_that_is_not_a_circuitpy_drive_is_refused(built, tmp_path):
    plain = tmp_path / "home"
    plain.mkdir()
    with pytest.raises(deploy.DeployError, match="boot_out.txt"):
        deploy.deploy(built, plain, out=lambda _line: None)
    assert list(plain.iterdir()) == []
    with pytest.raises(deploy.DeployError, match="not a folder"):
        deploy.deploy(built, tmp_path / "missing", out=lambda _line: None)


def test_without_a_bundle_deploy_says_to_build_one(tmp_path):
    with pytest.raises(deploy.DeployError, match="make bundle"):
        deploy.deploy(tmp_path / "nothing", a_drive(tmp_path / "d"), out=lambda _line: None)


def test_the_drive_is_found_or_the_user_is_told_how_to_name_it(tmp_path, monkeypatch):
    one = a_drive(tmp_path / "media" / "me" / "CIRCUITPY")
    monkeypatch.setattr(deploy, "candidates", lambda: [str(one)])
    assert deploy.find_drive() == one
    monkeypatch.setattr(deploy, "candidates", lambda: [])
    with pytest.raises(deploy.DeployError, match="DRIVE="):
        deploy.find_drive()
    monkeypatch.setattr(deploy, "candidates", lambda: ["/media/a/CIRCUITPY", "/media/b/CIRCUITPY"])
    with pytest.raises(deploy.DeployError, match="several"):
        deploy.find_drive()


def test_candidates_only_lists_circuitpython_drives(tmp_path, monkeypatch):
    real = a_drive(tmp_path / "media" / "me" / "CIRCUITPY")
    fake = tmp_path / "run" / "media" / "you" / "CIRCUITPY"
    fake.mkdir(parents=True)  # no boot_out.txt: not a CircuitPython drive

    def fake_glob(pattern):
        return {"/media/*/CIRCUITPY": [str(real)], "/run/media/*/CIRCUITPY": [str(fake)]}.get(pattern, [])

    monkeypatch.setattr(deploy.glob, "glob", fake_glob)
    assert deploy.candidates() == [str(real)]


def test_a_full_drive_is_reported_before_anything_is_written(built, tmp_path, monkeypatch):
    drive = a_drive(tmp_path / "CIRCUITPY", games__keep="x")

    class Usage:
        free = 0

    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda _path: Usage)
    with pytest.raises(deploy.DeployError, match="KiB free"):
        deploy.deploy(built, drive, out=lambda _line: None)
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt", "games"]


def test_cli(built, tmp_path, capsys):
    drive = a_drive(tmp_path / "CIRCUITPY")
    assert deploy.main(["--drive", str(drive), "--bundle", str(built)]) == 0
    assert "deployed to" in capsys.readouterr().out
    assert deploy.main(["--drive", str(tmp_path / "nope"), "--bundle", str(built)]) == 1
    assert "deploy:" in capsys.readouterr().err


def test_a_read_only_drive_names_the_boot_button_to_hold(built, tmp_path, monkeypatch):
    drive = a_drive(tmp_path / "CIRCUITPY", games__keep="x")

    def read_only(path, *args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(deploy, "open", read_only, raising=False)
    with pytest.raises(deploy.DeployError, match=r"read-only.*hold the boot button \(GP10, the prev button\)"):
        deploy.deploy(built, drive, out=lambda _line: None)
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt", "games"]
    # the drive's own settings.toml wins: the user may have moved the button
    (tmp_path / "CIRCUITPY" / "games" / "keep").unlink()
    monkeypatch.undo()
    (drive / "settings.toml").write_text('RODSKAGG_BUTTONS = "prev:D9,next:D6,ok:D5"\nRODSKAGG_BOOT_BUTTON = "D9"\n')
    assert deploy.boot_button_hint(built, drive) == "the boot button (D9, the prev button)"


def test_read_settings_reads_what_circuitpython_reads():
    text = '# c\nA = "x # not a comment"\nB = 12\n\n[section]\nC = "y"\n'
    assert deploy.read_settings(text) == {"A": "x # not a comment", "B": "12"}
