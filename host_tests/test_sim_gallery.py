"""tools/drawings/gallery.py: the screenshots come from scripted runs and docs/ holds the current ones."""

import os

import pytest
from PIL import Image

from tools.drawings import gallery

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WANTED = {"setup", "scoreboard-7", "entry-fem", "entry-bud", "entry-knack", "preview", "history",
          "chart", "chart-128x32", "winner", "tiebreak", "error", "setup-error"}


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("gallery")
    return out, gallery.write(str(out))


def test_gallery_is_generated_and_current(made):
    tmp_path, items = made
    names = {s.name for s in items}
    assert names >= WANTED
    by_name = {s.name: s for s in items}
    # The screens are what their names say (the App's own text for each).
    assert by_name["scoreboard-7"].text.count("\n") == 7
    assert "Extra" in by_name["tiebreak"].text.splitlines()[0] and " =" in by_name["tiebreak"].text
    assert "OK" in by_name["preview"].text.splitlines()[0]  # the entry, done: OK saves
    assert by_name["error"].text.startswith("Går inte")
    index = (tmp_path / "GALLERY.md").read_text(encoding="utf-8")
    for s in items:
        img = Image.open(tmp_path / "gallery" / (s.name + ".png"))
        assert img.mode == "1"
        h = 32 if s.board == "feather_oled" else 64
        assert img.size == (128 * gallery.SCALE, h * gallery.SCALE)
        assert "gallery/%s.png" % s.name in index
        if s.keys:
            assert "--keys '%s'" % s.keys in index
    # docs/ is what the command makes (run `make gallery` after changing the UI).
    checked_in = os.path.join(ROOT, "docs", "gallery")
    stale = []
    for s in items:
        path = os.path.join(checked_in, s.name + ".png")
        if not os.path.exists(path) or Image.open(path).tobytes() != s.image.tobytes():
            stale.append(s.name)
    assert stale == [], "docs/gallery is out of date: run `make gallery` (%s)" % ", ".join(stale)
    picture = Image.open(os.path.join(checked_in, "device.png"))
    assert picture.tobytes() == Image.open(tmp_path / "gallery" / "device.png").tobytes(), \
        "docs/gallery/device.png is out of date: run `make gallery`"
    with open(os.path.join(ROOT, "docs", "GALLERY.md"), encoding="utf-8") as f:
        assert f.read() == index, "docs/GALLERY.md is out of date: run `make gallery`"


def test_each_command_shown_reproduces_its_picture(made):
    from tools.sim.simulator import Sim

    for shot in made[1]:
        if not (shot.keys or shot.record):
            continue
        sim = Sim(shot.board, record_path=os.path.join(ROOT, shot.record) if shot.record else None)
        sim.play(shot.keys)
        assert sim.image(gallery.SCALE).tobytes() == shot.image.tobytes(), shot.name
        sim.close()


def test_the_device_picture_shows_the_panel_dot_for_dot():
    """The README's picture: every lit pixel of the simulator's panel is one dot of the glass."""
    from tools.drawings import photo
    from tools.sim.simulator import Sim

    sim = Sim("pico_242", record_path=os.path.join(ROOT, "host_tests/records/knack-basic.json"))
    rows = [list(row) for row in sim.panel.rows()]
    sim.close()
    lit = sum(map(sum, rows))
    assert lit > 500
    picture = gallery.device_picture()
    dots = sum(1 for p in picture.getdata() if min(p) >= min(photo.LIT))  # lit, under the glass's sheen
    assert dots == lit * (photo.PITCH - 1) ** 2
