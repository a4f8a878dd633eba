# heapsize: 160k
"""Save format tests that run on CPython (pytest) and MicroPython (tools/vm/mptest.py)."""
# (160k: every cut of a torn append loads the save again, each load importing store/resume.py,
# store/decode.py and store/rulecodes.py afresh beside the copies this file imports; the device
# loads them once, at start. Thirty loads in a row leave the same free heap: a peak, not a leak.)

import unittest

from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store import codec, decode
from firmware.store.codec import CodecError, Image, image_of
from firmware.store.decode import Reader
from firmware.store.journal import Store

FOUR = ("Anna", "Bo", "Cia", "Dan")


class MiniNVM:
    """The smallest microcontroller.nvm stand-in (tools/sim/fakes.py has the full one)."""

    def __init__(self, size):
        self.data = bytearray(b"\xff" * size)
        self.cut_at = None
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        start = index.start
        self.writes += 1
        if self.cut_at is not None and self.cut_at < len(value):
            n = self.cut_at
            self.cut_at = None
            self.data[start:start + n] = value[:n]
            raise OSError("power cut")
        self.data[start:start + len(value)] = value


def entries_for(n, bidding):
    """One entry of every kind the preset allows, for n players."""
    out = [(score.ALL_PASS,), (score.MISDEAL, True), (score.MISDEAL, False),
           (score.FAULT, n - 1, "tog upp kort före knacken"),
           (score.ADJUST, tuple((-3 if s == 0 else 0) for s in range(n)), ""),
           (score.ADJUST, tuple(s - n // 2 for s in range(n)), "fel i giv 3")]
    if bidding:
        tricks = tuple((6 if s == 1 else 0) for s in range(n))
        out.append((score.BID, 1, score.BID_R, tricks, 0, ()))
        out.append((score.BID, 0, 3, tuple((2 if s < 3 else 0) for s in range(n)), 0b110, ()))
        out.append((score.BID, n - 1, 2, tuple((1 if s < 3 else 0) for s in range(n)), 0b1,
                    ((0, "did not ask go along"), (n - 1, "ä" * 40))))
    else:
        out.append((score.LONE, n - 1))
        out.append((score.PLAY, tuple((5 if s == 0 else (0 if s == 1 else -1)) for s in range(n)), 0, ()))
        out.append((score.PLAY, tuple((s if s < 3 else -1) for s in range(n)), -1, ()))
        out.append((score.PLAY, tuple((2 if s < 2 else (1 if s == 2 else -1)) for s in range(n)), n - 1, ()))
        out.append((score.PLAY, tuple((3 if s == 0 else (2 if s == 1 else -1)) for s in range(n)), n - 1,
                    ((1, "late Rödskägg call"),)))
    return out


class TestPrimitives(unittest.TestCase):
    def test_varints_round_trip(self):
        for n in (0, 1, 63, 64, 127, 128, 300, 9999, 1 << 20):
            out = bytearray()
            codec.put_uvar(out, n)
            codec.put_svar(out, n)
            codec.put_svar(out, -n)
            r = Reader(bytes(out))
            self.assertEqual(r.uvar(), n)
            self.assertEqual(r.svar(), n)
            self.assertEqual(r.svar(), -n)
            self.assertTrue(r.done())

    def test_small_numbers_take_one_byte(self):
        out = bytearray()
        codec.put_svar(out, -64)
        codec.put_uvar(out, 127)
        self.assertEqual(len(out), 2)

    def test_reader_overrun_raises(self):
        self.assertRaises(CodecError, Reader(b"\x80").uvar)
        self.assertRaises(CodecError, Reader(b"\x05ab").text)
        self.assertRaises(CodecError, Reader(b"\xff\xff\xff\xff\xff\x01").uvar)

    def test_crc_chains_like_concatenation(self):
        self.assertEqual(codec.crc32(b"world", codec.crc32(b"hello ")), codec.crc32(b"hello world"))

    def test_the_fallback_crc_is_the_same_crc(self):
        self.assertEqual(codec.crc32(b"123456789"), 0xCBF43926)
        for data, start in ((b"123456789", 0), (b"", 7), (bytes(range(200)), 0xDEADBEEF)):
            self.assertEqual(codec.crc32_slow(data, start), codec.crc32(data, start))


class TestEntries(unittest.TestCase):
    def test_every_kind_round_trips(self):
        for n in range(2, 8):
            for bidding in (False, True):
                if bidding and n < 3:
                    continue
                for e in entries_for(n, bidding):
                    out = bytearray()
                    codec.put_entry(out, e, n)
                    self.assertEqual(len(out), codec.entry_size(e, n))
                    r = Reader(bytes(out))
                    self.assertEqual(decode.get_entry(r, n, r.u8()), e)
                    self.assertTrue(r.done())

    def test_a_hand_is_a_few_bytes(self):
        e = (score.PLAY, (2, 3, -1, 0, -1, -1, -1), 1, ())
        self.assertEqual(codec.entry_size(e, 7), 4)
        self.assertEqual(codec.entry_size((score.ALL_PASS,), 4), 1)

    def test_impossible_bytes_are_refused(self):
        for data in (b"\x0f", b"\x70\x00\x00", b"\x13\x00", b"\x06\xf0\x00",
                     b"\x80\x1c\x00\x00",  # penalties during a hand, but no seat
                     b"\x80\x1c\x00\x10\x01a",  # a penalty for seat 5 of 4
                     b"\x81\x03\x00\x00\x00"):  # a bidding hand whose penalties are cut off
            r = Reader(data)
            self.assertRaises(CodecError, decode.get_entry, r, 4, r.u8())



class TestRules(unittest.TestCase):
    def test_rules_round_trip(self):
        for rules in (Rules("fem"), Rules("bud"), Rules("knack"),
                      Rules("fem", {"start": 21, "exact_zero": "bounce", "pot": True, "series": 5}),
                      Rules("knack", {"go_along": False, "min_bid": 3, "stake": 99}),
                      Rules("bud", {"fail_extra": 20, "rs_fail": "out", "series": 3}),
                      Rules("knack", {"fail_extra": 1})):
            out = bytearray()
            codec.put_rules(out, rules)
            self.assertEqual(decode.get_rules(Reader(bytes(out))), rules)

    def test_preset_alone_is_four_bytes(self):
        out = bytearray()
        codec.put_rules(out, Rules("knack"))
        self.assertEqual(len(out), 4)

    def test_bad_rules_raise(self):
        self.assertRaises(CodecError, decode.get_rules, Reader(b"\x07\x00\x00\x00"))
        self.assertRaises(CodecError, decode.get_rules, Reader(b"\x00\x01\x00\x00\x00"))


def same(a, b):
    return (a.settings == b.settings and a.has_game() == b.has_game()
            and (not a.has_game() or (a.rules == b.rules and tuple(a.players) == tuple(b.players)
                                      and a.dealer == b.dealer and list(a.past) == list(b.past)
                                      and a.base == b.base and a.k == b.k and a.entries == b.entries)))


class TestBase(unittest.TestCase):
    def game(self):
        rules = Rules("fem", {"pot": True, "series": 3})
        g = Game(rules, FOUR, 2)
        for e in entries_for(4, False):
            if not g.state.over():
                g.push(e)
        return g

    def test_image_round_trips(self):
        g = self.game()
        for im in (image_of(g), image_of(g, (1,), b"\x01sv"), Image()):
            self.assertTrue(same(decode.decode_base(codec.encode_base(im)), im))
        empty = Image()
        empty.settings = b""
        self.assertTrue(same(decode.decode_base(codec.encode_base(empty)), empty))

    def test_snapshot_round_trips(self):
        g = self.game()
        snap = Game(g.rules, g.players, 2, g.fold(g.log[:5]), 5)
        for e in g.log[5:]:
            snap.push(e)
        im = image_of(snap, (3,), b"x")
        back = decode.decode_base(codec.encode_base(im))
        self.assertTrue(same(back, im))
        self.assertEqual(back.base.balance, snap.base.balance)

    def test_stray_or_missing_bytes_raise(self):
        data = codec.encode_base(image_of(self.game()))
        self.assertRaises(CodecError, decode.decode_base, data + b"\x00")
        self.assertRaises(CodecError, decode.decode_base, data[:-1])
        self.assertRaises(CodecError, decode.decode_base, data, 99)

    def test_operations(self):
        g = self.game()
        im = image_of(g)
        n = 4
        new = im.copy()
        e = (score.ALL_PASS,)
        decode.apply(new, codec.encode_ops([(None, 0, e), (codec.OP_SETTINGS, 0, b"s")], n))
        self.assertEqual(new.entries, im.entries + [e])
        self.assertEqual(new.settings, b"s")
        decode.apply(new, codec.encode_ops([(codec.OP_DEL, 0, None), (codec.OP_INS, 1, e),
                                    (codec.OP_SET, 2, (score.MISDEAL, False))], n))
        want = im.entries[1:] + [e]
        want.insert(1, e)
        want[2] = (score.MISDEAL, False)
        self.assertEqual(new.entries, want)
        decode.apply(new, codec.encode_ops([(codec.OP_CUT, 3, None), (codec.OP_SETTINGS, 0, None)], n))
        self.assertEqual(new.entries, want[:3])
        self.assertEqual(new.settings, None)
        before = new.copy()
        self.assertRaises(CodecError, decode.apply, new, codec.encode_ops([(codec.OP_DEL, 9, None)], n))
        self.assertRaises(CodecError, decode.apply, new, b"")
        self.assertRaises(CodecError, decode.apply, new, b"\x0c")
        self.assertRaises(CodecError, new.change, [(codec.OP_SET, 9, e)])
        self.assertTrue(same(new, before))
        new.change([(None, 0, e), (codec.OP_SETTINGS, 0, b"t")])  # a save's change, never encoded
        self.assertEqual(new.entries, want[:3] + [e])
        self.assertEqual(new.settings, b"t")


class TestFraming(unittest.TestCase):
    def test_base_and_chain(self):
        base = codec.frame_base(7, b"\x04\x02hi")
        c1, crc1 = codec.frame_commit(codec.crc32(base[:-4]), b"\x03")
        c2, _crc2 = codec.frame_commit(crc1, b"\x13\x04")
        buf = base + c1 + c2 + b"\xff" * 8
        version, seq, payload, chain, pos = decode.read_base(buf, 0, len(buf))
        self.assertEqual((version, seq, payload), (codec.VERSION, 7, b"\x04\x02hi"))
        body, chain, pos = decode.read_commit(buf, pos, len(buf), chain)
        self.assertEqual(body, b"\x03")
        body, chain, pos = decode.read_commit(buf, pos, len(buf), chain)
        self.assertEqual(body, b"\x13\x04")
        self.assertRaises(CodecError, decode.read_commit, buf, pos, len(buf), chain)

    def test_a_commit_of_another_chain_fails(self):
        rec, _ = codec.frame_commit(1234, b"\x03")
        self.assertRaises(CodecError, decode.read_commit, rec, 0, len(rec), 1235)

    def test_every_bit_flip_is_caught(self):
        base = codec.frame_base(1, b"\x04\x03abc")
        for i in range(len(base) * 8):
            bad = bytearray(base)
            bad[i // 8] ^= 1 << (i % 8)
            self.assertRaises(CodecError, decode.read_base, bytes(bad), 0, len(bad))


class TestStoreResume(unittest.TestCase):
    def play(self, store, series, entries):
        for e in entries:
            series.game.push(e)
            self.assertTrue(store.save(series))

    def test_resume_exact_and_no_write_when_unchanged(self):
        nvm = MiniNVM(256)
        store = Store(nvm)
        self.assertEqual(store.load().code, "empty")
        series = Series(Rules("fem"), ["Anna", "Bo", "Cia"], 1)
        store.save(series)
        self.play(store, series, [(score.ALL_PASS,), (score.PLAY, (2, 3, -1), -1, ())])
        store.save_settings(b"\x01")
        writes = nvm.writes
        store.save(series)
        store.save_settings(b"\x01")
        self.assertEqual(nvm.writes, writes)
        got = Store(nvm).load()
        self.assertEqual(got.message, None)
        self.assertEqual(got.settings, b"\x01")
        self.assertEqual(got.series.game.log, series.game.log)
        self.assertEqual(got.series.game.state, series.game.state)
        self.assertEqual(got.series.game.first_dealer, 1)

    def test_torn_append_resumes_old_or_new(self):
        series = Series(Rules("fem"), FOUR, 0)
        nvm = MiniNVM(256)
        store = Store(nvm)
        store.save(series)
        series.game.push((score.ALL_PASS,))
        store.save(series)
        image = bytes(nvm.data)
        old = list(series.game.log)
        series.game.push((score.PLAY, (2, 3, -1, -1), 1, ()))
        new = list(series.game.log)
        for cut in range(8):  # the commit is 8 bytes (length, 3-byte hand, CRC): cut inside it
            nvm.data[:] = image
            s = Store(nvm)
            s.load()
            nvm.cut_at = cut
            self.assertRaises(OSError, s.save, series)
            got = Store(nvm).load()
            self.assertIn(got.series.game.log, (old, new))

