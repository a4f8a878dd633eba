"""The bring-up of the Wi-Fi boards (firmware/device/boards.py ``wifi``; bundled on those boards only,
called by firmware/device/bringup.py and let go with it): the phone view (firmware/web/phones.py) on
the board's radio as ``dev.phones`` (``dev.make_app`` builds the App that has it), ``dev.sleep``
serving it first, and the renderer that draws its codes (firmware/device/picture.py). Nothing of it
is loaded on the other boards."""

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
        dev.make_app = dev.phones.make_app  # code.py's App: one with the phone view
        dev.sleep = dev.phones.rest  # code.py's pause: the phones' requests served, then the rest slept
    except (ImportError, AttributeError, OSError, RuntimeError, ValueError) as e:
        dev.problem("phone view: no Wi-Fi (%s)" % e)
