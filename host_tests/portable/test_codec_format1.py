# heapsize: 128k
"""Saves of the firmware before format 2 still load (CPython and MicroPython).

Byte fixtures in host_tests/nvm/, made by host_tests/nvm/make_format1.py run
on that firmware: whole NVM images and what that firmware resumed them to.
"""

import unittest

from firmware.core import score
from firmware.core.rules import Rules
from firmware.store import codec, decode
from firmware.store.codec import CodecError
from firmware.store.decode import Reader
from firmware.store.journal import Store


class FileNVM:
    """An NVM image read from a fixture file (slices in, slices out)."""

    def __init__(self, name):
        with open("host_tests/nvm/%s.bin" % name, "rb") as f:
            self.data = bytearray(f.read())

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return bytes(self.data[index]) if isinstance(index, slice) else self.data[index]

    def __setitem__(self, index, value):
        self.data[index.start:index.start + len(value)] = value


class TestFormat1Bytes(unittest.TestCase):
    def test_format_1_hands_have_no_penalties_during_a_hand(self):
        hand = b"\x80\x1c\x00\x01\x01a"  # format 2: Anna 3, Bo 2 tricks; Anna penalised "a"
        r = Reader(hand)
        self.assertEqual(decode.get_entry(r, 4, r.u8()), (score.PLAY, (3, 2, -1, -1), -1, ((0, "a"),)))
        r = Reader(hand)
        self.assertRaises(CodecError, decode.get_entry, r, 4, r.u8(), 1)  # bit 7 means nothing in format 1
        r = Reader(b"\x10\x1c\x00")  # format 1: Anna called, 3 + 2 tricks
        self.assertEqual(decode.get_entry(r, 4, r.u8(), 1), (score.PLAY, (3, 2, -1, -1), 0, ()))

    def test_format_1_rules_have_no_fail_extra_bit(self):
        # format 1: bud, options 10 (rs_fail: 1 = out) and 19 (series: 2 = 5 games) changed
        old = b"\x01" + (1 << 10 | 1 << 19).to_bytes(3, "little") + b"\x01\x02"
        rules = decode.get_rules(Reader(old), 1)
        self.assertEqual(rules, Rules("bud", {"rs_fail": "out", "series": 5}))
        self.assertEqual(rules.fail_extra, 0)
        self.assertNotEqual(decode.get_rules(Reader(old)), rules)  # read as format 2 it is other rules
        self.assertRaises(CodecError, decode.get_rules, Reader(b"\x01\x00\x00\x10\x00"), 1)  # bit 20


class TestFormat1Saves(unittest.TestCase):
    """Saves the previous firmware wrote (format 1)."""

    def check(self, name):
        import json

        from firmware.record.writer import entry_to_json

        with open("host_tests/nvm/format1.json", encoding="utf-8") as f:
            want = json.load(f)[name]
        nvm = FileNVM(name)
        self.assertEqual(nvm.data[1], 1)  # the base frame says format 1
        store = Store(nvm)
        loaded = store.load()
        self.assertEqual(loaded.code, "migrated")
        self.assertEqual(loaded.settings, want["settings"].encode() if want["settings"] else None)
        series = loaded.series
        g = series.game
        self.assertEqual(g.rules, Rules(want["preset"], want["overrides"]))
        self.assertEqual(list(g.players), want["players"])
        self.assertEqual((g.first_dealer, series.past, g.base_entries),
                         (want["first_dealer"], want["past"], want["base_entries"]))
        self.assertEqual([entry_to_json(g.players, e) for e in g.log], want["hands"])
        st = g.state
        self.assertEqual((st.scores, st.out, st.dealer, st.winner, list(st.tied), st.hands, st.pot,
                          st.balance),
                         (want["scores"], want["out"], want["dealer"], want["winner"], want["tied"],
                          want["hands_done"], want["pot"], want["balance"]))
        # The next save writes format 2; it resumes to the same game with no message.
        g.push((score.ALL_PASS,))
        self.assertTrue(store.save(series))
        self.assertEqual(nvm.data[store.slot * store.half + 1], codec.VERSION)
        again = Store(nvm).load()
        self.assertEqual(again.code, None)
        self.assertEqual(again.series.game.log, g.log)
        self.assertEqual(again.series.game.state, g.state)

    def test_knack_game_with_every_kind_of_entry_and_edits(self):
        self.check("format1-knack")

    def test_fem_game_with_early_hands_in_a_snapshot(self):
        self.check("format1-fem-snapshot")

    def test_a_hand_the_rules_now_refuse_is_dropped_and_said(self):
        # format1-knack, then a hand whose joiners took 3 tricks together: the
        # previous firmware saved it, these rules refuse it (RULES.md: at most 2).
        nvm = FileNVM("format1-knack-joiners-3")
        loaded = Store(nvm).load()
        self.assertEqual(loaded.code, "damaged")
        self.assertIn("resumed after hand 9", loaded.message)
        self.assertEqual(len(loaded.series.game.log), 9)
