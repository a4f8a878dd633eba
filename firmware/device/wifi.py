"""The Wi-Fi boards: their profiles (firmware/device/boards.py adds them) and their bring-up (the
profile's ``start``, called by firmware/device/bringup.py): the phone view (firmware/web/phones.py)
on the board's radio as ``dev.phones`` (``dev.App`` builds the App that has it), ``dev.sleep``
serving it first, and the renderer that draws its codes (firmware/device/picture.py). Bundled on
these boards only: the others hold nothing of it."""

from firmware.device.hw import _import
from firmware.device.picture import PictureRenderer
from firmware.device.render import PageRenderer


def bring_up(dev):
    if type(dev.renderer) is PageRenderer:  # (not a panel that failed, not the SH1107's tiles)
        dev.renderer = PictureRenderer(dev.display, dev.width, dev.height)
    try:
        wifi = _import("wifi")
        pool = _import("socketpool").SocketPool(wifi.radio)
        from firmware.web.phones import Phones

        dev.phones = Phones(wifi.radio, pool)
        dev.App = dev.phones.make_app  # the App code.py builds (bringup.start): one with the phone view
        dev.sleep = dev.phones.rest  # code.py's pause: the phones' requests served, then the rest slept
    except (ImportError, AttributeError, OSError, RuntimeError, ValueError) as e:
        dev.problem("phone view: no Wi-Fi (%s)" % e)


# Each Wi-Fi board: the profile of boards.py it is wired like, and what differs from it.
PROFILES = {
    # The phone view (firmware/web): a Raspberry Pi Pico 2 W (RP2350, Wi-Fi) wired as the pico build;
    # its access point and web server show the whole score sheet on the players' phones.
    "pico2_w": ("pico", {"title": "Raspberry Pi Pico 2 W + SSD1306 128x64 (phone view)", "wifi": True,
                         "start": bring_up}),
    # The same with the table build's 2.42" SSD1309 (its RES pin on GP14).
    "pico2_w_242": ("pico_242", {"title": "Raspberry Pi Pico 2 W + 2.42\" SSD1309 128x64 (phone view)",
                                 "wifi": True, "start": bring_up}),
}
