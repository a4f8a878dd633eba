"""make bench's settled time (tools/bench/board.py) counts a panel write as pixels by its control
bytes, as each driver of firmware/device sends them: the SSD1306's and SH1106's pages (0x40, then
data), the SH1107's strips (their address as 0x80 command pairs, then 0x40 and data); the dimming's
contrast commands are not pixels."""

from tools.bench.board import writes_pixels


def test_a_page_write_is_pixels():
    assert writes_pixels(b"\x40" + bytes(128))


def test_a_strip_of_the_sh1107_is_pixels():
    # firmware/device/sh1107.py's strip: page, column low, column high, then its data
    assert writes_pixels(b"\x80\xb0\x80\x00\x80\x10\x40" + bytes(64))


def test_commands_are_not_pixels():
    assert not writes_pixels(b"\x00\x81\x10")  # the contrast, as one command write
    assert not writes_pixels(b"\x80\x81\x80\x10")  # the same as command pairs
    assert not writes_pixels(b"\x40")  # a control byte and no data
