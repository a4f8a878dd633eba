"""The phone view's codes on the panel: a QR code that joins the device's Wi-Fi network, then
one for the page's address, each with its text beside it for people who type. Loaded while shown.

The codes are made on the device by ``adafruit_miniqr`` and drawn by the page renderer as a
picture (firmware/device/picture.py): 2 pixels a module, dark modules on a lit square with a
light border of one module, at the panel's right; the text in the 11 columns at its left.
"""

import adafruit_miniqr

from firmware import forget
from firmware.ui import events
from firmware.ui.screenmodel import Screen
from firmware.ui.views import View, is_back

WIDTH = 128  # every profile's panel (firmware/device/boards.py)
SCALE = 2  # pixels a module: a version 3 code (29 modules) with its border is 62 pixels
BORDER = 1  # modules of light border
# The data codewords of QR versions 1-6 at error correction L: the smallest that holds the text.
CAPACITY_L = (19, 34, 55, 80, 108, 136)


class Picture:
    """Page bytes over the panel (a list, a bytes per page or None), firmware/device/picture.py."""

    def __init__(self, pages):
        self.pages = pages


def modules(data):
    """The QR code of data (bytes) as rows of 0/1, 1 a dark module."""
    kind = 1
    while CAPACITY_L[kind - 1] < len(data) + 3:  # mode, length and terminator: up to 3 bytes
        kind += 1
    qr = adafruit_miniqr.QRCode(qr_type=kind, error_correct=adafruit_miniqr.L)
    qr.add_data(data)
    qr.make()
    m = qr.matrix
    n = m.width
    return [[1 if m[y, x] else 0 for x in range(n)] for y in range(n)]  # (the library's first index: the row)


def picture(rows, width, height):
    """The code as page bytes: a lit square with the dark modules, at the right, centred."""
    n = len(rows) + 2 * BORDER
    side = n * SCALE
    left = width - side
    top = (height - side) // 2
    buf = bytearray(width * (height >> 3))
    for y in range(top, top + side):
        my = (y - top) // SCALE - BORDER
        page = (y >> 3) * width
        bit = 1 << (y & 7)
        row = rows[my] if 0 <= my < len(rows) else None
        for x in range(left, width):
            mx = (x - left) // SCALE - BORDER
            if row is None or not 0 <= mx < len(row) or not row[mx]:
                buf[page + x] |= bit
    pages = []
    for p in range(height >> 3):
        page = bytes(buf[p * width:(p + 1) * width])
        pages.append(page if any(page) else None)
    return Picture(pages)


class CodesView(View):
    """The network's code, then (OK or ▶) the page's; ◀ back to the first, back (or OK on the
    second) returns to back (a view)."""

    def __init__(self, phones, back):
        self.phones = phones
        self.back = back
        self.shown = 0
        self.pictures = [None, None]

    def event(self, app, ev):
        forward = ev in (events.OK, events.NEXT)
        if is_back(ev) or (self.shown == 1 and forward) or (self.shown == 0 and ev == events.PREV):
            app.view = self.back
            forget("adafruit_miniqr")  # the codes are made again when shown again
            forget("firmware.web.qrview")
        elif forward:
            self.shown = 1
        elif ev == events.PREV:
            self.shown = 0

    def render(self, app):
        phones = self.phones
        k = self.shown
        if self.pictures[k] is None:
            text = phones.join_text() if k == 0 else phones.address()
            self.pictures[k] = picture(modules(text.encode()), WIDTH, (app.rows + 1) * 8)
        if k == 0:
            ssid = phones.ssid()
            cut = ssid.find("-") + 1
            title = "Wi-Fi"
            rows = [ssid[:cut], ssid[cut:], "", app.tr("Password:"), phones.password or "", ""]
        else:
            host = phones.address()[len("http://"):].rstrip("/")
            name, colon, port = host.partition(":")
            title = app.tr("Page:")
            rows = [name, colon + port, "", "", "", ""]
        rows.append("OK \u25b6 %d/2" % (k + 1))
        return Screen(title, rows, chart=self.pictures[k])
