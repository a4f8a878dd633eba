"""Buttons: short, long, overlapping presses, bounce (CPython and MicroPython)."""

import unittest

from firmware.device import buttons as B
from firmware.ui import events as E
from tools.play import keymap


def run(btn, script):
    """script: (key, pressed, t) tuples or ("poll", t); returns the events, Nones dropped."""
    out = []
    for step in script:
        if step[0] == "poll":
            ev = btn.poll(step[1])
        else:
            ev = btn.key(step[0], step[1], step[2])
        if ev is not None:
            out.append(ev)
    return out


class TestButtons(unittest.TestCase):
    def test_short_press_on_release(self):
        b = B.Buttons(("prev", "next", "ok"))
        self.assertEqual(b.key(0, True, 1000), None)
        self.assertEqual(b.poll(1100), None)
        self.assertEqual(b.key(0, False, 1150), E.PREV)
        self.assertEqual(run(b, [(1, True, 2000), (1, False, 2100), (2, True, 3000),
                                 (2, False, 3080)]), [E.NEXT, E.OK])

    def test_long_press_once_while_held(self):
        b = B.Buttons(("prev", "next", "ok"))
        ev = run(b, [(2, True, 0), ("poll", 300), ("poll", 599), ("poll", 600), ("poll", 700),
                     ("poll", 5000), (2, False, 6000)])
        self.assertEqual(ev, [E.OK_LONG])
        ev = run(b, [(0, True, 7000), ("poll", 7700), (0, False, 8000),
                     (1, True, 9000), ("poll", 9650), (1, False, 9700)])
        self.assertEqual(ev, [E.PREV_LONG, E.NEXT_LONG])

    def test_held_up_to_599_ms_is_a_short_press(self):
        """The long press starts at 600 ms (USER_GUIDE): a key held 500-599 ms is short."""
        b = B.Buttons(("prev", "next", "ok"))
        ev = run(b, [(1, True, 0), ("poll", 500), ("poll", 550), (1, False, 560),
                     (2, True, 1000), ("poll", 1599), (2, False, 1599)])
        self.assertEqual(ev, [B.NEXT, B.OK])
        self.assertEqual(run(b, [(0, True, 2000), ("poll", 2599), ("poll", 2600), (0, False, 2650)]),
                         [B.PREV_LONG])

    def test_long_press_without_poll_reported_on_release(self):
        b = B.Buttons(("prev", "next", "ok"))
        self.assertEqual(run(b, [(1, True, 0), (1, False, 900)]), [E.NEXT_LONG])

    def test_overlapping_presses_count_in_the_order_pressed(self):
        """n-key rollover: a second key down before the first is up (quick two-finger entry),
        both down for 1 to 200 ms, whichever comes up first: both presses, in the order pressed."""
        for overlap in (1, 2, 5, 10, 30, 50, 100, 150, 200):
            for first_up in (True, False):
                b = B.Buttons(("prev", "next", "ok"))
                t = 1000
                script = [(0, True, t), ("poll", t + 40), (1, True, t + 80)]
                if first_up:
                    script += [(0, False, t + 80 + overlap), (1, False, t + 80 + overlap + 60)]
                else:  # the second key comes up first (held at least 40 ms: a press)
                    up = t + 80 + max(40, overlap)
                    script += [(1, False, up), (0, False, up + 5)]
                script += [("poll", t + 400), ("poll", t + 410)]
                self.assertEqual(run(b, script), [E.PREV, E.NEXT], (overlap, first_up))

    def test_a_quick_run_of_overlapping_presses_keeps_its_order(self):
        """Each key down 100 ms, the next one down 70 ms after the last: every press, in turn."""
        b = B.Buttons(("prev", "next", "ok"))
        keys = [2, 1, 0, 1, 2, 0, 1, 2, 0]
        steps = sorted([(70 * i, 1, (k, True, 70 * i)) for i, k in enumerate(keys)]
                       + [(70 * i + 100, 0, (k, False, 70 * i + 100)) for i, k in enumerate(keys)])
        script = []
        for when, _order, step in steps:
            script += [step, ("poll", when)]
        script += [("poll", 2000), ("poll", 2010)]
        self.assertEqual(run(b, script), [b.short[k] for k in keys])

    def test_a_long_press_then_keys_while_it_is_held(self):
        b = B.Buttons(("prev", "next", "ok", "back"))
        ev = run(b, [(2, True, 0), ("poll", 650), (0, True, 700), (3, True, 710), ("poll", 2000),
                     (2, False, 2100), (0, False, 2200), (3, False, 2300)])
        self.assertEqual(ev, [E.OK_LONG, E.PREV_LONG, E.BACK])
        ev = run(b, [(2, True, 3000), (1, True, 3050), (1, False, 3150), ("poll", 3400),
                     (2, False, 3420), ("poll", 3430)])
        self.assertEqual(ev, [E.OK, E.NEXT])  # OK held 420 ms: short, first

    def test_bounce_storm_is_one_press(self):
        b = B.Buttons(("prev", "next", "ok"))
        script = []
        t = 1000
        for _ in range(10):  # a storm of 2 ms contacts on pressing
            script.append((1, True, t))
            script.append((1, False, t + 2))
            t += 4
        script.append((1, True, t))
        script.append(("poll", t + 50))
        t += 120
        script.append((1, False, t))
        for _ in range(10):  # and on releasing
            script.append((1, True, t + 2))
            script.append((1, False, t + 4))
            t += 4
        self.assertEqual(run(b, script), [E.NEXT])

    def test_back_button(self):
        b = B.Buttons(("prev", "next", "ok", "back"))
        self.assertEqual(run(b, [(3, True, 0), (3, False, 100)]), [E.BACK])
        self.assertEqual(run(b, [(3, True, 1000), ("poll", 1700), (3, False, 1800)]), [E.BACK])

    def test_odd_input_is_harmless(self):
        b = B.Buttons(("prev", "next", "ok"))
        self.assertEqual(run(b, [(9, True, 0), (9, False, 10), (1, False, 20), (1, True, 100),
                                 (1, True, 110), (1, False, 200)]), [E.NEXT])
        self.assertRaises(ValueError, B.Buttons, ("prev", "up"))

    def test_clock_wrap(self):
        b = B.Buttons(("prev", "next", "ok"))
        top = (1 << 29) - 50
        self.assertEqual(run(b, [(0, True, top), ("poll", 20), (0, False, 60)]), [E.PREV])
        self.assertEqual(run(b, [(0, True, top), ("poll", 600)]), [E.PREV_LONG])

    def test_key_alphabet(self):
        self.assertEqual(keymap.events_for("abc ABCd"),
                         [E.PREV, E.NEXT, E.OK, E.PREV_LONG, E.NEXT_LONG, E.OK_LONG, E.BACK])
        self.assertEqual(keymap.char_for_event(E.OK_LONG), "C")
        self.assertRaises(ValueError, keymap.event_for_char, "x")


if __name__ == "__main__":
    unittest.main()
