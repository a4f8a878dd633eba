# heapsize: 160k
"""The words read from the drive a line at a time (firmware/words/), on CPython and under
MicroPython and CircuitPython's VM (tools/vm/mptest.py): every line of both tables is found,
wherever it falls in the pieces read, and the files keep the form the reading needs."""

import unittest

from firmware import words as W


def lines_of(lang):
    """[(offset, line)] of the table, its first line (the comment) included; each line is bytes
    with its newline (read a line at a time: the VMs' heaps are small)."""
    out = []
    at = 0
    with open(W.path(lang), "rb") as f:
        while True:
            ln = f.readline()
            if not ln:
                return out
            out.append((at, ln))
            at += len(ln)


class Words(unittest.TestCase):
    def test_every_line_is_found(self):
        for lang in ("sv", "en"):
            for _at, ln in lines_of(lang)[1:]:
                key, _tab, rest = ln.decode("utf-8").partition("\t")
                self.assertEqual(W.line(lang, key), rest[:-1])

    def test_form(self):
        for lang in ("sv", "en"):
            lines = lines_of(lang)
            self.assertTrue(lines[0][1].startswith(b"#") and b"\t" not in lines[0][1])
            keys = []
            for _at, ln in lines:
                self.assertTrue(ln.endswith(b"\n") and len(ln) <= W.LINE)
                if keys or _at:
                    self.assertTrue(b"\t" in ln)
                    keys.append(ln.split(b"\t")[0])
            self.assertEqual(len(keys), len(set(keys)))

    def test_missing_and_cached(self):
        self.assertEqual(W.line("sv", "no such words"), None)
        self.assertEqual(W.tr("sv", "no such words"), "no such words")
        self.assertEqual(W.tr("sv", "Undo?"), "Ångra?")
        self.assertEqual(W.tr("en", "Undo?"), "Undo?")  # English: the key itself
        for i in range(3 * W.CACHE):  # more than the cache keeps: still right
            self.assertEqual(W.tr("sv", "Hand %d") % i, "Giv %d" % i)
            self.assertEqual(W.tr("sv", "no key %d" % i), "no key %d" % i)
        self.assertTrue(len(W._cache) <= W.CACHE and len(W._old) <= W.CACHE)

    def test_the_index(self):
        for lang in ("sv", "en"):
            hashes, offsets = W.index(lang)
            lines = lines_of(lang)[1:]
            self.assertEqual(list(offsets), [at for at, _ln in lines])
            self.assertEqual(len(hashes), len(lines))
            for i in range(len(lines)):
                key = lines[i][1].split(b"\t")[0].decode("utf-8")
                self.assertEqual(hashes[i], hash(key) & 0xFF)

    def test_a_key_is_a_whole_key(self):
        # "Hand" is a key and the start of others ("Hand %d"): each finds its own line.
        self.assertEqual(W.line("sv", "Hand"), "Ny giv")
        self.assertEqual(W.line("sv", "Hand %d"), "Giv %d")
        self.assertEqual(W.line("sv", "and %d"), None)  # the end of a key is not a key


if __name__ == "__main__":
    unittest.main()
