"""The device's words: English is the key; sv.py holds the Swedish (the default language),
en.py the English labels shorter than their keys. Only the device's language is in RAM:
``words(lang)`` loads its module, a switch lets the other go.
"""

from firmware import forget

_lang = None  # the language whose words module is loaded
_words = None  # that module: firmware/words/sv.py or en.py
# Translations looked up lately: finding a line scans the table in C, up to 6 ms on a Pico for a
# line near its end (the UTF-8 string's find and slices), and each hand-entry screen asks for the
# same few hints and titles at every press. At most CACHE of them (about 1 KB), for _lang's words.
CACHE = 24
_cache = {}  # type: dict


def words(lang):
    """The module of lang's words; only one language's is in RAM (a switch lets the other go)."""
    global _lang, _words
    if lang != _lang:
        _words = None
        _cache.clear()
        forget("firmware.words.en" if lang == "sv" else "firmware.words.sv")
        if lang == "sv":
            from firmware.words import sv as words_sv

            _words = words_sv
        else:
            from firmware.words import en as words_en

            _words = words_en
        _lang = lang
    return _words


def _find(table, s):
    """The translation of s in table (s itself when missing), allocating only the result."""
    n = len(s)
    i = table.find(s)
    while i >= 0:
        if table.startswith("\n", i - 1) and table.startswith("\t", i + n):
            i += n + 1
            return table[i:table.find("\n", i)]
        i = table.find(s, i + 1)
    return s


def tr(lang, s):
    """s (English) in lang; the last CACHE lookups are kept (a screen asks for the same few)."""
    table = words(lang).WORDS
    got = _cache.get(s)
    if got is None:
        if len(_cache) >= CACHE:
            _cache.clear()
        got = _cache[s] = _find(table, s)
    return got
