"""The page renderer of the Wi-Fi boards: it also draws a picture (the phone view's QR codes,
firmware/web/qrview.py), bundled and built on those boards only (firmware/device/bringup.py).

A picture is a screen whose ``chart`` has ``pages``: the page bytes of a layer over the whole
panel (None for a page it leaves dark), drawn under every text line, the title's too, none of
them inverted (a QR code needs its light border on the panel's first rows as well).
"""

from firmware.device.render import FULL, PageRenderer, screen_lines


class PictureRenderer(PageRenderer):
    def _draw(self, screen):
        pages = getattr(screen.chart, "pages", None)
        if pages is None:
            PageRenderer._draw(self, screen)
            return
        self._overlay(None)  # a chart's drawing code goes
        lines = screen_lines(screen, self.width, self.height)
        keys = self.keys
        for i in range(len(lines)):
            text = lines[i][0]
            layer = pages[i] if i < len(pages) else None
            old = keys[i]
            if old[0] == text and not old[1] and old[2] == FULL and old[3] is layer:
                continue
            self._page(i, text, False, FULL, layer, old)
            keys[i] = (text, False, FULL, layer)
        self.last = screen
