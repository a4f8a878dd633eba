"""The device's words: every screen and every refusal in Swedish (no English word that is not a
player's name), both languages word the same refusals and reasons, refusals name the players."""


import pytest

from firmware.core import score
from firmware.core.rules import Rules
from firmware.ui import text
from firmware.ui.app import App
from firmware.ui.entry.irregular import FAULT_REASONS
from firmware.words import tr
from host_tests.test_ui_screens import enter, started, walk_screens
from tools.play.driver import Driver


def _words(text_):
    import re
    return [w for w in re.split(r"[^A-Za-zÅÄÖåäöéÉ]+", text_) if len(w) > 1]


def refusals():
    """(code, params, English, Swedish) for every refusal the UI words (the lines "!code" of
    firmware/words/en.txt and sv.txt)."""
    from firmware.words import table

    sv = {key[1:]: rest.split("\t")[1] for key, rest in table("sv") if key.startswith("!")}
    return [(key[1:],) + tuple(rest.split("\t")) + (sv[key[1:]],)
            for key, rest in table("en") if key.startswith("!")]


def english_only_words():
    """Words of the UI's and the core's English that are not also Swedish words of the UI."""
    import os
    import re

    from firmware.words import table
    en, sv = set(), set()
    for key, words in table("sv"):
        if key[:1] not in "!?":
            en.update(w.lower() for w in _words(key))
            sv.update(w.lower() for w in _words(words))
    for _c, _k, e, s in refusals():
        en.update(w.lower() for w in _words(e))
        sv.update(w.lower() for w in _words(s))
    for lang, words in (("en", en), ("sv", sv)):
        for key, said in table(lang):
            if key.startswith("?"):
                words.update(w.lower() for w in _words(said))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("core/score.py", "core/legal.py", "core/game.py", "core/series.py", "core/rules.py",
                 "store/export.py", "store/journal.py"):
        with open(os.path.join(root, "firmware", name), encoding="utf-8") as f:
            for lit in re.findall(r'"([^"\n]*)"', f.read()):
                if " " in lit:  # a message, not a key
                    en.update(w.lower() for w in _words(lit))
    allowed = {"ok", "usb", "fem", "bud", "knack", "rödskägg", "extra", "start", "export", "ja"}
    return en - sv - allowed


def assert_swedish(screen_text, names, where):
    bad = english_only_words()
    prefixes = {n[:k] for n in names for k in range(1, len(n) + 1)}  # names shorten to fit
    found = [w for w in _words(screen_text) if w.lower() in bad and w not in prefixes]
    assert not found, "English on a Swedish screen (%s): %s\n%s" % (where, found, screen_text)


@pytest.mark.usefixtures("modules_kept")  # a sweep of thousands of presses: no re-import per screen
def test_every_screen_is_swedish():
    """Random presses over random games (both panels) and every screen reachable from the
    scoreboard: no word of the UI's or the core's English that is not a player's name."""
    from firmware.ui.gameplan import NAMES
    from firmware.ui.views import Message
    names = set(NAMES)
    for h in (64, 32):
        for app in walk_screens(128, h, "sv", range(12), 200):
            if app.series is not None:
                names.update(app.series.game.players)
            names.update(app.plan.names)
            screen = app.screen.text()
            if app.screen.title == "Fel":  # an unexpected exception: a bug, not a screen
                raise AssertionError(screen)
            if app.lang == "sv":  # the walk may switch the language in the menu
                assert_swedish(screen, names, type(app.view).__name__)
            elif isinstance(app.view, Message):
                app.set_lang("sv")


def test_every_refusal_is_swedish_and_names_players():
    """Each refusal code of the core, worded in Swedish with players' names."""
    import os
    import re

    from firmware.ui import text as T
    players = ("Anna", "Bo", "Cia", "Dan")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    codes = set()
    for name in ("core/score.py", "core/legal.py", "core/game.py", "core/series.py", "core/rules.py"):
        with open(os.path.join(root, "firmware", name), encoding="utf-8") as f:
            codes.update(re.findall(r'(?:_fail|Error)\([^\n]*?, "([a-z_]+)"', f.read()))
    assert codes, "the core gives its refusals no codes"
    known = {c for c, _k, _e, _s in refusals()}
    assert codes <= known, "refusal codes without words: %s" % sorted(codes - known)
    for code, kinds, _en, _sv in refusals():
        params = tuple(2 if k == "s" else 5 if k == "d" else "fem" for k in kinds)
        words = T.refusal("sv", code, params, players)
        assert words and "seat" not in words and "3" not in words.replace("5", "")
        if "s" in kinds:
            assert "Cia" in words
        assert_swedish(words, set(players), code)


def test_both_languages_word_the_same_refusals_and_reasons():
    """sv.txt and en.txt (read from the drive a line at a time) know the same codes, params and
    messages, and the core's messages text.explain words are the ones they word."""
    from firmware.ui import text as T
    from firmware.words import table

    def heads(lang):
        return [(key, rest.rsplit("\t", 1)[0] if key[0] == "!" else "") for key, rest in table(lang)
                if key[:1] in "!?"]

    assert heads("sv") == heads("en")
    assert [key[1:] for key, _h in heads("sv") if key[0] == "?"] == list(T.REASONS)


def test_refusals_on_the_device_name_players_in_swedish():
    # set-up: two players with one name
    d = Driver(App(None, None))
    d.app.plan.names[1] = d.app.plan.names[0]
    text_ = d.keys("c")
    assert " ".join(text_.split()) == "Går inte Två spelare heter %s" % d.app.plan.names[0]
    # a hand inserted before another that it makes impossible: the later hand is named as
    # the history names it, the player by name, not a seat
    d = started(Rules("knack"))
    enter(d, (score.BID, 0, 3, (2, 1, 2, 1), 0, ()))  # Bo takes a trick in Giv 1
    from firmware.core.errors import EntryError
    game = d.app.series.game
    try:
        game.insert(0, (score.BID, 1, score.BID_R, (1, 5, 0, 0), 0, ()))  # Bo fails Rödskägg: out
    except EntryError as err:
        e = err
    assert (e.code, e.params, e.index) == ("cannot_take", (1,), 1)
    e.index -= 1  # as the entry flow does for an insert: the hand as the history shows it
    assert text.reason(d.app, e) == "Giv 1\nBo kan inte ta stick i den här given"
    d.app.set_lang("en")
    assert text.reason(d.app, e) == "Hand 1\nBo cannot take tricks in this hand"


def test_the_in_hand_reasons_are_in_the_built_in_list_and_translated():
    for reason in ("did not ask go along", "late Rödskägg call"):
        assert reason in FAULT_REASONS
        sv = tr("sv", reason)
        assert sv != reason and len(sv) <= 20


def test_every_line_of_the_tables_is_looked_up():
    """Every line of firmware/words/ is a key some code of the device asks for (a string of
    firmware/ or code.py; refusals "!CODE" and reasons "?START" are asked for by their code): each
    line costs the device's heap 3 bytes of the words' index, so a line nothing asks for goes."""
    import ast
    import os

    from firmware.words import table

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    strings = set()
    paths = [os.path.join(root, "code.py")]
    for folder, _dirs, files in os.walk(os.path.join(root, "firmware")):
        paths += [os.path.join(folder, f) for f in files if f.endswith(".py")]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        strings |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    for lang in ("sv", "en"):
        unused = [key for key, _words in table(lang) if key[:1] not in "!?" and key not in strings]
        assert unused == [], lang
