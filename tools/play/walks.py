"""Random key walks: presses as a table gives them, not as the key planner plans them (host only).

A walk is seeded, so a failure is found again from its seed alone. Every key a person has is
drawn, short and held, Back where the board has one (else a held OK, which is back), with gaps a
table leaves between presses: mostly a second or so, now and then a quick repeat (150-300 ms,
a second press while the first one's save is still being written).

    presses(random.Random(seed), 200)  -> [("c", 840), ("a", 170), ("B", 1320), ...]
    keys(random.Random(seed), 200)     -> "caB..."
    timed(random.Random(seed), 200)    -> [("c", 840, 110), ("a", 170, 95), ("B", 1320, 870), ...]

Used by the entry's random-walk property (host_tests/test_ui_random_walks.py) and by the board
tier's benchmark of people's paths (tools/bench).
"""

import random

from firmware.core.rules import Rules

# How often a table presses each key, out of 100: OK most, the arrows next, holds and Back now
# and then. Four buttons: "d" is Back, "D" Back held, and a held OK ("C") also goes back; three
# buttons: "C" is the only way back, so it takes Back's share.
WEIGHTS_FOUR = (("c", 30), ("a", 18), ("b", 18), ("d", 7), ("A", 9), ("B", 9), ("C", 7), ("D", 2))
WEIGHTS_THREE = (("c", 30), ("a", 18), ("b", 18), ("A", 9), ("B", 9), ("C", 16))

QUICK_MS = (150, 300)  # a quick repeat: a press soon after the last one
PACE_MS = (300, 2000)  # a table's usual pace
QUICK_SHARE = 0.25
# How long a key is held: a short press as a thumb gives it, a long one past firmware/device/buttons.py's
# 600 ms threshold with room for the board's debounce and scan (a hold near 600 ms is either).
SHORT_HOLD_MS = (70, 250)
LONG_HOLD_MS = (700, 1100)

# The tables the walks play: each preset with its common options, 2 to 7 players.
TABLES = (("fem", 2, {}), ("fem", 3, {"lone": "play_out"}), ("fem", 4, {}), ("fem", 5, {"pot": True}),
          ("fem", 6, {}), ("fem", 7, {}), ("bud", 3, {}), ("bud", 4, {"go_along": True}),
          ("bud", 5, {}), ("bud", 6, {"defenders_score": True}), ("bud", 7, {}),
          ("knack", 3, {}), ("knack", 4, {"join_trick": 2}), ("knack", 5, {}), ("knack", 6, {}),
          ("knack", 7, {}))
NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")


def key(rng, back_key=True):
    """One key of the simulator's alphabet (tools/play/keymap.py), drawn as a table presses."""
    weights = WEIGHTS_FOUR if back_key else WEIGHTS_THREE
    roll = rng.randrange(sum(w for _k, w in weights))
    for k, w in weights:
        if roll < w:
            return k
        roll -= w
    return weights[-1][0]


def gap(rng):
    """The time from the last press to this one's key going down, in ms."""
    lo, hi = QUICK_MS if rng.random() < QUICK_SHARE else PACE_MS
    return rng.randint(lo, hi)


def hold(rng, ch):
    """How long the key of ch (a capital: a long press) is held down, in ms."""
    lo, hi = LONG_HOLD_MS if ch.isupper() else SHORT_HOLD_MS
    return rng.randint(lo, hi)


def timed(rng, count, back_key=True):
    """count presses as the board plays them: (key, gap_ms from the last release to its key going
    down, hold_ms)."""
    out = []
    for ch, g in presses(rng, count, back_key):
        out.append((ch, g, hold(rng, ch)))
    return out


def presses(rng, count, back_key=True):
    """count presses: (key, gap_ms before it)."""
    return [(key(rng, back_key), gap(rng)) for _ in range(count)]


def keys(rng, count, back_key=True):
    """count keys as a string, for the tests that take a press at a time."""
    return "".join(key(rng, back_key) for _ in range(count))


def table(seed):
    """The table of a walk's seed: (Rules, players, dealer), every table in TABLES in turn."""
    preset, n, options = TABLES[seed % len(TABLES)]
    rng = random.Random(seed)
    return Rules(preset, options), list(NAMES[:n]), rng.randrange(n)
