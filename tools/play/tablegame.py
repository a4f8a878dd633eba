"""Games as tables play them, fresh ones: the presses benchmark on games the entry was not
tuned on (host only).

host_tests/typical holds a few games of each table (``fem`` of 4 and 6, ``bud`` of 5,
``knack`` of 5); the UI was tuned on them. ``table_game(rng, table)`` draws a new game of
the same kind: 12 entries with the mix those games have (fitted by hand to them): in
``fem`` who plays, how many take no trick, all pass, lone hands, Rödskägg calls (some
failed); in ``bud``/``knack`` the declarer, the bid and how far the tricks miss it, all
pass, who goes along and their share of the last two tricks, misdeals, knock faults and a
penalty during a hand now and then. Every entry is checked by the rules core.

``python3 -m tools.play.tablegame [GAMES]`` prints presses per hand per table, as
``make bench`` does (tools/bench/ui.py).
"""

import random
import sys

from firmware.core.errors import RodskaggError
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.record.format import FORMAT
from firmware.record.reader import entry_from_json

TABLES = ("fem-4", "fem-6", "bud-5", "knack-5")
PLAYERS = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia")
HANDS = 12

# (weight, value) lists, read off host_tests/typical.
FEM_PLAYING = {4: ((54, 2), (33, 3), (13, 4)),
               6: ((16, 2), (26, 3), (31, 4), (19, 5), (8, 6))}
FEM_NO_TRICK = {4: ((85, 0), (15, 1)), 6: ((38, 0), (40, 1), (12, 2), (10, 3))}
BUD_BID = ((4, 1), (16, 2), (42, 3), (20, 4), (13, 5), (5, 6))
BUD_MISS = ((13, -2), (20, -1), (24, 0), (22, 1), (21, 2))  # tricks taken - bid
KNACK_BID = ((12, 1), (30, 2), (35, 3), (23, 4))
KNACK_MISS = ((2, -3), (12, -2), (35, -1), (20, 0), (18, 1), (5, 2), (8, 3))
KNACK_JOINERS = ((44, 0), (44, 1), (12, 2))
# The declarer, counted clockwise from the dealer (0: the dealer, 1: the first to speak).
BUD_DECLARER = ((9, 0), (10, 1), (7, 2), (7, 3), (12, 4))
KNACK_DECLARER = ((12, 0), (6, 1), (8, 2), (8, 3), (9, 4))


def pick(rng, weighted):
    """A value of a (weight, value) list."""
    k = rng.uniform(0, sum(w for w, _v in weighted))
    for w, v in weighted:
        k -= w
        if k <= 0:
            return v
    return weighted[-1][1]


def spread(rng, tricks, seats):
    """tricks over seats, each at least one: {seat: tricks}."""
    out = dict.fromkeys(seats, 1)
    for _ in range(tricks - len(seats)):
        out[rng.choice(seats)] += 1
    return out


def declarer(rng, players, dealer, weighted):
    return players[(dealer + pick(rng, weighted)) % len(players)]


def fem_hand(rng, players, _dealer):
    n = len(players)
    r = rng.random()
    if r < 0.07:
        return {"all_pass": True}
    if r < 0.16:
        return {"lone": rng.choice(players)}
    playing = rng.sample(players, pick(rng, FEM_PLAYING[n]))
    zero = max(len(playing) - 5, min(pick(rng, FEM_NO_TRICK[n]), len(playing) - 1))
    tricks = dict.fromkeys(playing[:zero], 0)
    tricks.update(spread(rng, 5, playing[zero:]))
    hand = {"tricks": tricks}
    if rng.random() < 0.1:  # a Rödskägg call: mostly by the one with most tricks
        top = max(tricks.values())
        best = [p for p in playing if tricks[p] == top]
        hand["call"] = rng.choice(best if rng.random() < 0.7 else playing)
    return hand


def bud_hand(rng, players, dealer):
    if rng.random() < 0.06:
        return {"all_pass": True}
    who = declarer(rng, players, dealer, BUD_DECLARER)
    bid = pick(rng, BUD_BID)
    took = max(0, min(6, bid + pick(rng, BUD_MISS)))
    return {"declarer": who, "bid": bid, "tricks": {who: took}}


def knack_hand(rng, players, dealer):
    r = rng.random()
    if r < 0.02:
        return {"misdeal": True, "knocked": True}
    if r < 0.10:
        return {"fault": rng.choice(players), "reason": "picked up before the knock"}
    who = declarer(rng, players, dealer, KNACK_DECLARER)
    bid = pick(rng, KNACK_BID)
    took = max(0, min(6, bid + pick(rng, KNACK_MISS)))
    others = [p for p in players if p != who]
    rng.shuffle(others)
    joined = others[:pick(rng, KNACK_JOINERS)]
    share = 0
    tricks = {who: took} if took else {}
    for p in joined:  # the joiners share the last two tricks
        t = min(6 - took - share, 2 - share, 1 if rng.random() < 0.5 else 0)
        if t:
            tricks[p] = t
        share += t
    left = 6 - took - share
    rest = others[len(joined):]
    if left:
        tricks.update(spread(rng, left, rest[:min(len(rest), left, rng.randint(1, 3))]))
    hand = {"declarer": who, "bid": bid, "tricks": tricks}
    if joined:
        hand["joined"] = joined
    if rng.random() < 0.02 and others:
        hand["faults"] = {rng.choice(others): "forgot to ask går med"}
    return hand


DRAW = {"fem": fem_hand, "bud": bud_hand, "knack": knack_hand}


def table_game(rng, table):
    """A rodskagg-record/1 game of table ("fem-4"...): up to HANDS entries the core accepts."""
    preset, n = table.split("-")
    players = list(PLAYERS[:int(n)])
    dealer = rng.choice(players)
    game = Game(Rules(preset), players, players.index(dealer))
    hands = []
    while len(hands) < HANDS and not game.state.over():
        for _try in range(50):
            hand = DRAW[preset](rng, players, game.state.dealer)
            try:
                game.push(entry_from_json(game.players, hand))
            except RodskaggError:
                continue  # a player out, an extra hand: draw again
            hands.append(hand)
            break
        else:
            break
    return {"format": FORMAT, "rules": {"preset": preset}, "players": players,
            "dealer": dealer, "hands": hands}


def presses_per_hand(games=40, seed=18):
    """{table: (hands, presses)} over ``games`` fresh games a table (keys: tools/play/presses.py)."""
    from firmware.ui.app import App
    from tools.play.presses import keys_for_record

    out = {}
    for table in TABLES:
        rng = random.Random("%s-%d" % (table, seed))
        hands = presses = 0
        for _g in range(games):
            _setup, keys = keys_for_record(App(None, None), table_game(rng, table))
            hands += len(keys)
            presses += sum(len(k) for k in keys)
        out[table] = (hands, presses)
    return out


def main(argv):
    games = int(argv[0]) if argv else 40
    for table, (hands, presses) in sorted(presses_per_hand(games).items()):
        print("%-8s %4d hands: %.2f presses per hand" % (table, hands, presses / hands))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
