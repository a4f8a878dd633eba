"""Setting up a game: preset, players, names, first dealer, series, rule options.

The last setup is remembered (``Setup.encode()``/``decode()``, a short text
blob that the store keeps with ``save_settings``).
"""

from firmware import buttons as K
from firmware.errors import RulesError
from firmware.game import MAX_NAME, MAX_PLAYERS, Series
from firmware.rules import OPTIONS, PRESETS, Rules
from firmware.ui.screen import Screen
from firmware.ui.views import ListView, clip, is_back

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Hans", "Ida", "Jan", "Kim",
         "Lars", "Maja", "Nils", "Olle", "Per", "Rut", "Sara", "Tor", "Ulla", "Vera",
         "Åsa", "Ärla", "Örjan")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ"
SERIES = (1, 3, 5)
BLOB = "rs1"


class Setup:
    """What the setup screen shows; also the last setup, remembered."""

    def __init__(self):
        self.preset = "fem"
        self.n = 4
        self.names = list(NAMES[:MAX_PLAYERS])
        self.dealer = 0
        self.overrides = {}
        self.lang = None

    def rules(self):
        return Rules(self.preset, self.overrides)

    def players(self):
        return self.names[:self.n]

    def set_preset(self, preset):
        if preset != self.preset:
            series = self.overrides.get("series")
            self.preset = preset
            self.overrides = {}
            if series:
                self.overrides["series"] = series
        lo = self.rules().min_players
        if self.n < lo:
            self.n = lo

    def set_n(self, n):
        self.n = n
        if self.dealer >= n:
            self.dealer = 0

    def series_len(self):
        return self.overrides.get("series", 1)

    def option(self, name):
        return getattr(self.rules(), name)

    def set_option(self, name, value):
        default = getattr(Rules(self.preset), name)
        if value == default and type(value) is type(default):
            self.overrides.pop(name, None)
        else:
            self.overrides[name] = value

    def build(self):
        """A new Series (raises RulesError with a reason)."""
        return Series(self.rules(), self.players(), self.dealer)

    def encode(self):
        opts = ";".join("%s=%s" % (k, _show(v)) for k, v in sorted(self.overrides.items()))
        return ("%s|%s|%d|%s|%d|%s|%s" % (BLOB, self.preset, self.n, ",".join(self.names),
                                          self.dealer, opts, self.lang or "")).encode()

    def decode(self, blob):
        """Restore a remembered setup; anything damaged is ignored (defaults stay)."""
        try:
            parts = bytes(blob).decode().split("|")
            if len(parts) != 7 or parts[0] != BLOB or parts[1] not in PRESETS:
                return False
            names = parts[3].split(",")
            if len(names) != MAX_PLAYERS:
                return False
            overrides = {}
            for item in parts[5].split(";"):
                if item:
                    k, _s, v = item.partition("=")
                    overrides[k] = _parse(v)
            n = int(parts[2])
            Rules(parts[1], overrides)
            if not 2 <= n <= MAX_PLAYERS:
                return False
            self.preset = parts[1]
            self.n = n
            self.names = names
            self.dealer = int(parts[4]) if 0 <= int(parts[4]) < n else 0
            self.overrides = overrides
            self.lang = parts[6] or None
            return True
        except (ValueError, RulesError, UnicodeError, TypeError):
            return False


def _show(v):
    if v is True:
        return "T"
    if v is False:
        return "F"
    return str(v)


def _parse(text):
    if text == "T":
        return True
    if text == "F":
        return False
    if text and (text.isdigit() or (text[0] == "-" and text[1:].isdigit())):
        return int(text)
    return text


class Form(ListView):
    """Rows that are actions or values: OK on a value row edits it (PREV/NEXT change
    the value, OK or back ends the edit); OK on an action row runs it."""

    editing = False
    drawing = None  # the rows while render() runs: built once per screen, not per row

    def rows(self, app):
        """Subclasses: a list of (label, choices or None, get, set_or_action)."""
        return []

    def count(self, app):
        return len(self.drawing if self.drawing is not None else self.rows(app))

    def render(self, app):
        self.drawing = self.rows(app)
        try:
            return ListView.render(self, app)
        finally:
            self.drawing = None

    def label(self, app, i):
        rows = self.drawing if self.drawing is not None else self.rows(app)
        label, choices, get, _s = rows[i]
        if choices is None:
            return label
        value = self.shown(app, get())
        if self.editing and i == self.cursor:
            return "%s <%s>" % (label, value)
        return "%s %s" % (label, value)

    def shown(self, app, value):
        return app.t(value) if isinstance(value, str) else str(value)

    def event(self, app, ev):
        if not self.editing:
            ListView.event(self, app, ev)
            return
        label, choices, get, set_ = self.rows(app)[self.cursor]
        if ev in (K.PREV, K.NEXT):
            cur = get()
            k = 0
            for j in range(len(choices)):
                if choices[j] == cur and type(choices[j]) is type(cur):
                    k = j
            k = (k + (1 if ev == K.NEXT else -1)) % len(choices)
            set_(choices[k])
        elif ev == K.OK or is_back(ev):
            self.editing = False

    def choose(self, app, i):
        label, choices, get, act = self.rows(app)[i]
        if choices is None:
            act(app)
        else:
            self.editing = True


class SetupView(Form):
    """The setup screen: Start first (the last setup is remembered)."""

    def __init__(self, app):
        ListView.__init__(self)
        self.s = app.setup

    def title(self, app):
        return app.t("New game")

    def rows(self, app):
        s = self.s
        lo = s.rules().min_players
        return (
            (app.t("Start!"), None, None, self.start),
            (app.t("Game:"), PRESETS, lambda: s.preset, s.set_preset),
            (app.t("Players:"), range(lo, MAX_PLAYERS + 1), lambda: s.n, s.set_n),
            (app.t("Names..."), None, None, self.names),
            (app.t("Dealer:"), range(s.n), lambda: s.dealer, self.set_dealer),
            (app.t("Series:"), SERIES, s.series_len, lambda v: s.set_option("series", v)),
            (app.t("Rules..."), None, None, self.options),
            (app.t("Language:"), ("sv", "en"), lambda: app.lang, app.set_lang),
        )

    def set_dealer(self, v):
        self.s.dealer = v

    def label(self, app, i):
        if i == 4:
            name = self.s.names[self.s.dealer]
            if self.editing and i == self.cursor:
                return "%s <%s>" % (app.t("Dealer:"), name)
            return "%s %s" % (app.t("Dealer:"), name)
        if i == 7:
            lang = "Svenska" if app.lang == "sv" else "English"
            if self.editing and i == self.cursor:
                return "%s <%s>" % (app.t("Language:"), lang)
            return "%s %s" % (app.t("Language:"), lang)
        return Form.label(self, app, i)

    def start(self, app):
        try:
            series = self.s.build()
        except RulesError as e:
            app.refuse(e, self, self.s.players())
            return
        app.start_series(series)

    def names(self, app):
        app.view = NamesView(self)

    def options(self, app):
        app.view = OptionsView(self)

    def leave(self, app):
        if app.series is not None:
            app.home()


class NamesView(ListView):
    """One row per seat (clockwise) and Done; OK on a seat picks its name."""

    def __init__(self, parent):
        ListView.__init__(self)
        self.parent = parent
        self.s = parent.s

    def title(self, app):
        return app.t("Names")

    def count(self, app):
        return self.s.n + 1

    def label(self, app, i):
        if i == self.s.n:
            return app.t("Done")
        return "%d %s" % (i + 1, self.s.names[i])

    def choose(self, app, i):
        if i == self.s.n:
            self.leave(app)
        else:
            app.view = NamePicker(self, i)

    def leave(self, app):
        app.view = self.parent


class NamePicker(ListView):
    """The built-in names, then Spell...: OK takes the name, back keeps the old one."""

    def __init__(self, parent, seat):
        ListView.__init__(self)
        self.parent = parent
        self.seat = seat
        name = parent.s.names[seat]
        self.cursor = NAMES.index(name) if name in NAMES else len(NAMES)

    def title(self, app):
        return app.t("Name of player %d") % (self.seat + 1)

    def count(self, app):
        return len(NAMES) + 1

    def label(self, app, i):
        return NAMES[i] if i < len(NAMES) else app.t("Spell...")

    def choose(self, app, i):
        if i == len(NAMES):
            app.view = SpellView(self)
        else:
            self.take(app, NAMES[i])

    def take(self, app, name):
        self.parent.s.names[self.seat] = name
        self.parent.cursor = self.seat + 1
        app.view = self.parent

    def leave(self, app):
        app.view = self.parent


class SpellView(ListView):
    """Spell a name: PREV/NEXT pick a letter (then Delete, Done), OK adds it.
    NEXT_LONG is Done; back leaves without changing the name."""

    def __init__(self, parent):
        ListView.__init__(self)
        self.parent = parent
        self.name = ""

    def title(self, app):
        return "%s %s_" % (app.t("Name:"), self.name)

    def count(self, app):
        return len(LETTERS) + 2

    def item(self, app, i):
        if i < len(LETTERS):
            return LETTERS[i]
        return app.t("Delete") if i == len(LETTERS) else app.t("Done")

    def render(self, app):
        i = self.cursor
        n = self.count(app)
        row = "%s [%s] %s" % (self.item(app, (i - 1) % n), self.item(app, i),
                              self.item(app, (i + 1) % n))
        rows = [clip(row, app.cols - 1)]
        if app.rows > 1:
            rows.append(clip(app.t("OK adds, hold > done"), app.cols - 1))
        return Screen(clip(self.title(app), app.cols), rows, 0)

    def choose(self, app, i):
        if i < len(LETTERS):
            if len(self.name) < MAX_NAME:
                self.name += LETTERS[i]
        elif i == len(LETTERS):
            self.name = self.name[:-1]
        else:
            self.done(app)

    def long_next(self, app):
        self.done(app)

    def done(self, app):
        if self.name:
            self.parent.take(app, self.name)

    def leave(self, app):
        app.view = self.parent


class OptionsView(Form):
    """Every option of the preset (RULES.md), each a value row."""

    def __init__(self, parent):
        ListView.__init__(self)
        self.parent = parent
        self.s = parent.s
        self.cache = None

    def title(self, app):
        return app.t("Rules") + " " + self.s.preset

    def rows(self, app):
        if self.cache is None:  # built once: the preset cannot change here
            s = self.s
            rules = s.rules()
            out = []
            for name, choice, allowed, _d in OPTIONS:
                if name == "series" or not rules.applies(name):
                    continue
                choices = allowed if choice else range(int(allowed[0]), int(allowed[1]) + 1)
                out.append((app.t(name), choices, _getter(s, name), _setter(s, name)))
            self.cache = out
        return self.cache

    def shown(self, app, value):
        if value is True:
            return app.t("on")
        if value is False:
            return app.t("off")
        return Form.shown(self, app, value)

    def leave(self, app):
        app.view = self.parent


def _getter(s, name):
    return lambda: s.option(name)


def _setter(s, name):
    return lambda v: s.set_option(name, v)
