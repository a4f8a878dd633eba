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
    assert rows("Å")[:2] == [".###..", ".#.#.."]
    assert rows("Ä")[:2] == ["#...#.", "......"] and rows("Ö")[:2] == ["#...#.", "......"]
    assert rows("ö")[0] == ".#.#.." and rows("ö")[1] == "......"


def test_capital_a_ring_and_dots_read_apart_from_a_and_o():
    """A dark row parts the mark from the letter (a ring or dots touching the letter's top
    read as a pointed or eared A); the letter below is 4-5 rows, A and O are 7."""
    for ch, plain in (("Å", "A"), ("Ä", "A"), ("Ö", "O")):
        r = rows(ch)[:7]
        gap = r.index("......")
        assert 0 < gap <= 2 and "#" in "".join(r[:gap]), (ch, r)
        assert all("#" in row for row in r[gap + 1:]) and 4 <= 6 - gap <= 5, (ch, r)
        assert "......" not in rows(plain)[:7]


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
