"""The device's words: English is the key; sv.txt beside this module holds the Swedish (the
default language), en.txt the English labels shorter than their keys. The tables stay on the
drive (the Swedish would take 10 KB of a Pico's heap): the RAM holds an index of the device's
language, a byte of each key's hash and where its line starts (3 bytes a line), so a lookup
reads the one line (about 0.6 ms on a Pico: the file's open); the last lookups are kept.

A file is lines of ``KEY<TAB>WORDS``; ``!CODE<TAB>PARAMS<TAB>WORDS`` is a refusal
(firmware/ui/text.py ``refusal``), ``?START<TAB>WORDS`` the words for a core message that
starts with START (``explain``); the first line is a comment. Every line ends with a newline
and is at most LINE bytes with it (host_tests/portable/test_words.py checks both).
"""

from array import array

LINE = 256  # the longest line of a table, its newline included: the read buffer's size
# Translations looked up lately: a lookup reads the drive, and each hand-entry screen asks for the
# same few hints and titles at every press (a knack hand's screens four to eight, the set-up nine).
# Two generations of at most CACHE, for _lang's words: a full one becomes the old one, so a screen
# of up to CACHE + 1 words finds them all from its second press on. 12 took 0.6 KB more of a Pico's
# heap at a knack hand's low point; 6 made each set-up press read eight lines.
CACHE = 8
_lang = None  # the language the cache and the index hold
_cache = {}  # type: dict
_old = {}  # type: dict
_index = None  # (hash bytes, line offsets) of _lang's table, made at its first lookup
_buf = None  # the read buffer (LINE bytes), made at the first lookup


def _folder():
    name = globals().get("__file__") or "/firmware/words/__init__.py"
    i = max(name.rfind("/"), name.rfind("\\"))
    return name[:i + 1] if i >= 0 else ""


_DIR = _folder()


def path(lang):
    """The file of lang's words (sv.txt, en.txt beside this module)."""
    return _DIR + ("sv" if lang == "sv" else "en") + ".txt"


def _buffer():
    global _buf
    if _buf is None:
        _buf = bytearray(LINE)
    return _buf


def index(lang):
    """(hashes, offsets) of lang's table: the low byte of hash(key) and the offset of the line, for
    each line after the first, in the file's order. Raises OSError when the file cannot be read."""
    buf = _buffer()
    view = memoryview(buf)
    hashes = bytearray()
    offsets = array("H")
    pos = 0  # the file offset of buf[0]
    held = 0  # bytes of a line not yet whole, at the front
    first = True
    with open(path(lang), "rb") as f:
        while True:
            n = f.readinto(view[held:])
            if not n:
                return hashes, offsets
            end = held + n
            start = 0
            j = buf.find(b"\n", 0, end)
            while j >= 0:
                tab = buf.find(b"\t", start, j)
                if not first and tab > start:
                    hashes.append(hash(str(view[start:tab], "utf-8")) & 0xFF)
                    offsets.append(pos + start)
                first = False
                start = j + 1
                j = buf.find(b"\n", start, end)
            held = end - start
            if held >= LINE:
                raise OSError("line too long")
            buf[0:held] = bytes(view[start:end])
            pos += start


def line(lang, key):
    """The rest of the line whose key is key (then a tab) in lang's table; None when no line
    has it (or the file cannot be read: the caller falls back to the English)."""
    global _index, _lang
    try:
        if _index is None or lang != _lang:
            _index = None
            _lang = lang
            _cache.clear()
            _old.clear()
            _index = index(lang)
        hashes, offsets = _index
        mark = bytes((hash(key) & 0xFF,))
        i = hashes.find(mark)
        if i < 0:
            return None
        want = (key + "\t").encode()
        k = len(want)
        buf = _buffer()
        with open(path(lang), "rb") as f:
            while i >= 0:  # each line whose key's hash has that byte
                f.seek(offsets[i])
                n = f.readinto(buf)
                if buf.find(want, 0, k) == 0:
                    j = buf.find(b"\n", k, n)
                    return str(memoryview(buf)[k:j if j >= 0 else n], "utf-8")
                i = hashes.find(mark, i + 1)
    except OSError:
        pass
    return None


def tr(lang, s):
    """s (English) in lang; the last lookups are kept (a screen asks for the same few)."""
    global _cache, _old
    if lang != _lang:
        _cache.clear()
        _old.clear()
    got = _cache.get(s)
    if got is None:
        got = _old.get(s)
        if got is None:
            got = line(lang, s)
            if got is None:
                got = s
        if len(_cache) >= CACHE:
            _old = _cache
            _cache = {}
        _cache[s] = got
    return got


def table(lang):
    """[(key, words)] of lang's whole table, refusals and reasons with their marks (host tools
    and tests: on the device a lookup reads only up to its line)."""
    with open(path(lang), encoding="utf-8") as f:
        text = f.read()
    return [tuple(ln.split("\t", 1)) for ln in text.split("\n")[1:] if ln]
