# heapsize: 128k
"""Export and boot mode under MicroPython too: only the os calls CircuitPython has."""

import json
import os
import unittest

from folders import own_dir, rmtree

from firmware import VERSION
from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.device import bootmode
from firmware.record.reader import loads
from firmware.store.export import Exporter, ExportError
from firmware.store.exporttext import record_text, sheet_text


def game():
    g = Game(Rules("fem", {"pot": True}), ["Anna", "Bo", "Åsa"], 2)
    for e in ((score.PLAY, (2, 3, -1), -1, ()), (score.ALL_PASS,), (score.FAULT, 1, "för tidigt"),
              (score.PLAY, (3, 2, -1), -1, ()), (score.ADJUST, (0, -1, 0), "fel, rättat")):
        g.push(e)
    return g


class TestExport(unittest.TestCase):
    def setUp(self):
        self.dir = own_dir("export")

    def tearDown(self):
        rmtree(self.dir)

    def test_each_test_has_its_own_folder(self):
        other = TestExport("test_sheet")
        other.setUp()
        try:
            self.assertNotEqual(other.dir, self.dir)
            with open(self.dir + "/mine", "w") as f:
                f.write("x")
        finally:
            other.tearDown()
        self.assertEqual(os.listdir(self.dir), ["mine"])  # the other test's cleanup left it

    def test_files_and_replay(self):
        g = game()
        ex = Exporter(self.dir, lambda: True, board="pico")
        self.assertTrue(ex.writable())
        name = ex.export(g)
        self.assertEqual(name, "0001-fem")
        self.assertEqual(sorted(os.listdir(self.dir + "/games")), ["0001-fem.csv", "0001-fem.json"])
        with open(self.dir + "/games/0001-fem.json") as f:
            text = f.read()
        self.assertEqual(text, record_text(g))
        # exactly RECORD.md's keys: a strict reader of rodskagg-record/1 refuses any other
        self.assertEqual(sorted(json.loads(text)), ["dealer", "format", "hands", "players", "rules"])
        with open(self.dir + "/games/0001-fem.csv", "rb") as f:
            sheet = f.read().decode("utf-8")
        self.assertEqual(sheet, sheet_text(g, "en", "pico"))
        # the version and the board that wrote it: the sheet's last row
        self.assertEqual(sheet.split("\r\n")[-2], ',"Rödskägg %s, pico",,,' % VERSION)
        again = loads(text)
        self.assertEqual(again.state, g.state)
        self.assertEqual(json.loads(text)["dealer"], "Åsa")
        self.assertEqual(ex.export(g), "0002-fem")
        # the game's own name again: its files are replaced, none is added
        g.pop()
        self.assertEqual(ex.export(g, "0001-fem"), "0001-fem")
        self.assertEqual(sorted(os.listdir(self.dir + "/games")),
                         ["0001-fem.csv", "0001-fem.json", "0002-fem.csv", "0002-fem.json"])
        with open(self.dir + "/games/0001-fem.json") as f:
            self.assertEqual(f.read(), record_text(g))
        # a name that is not one of ours (a path, say) is not used
        self.assertEqual(ex.export(g, "../code"), "0003-fem")

    def test_sheet(self):
        lines = sheet_text(game()).split("\r\n")
        self.assertEqual(lines[0], "hand,entry,Anna,Bo,Åsa")
        self.assertEqual(lines[1], "0,start,12,12,12")
        # hands numbered as the table counts them; the rest say where they stand
        self.assertEqual(lines[2], '1,"Anna took 2, Bo 3",10,9,12')  # who took what
        self.assertEqual(lines[3], ",all pass (before hand 2),10,9,12")
        self.assertEqual(lines[4], ",fault Bo: för tidigt (before hand 2),10,14,12")
        self.assertEqual(lines[5], '2,"Bo took 2, Anna 3",7,12,12')
        self.assertEqual(lines[6], ',"correction Bo -1: fel, rättat (before hand 3)",7,11,12')

    def test_sheet_in_swedish(self):
        lines = sheet_text(game(), "sv").split("\r\n")
        self.assertEqual(lines[0], "giv,händelse,Anna,Bo,Åsa")
        self.assertEqual(lines[3], ",alla passar (före giv 2),10,9,12")
        self.assertEqual(lines[4], ",knackfel Bo: för tidigt (före giv 2),10,14,12")
        self.assertEqual(lines[6], ',"rättelse Bo -1: fel, rättat (före giv 3)",7,11,12')
        self.assertEqual(lines[7], ",pottens saldo,-7,-9,-9")  # the all pass costs each pass_fee too
        self.assertEqual(lines[8:], [",Rödskägg %s,,," % VERSION, ""])  # no board given: the version alone

    def test_read_only(self):
        ex = Exporter(self.dir, lambda: False)
        self.assertFalse(ex.writable())
        self.assertRaises(ExportError, ex.export, game())
        self.assertEqual(os.listdir(self.dir), [])


class TestBootMode(unittest.TestCase):
    def test_decisions(self):
        calls = []

        def remount(path, readonly=False):
            calls.append((path, readonly))

        none = {}.get
        self.assertEqual(bootmode.boot(none, lambda pin: False, remount), "device")
        self.assertEqual(calls, [("/", False)])
        self.assertEqual(bootmode.boot(none, lambda pin: pin == "GP10", remount), "computer")
        self.assertEqual(bootmode.boot({"RODSKAGG_BOOT_BUTTON": "D2"}.get, lambda pin: pin == "D2", remount),
                         "computer")
        self.assertEqual(bootmode.boot(none, lambda pin: 1 // 0, remount), "computer")
        self.assertEqual(len(calls), 1)
