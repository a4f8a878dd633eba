"""Shared helpers for the UI tests: a fake store and exporter, a driver, random games."""

import random

from firmware import buttons as K
from firmware import score
from firmware.game import Series
from firmware.rules import OPTIONS, Rules
from firmware.ui.app import App
from firmware.ui.entry import bids, speaking_order
from firmware.ui.setup import NAMES


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


class ExportError(Exception):
    pass


class FakeExporter:
    def __init__(self, writable=True):
        self.ok = writable
        self.exported = []

    def writable(self):
        return self.ok

    def export(self, series):
        if not self.ok:
            raise ExportError("the drive is read-only")
        self.exported.append(list(series.game.log))
        return "games/g%d" % len(self.exported)


class Driver:
    """Drives an App with key strings, the clock advancing 200 ms per press."""

    def __init__(self, app=None, **kw):
        self.app = app if app is not None else App(None, None, **kw)
        self.now = 0

    def keys(self, keys):
        for ch in keys:
            if ch in " \n":
                continue
            self.now += 200
            self.app.handle(K.event_for_char(ch), self.now)
            self.app.tick(self.now)
        return self.app.screen.text()

    def text(self):
        return self.app.screen.text()


def random_rules(rng, preset):
    rules = Rules(preset)
    for name, choice, allowed, _d in OPTIONS:
        if not rules.applies(name) or rng.random() < 0.6:
            continue
        if choice:
            rules.set(name, rng.choice(allowed))
        else:
            rules.set(name, rng.randint(allowed[0], min(allowed[1], allowed[0] + 25)))
    if rules.start > 30:
        rules.set("start", rng.randint(3, 15))
    return rules


def random_players(rng, n):
    pool = list(NAMES)
    rng.shuffle(pool)
    names = pool[:n]
    if rng.random() < 0.3:
        names[rng.randrange(n)] = "".join(rng.choice("ABCÅÖZ") for _ in range(rng.randint(1, 3)))
        if len(set(names)) != n:
            names = pool[:n]
    return names


def _split(rng, total, k):
    """total tricks among k players at random."""
    out = [0] * k
    for _ in range(total):
        out[rng.randrange(k)] += 1
    return out


def random_entry(rng, game):
    from firmware.ui.entry import ADJUST_REASONS, FAULT_REASONS
    rules = game.rules
    st = game.state
    n = st.n
    seats = speaking_order(st)
    r = rng.random()
    if r < 0.05:
        return (score.MISDEAL, rng.random() < 0.5)
    if r < 0.09:
        return (score.FAULT, rng.choice(seats), rng.choice(FAULT_REASONS))
    if r < 0.12:
        d = [0] * n
        s = rng.choice([x for x in range(n) if x not in st.out])
        d[s] = rng.choice((-3, -1, 1, 2, 5))
        return (score.ADJUST, tuple(d), rng.choice(ADJUST_REASONS))
    if r < 0.17:
        return (score.ALL_PASS,)
    if not rules.bidding:
        if r < 0.22 and rules.lone != "play_out":
            return (score.LONE, rng.choice(seats))
        k = rng.randint(1 if rules.lone == "play_out" else 2, len(seats))
        players = rng.sample(seats, k)
        tricks = [-1] * n
        if k == 1:
            tricks[players[0]] = rng.randint(0, 5)
        else:
            for s, t in zip(players, _split(rng, 5, k)):
                tricks[s] = t
        call = -1
        if rules.call and rng.random() < 0.1:
            call = rng.choice(players)
        return (score.PLAY, tuple(tricks), call)
    declarer = rng.choice(seats)
    bid = rng.choice(bids(rules))
    tricks = [0] * n
    if rules.others_score():
        for s, t in zip(seats, _split(rng, 6, len(seats))):
            tricks[s] = t
    else:
        tricks[declarer] = rng.randint(0, 6)
        if rng.random() < 0.3:
            other = rng.choice(seats)
            if other != declarer:
                tricks[other] = rng.randint(0, 6 - tricks[declarer])
    joined = 0
    if rules.go_along:
        for s in seats:
            if s != declarer and tricks[s] <= 2 and rng.random() < 0.3:
                joined |= 1 << s
    return (score.BID, declarer, bid, tuple(tricks), joined)


def random_game(seed, max_entries=20):
    """A valid random game: (rules, players, dealer, entries)."""
    rng = random.Random(seed)
    preset = rng.choice(("fem", "bud", "knack"))
    rules = random_rules(rng, preset)
    n = rng.randint(rules.min_players, 7)
    players = random_players(rng, n)
    dealer = rng.randrange(n)
    series = Series(rules, players, dealer)
    game = series.game
    tries = 0
    while len(game.log) < max_entries and not game.state.over() and tries < 200:
        tries += 1
        e = random_entry(rng, game)
        try:
            game.push(e)
        except score.EntryError:
            continue
    return game
