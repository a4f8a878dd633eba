"""What code.py's loop asks every pass allocates nothing when no key event is waiting (CPython,
and under MicroPython and CircuitPython's VM, tools/vm/mptest.py, where the heap is measured):
the loop passes every 2 ms while a key is held, and 64 bytes a pass were some 15 KB of garbage
in a long press before its handling (make bench: the free heap before the draw)."""

import gc
import unittest

from firmware.device import buttons as B
from firmware.device import hw


class NoEvents:
    """keypad's EventQueue with nothing in it."""

    def get(self):
        return None


class Keys:
    def __init__(self):
        self.events = NoEvents()


def ticks():
    return 1234


def allocated(f, times=50):
    """Bytes the heap lost over times calls of f, collection held off; None off MicroPython."""
    if not hasattr(gc, "mem_free"):
        return None
    f()  # (a first call may make what stays: an attribute looked up once)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_free()
        for _ in range(times):
            f()
        return before - gc.mem_free()
    finally:
        gc.enable()


class LoopPass(unittest.TestCase):
    def setUp(self):
        self.dev = hw.Device()
        self.dev.keys = Keys()
        self.dev._ticks = ticks  # supervisor.ticks_ms: a small int, made without allocating

    def test_no_event_is_an_empty_sequence(self):
        self.assertEqual(list(self.dev.events()), [])
        self.assertEqual(self.dev.ticks(), 1234)

    def test_asking_for_events_allocates_nothing(self):
        self.assertIn(allocated(self.dev.events), (None, 0))

    def test_asking_the_time_allocates_nothing(self):
        self.assertIn(allocated(self.dev.ticks), (None, 0))
        clock = hw.Clock(self.dev.ticks)
        self.assertIn(allocated(clock.now), (None, 0))

    def test_a_held_key_polled_allocates_nothing(self):
        buttons = B.Buttons(("prev", "next", "ok"))
        buttons.key(1, True, 1000)
        self.assertIn(allocated(lambda: buttons.poll(self.dev.ticks())), (None, 0))


if __name__ == "__main__":
    unittest.main()
