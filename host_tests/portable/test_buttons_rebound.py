"""A contact that closes again within the debounce time after a release is not a second
press, however long it then stays closed (CPython and MicroPython).

A bouncing or lightly touched key can close again a few milliseconds after it opened and
stay closed; a finger cannot press again that fast. Buttons (firmware/device/buttons.py)
drops such a closing with its release, and a press that starts DEBOUNCE_MS after the
bounce has ended counts again.
"""

import unittest

from firmware.device import buttons as B
from firmware.ui import events as E


def events(btn, script):
    """script: (key, pressed, t) tuples or ("poll", t); the events, Nones dropped."""
    out = []
    for step in script:
        ev = btn.poll(step[1]) if step[0] == "poll" else btn.key(step[0], step[1], step[2])
        if ev is not None:
            out.append(ev)
    return out


def rebound(key, gap, held, polls=True):
    """A press of key (1000-1100 ms), released, closed again gap ms later for held ms
    (polled every 10 ms while it is closed, as the device's loop does), released."""
    script = [(key, True, 1000), (key, False, 1100), (key, True, 1100 + gap)]
    t = 1100 + gap
    end = t + held
    while polls and t + 10 < end:
        t += 10
        script.append(("poll", t))
    script.append((key, False, end))
    return script


class TestRebound(unittest.TestCase):
    def test_a_closing_5_to_29_ms_after_a_release_held_past_the_debounce_is_no_press(self):
        for gap in (5, 12, 20, 29):
            for held in (B.DEBOUNCE_MS + 1, 60, 150, 400, B.LONG_MS + 200):
                for polls in (True, False):
                    b = B.Buttons(("prev", "next", "ok"))
                    got = events(b, rebound(1, gap, held, polls))
                    self.assertEqual(got, [E.NEXT], "re-closed %d ms after, held %d ms" % (gap, held))

    def test_the_next_real_press_counts(self):
        b = B.Buttons(("prev", "next", "ok", "back"))
        script = rebound(2, 10, 200)  # the bounce ends at 1310
        script += [(2, True, 1310 + B.DEBOUNCE_MS), (2, False, 1450)]
        self.assertEqual(events(b, script), [E.OK, E.OK])
        b = B.Buttons(("prev", "next", "ok", "back"))
        script = rebound(3, 10, 200) + [(3, True, 1320), (3, False, 1450)]  # 10 ms: the bounce goes on
        self.assertEqual(events(b, script), [E.BACK])

    def test_another_key_closing_soon_after_a_release_is_a_press(self):
        b = B.Buttons(("prev", "next", "ok"))
        self.assertEqual(events(b, [(0, True, 1000), (0, False, 1100), (2, True, 1110),
                                    (2, False, 1250)]), [E.PREV, E.OK])


if __name__ == "__main__":
    unittest.main()
