"""Fake ``time`` on the fake clock: ``sleep`` advances it (and lets the fakes scan keys and
capture frames), ``monotonic``/``monotonic_ns`` read it; the rest is the port's own ``time``.

A board without a real-time clock starts at 2000-01-01 00:00:00.
"""

import time as _builtin

import _fakestate as S

EPOCH_2000 = 946684800
localtime = _builtin.localtime
mktime = _builtin.mktime
struct_time = getattr(_builtin, "struct_time", None)


def sleep(seconds):
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    S.now[0] += max(1, int(seconds * 1000))
    for f in S.on_sleep:
        f()


def monotonic():
    return S.now[0] / 1000


def monotonic_ns():
    return S.now[0] * 1000000


def time():
    return EPOCH_2000 + S.now[0] // 1000
