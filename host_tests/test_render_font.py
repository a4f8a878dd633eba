"""firmware/device/font.py: generated from tools/drawings/fontart.py, complete for the UI's texts."""

import ast
import glob
import os

from firmware.device import font
from tools.drawings import fontart as sim_fontart

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rows(char):
    g = font.index(ord(char))
    return ["".join("#" if font.column(g, x) >> y & 1 else "." for x in range(6)) for y in range(8)]


def test_font_data_is_the_art():
    assert sim_fontart.tables() == (font.ASCII, font.EXTRA, font.EXTRA_DATA)


def test_every_printable_ascii_and_swedish_letter_has_its_own_glyph():
    chars = [chr(c) for c in range(0x21, 0x7F)] + list("ÅÄÖåäöéÉÜü")
    assert all(font.has(c) for c in chars)
    glyphs = {tuple(rows(c)) for c in chars}
    assert len(glyphs) == len(chars)  # no two letters look alike
    assert rows(" ") == ["......"] * 8
    assert rows("Å") != rows("A") and rows("Ö") != rows("O") and rows("ä") != rows("a")


def test_cell_is_6x8_with_a_gap_column():
    for g in range(font.COUNT):
        assert font.column(g, 5) == 0


def test_unknown_characters_draw_a_box():
    assert font.index(0x4E00) == font.MISSING == font.index(0xFFFD)
    assert not font.has("\u4e00")
    assert rows("\u4e00")[0] == "#####."


def test_marks_of_a_ring_and_dots_sit_on_the_capitals_and_over_the_lower_case():
    assert rows("Å")[:3] == ["..#...", ".#.#..", ".###.."]  # the ring, on its A's top
    assert rows("Ä")[:2] == ["#...#.", ".###.."] and rows("Ö")[:2] == ["#...#.", ".###.."]
    assert rows("Ü")[:2] == [".#.#..", "#...#."] and rows("É")[:2] == ["....#.", "####.."]
    assert rows("ö")[0] == ".#.#.." and rows("ö")[1] == "......"


def test_capital_a_ring_and_dots_stand_on_the_baseline_with_their_marks_off_the_letter():
    """Ä Ö Ü É: the marks in the capital's top row touch the letter under them at a corner at
    most (a mark on the letter's top reads as an eared A); the letter stands on the capitals'
    baseline (row 6), row 7 is a descender's."""
    for ch in ("Ä", "Ö", "Ü", "É", "Å"):
        r = rows(ch)
        assert r[7] == "......" and "#" in r[6] and all("#" in row for row in r[:7]), (ch, r)
        if ch != "Å":  # (Å's ring sits on its A)
            assert all(not (r[0][x] == "#" and r[1][x] == "#") for x in range(6)), (ch, r)
    for plain in ("A", "O"):
        assert "......" not in rows(plain)[:7] and rows(plain)[7] == "......"


def ui_strings():
    """Every string constant in firmware/ui and firmware/ui/text translations."""
    out = set()
    for path in glob.glob(os.path.join(ROOT, "firmware", "ui", "*.py")):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


def test_the_ui_uses_no_character_the_font_lacks():
    missing = sorted({c for s in ui_strings() for c in s if c >= " " and not font.has(c)})
    assert missing == []


def test_ram_of_the_tables_is_small():
    """The ASCII cells (768 bytes) are the page renderer's own table, not copied; the rest small."""
    assert len(font.ASCII) == 128 * font.CELL_W
    assert font.size() < 1200


# -- issue 36, point 9: Å Ä Ö as the panel shows them --------------------------------------

CAPITALS = (("Å", "A", "å"), ("Ä", "A", "ä"), ("Ö", "O", "ö"), ("Ü", "U", "ü"), ("É", "E", "é"))
PANELS = (("ssd1306", 64), ("ssd1306", 32), ("sh1106", 64), ("sh1107", 64))


def places(letter, height):
    """(where, screen, box, inverted) for letter drawn in each way the device draws a line: a row
    under a row of capitals, the first row (under the title), a selected row, the title, and on
    128x64 big rows under the title and under a big row. box: the letter's cell on the panel,
    (left, top, right, bottom) in pixels."""
    from firmware.ui.screenmodel import BIG, BIG_PITCH, Screen

    out = [("a row under a row", Screen("Giv 1", ["AAAA", "A%sA" % letter]), (6, 16, 11, 24), False),
           ("the first row, under the title", Screen("Giv 1", ["A%sA" % letter]), (6, 8, 11, 16), False),
           ("a selected row", Screen("Giv 1", ["AAAA", "A%sA" % letter], selected=1), (6, 16, 11, 24), True),
           ("the title", Screen("A%sA" % letter, ["AAAA"]), (6, 0, 11, 8), True)]
    if height >= 64:  # (big scores: where two big rows fit)
        w = 6 * BIG
        out += [("a big row under the title", Screen("Giv 1", ("A%sA" % letter, "AAA"), big=True),
                 (w, 8, w + 5 * BIG, 8 + BIG_PITCH), False),
                ("a big row under a big row", Screen("Giv 1", ("AAA", "A%sA" % letter), big=True),
                 (w, 8 + BIG_PITCH, w + 5 * BIG, 8 + 2 * BIG_PITCH), False)]
    return out


def ink(pixels, box, inverted):
    """{pixel row: [columns]} of a letter's ink in box: lit pixels, dark ones in an inverted bar."""
    left, top, right, bottom = box
    out = {}
    for y in range(top, bottom):
        xs = [x for x in range(left, right) if pixels[y][x] == (0 if inverted else 1)]
        if xs:
            out[y] = xs
    return out


def test_every_capital_with_a_ring_or_dots_stands_as_a_capital_with_its_marks_seen_on_the_panel():
    """Issue 36, point 9: a capital Ö was drawn from the lower case's x-height down into the
    descender's row ("Örjan" read "örjan"), and big rows put its dots against the title's bar,
    where they vanished. Each of Å Ä Ö Ü É, drawn by the page renderer into the panel model
    (tools/sim/panel.py) on every panel, in each way a line is drawn (a text row, the first row
    under the title, a selected row, the title, big rows under the title and under a big row),
    against its plain capital drawn there:
    - it stands as high as the plain capital and on its baseline (its top and bottom pixel
      rows are the plain capital's), lit in every pixel row between: the letter rises from
      right under its marks, not from the x-height;
    - its marks show: its top pixel rows differ from the plain capital's;
    - nothing lit touches them from above (the pixel row over the cell is dark: the title's
      bar keeps its bottom row dark), and in a bar (the title, a selected row) each mark is a
      dark pixel with the bar lit beside it.
    An 8-pixel line has no pixel row above its capitals that is not the line above's (the feet
    of its letters, a bar's edge): the marks stand in the capital's top row, not above it."""
    from tools.sim.bus import page_display

    for driver, height in PANELS:
        renderer, panel = page_display(128, height, 0x3C, driver)
        for where, _screen, box, inverted in places("A", height):
            shown = {}
            for letter in {ch for triple in CAPITALS for ch in triple[:2]}:
                renderer.draw(dict((w, s) for w, s, _b, _i in places(letter, height))[where])
                shown[letter] = panel.rows()
            for cap, plain, _low in CAPITALS:
                c, p = ink(shown[cap], box, inverted), ink(shown[plain], box, inverted)
                say = (driver, height, where, cap, c)
                assert min(c) == min(p) and max(c) == max(p), say  # a capital's height, its baseline
                assert sorted(c) == list(range(min(c), max(c) + 1)), say  # no gap under the marks
                unit = 2 if "big" in where else 1  # (a big row draws a glyph row 2 pixels high)
                top = range(min(c), min(c) + unit)
                assert [c[y] for y in top] != [p.get(y) for y in top], say  # the marks show
                left, first, right, _bottom = box
                if first:  # nothing lit touches them from above
                    assert set(shown[cap][first - 1][left - 1:right + 1]) == {0}, say
                if inverted:  # dark marks in a lit bar: the bar beside them
                    for y in top:
                        assert all(shown[cap][y][x - 1] or shown[cap][y][x + 1] for x in c[y]), say
