# heapsize: 128k
"""The drive copy under MicroPython too: the real open ("wb", "r+b", "rb") and os, a copy made,
rewritten in place, read back, and refused when damaged; and a Store resuming it after an erase."""

import unittest

from folders import own_dir, rmtree

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store import copyfile, drivecopy
from firmware.store.drivecopy import HEAD, DriveCopy
from firmware.store.journal import Store


def size_of(path):
    with open(path, "rb") as f:
        return len(f.read())


class DriveCopyTest(unittest.TestCase):
    def setUp(self):
        self.dir = own_dir("copy")

    def tearDown(self):
        rmtree(self.dir)

    def test_made_at_full_size_then_rewritten_in_place(self):
        copy = DriveCopy(self.dir, None, 128)
        old = ((3, 0x12345678, 40), None)
        self.assertTrue(copy.put(b"first record", old))
        self.assertEqual(size_of(copy.path), HEAD + 128 + 4)
        self.assertTrue(copy.put(b"second", (None, (4, 7, 9))))
        self.assertEqual(size_of(copy.path), HEAD + 128 + 4)  # in place: never grown
        buf = bytearray(128)
        got = copy.get(buf)
        self.assertEqual(got, ([None, (4, 7, 9)], 6))
        self.assertEqual(bytes(buf[:6]), b"second")

    def test_drivecopy_counts_the_header_copyfile_writes(self):
        self.assertEqual(drivecopy.HEAD, copyfile.HEAD)  # the size a DriveCopy makes counts it
        self.assertEqual(len(copyfile.header((None, None), 5)), HEAD)

    def test_a_damaged_missing_or_unwritable_copy_is_none(self):
        copy = DriveCopy(self.dir, None, 64)
        buf = bytearray(64)
        self.assertIsNone(copy.get(buf))  # missing
        self.assertTrue(copy.put(b"abc", (None, None)))
        with open(copy.path, "r+b") as f:
            f.seek(HEAD + 1)
            f.write(b"X")
        self.assertIsNone(copy.get(buf))  # a byte changed: its CRC fails
        self.assertFalse(DriveCopy(self.dir, lambda: False, 64).put(b"abc", (None, None)))

    def test_a_store_resumes_the_copy_after_the_nvm_is_erased(self):
        nvm = bytearray(b"\xff" * 256)
        store = Store(nvm, copy=DriveCopy(self.dir, None, 128))
        store.load()
        series = Series(Rules("fem"), ["Anna", "Bo", "Åsa"], 1)
        series.game.push((0, (2, 3, -1), -1, ()))
        self.assertTrue(store.save(series))  # a 256-byte NVM: every save erases, so copies first
        nvm[:] = b"\xff" * 256  # a cut inside the erase
        loaded = Store(nvm, copy=DriveCopy(self.dir, None, 128)).load()
        self.assertEqual(loaded.code, "copy")
        self.assertEqual(list(loaded.series.game.players), ["Anna", "Bo", "Åsa"])
        self.assertEqual(list(loaded.series.game.log), [(0, (2, 3, -1), -1, ())])

    def test_a_save_that_erases_goes_in_steps_the_copy_whole_before_the_nvm_is_touched(self):
        """Store.saving: the copy's writing, its data's erase, its close (the directory entry's
        erase), its read-back and the NVM's write, a step each, so that a press is handled between
        them; the NVM changes only at the last step, once the copy holds the new state whole."""
        nvm = bytearray(b"\xff" * 256)
        store = Store(nvm, copy=DriveCopy(self.dir, None, 128))
        store.load()
        series = Series(Rules("fem"), ["Anna", "Bo", "Åsa"], 1)
        self.assertTrue(store.save(series))  # (the copy made: later ones are written in place)
        series.game.push((0, (2, 3, -1), -1, ()))
        before = bytes(nvm)
        steps = store.saving(series)
        copies = []
        taken = 0
        while True:
            try:
                next(steps)
            except StopIteration as e:
                self.assertEqual(e.args[0] if e.args else None, True)
                break
            taken += 1
            self.assertEqual(bytes(nvm), before)  # the NVM untouched between the steps
            copies.append(DriveCopy(self.dir, None, 128).get(bytearray(128)))
        self.assertEqual(taken, 4)
        self.assertTrue(copies[-1] is not None)  # read back whole before the NVM's write
        self.assertNotEqual(bytes(nvm), before)
        loaded = Store(nvm, copy=DriveCopy(self.dir, None, 128)).load()
        self.assertEqual(list(loaded.series.game.log), [(0, (2, 3, -1), -1, ())])


if __name__ == "__main__":
    unittest.main()
