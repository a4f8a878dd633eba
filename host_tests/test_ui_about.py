"""The menu's About (Om): the firmware's version, the board profile and what it runs on, as a
person reads them; any press goes back to the menu's row."""

import platform

import pytest

from firmware import VERSION
from tools.sim.simulator import Sim


def lines(sim):
    return sim.app.screen.text().split("\n")


def cursor_row(sim):
    return next(line for line in lines(sim)[1:] if line.startswith(">"))[1:].strip()


@pytest.mark.parametrize("board, lang, title", [("pico", "sv", "Om"), ("feather_oled", "en", "About")])
def test_about_shows_the_version_the_board_and_the_python(board, lang, title):
    sim = Sim(board, lang=lang)
    try:
        sim.play("cb")  # Start! on a fresh device, then the menu
        for _ in range(12):  # up from the first row, round to the last ones, to About
            sim.play("a")
            if cursor_row(sim) == title:
                break
        assert cursor_row(sim) == title
        sim.play("c")
        assert lines(sim) == [title, "Rödskägg " + VERSION, board, "Python " + platform.python_version()]
        sim.play("b")  # any press: back to the menu, on About
        assert lines(sim)[0][:4] in ("Meny", "Menu") and lines(sim)[0][4:] in "▲▼" and cursor_row(sim) == title
    finally:
        sim.close()
