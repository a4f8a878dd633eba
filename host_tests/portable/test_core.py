"""Rules core tests that run on CPython (pytest) and MicroPython (tools/vm/mptest.py)."""

import json
import os
import unittest

from firmware.core import score
from firmware.core.errors import EntryError, RulesError
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.record.reader import RecordError, load, loads
from firmware.record.replay import result_json
from firmware.record.writer import to_record
from firmware.store import rulecodes

RECORDS = "host_tests/records"


def record(preset, players, hands, **rules):
    rules["preset"] = preset
    return {"format": "rodskagg-record/1", "rules": rules, "players": players, "hands": hands}


FOUR = ["Anna", "Bo", "Cia", "Dan"]


class TestGoldenRecords(unittest.TestCase):
    def test_every_example_record(self):
        names = sorted(f for f in os.listdir(RECORDS) if f.endswith(".json"))
        self.assertTrue(len(names) >= 12)
        for name in names:
            with open(RECORDS + "/" + name) as f:
                doc = json.load(f)
            if "error_hand" in doc:
                with self.assertRaises(RecordError) as ctx:
                    load(doc["record"])
                self.assertEqual(ctx.exception.hand, doc["error_hand"], name)
            else:
                got = json.loads(result_json(load(doc["record"])))
                self.assertEqual(got, doc["expect"], name)

    def test_export_round_trip(self):
        for name in sorted(os.listdir(RECORDS)):
            with open(RECORDS + "/" + name) as f:
                doc = json.load(f)
            if "expect" in doc:
                game = load(doc["record"])
                again = loads(json.dumps(to_record(game)))
                self.assertEqual(again.log, game.log, name)
                self.assertEqual(result_json(again), result_json(game), name)


class TestUndoEdit(unittest.TestCase):
    def game(self):
        return load(record("fem", FOUR, [{"tricks": {"Bo": 2, "Cia": 3}},
                                         {"tricks": {"Anna": 1, "Bo": 4, "Dan": 0}}]))

    def test_undo_gives_back_the_state(self):
        g = self.game()
        before = g.state.copy()
        g.push((score.ALL_PASS,))
        g.push((score.PLAY, (5, -1, 0, -1), -1, ()))
        g.pop()
        g.pop()
        self.assertEqual(g.state, before)
        self.assertEqual(len(g.log), 2)

    def test_undo_on_empty_log(self):
        g = Game(Rules("fem"), FOUR)
        self.assertIsNone(g.pop())

    def test_edit_recomputes_later_hands(self):
        g = self.game()
        g.replace(0, (score.PLAY, (-1, 3, 2, -1), -1, ()))
        self.assertEqual(g.state.scores, [11, 5, 10, 17])

    def test_edit_that_breaks_a_later_hand_changes_nothing(self):
        g = load(record("bud", FOUR, [{"declarer": "Bo", "bid": "R", "tricks": {"Bo": 5}},
                                      {"all_pass": True}], rs_fail="out"))
        before = list(g.log)
        with self.assertRaises(EntryError) as ctx:
            g.replace(0, (score.BID, 1, score.BID_R, (0, 6, 0, 0), 0, ()))  # Bo wins at once...
        self.assertEqual(ctx.exception.index, 1)  # ...so hand 2 is after the win
        self.assertEqual(g.log, before)

    def test_delete_and_insert(self):
        g = self.game()
        g.delete(0)
        self.assertEqual(g.state.scores, [11, 8, 12, 17])
        g.insert(0, (score.PLAY, (-1, 2, 3, -1), -1, ()))
        self.assertEqual(g.state.scores, [11, 6, 9, 17])

    def test_entry_after_win(self):
        g = load(record("fem", FOUR, [{"tricks": {"Anna": 5, "Bo": 0}, "call": "Anna"}], start=3))
        self.assertTrue(g.state.over())
        with self.assertRaises(EntryError):
            g.push((score.ALL_PASS,))


class TestSeries(unittest.TestCase):
    def test_winner_deals_next_and_series_tally(self):
        rules = Rules("fem", {"series": 3, "start": 1})
        s = Series(rules, FOUR, 0)
        s.game.push((score.PLAY, (-1, -1, 5, 0), -1, ()))  # Cia wins game 1
        self.assertEqual(s.wins(), [0, 0, 1, 0])
        self.assertFalse(s.over())
        g = s.next_game()
        self.assertEqual(g.state.dealer, 2)
        g.push((score.PLAY, (-1, -1, 0, 5), 3, ()))  # Dan calls and wins game 2
        self.assertEqual(s.winner(), -1)
        s.next_game().push((score.PLAY, (-1, -1, 4, 1), -1, ()))  # Cia: 2 of 3
        self.assertTrue(s.over())
        self.assertEqual(s.winner(), 2)
        with self.assertRaises(EntryError):
            s.next_game()

    def test_series_ends_early_when_decided(self):
        s = Series(Rules("fem", {"series": 3, "start": 1}), FOUR)
        s.game.push((score.PLAY, (5, 0, -1, -1), -1, ()))
        s.next_game().push((score.PLAY, (5, 0, -1, -1), -1, ()))
        self.assertTrue(s.over())
        self.assertEqual(s.winner(), 0)

    def test_next_game_needs_a_winner(self):
        s = Series(Rules("fem", {"series": 3}), FOUR)
        with self.assertRaises(EntryError):
            s.next_game()


class TestBadInput(unittest.TestCase):
    def bad(self, doc, hand):
        with self.assertRaises(RecordError) as ctx:
            load(doc)
        self.assertEqual(ctx.exception.hand, hand)
        self.assertTrue(str(ctx.exception).startswith("hand %d: " % hand))

    def test_header_errors_are_hand_0(self):
        self.bad([], 0)
        self.bad(dict(record("fem", FOUR, []), extra=1), 0)
        self.bad(dict(record("fem", FOUR, []), format="rodskagg-record/2"), 0)
        self.bad(record("poker", FOUR, []), 0)
        self.bad(record("fem", FOUR, [], start=0), 0)
        self.bad(record("fem", FOUR, [], start=True), 0)
        self.bad(record("fem", FOUR, [], lone="maybe"), 0)
        self.bad(record("fem", FOUR, [], contract="bid"), 0)  # not a fem option
        self.bad(record("fem", FOUR, [], colour="red"), 0)
        self.bad(record("bud", ["Anna", "Bo"], []), 0)
        self.bad(record("fem", ["Anna"], []), 0)
        self.bad(record("fem", ["Anna", "Anna"], []), 0)
        self.bad(record("fem", ["Anna", "Bartholomew"], []), 0)
        self.bad(record("fem", ["Anna", ""], []), 0)
        self.bad(record("fem", ["Anna", 7], []), 0)
        self.bad(dict(record("fem", FOUR, []), dealer="Eve"), 0)
        self.bad(dict(record("fem", FOUR, []), hands={}), 0)
        with self.assertRaises(RecordError):
            loads("{not json")

    def test_entry_errors_name_the_hand(self):
        ok = {"tricks": {"Bo": 2, "Cia": 3}}
        cases = [
            ("fem", [ok, {"tricks": {"Eve": 5, "Bo": 0}}], 2),
            ("fem", [ok, {"tricks": {"Bo": 6, "Cia": -1}}], 2),
            ("fem", [{"tricks": {"Bo": "2", "Cia": 3}}], 1),
            ("fem", [{"tricks": {"Bo": True, "Cia": 4}}], 1),
            ("fem", [{"tricks": {"Bo": 5}}], 1),  # lone: one_trick -> enter lone
            ("fem", [{"tricks": {}}], 1),
            ("fem", [{"tricks": {"Bo": 2, "Cia": 3}, "call": "Dan"}], 1),
            ("fem", [{"tricks": {"Bo": 2, "Cia": 3}, "colour": 1}], 1),
            ("fem", [ok, "all pass"], 2),
            ("fem", [{"all_pass": False}], 1),
            ("fem", [{"misdeal": True, "knocked": "no"}], 1),
            ("fem", [{"fault": "Eve"}], 1),
            ("fem", [{"adjust": {}, "reason": "x"}], 1),
            ("fem", [{"adjust": {"Bo": 1}, "reason": 5}], 1),
            ("fem", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 3}}], 1),
            ("bud", [{"tricks": {"Bo": 2, "Cia": 4}}], 1),
            ("bud", [{"lone": "Bo"}], 1),
            ("bud", [{"declarer": "Bo", "bid": 7, "tricks": {"Bo": 3}}], 1),
            ("bud", [{"declarer": "Bo", "bid": "RR", "tricks": {"Bo": 3}}], 1),
            ("bud", [{"declarer": "Bo", "bid": 3}], 1),
            ("bud", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 4, "Cia": 3}}], 1),
            ("bud", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 4}, "joined": ["Cia"]}], 1),
            ("knack", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 4, "Cia": 1}}], 1),
            ("knack", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 3, "Cia": 3}, "joined": ["Cia"]}], 1),
            ("knack", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 6}, "joined": ["Bo"]}], 1),
            ("knack", [{"declarer": "Bo", "bid": 3, "tricks": {"Bo": 6}, "joined": ["Cia", "Cia"]}], 1),
        ]
        for preset, hands, hand in cases:
            self.bad(record(preset, FOUR, hands), hand)

    def test_rules_object_errors(self):
        self.assertRaises(RulesError, Rules, "fem", {"penalty": 21})
        self.assertRaises(RulesError, Rules, "knack", {"join_trick": 3})
        self.assertRaises(RulesError, Rules, "knack", {"series": 2})
        self.assertRaises(RulesError, Game, Rules("fem"), FOUR, 4)

    def test_rules_codes_round_trip(self):
        for preset in ("fem", "bud", "knack"):
            r = Rules(preset, {"pot": True, "exact_zero": "bounce", "series": 5})
            self.assertEqual(rulecodes.from_codes(rulecodes.codes(r)), r)
        self.assertRaises(RulesError, rulecodes.from_codes, b"\x09" + bytes(20))
