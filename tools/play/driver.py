"""Shared helpers for the UI tests: a fake store and exporter, a driver, random games."""

import random

from firmware.ui.app import App
from firmware.ui.gameplan import NAMES
from tools.play import keymap, loop, randgame


class Loaded:
    def __init__(self, series=None, settings=None, message=None):
        self.series = series
        self.settings = settings
        self.message = message


class FakeStore:
    """The Store contract in RAM: keeps what was saved (a record per save)."""

    def __init__(self, series=None, settings=None, message=None):
        self.loaded = Loaded(series, settings, message)
        self.saves = []
        self.settings = []
        self.undo_limit = None

    def load(self):
        return self.loaded

    def save(self, series):
        self.saves.append((len(series.past), list(series.game.log)))

    def save_settings(self, blob):
        self.settings.append(bytes(blob))

    # As firmware/store/journal.py Store's: the saves in steps, one here (a subclass's save or
    # save_settings is what they run).
    def saving(self, series):
        yield from ()
        return self.save(series)

    def saving_settings(self, blob):
        yield from ()
        return self.save_settings(blob)


class ExportError(Exception):
    pass


class FakeExporter:
    def __init__(self, writable=True):
        self.ok = writable
        self.exported = []
        self.langs = []

    def writable(self):
        return self.ok

    def export(self, series, name=None, lang="en"):
        if not self.ok:
            raise ExportError("the drive is read-only")
        self.exported.append(list(series.game.log))
        self.langs.append(lang)
        return name or "%04d-%s" % (len(self.exported), series.game.rules.preset)

    def exporting(self, series, name=None, lang="en"):  # as Exporter's: export in steps, one here
        yield from ()
        return self.export(series, name, lang)


class Driver:
    """Drives an App with key strings as code.py's loop does (tools/play/loop.py), the clock
    advancing 200 ms per press."""

    def __init__(self, app=None, **kw):
        self.app = app if app is not None else App(None, None, **kw)
        self.now = 0

    def keys(self, keys):
        for ch in keys:
            if ch in " \n":
                continue
            self.now += 200
            loop.press(self.app, keymap.event_for_char(ch), self.now)
            self.app.tick(self.now)
        return self.app.screen.text()

    def answer(self, ch):
        """One press and the screen the loop draws for it before it runs the press's jobs (a save,
        an export: App.work, which the test then runs, or the next press does first)."""
        self.now += 200
        self.app.handle(keymap.event_for_char(ch), self.now)
        self.app.tick(self.now)
        return self.app.screen.text()

    def text(self):
        return self.app.screen.text()


def random_players(rng, n):
    pool = list(NAMES)
    rng.shuffle(pool)
    names = pool[:n]
    if rng.random() < 0.3:
        names[rng.randrange(n)] = "".join(rng.choice("ABCÅÖZ") for _ in range(rng.randint(1, 3)))
        if len(set(names)) != n:
            names = pool[:n]
    return names


def random_game(seed, max_entries=20):
    """A valid random game with the device's names and reasons, so buttons can enter it."""
    from firmware.core.rules import Rules
    from firmware.ui.entry.irregular import ADJUST_REASONS, fault_reasons
    from firmware.ui.screens.newgame import shown

    rng = random.Random(seed)
    rules = randgame.random_rules(rng)
    # only what Rules... offers (no pass fee in bud, knack: it changes nothing there)
    rules = Rules(rules.preset, {k: v for k, v in rules.overrides() if shown(rules, k)})
    players = random_players(rng, rng.randint(rules.min_players, 7))
    return randgame.random_game(rng, max_entries, rules, players, (fault_reasons(rules), ADJUST_REASONS),
                                faults=False)  # no penalties during a hand: the entry UI has none yet (issue 10)
