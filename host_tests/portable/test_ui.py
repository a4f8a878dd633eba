# heapsize: 256k
"""The UI driven by key strings, on CPython and under MicroPython (tools/vm/mptest.py).

The key strings are what tools/play/presses.py plans for these records (a b c =
prev next OK, A B C = long); tests on CPython check the planner itself.
"""

import json
import unittest

from firmware.core import score
from firmware.record.reader import load
from firmware.ui import events as K
from firmware.ui.app import BLANK_MS, DIM_MS, App
from tools.play import keymap, loop

RECORDS = "host_tests/records"

KEYS = (
    ("fem-basic", "ccBbBccaAccbBccAaac"),
    ("knack-knock-faults", "bbcacaacbbBcccbBbccbBcccBaAcbbBc"),
    ("bud-basic", "bbcbcaaccBcBcBBaAbBccBAaaAcbbBc"),
    ("fem-call-made-and-failed", "ccAaaBAccbbBcBBc"),
    ("fem-tie-then-extra-hand", "aaccaaaaaaaaacCbbccBcacccBccc"),
    ("knack-basic", "bbcacAcbcbcbcbcBccBABcAAccBBABBbBBc"),
    ("bud-rodskagg-made", "bbcbcaaccBcBcAbbbBcc"),
    ("fem-win-below-zero", "aaccaaaaacCbbcccaacccabbBcc"),
    ("fem-pot", "aaccaaaaaaacaaacbcCbbccBaaccbBccbBABcc"),
)


class Fake:
    def __init__(self):
        self.saves = 0
        self.blob = None

    def load(self):
        return None

    def save(self, series):
        self.saves += 1

    def save_settings(self, blob):
        self.blob = blob

    def saving(self, series):  # as Store.saving: the save in steps, one here
        yield from ()
        return self.save(series)

    def saving_settings(self, blob):
        yield from ()
        return self.save_settings(blob)


def drive(app, keys, now=0):
    for ch in keys:
        now += 200
        loop.press(app, keymap.event_for_char(ch), now)
        app.tick(now)
    return now


def fits(test, app):
    s = app.screen
    test.assertTrue(len(s.title) <= app.cols)
    test.assertTrue(len(s.rows) <= app.rows)
    for r in s.rows:
        test.assertTrue(len(r) <= app.cols)


class TestRecordsByKeys(unittest.TestCase):
    def test_records(self):
        for name, keys in KEYS:
            with open(RECORDS + "/" + name + ".json") as f:
                doc = json.load(f)
            want = load(doc["record"])
            app = App(None, None)
            drive(app, keys)
            game = app.series.game
            self.assertEqual(game.players, want.players)
            self.assertEqual(game.log, want.log)
            self.assertEqual(game.state.scores, want.state.scores)
            fits(self, app)


class TestScreens(unittest.TestCase):
    def test_hand_preview_commit_undo(self):
        store = Fake()
        app = App(store, None)
        self.assertEqual(app.screen.title, "Nytt spel▼")
        drive(app, "c")
        self.assertEqual(app.screen.title, "Giv 1")
        self.assertTrue(store.blob is not None)
        drive(app, "c" "B" "bbc")  # Bo 2 (hold: one more and take), Cia 3; the rest passed
        self.assertEqual(app.screen.title, "Giv 1: OK sparar")
        self.assertIn("Bo       2     12>10", app.screen.text())
        drive(app, "c")  # the save press: the rows were the preview
        self.assertEqual(app.series.game.log, [(score.PLAY, (-1, 2, 3, -1), -1, ())])
        self.assertEqual(store.saves, 2)  # the start and the hand
        drive(app, "A")
        self.assertEqual(app.screen.title, "Ångra?")
        self.assertTrue(app.screen.rows[0].startswith("Giv 1: Bo tog 2, Cia"))
        drive(app, "c")
        self.assertEqual(app.series.game.log, [])
        self.assertEqual(store.saves, 3)

    def test_abandon_and_back_everywhere(self):
        app = App(None, None)
        drive(app, "c" "cbbcb" "CCC")
        self.assertEqual(app.screen.title, "Giv 1")
        self.assertEqual(app.series.game.log, [])
        for keys in ("bC", "bbcC", "bbbcCC", "bbbbcCCCC", "B" "c", "a" "c"):
            drive(app, keys)
            self.assertEqual(app.screen.title, "Giv 1")

    def test_refusal_says_why(self):
        app = App(None, None)
        drive(app, "c" "c" "B" "B" "a" "A" "c")  # 2 + 2, pass, 0 for the last: 4 of 5
        self.assertIn("Stick: 4 av 5", app.screen.text())
        drive(app, "c")  # read: the last row answered, asked again on its answer
        self.assertEqual(app.screen.title, "Giv 1: stick")
        self.assertIn("<0>", app.screen.rows[app.screen.selected])
        self.assertEqual(app.series.game.log, [])

    def test_a_refusal_asked_again_and_again_keeps_no_heap(self):
        """A walk asks the core about the same entry on every draw, and a preview's about a later
        entry while it waits (App.idle): the refusal kept for it is raised anew each time. Raised
        again itself, MicroPython grew its traceback by each raise, never freed (a waiting preview
        took 20 KB on the emulated Pico)."""
        import gc

        from firmware.core.errors import EntryError
        from firmware.ui.entry.flow import Flow

        app = App(None, None)
        drive(app, "c")  # a game: fem, four players
        flow = Flow(app)
        bad = (score.PLAY, (0, 0, 0, 0), -1, ())  # no tricks taken at all
        raised = [0]
        first = []

        def ask():
            try:
                flow.scored(bad)
            except EntryError as e:
                raised[0] += 1
                if len(first) < 2:
                    first.append(e)

        ask()
        ask()
        self.assertTrue(first[0] is not first[1])  # (a new one each time: CPython has no mem_free)
        self.assertEqual(first[1].code, first[0].code)
        gc.collect()
        before = gc.mem_free() if hasattr(gc, "mem_free") else 0
        for _ in range(300):
            ask()
        gc.collect()
        after = gc.mem_free() if hasattr(gc, "mem_free") else 0
        self.assertTrue(before - after < 512, "kept %d B" % (before - after))
        self.assertEqual(raised[0], 302)

    def test_winner_history_chart(self):
        app = App(None, None)
        drive(app, dict(KEYS)["fem-pot"])  # Anna wins, takes the pot
        self.assertEqual(app.screen.title, "Anna vinner!")
        self.assertIn("+26", app.screen.rows[0])  # the all pass costs everyone pass_fee too
        drive(app, "C")
        self.assertEqual(app.screen.title, "Anna vann")
        drive(app, "a")
        self.assertEqual(app.screen.title, "Historik")
        # three entries, two hands: the all pass has no number of its own
        self.assertEqual([r[:3] for r in app.screen.rows[:3]], [" 1 ", "   ", " 2 "])
        drive(app, "c")
        self.assertEqual(app.screen.title, "Giv 2\u25bc")  # (its facts below the changes: more rows)
        drive(app, "CCB")
        self.assertTrue(app.screen.chart is not None)
        self.assertEqual(len(app.screen.chart.series), 4)
        drive(app, "c")
        self.assertEqual(app.screen.title, "Anna vann")
        drive(app, "c" "c")  # the winner screen, then a new game: setup remembers
        self.assertEqual(app.screen.title, "Nytt spel▼")
        self.assertEqual(app.plan.rules().start, 5)

    def test_screen_modules_loaded_while_open(self):
        """A screen's module is imported when it opens; the scoreboard lets it go again (on
        CPython too: firmware.forget)."""
        import sys

        app = App(None, None)
        self.assertTrue("firmware.ui.screens.newgame" in sys.modules)  # the set-up screen
        drive(app, "c" "B")  # Start!, then hold NEXT: the chart
        self.assertTrue(app.screen.chart is not None)
        self.assertTrue("firmware.ui.screens.chart" in sys.modules)
        drive(app, "c")
        self.assertEqual(app.screen.title, "Giv 1")
        self.assertFalse("firmware.ui.screens.chart" in sys.modules)
        self.assertFalse("firmware.ui.screens.newgame" in sys.modules)
        drive(app, "B")  # loaded again
        self.assertTrue(app.screen.chart is not None)

    def test_screen_saver(self):
        app = App(None, None)
        now = drive(app, "c")
        app.tick(now + DIM_MS)
        self.assertEqual(app.brightness, 1)
        app.tick(now + BLANK_MS)
        self.assertEqual(app.brightness, 0)
        loop.press(app, K.OK, now + BLANK_MS + 1)
        self.assertEqual(app.brightness, 2)
        self.assertEqual(app.screen.title, "Giv 1")

    def test_english_and_128x32(self):
        app = App(None, None, 128, 32, "en")
        self.assertEqual(app.screen.title, "New game▼")
        self.assertEqual(len(app.screen.rows), 3)
        drive(app, "bbbc" "bbb" "c" "aaa" "c")  # Players: 4 -> 7, Start!
        self.assertEqual(len(app.series.game.players), 7)
        self.assertEqual(len(app.screen.rows), 3)
        drive(app, "a")
        self.assertIn("Dan", app.screen.text())
        fits(self, app)

    def test_random_presses_never_stick(self):
        app = App(None, None)
        drive(app, "c")
        seed = 12345
        now = 0
        for _ in range(600):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            ch = "abcABCd"[seed % 7]
            now = drive(app, ch, now)
            fits(self, app)
            self.assertTrue(app.screen.title not in ("Fel", "Error"))
            if app.series is not None:
                g = app.series.game
                self.assertEqual(g.fold(g.log), g.state)


if __name__ == "__main__":
    unittest.main()
