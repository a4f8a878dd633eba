"""The optional window front end (pygame): held keys are real long presses; without pygame, a hint."""

import os

import pytest

from tools.sim import simulator as S

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORD = os.path.join(ROOT, "host_tests", "records", "fem-basic.json")


def test_without_pygame_the_window_says_how_to_get_it(capsys, monkeypatch, tmp_path):
    import builtins

    real = builtins.__import__

    def no_pygame(name, *a, **kw):
        if name == "pygame":
            raise ImportError("no pygame")
        return real(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", no_pygame)
    code = S.main(["--window", "--record", RECORD, "--state", str(tmp_path)])
    _, err = capsys.readouterr()
    assert code == 2
    assert "pip install pygame" in err


@pytest.mark.parametrize("hold_frames, title", [(2, "Meny"), (30, "Diagram A B C D")])
def test_window_short_and_held_key(monkeypatch, hold_frames, title):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pytest.importorskip("pygame")
    sim = S.Sim(record_path=RECORD)

    def feed(i, pygame):
        if i == 1:
            return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)]
        if i == 1 + hold_frames:
            return [pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0)]
        return []

    S.window(sim, scale=2, frames=hold_frames + 4, feed=feed)
    assert sim.text().splitlines()[0] == title
    sim.close()
