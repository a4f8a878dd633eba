"""Every line of the words tables fits the room its screen gives it (issue 36, point 8).

"Penalty in hand: who" (its "?" cut), "forgot to ask går me", "all pass <dealer pen" and
"20>ou" were lines cut by the screen that showed them. Here every line of
firmware/words/sv.txt and en.txt (and the English keys themselves, where en.txt has no line),
in both languages, is shown the way the device shows it, with the longest names the roster
allows (MAX_NAME letters, seven players) and rules that make the numbers long (a start of 99,
penalties of 20, a pot, two-digit hands), on 128x64 and on 128x32.

How a line is used decides its room, seen where the text meets the grid, not listed by hand:
- a row or a title is cut to the grid by firmware/ui/views.py ``clip`` (lists, walks and
  ``scrolled`` titles all go through it): no letter may be lost there (a column's padding
  may go first, spaces are not letters);
- a text that wraps (firmware/ui/screenmodel.py ``wrap``: messages, questions, the reasons in
  the history) may take lines, and when it takes more than the panel shows, the screen
  scrolls it and its title says so (ends in ▼ or ▲);
- the device's own messages (firmware/device/message.py) show whole on the panel;
- the export's CSV and the phones' sheet (firmware/store/exporttext.py, firmware/web/sheet.py)
  give a line a cell of its own: no room to keep.
Every line must be asked for (firmware.words ``tr`` or ``line``) at least once in each
language by the screens below, so that none escapes the check.
"""

import contextlib
import importlib
import pkgutil
import random

import pytest

import firmware
from firmware import words
from firmware.core import score
from firmware.core.game import MAX_NAME, MAX_PLAYERS
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.ui import screenmodel, views
from firmware.ui.app import App
from tools.play.driver import Driver, FakeExporter, FakeStore
from tools.play.presses import presses_for

# Seven names of MAX_NAME letters, Å Ä Ö among them (a name is characters, not bytes).
LONGEST = ["Åsa-Lena", "Birgitta", "Kristina", "Margaret", "Örjan-Bo", "Fredrika", "Gunnhild"]
PANELS = ((128, 64), (128, 32))
LANGS = ("sv", "en")
SCROLLS = ("▼", "▲")


def all_keys():
    """Every key of both tables (refusals "!CODE" and reasons "?START" with their marks)."""
    return sorted({key for lang in LANGS for key, _words in words.table(lang)})


def pattern(words_):
    """A regular expression for the text a line of words becomes once filled in (whole words:
    "in" is not the end of "Kristina")."""
    import re

    body = re.escape(words_).replace("%s", ".+?").replace("%d", "-?[0-9]+")
    return re.compile(("\\b" if words_[:1].isalnum() else "") + body +
                      ("\\b" if words_[-1:].isalnum() else ""))


def letters(text):
    """How many characters of text are not spaces (a row's padding may give way, nothing else)."""
    return len(text.replace(" ", ""))


def two_digits(text):
    """text with every number cut to its first two digits: the numbers a table meets (hands,
    penalties, scores); a start of 99 makes longer ones, which are the columns' to fit."""
    import re

    return re.sub("[0-9]{3,}", lambda m: m.group()[:2], text)


class Watch:
    """Records, while installed, every lookup of the words tables and every text that did not
    fit its room (see the module's text)."""

    def __init__(self, monkeypatch):
        self.asked = set()  # (lang, key)
        self.recent = []  # the words looked up since the press began
        self.cut = []  # (words, width, where, text): a text that holds words lost letters
        self.numbers = []  # (where, text, width): one cut only for its numbers of three digits
        self.unsaid = []  # (where, screen text): a wrapped text scrolls, the title does not say so
        self.wide = []  # (where, line): a line of a screen wider than its room
        self.wrapped = []  # (text, lines) wrapped while the screen being checked was drawn
        self.where = ""  # the view pressed or drawn ("": the key planner's own presses, unchecked)
        real_tr, real_line, real_clip, real_wrap = words.tr, words.line, views.clip, screenmodel.wrap

        def tr(lang, s):
            self.asked.add((lang, s))
            got = real_tr(lang, s)
            self.recent.append(got)
            return got

        def line(lang, key):
            self.asked.add((lang, key))
            got = real_line(lang, key)
            if got is not None:
                self.recent.append(got.rpartition("\t")[2])  # (a refusal: its params' kinds first)
            return got

        def clip(text, width):
            out = real_clip(text, width)
            if self.where and letters(out) < letters(text):
                words_ = self.words_in(text)
                if words_ is None:
                    pass
                elif letters(real_clip(two_digits(text), width)) < letters(two_digits(text)):
                    self.cut.append((words_, width, self.where, text))  # the words' room
                else:  # only with a number of three digits or more: the layout's
                    self.numbers.append((self.where, text, width))
            return out

        def wrap(text, width):
            out = real_wrap(text, width)
            self.wrapped.append((text, out))
            return out

        monkeypatch.setattr(firmware, "keep_modules", True)  # no module imported again unwatched
        for info in pkgutil.walk_packages(firmware.__path__, "firmware."):
            try:
                module = importlib.import_module(info.name)
            except ImportError:  # a board's module (its hardware libraries are not on the host)
                continue
            for name, new, old in (("tr", tr, real_tr), ("line", line, real_line),
                                   ("clip", clip, real_clip), ("wrap", wrap, real_wrap)):
                if getattr(module, name, None) is old:
                    monkeypatch.setattr(module, name, new)

    def words_in(self, text):
        """The line of words looked up for this screen that text holds, if any (a row of only
        names and numbers is the layout's, not the words')."""
        for words_ in sorted(set(self.recent), key=len, reverse=True):
            if words_.strip() and pattern(words_).search(text):
                return words_
        return None

    def check(self, app):
        """The screen app shows now: no line wider than its room (the grid, or the columns left
        of a picture), and a wrapped text of words that does not fit says that it scrolls."""
        self.where = self.where or type(app.view).__name__
        self.wrapped = []
        screen = app.view.render(app)
        rooms = [app.cols] * (app.rows + 1)
        for page, bits in enumerate(getattr(screen.chart, "pages", None) or ()):
            if bits:  # a picture (the phones' codes): the text goes left of its first column
                rooms[page] = (len(bits) - len(bits.lstrip(b"\x00"))) // screenmodel.CELL_W
        for page, text_ in enumerate((screen.title,) + tuple(screen.rows)):
            if len(text_) > rooms[min(page, app.rows)]:
                self.wide.append((self.where, text_))
        taken = sum(len(lines) for _t, lines in self.wrapped)
        words_ = [t for t, _l in self.wrapped if self.words_in(t)]  # (an exception's text: none)
        if words_ and taken > len(screen.rows) and not screen.title.endswith(SCROLLS) and not screen.big:
            self.unsaid.append((self.where, screen.text()))
        self.where = ""
        return screen

    def keys(self, d, keys):
        """Press keys on Driver d, checking the screen after each press."""
        for ch in keys:
            self.recent = []
            self.where = "%s, %s" % (type(d.app.view).__name__, ch)
            d.keys(ch)
            self.check(d.app)

    def failures(self):
        """What did not fit, a line each: every line of words cut (in each room it was cut to,
        with one text it was cut in), every line wider than its room, every wrapped text that
        scrolls unsaid (a screen once, by its title)."""
        out = []
        seen = set()
        for words_, width, where, text_ in self.cut:
            if (words_, width) not in seen:
                seen.add((words_, width))
                out.append("cut to %d: %r in %r (%s)" % (width, words_, text_, where))
        for what, found in (("wider than its room", self.wide), ("scrolls unsaid", self.unsaid)):
            for where, text_ in found:
                if (what, where, text_.split("\n")[0]) not in seen:
                    seen.add((what, where, text_.split("\n")[0]))
                    out.append("%s: %r" % (what, (where, text_)))
        return out


@pytest.fixture
def watch(monkeypatch):
    return Watch(monkeypatch)


# -- the screens --------------------------------------------------------------------------------

LONG_RULES = {  # the options at their longest numbers
    "start": 99, "penalty": 20, "all_pass_penalty": 20, "call_fail": 20, "rs_fail_points": 20,
    "fail_extra": 20, "stake": 99}


def long_rules(preset, **more):
    rules = Rules(preset)
    overrides = {k: v for k, v in LONG_RULES.items() if getattr(rules, k, None) is not None}
    overrides.update(more)
    return Rules(preset, overrides)


def game_app(rules, n=MAX_PLAYERS, hands=0, seed=0, width=128, height=64, lang="sv", **kw):
    """An App on a game of n of the longest names, with random entries played already up to hand
    hands (so that the hand numbers have two digits), and the Random that made them."""
    rng = random.Random(seed)
    series = Series(rules, LONGEST[:n], 0)
    while series.game.state.hands < hands and not series.game.state.over():
        series.game.push(random_entry(rng, rules, series.game.state))
    app = App(FakeStore(series), kw.pop("exporter", FakeExporter(True)), width=width, height=height,
              lang=lang, **kw)
    return app, rng


def random_entry(rng, rules, state):
    """A random entry the buttons can enter: the device's reasons, a penalty during a hand with
    a reason this game can have."""
    from firmware.ui.entry.irregular import ADJUST_REASONS, fault_reasons
    from firmware.ui.entry.penalty import hand_faults
    from tools.play import randgame

    entry = randgame.random_entry(rng, rules, state, (fault_reasons(rules), ADJUST_REASONS))
    if entry[0] <= score.BID and entry[-1]:
        why = [r for r in hand_faults(rules) if r] or ["penalty"]
        entry = entry[:-1] + (tuple((s, rng.choice(why)) for s, _r in entry[-1]),)
    return entry


def planned_hands(watch, rules, width, height, lang, seed, n, count=12):
    """count random entries (penalties during hands, calls, joiners: what the rules have) entered
    by their keys after ten hands, every screen on the way checked, and each one's changes in the
    history."""
    app, rng = game_app(rules, n, hands=10, seed=seed, width=width, height=height, lang=lang)
    d = Driver(app)
    planned = every_kind(rules, app.series.game.state)
    for _ in range(count):
        game = app.series.game
        if game.state.over():
            break
        entry = planned.pop(0) if planned else random_entry(rng, rules, game.state)
        try:
            game.preview(entry)
        except score.EntryError:
            continue
        watch.keys(d, presses_for(app, entry))
        watch.keys(d, "a" "c")  # the history's newest row, its changes
        app.home()


def random_walks(watch, width, height, lang, seeds, presses=200):
    """Random presses over games of the longest names: what a table that presses anything sees."""
    rng0 = random.Random(width * height)
    for seed in seeds:
        preset = ("fem", "bud", "knack")[seed % 3]
        app, _rng = game_app(long_rules(preset), (4, MAX_PLAYERS)[seed % 2], hands=9 + seed % 3,
                             seed=seed, width=width, height=height, lang=lang)
        d = Driver(app)
        rng = random.Random(seed + rng0.random())
        watch.keys(d, "".join(rng.choice("aabbcccABCd") for _ in range(presses)))


HAND_RULES = (  # the rules whose hands say the most: every kind of hand and penalty, a pot or none
    long_rules("fem"), long_rules("fem", all_pass="dealer_penalty", lone="redeal", exact_zero="bounce",
                                  pot=True, knock=True),
    long_rules("bud"), long_rules("bud", go_along=True, rs_fail="out", knock=True, pot=True),
    long_rules("knack"), long_rules("knack", exact_zero="bounce", min_bid=3, join_trick=2, pot=True))


def every_kind(rules, state):
    """An entry of each kind these rules have, for the next hand after state (the first seats
    playing, the declarer the first to speak)."""
    n = state.n
    seats = [s for s in range(n) if state.in_play(s)]
    out = [(score.ALL_PASS,), (score.MISDEAL, True)]
    if rules.knock:
        out += [(score.MISDEAL, False), (score.FAULT, seats[-1], "picked up before the knock")]
    out.append((score.ADJUST, tuple(-3 if s == seats[0] else 0 for s in range(n)), "house rule"))
    if not rules.bidding:
        if rules.lone != "play_out":
            out.append((score.LONE, seats[1]))
        tricks = tuple(3 if s == seats[0] else 2 if s == seats[1] else -1 for s in range(n))
        out.append((score.PLAY, tricks, seats[1] if rules.call else -1, ((seats[2], "penalty"),)))
        if rules.call:  # a call made: all five
            out.append((score.PLAY, tuple(5 if s == seats[0] else 0 if s == seats[1] else -1
                                          for s in range(n)), seats[0], ()))
        return out
    total = rules.tricks_per_hand
    tricks = tuple(total - 3 if s == seats[0] else 1 if s in seats[1:4] else 0 for s in range(n))
    joined = (1 << seats[1]) if rules.go_along else 0
    out.append((score.BID, seats[0], 4, tricks, joined, ()))
    out.append((score.BID, seats[2], score.BID_R,  # failed: out of the game, or the points
                tuple(total - 1 if s == seats[2] else 1 if s == seats[3] else 0 for s in range(n)), 0, ()))
    out.append((score.BID, seats[1], score.BID_R, tuple(total if s == seats[1] else 0 for s in range(n)),
                0, ()))
    return out


def menu(watch, d, label):
    """The menu's first row whose label starts with label, chosen (from the scoreboard)."""
    d.app.home()
    watch.keys(d, "b")
    items = [i[0] for i in d.app.view.items]
    watch.keys(d, "b" * next(i for i in range(len(items)) if items[i].startswith(label)) + "c")


def setup_screens(watch, width, height, lang):
    """The set-up: every row, every rule option of every preset with each of its values in
    edit, the table builder (a full table, too few), the speller (a full name, none, a name
    seated already)."""
    from firmware.ui.screens import newgame
    from tools.play.presses import Planner

    for preset in ("fem", "bud", "knack"):
        d = Driver(App(None, None, width=width, height=height, lang=lang))
        d.app.plan.set_preset(preset)
        d.app.plan.set_table(LONGEST)
        for row in range(d.app.view.count(d.app)):
            d.app.view.cursor = row
            watch.check(d.app)
        opts = newgame.OptionsView(d.app.view)
        d.app.view = opts
        for row in range(opts.count(d.app)):
            opts.cursor = row
            watch.keys(d, "c")  # edit: the value in brackets
            for _ in range(6):
                watch.keys(d, "b")  # each value in turn
            watch.keys(d, "c")
    d = Driver(App(None, None, width=width, height=height, lang=lang))
    watch.keys(d, "B" "c")  # the table: one seated
    watch.keys(d, "a" "c" "b")  # up round the top to Done: at least two; down again
    watch.keys(d, "bc" * (MAX_PLAYERS - 1))  # seven seated: done, the set-up
    watch.keys(d, "B" "c" "aa" "c")  # the table again, one seated, Spell...
    watch.keys(d, "a" "c" "c")  # the actions' row, Done: no letters yet
    watch.keys(d, "b" + "cc" * (MAX_NAME + 1))  # A a a...: the name is full
    watch.keys(d, "d" "c")  # out of the speller and in again
    Planner(d.app).spell(d.app.view.parent.table[0])  # a name seated already
    watch.check(d.app)
    watch.keys(d, "d" "d")


def start_screens(watch, width, height, lang):
    """What the device says at a start: each of the save's states, the drive's."""
    from tools.play.driver import Loaded

    class Broken(FakeStore):
        def load(self):
            raise OSError("the save is unreadable")

    class Uncovered(FakeStore):
        class copy:
            @staticmethod
            def writable():
                return False

    series = Series(long_rules("fem"), LONGEST, 0)
    cases = [Broken()]
    for code, hand in (("damaged", 12), ("damaged", None), ("unreadable", None), ("copy", 123),
                       ("newer", None)):
        st = FakeStore(series)
        st.loaded = Loaded(series if hand else None)
        st.loaded.code, st.loaded.hand = code, hand
        cases.append(st)
    for erase in (False, True):
        st = Uncovered(series)
        st.erase_always = erase
        cases.append(st)
    for store in cases:
        app = App(store, FakeExporter(True), width=width, height=height, lang=lang)
        d = Driver(app)
        watch.check(app)
        watch.keys(d, "b" * 6 + "a" * 6)  # scrolled through


def game_screens(watch, width, height, lang):
    """The screens of a game around its hands: undo (how far it reaches; nothing to undo; a
    packed game's), a knock fault and a correction entered, the scoreboard in big scores, the
    menu's export (written, the drive the computer's, older hands not kept), the new-game
    question (an unfinished game, a finished one not exported yet, none), a three-button
    build's question, hold ▶ for the call where there is none, an empty history."""
    from firmware.core.game import Game

    app, _rng = game_app(long_rules("knack", knock=True), hands=10, seed=5, width=width,
                         height=height, lang=lang)
    d = Driver(app)
    app.store.undo_limit = 12
    watch.keys(d, "A")  # undo (hold ◀): the question says how far undo reaches
    menu(watch, d, "Knackfel" if lang == "sv" else "Knock fault")
    watch.keys(d, "c" "c" "c")  # who, why, the preview
    menu(watch, d, "Rättelse" if lang == "sv" else "Correction")
    watch.keys(d, "b" * 3 + "B" + "c")
    app.home()
    app.big = True
    watch.check(app)
    app.big = False
    for exporter in (FakeExporter(True), FakeExporter(False)):
        app.exporter = exporter
        menu(watch, d, "Export")
    app.exporter = FakeExporter(True)
    app.exporter.kept_from = 9
    menu(watch, d, "Export")
    menu(watch, d, "Nytt spel" if lang == "sv" else "New game")
    app.exporter = FakeExporter(False)
    app.pending = True
    menu(watch, d, "Nytt spel" if lang == "sv" else "New game")
    # a fem game without the call on a three-button build: nothing to undo, a new game with
    # nothing entered, hold ▶ on a finished walk
    rules = long_rules("fem", call=False)
    app = App(FakeStore(Series(rules, LONGEST[:4], 0)), FakeExporter(True), width=width,
              height=height, lang=lang, back_key=False)
    d = Driver(app)
    watch.keys(d, "A")
    menu(watch, d, "Nytt spel" if lang == "sv" else "New game")
    app.home()
    watch.keys(d, presses_for(app, (score.PLAY, (3, 2, -1, -1), -1, ()))[:-1] + "B")
    # a packed game (its first hands folded into a snapshot): undo stops there, no history
    fem = long_rules("fem")
    base = Game(fem, LONGEST[:4], 0)
    base.push((score.PLAY, (3, 2, -1, -1), -1, ()))
    packed = Series(fem, LONGEST[:4], 0)
    packed.game = Game(fem, LONGEST[:4], 0, base.state, 1)
    d = Driver(App(FakeStore(packed), FakeExporter(True), width=width, height=height, lang=lang))
    watch.keys(d, "A")
    d.app.home()
    watch.keys(d, "a")


def end_screens(watch, width, height, lang):
    """A game's end: a tie's question and its extra hand, the winner of a game of a series and of
    the series (won, drawn), its standings; the winner's export that has to wait, that fails."""
    fem = long_rules("fem", start=5, series=3)
    for past, exporter in (((), FakeExporter(False)), ((0, 1), FakeExporter(True)),
                           ((1, 2), FakeExporter(True))):  # (a series won, drawn)
        series = Series(fem, LONGEST[:3], 0, past=past)  # (three: room for the row that says "=")
        app = App(FakeStore(series), exporter, width=width, height=height, lang=lang)
        d = Driver(app)
        watch.keys(d, presses_for(app, (score.PLAY, (3, 2, -1), -1, ())))  # Åsa-Lena 2, Birgitta 3
        watch.keys(d, presses_for(app, (score.PLAY, (2, 3, -1), -1, ())))  # level at 0
        watch.check(app)  # the scoreboard: the extra hand's marks
        watch.keys(d, presses_for(app, (score.PLAY, (3, 2, -1), -1, ())))
        watch.keys(d, "b" * 12 + "a" * 12)  # the winner's lines, scrolled
        menu(watch, d, "Serie" if lang == "sv" else "Series")
        menu(watch, d, "Resultat" if lang == "sv" else "Result")
    app.exporter = ExplodingExporter()
    watch.keys(d, "A" "c")  # undo the win: its file written again, which fails


class ExplodingExporter(FakeExporter):
    def __init__(self, code=None):
        FakeExporter.__init__(self, True)
        self.code = code

    def export(self, series, name=None, lang="en"):
        e = OSError("No space left on device")
        e.code = self.code
        raise e


class FailingStore(FakeStore):
    """A store whose saves fail: a full memory (False), an error, or a notice (a drive copy it
    could not write)."""

    def __init__(self, series, how):
        FakeStore.__init__(self, series)
        self.how = how
        self.notice = None

    def save(self, series):
        if self.how == "full":
            return False
        if self.how == "error":
            raise OSError("I/O error")
        self.notice = "drive copy"
        return True


def trouble_screens(watch, width, height, lang):
    """Saves and exports that fail, an unexpected error, an edit that would make later hands
    impossible, the unfinished game kept on the drive (or not) by a new game."""
    from firmware.ui.app import ErrorView
    from tools.play.presses import PlanError, Planner, clone

    rules = long_rules("fem", start=12)
    for how in ("full", "error", "notice"):
        series = Series(rules, LONGEST, 0)
        app = App(FailingStore(series, how), FakeExporter(True), width=width, height=height, lang=lang)
        d = Driver(app)
        watch.keys(d, presses_for(app, (score.PLAY, (3, 2, -1, -1, -1, -1, -1), -1, ())))
        watch.keys(d, "b" * 4)
    for code in ("io", None):
        app.exporter = ExplodingExporter(code)
        menu(watch, d, "Export")
    app.home()
    menu(watch, d, "Nytt spel" if lang == "sv" else "New game")
    watch.keys(d, "c" "a" "c")  # yes, up to Start!: the unfinished game's file fails
    app.exporter = FakeExporter(True)
    app.view = ErrorView(ValueError("an unexpected error in a long sentence of words"))
    watch.check(app)
    # an edit that makes the game end sooner: delete the later hands first, the screen says
    series = Series(rules, LONGEST[:4], 0)
    penalty = (score.PLAY, (0, 5, -1, -1), -1, ())  # Åsa-Lena plays and takes none: +5
    for e in [penalty] + [(score.PLAY, (4, -1, 1, -1), -1, ())] * 4 + [(score.MISDEAL, True)] * 10:
        series.game.push(e)  # (eleven entries to delete first: a count of two digits)
    app = App(FakeStore(series), FakeExporter(True), width=width, height=height, lang=lang)
    d = Driver(app)
    planner = Planner(clone(app))
    with contextlib.suppress(PlanError):  # refused: the keys up to it
        planner.edit(0, (score.PLAY, (1, 4, -1, -1), -1, ()))
    watch.keys(d, planner.take())


def refusal_screens(watch, width, height, lang):
    """Every refusal the core can give, worded as App.refuse shows it (a message that wraps),
    with the longest names; every core message that has short words."""
    from firmware.core.errors import EntryError
    from firmware.ui import text

    series = Series(long_rules("fem"), LONGEST, 0)
    for _ in range(11):
        series.game.push((score.PLAY, (3, 2, -1, -1, -1, -1, -1), -1, ()))
    app = App(FakeStore(series), FakeExporter(True), width=width, height=height, lang=lang)
    d = Driver(app)
    for key, rest in words.table("en"):
        if key[0] == "!":
            kinds = rest.split("\t")[0]
            params = tuple(6 if k == "s" else 99 if k == "d" else "knack" for k in kinds)
            app.refuse(EntryError("", 9, key[1:], params), app.view)
            watch.keys(d, "b" * 4)
            app.home()
    for start in text.REASONS:
        app.refuse("hand 12: " + start, app.view)
        watch.keys(d, "b" * 4)
        app.home()


def device_messages(watch, width, height, lang):
    """What the device says when it ran out of memory (firmware/device/message.py): all of it on
    the panel."""
    from firmware.device import message

    title = words.tr(lang, "Out of memory")
    text_ = words.tr(lang, "The game is as it was last saved. Press a button.")
    shown = message.message_screen(title, text_, width, height)
    if " ".join(shown.rows).split() != text_.split() or len(title) > screenmodel.cols(width):
        watch.unsaid.append(("device message", shown.text()))


def phone_screens(watch, lang, tmp_path):
    """The Wi-Fi boards' phone view: its menu rows, its codes (the text beside the code, in the
    columns at its left), and why there are none when the access point did not start."""
    from tools.sim.simulator import Sim

    sim = Sim("pico2_w", str(tmp_path / lang), lang=lang, port=0)
    try:
        d = Driver(sim.app)
        d.keys("c")  # Start!: a game
        menu(watch, d, "Telefoner" if lang == "sv" else "Phones")
        watch.keys(d, "c" "c")  # (on: the network's code shown) the page's, back
        menu(watch, d, "Telefonkoder" if lang == "sv" else "Phone codes")
        sim.phones.server = None
        sim.phones.problem = "the radio did not answer"
        menu(watch, d, "Telefonkoder" if lang == "sv" else "Phone codes")
    finally:
        sim.close()


def export_words(watch, lang):
    """The export's CSV and the phones' sheet of a game with every kind of entry: the words
    they ask for go to cells of their own."""
    from firmware.core.game import Game
    from firmware.store import exporttext
    from firmware.web.sheet import document

    for rules in HAND_RULES:
        series = Series(rules, LONGEST, 0)
        rng = random.Random(1)
        for e in every_kind(rules, series.game.state):
            series.game.push(e)
        for _ in range(40):  # (a game with bounce may never end)
            if not series.game.state.over():
                series.game.push(random_entry(rng, rules, series.game.state))
        base = Game(rules, LONGEST, 0, series.game.fold(series.game.log[:3]), 3)
        for e in series.game.log[3:]:
            base.push(e)
        for game in (series.game, base):
            exporttext.sheet_text(game, lang)
            exporttext.record_text(game, lang)
        "".join(document(series, lang, "ab12"))
    tie = Series(Rules("fem", {"start": 1}), LONGEST[:3], 0)  # two level at 0: an extra hand
    tie.game.push((score.PLAY, (2, 2, 1), -1, ()))
    tie.game.push((score.PLAY, (3, 2, -1), -1, ()))
    exporttext.sheet_text(tie.game, lang)


def test_every_line_of_the_words_fits_the_room_it_is_shown_in(watch, tmp_path):
    for lang in LANGS:
        phone_screens(watch, lang, tmp_path)
        export_words(watch, lang)
    for width, height in PANELS:
        for lang in LANGS:
            for seed, rules in enumerate(HAND_RULES):
                for n in (4, MAX_PLAYERS):  # hints below the rows, or in the titles
                    planned_hands(watch, rules, width, height, lang, seed, n)
            random_walks(watch, width, height, lang, range(6))
            setup_screens(watch, width, height, lang)
            start_screens(watch, width, height, lang)
            game_screens(watch, width, height, lang)
            end_screens(watch, width, height, lang)
            trouble_screens(watch, width, height, lang)
            refusal_screens(watch, width, height, lang)
            device_messages(watch, width, height, lang)
    failures = watch.failures()
    missing = ["%s %r" % (lang, key) for key in all_keys() for lang in LANGS
               if (lang, key) not in watch.asked]
    assert failures == [] and missing == [], "\n".join(
        failures + (["no screen here asked for:"] + missing if missing else []))
