"""A photo-like picture of a build on the card table, for the README (docs/gallery/device.png).

The screen is the simulator's panel, pixel for pixel (every lit pixel a dot of the glass with a
little glow); the case is the 2.42" table build's (hardware/pico_242/enclosure.scad) in the
proportions of its lid, its four button caps below the glass. Drawn with Pillow, deterministic:
make gallery writes it with the screenshots and host_tests/test_sim_gallery.py checks it is current.
"""

import random

from PIL import Image, ImageDraw, ImageFilter

PITCH = 4  # image pixels per panel pixel
FELT = (22, 78, 52)
CASE = (46, 48, 53)
GLASS = (6, 7, 9)
LIT = (236, 244, 255)


def _diagonal(size, strength):
    """A soft light from the top left: 0 there, strength at the bottom right."""
    small = Image.new("L", (32, 32))
    small.putdata([(x + y) * strength // 62 for y in range(32) for x in range(32)])
    return small.resize(size, Image.BILINEAR)


def _felt(size, seed=7):
    """The card table: green felt with a fine, fixed grain and a soft light from the top left."""
    w, h = size
    grain = Image.new("L", (w // 2, h // 2))
    rnd = random.Random(seed)
    grain.putdata([rnd.randrange(0, 40) for _ in range(grain.width * grain.height)])
    grain = grain.resize(size).filter(ImageFilter.GaussianBlur(0.8))
    out = Image.composite(Image.new("RGB", size, (40, 110, 75)), Image.new("RGB", size, FELT),
                          grain.point(lambda v: v * 2))
    return Image.composite(Image.new("RGB", size, (8, 30, 20)), out, _diagonal(size, 150))


def _screen(rows):
    """The panel's pixels as the glass shows them: square dots with a gap, and their glow."""
    h, w = len(rows), len(rows[0])
    dots = Image.new("L", (w * PITCH, h * PITCH))
    draw = ImageDraw.Draw(dots)
    for y, row in enumerate(rows):
        for x, v in enumerate(row):
            if v:
                draw.rectangle((x * PITCH, y * PITCH, x * PITCH + PITCH - 2, y * PITCH + PITCH - 2), fill=255)
    glow = dots.filter(ImageFilter.GaussianBlur(PITCH * 0.8)).point(lambda v: v // 3)
    glass = Image.composite(Image.new("RGB", dots.size, (120, 150, 190)), Image.new("RGB", dots.size, GLASS), glow)
    return Image.composite(Image.new("RGB", dots.size, LIT), glass, dots)


def _cap(draw, cx, cy, r, mark):
    """A round button cap lit from the top left, its mark engraved."""
    for i in range(r, 0, -1):
        t = 1 - i / r
        shade = int(58 + 70 * t * t)
        off = int((1 - t) * r * 0.15)
        draw.ellipse((cx - i - off, cy - i - off, cx + i - off, cy + i - off), fill=(shade, shade, shade + 4))
    c = (30, 31, 34)
    s = r * 0.38
    if mark == "prev":
        draw.polygon(((cx - s, cy), (cx + s * 0.7, cy - s), (cx + s * 0.7, cy + s)), fill=c)
    elif mark == "next":
        draw.polygon(((cx + s, cy), (cx - s * 0.7, cy - s), (cx - s * 0.7, cy + s)), fill=c)
    elif mark == "ok":
        draw.ellipse((cx - s * 0.6, cy - s * 0.6, cx + s * 0.6, cy + s * 0.6), outline=c, width=3)
    else:  # back: a hook to the left
        draw.arc((cx - s, cy - s, cx + s * 0.8, cy + s * 0.8), 270, 90, fill=c, width=3)
        draw.polygon(((cx - s * 0.9, cy - s), (cx - s * 0.1, cy - s * 1.5), (cx - s * 0.1, cy - s * 0.5)), fill=c)


def picture(rows, buttons=4):
    """The table build lying on the felt, showing rows (the panel's pixels, 0/1 per pixel)."""
    screen = _screen(rows)
    sw, sh = screen.size
    margin = 56
    case_w = sw + 2 * margin
    case_h = int(case_w * 95.2 / 75.2)  # the lid's proportions (pico_242/enclosure.scad)
    size = (case_w + 240, case_h + 160)
    out = _felt(size)
    x0, y0 = (size[0] - case_w) // 2, (size[1] - case_h) // 2
    shadow = Image.new("L", size)
    ImageDraw.Draw(shadow).rounded_rectangle((x0 + 18, y0 + 26, x0 + case_w + 18, y0 + case_h + 26), 40, fill=170)
    out = Image.composite(Image.new("RGB", size, (5, 20, 12)), out, shadow.filter(ImageFilter.GaussianBlur(22)))
    draw = ImageDraw.Draw(out)
    draw.rounded_rectangle((x0, y0, x0 + case_w, y0 + case_h), 36, fill=CASE)
    draw.rounded_rectangle((x0 + 3, y0 + 3, x0 + case_w - 3, y0 + case_h - 3), 34, outline=(70, 72, 78), width=2)
    gx, gy = x0 + margin, y0 + margin
    draw.rectangle((gx - 22, gy - 22, gx + sw + 22, gy + sh + 22), fill=(16, 17, 20))  # the module's black frame
    out.paste(screen, (gx, gy))
    sheen = _diagonal((sw + 44, sh + 44), 22)
    region = (gx - 22, gy - 22, gx + sw + 22, gy + sh + 22)
    out.paste(Image.composite(Image.new("RGB", sheen.size, (255, 255, 255)), out.crop(region), sheen), region[:2])
    pitch = case_w / (buttons + 1)
    cy = gy + sh + (y0 + case_h - gy - sh) // 2
    for i, mark in enumerate(("prev", "next", "ok", "back")[:buttons]):
        _cap(draw, int(x0 + pitch * (i + 1)), cy, int(pitch * 0.26), mark)
    return out
