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


def test_marks_of_a_ring_and_dots_sit_above_the_letters():
    assert rows("Å")[:3] == ["..#...", ".#.#..", "..#..."]  # the ring, on the A's apex
    assert rows("Ä")[:2] == ["#...#.", "......"] and rows("Ö")[:2] == ["#...#.", "......"]
    assert rows("ö")[0] == ".#.#.." and rows("ö")[1] == "......"


def test_capital_a_ring_and_dots_read_apart_from_a_and_o():
    """A dark row parts the dots from the letter (dots touching the letter's top read as an
    eared A); Å's ring sits on its A's apex (a ring on a flat top reads as a pointed A);
    the letter below is 6 rows, down to row 7, where A and O are 7 rows without a gap."""
    for ch in ("Ä", "Ö", "Ü"):
        r = rows(ch)
        assert "#" in r[0] and r[1] == "......" and all("#" in row for row in r[2:]), (ch, r)
    r = rows("Å")
    assert all("#" in row for row in r) and r[2] == "..#..."
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


def heights(char):
    """How tall char's letter is drawn under its mark (the marks sit in rows 0-1; Å's ring
    ends on its A's apex, row 2), in pixels: on a text row (the 8-row cell) and on a big row
    (firmware/device/plot.py BIG_TALL: each glyph row drawn 1 or 2 pixels tall)."""
    from firmware.device import plot

    r = rows(char)
    last = max(y for y in range(8) if "#" in r[y])
    body = range(2, last + 1)
    return len(body), sum(plot.BIG_TALL[y] for y in body)


def test_every_capital_with_a_ring_or_dots_is_taller_than_its_lower_case_on_every_size():
    """Issue 27, point 10: a capital Ö drew as tall as ö ("örjan"); on each font size (text
    rows, big rows) each capital with a mark stands taller than its lower case, and at
    least as tall as the lower case's plain letter."""
    for cap, low in (("Å", "å"), ("Ä", "ä"), ("Ö", "ö"), ("Ü", "ü"), ("É", "é")):
        c, lo = heights(cap), heights(low)
        for size in range(2):
            assert c[size] > lo[size], (cap, low, size, c, lo)
