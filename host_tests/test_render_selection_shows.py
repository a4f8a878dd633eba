"""The renderer scrolls its window so that the selected row shows when a screen has more rows
than the display's lines (firmware/device/render.py ``screen_lines``).

The views window their rows themselves, so on the device this is the renderer's guard: a
screen that gives more rows than fit must still show its selection, inverted, at the
bottom line once it is past the fold; the title stays on line 0.
"""

from firmware.device import render
from firmware.ui.screenmodel import Screen, lines


def window(screen, height):
    got = render.screen_lines(screen, 128, height)
    assert got[0] == (screen.title, True)
    return [t for t, _ in got[1:]], [i for i, (_t, inv) in enumerate(got[1:]) if inv]


def test_the_selected_row_shows_at_the_fold_and_past_it():
    for height in (64, 32):
        fit = lines(height) - 1  # row lines below the title: 7 on 128x64, 3 on 128x32
        rows = ["row %d" % i for i in range(fit + 4)]
        for sel in range(len(rows)):
            shown, inverted = window(Screen("Menu", rows, sel), height)
            if sel < fit:  # it fits: the window starts at the first row
                assert shown == rows[:fit] and inverted == [sel], (height, sel)
            else:  # below the fold (sel == fit is just below it): the selection is the last line
                assert shown == rows[sel - fit + 1:sel + 1] and inverted == [fit - 1], (height, sel)


def test_no_selection_or_few_rows_do_not_scroll():
    rows = ["row %d" % i for i in range(12)]
    assert window(Screen("Note", rows), 64) == (rows[:7], [])
    assert window(Screen("Menu", rows[:3], 2), 64) == (rows[:3] + [""] * 4, [2])
