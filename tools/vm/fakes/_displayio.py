"""Fake ``displayio``: the port's own Bitmap and Palette, and ``release_displays``.

The launcher registers this module as ``displayio`` (the unix port's displayio has only
Bitmap and Palette). The firmware calls ``release_displays()`` at start, as on a board where a
display may be kept from the last run; every panel is driven over busio
(firmware/device/oled.py), so no display object is ever made here.
"""

import displayio as _builtin

Bitmap = _builtin.Bitmap
Palette = _builtin.Palette


def release_displays():
    pass
