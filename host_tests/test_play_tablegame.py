"""tools/play/tablegame.py: fresh games as tables play them, for the presses benchmark."""

import random

from firmware.record.reader import load
from tools.play.driver import Driver
from tools.play.presses import keys_for_record
from tools.play.tablegame import TABLES, table_game


def kinds(games):
    out = {}
    for doc in games:
        for h in doc["hands"]:
            k = "+".join(sorted(h))
            out[k] = out.get(k, 0) + 1
    return out


def test_every_table_gets_valid_games_with_the_typical_mix():
    rng = random.Random(1)
    for table in TABLES:
        games = [table_game(rng, table) for _ in range(30)]
        for doc in games:
            game = load(doc)  # the core accepts every entry
            assert 1 <= len(game.log) <= 12 and len(doc["players"]) == int(table.split("-")[1])
        k = kinds(games)
        total = sum(k.values())
        if table.startswith("fem"):
            assert k["tricks"] / total > 0.7 and k.get("call+tricks", 0) > 0
            assert 0.02 < k["all_pass"] / total < 0.15 and 0.04 < k["lone"] / total < 0.16
        elif table == "bud-5":
            assert 0.02 < k["all_pass"] / total < 0.12 and k["bid+declarer+tricks"] > 0.85 * total
        else:
            assert k["bid+declarer+joined+tricks"] > 0.3 * total and k["fault+reason"] > 0
            assert k.get("knocked+misdeal", 0) + k.get("bid+declarer+faults+tricks", 0) + k.get(
                "bid+declarer+faults+joined+tricks", 0) > 0


def test_fresh_games_are_entered_by_the_planner():
    rng = random.Random(2)
    for table in TABLES:
        doc = table_game(rng, table)
        d = Driver()
        setup, hands = keys_for_record(d.app, doc)
        d.keys(setup + "".join(hands))
        assert d.app.series.game.log == load(doc).log
