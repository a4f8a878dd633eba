"""Fake ``supervisor``: ``ticks_ms()`` on the fake clock (wraps at 2**29), ``runtime``, ``reload()``."""

import _fakestate as S


def ticks_ms():
    return S.now[0] % (1 << 29)


class _Runtime:
    serial_connected = True
    usb_connected = True
    serial_bytes_available = 0
    autoreload = True


runtime = _Runtime()


def reload():
    raise S.PowerOff("supervisor.reload()")


def disable_autoreload():
    runtime.autoreload = False
