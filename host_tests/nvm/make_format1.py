"""Make the format-1 NVM fixtures of host_tests/nvm/ (saves of the firmware before format 2).

Run it with the OLD firmware on the path, from an export of its commit:
    git archive 088cdaf firmware tools | tar -x -C /tmp/old
    cd /tmp/old && PYTHONPATH=. python3 /path/to/make_format1.py OUTDIR
It writes OUTDIR/*.bin (whole NVM images) and OUTDIR/format1.json: what that
firmware resumes each image to (the entries as record objects, the state).
"""

import json
import sys

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.record.writer import entry_to_json
from firmware.store.journal import Store
from tools.sim.fakes import FakeNVM

SETTINGS = "rs1|knack|5|Anna,Bo,Cia,Dan,Eva,Fia,Gun|1|join_trick=2|sv"


def expected(nvm, series, settings):
    """What the old firmware resumes nvm to (checked against the series in RAM)."""
    loaded = Store(FakeNVM(len(nvm.data), data=bytes(nvm.data))).load()
    assert loaded.code is None, loaded.message
    assert loaded.settings == (settings.encode() if settings else None)
    assert loaded.series.game.state == series.game.state
    g = loaded.series.game
    st = g.state
    return {"settings": settings, "preset": g.rules.preset, "overrides": dict(g.rules.overrides()),
            "players": list(g.players), "first_dealer": g.first_dealer, "past": list(loaded.series.past),
            "base_entries": g.base_entries, "hands": [entry_to_json(g.players, e) for e in g.log],
            "scores": st.scores, "out": st.out, "dealer": st.dealer, "winner": st.winner,
            "tied": list(st.tied), "hands_done": st.hands, "pot": st.pot, "balance": st.balance}


def write(out, name, nvm):
    with open("%s/%s.bin" % (out, name), "wb") as f:
        f.write(bytes(nvm.data))


def knack(out, expect):
    """knack, pot, options changed, a past game won; every entry kind, edits (commits)."""
    nvm = FakeNVM(1024)
    store = Store(nvm)
    store.load()
    rules = Rules("knack", {"pot": True, "join_trick": 2, "penalty": 6, "series": 3, "start": 20,
                            "stake": 3})
    series = Series(rules, ("Anna", "Bo", "Cia", "Dan", "Eva"), 1, (0,))
    store.save(series)
    store.save_settings(SETTINGS.encode())
    g = series.game

    def push(e):
        g.push(e)
        store.save(series)

    for e in [(score.BID, 2, 3, (1, 0, 4, 0, 1), 0b01010),
              (score.FAULT, 3, "picked up before the knock"),
              (score.MISDEAL, False),
              (score.ADJUST, (0, -2, 0, 3, 0), "scoring slip"),
              (score.ALL_PASS,),
              (score.BID, 0, 2, (2, 1, 1, 1, 1), 0)]:
        push(e)
    g.replace(4, (score.MISDEAL, True))
    store.save(series)
    g.insert(1, (score.BID, 4, 4, (0, 1, 1, 0, 4), 0b01000))
    store.save(series)
    g.delete(2)
    store.save(series)
    push((score.FAULT, 4, "did not ask go along"))
    push((score.BID, 1, score.BID_R, (0, 5, 1, 0, 0), 0))  # Bo fails Rödskägg: out
    push((score.BID, 2, 3, (2, 0, 3, 0, 1), 0b00001))
    expect["format1-knack"] = expected(nvm, series, SETTINGS)
    write(out, "format1-knack", nvm)
    # The same game, then a hand that firmware accepted and the rules now refuse:
    # joiners (Anna, Eva) with 3 tricks together.
    push((score.BID, 3, 3, (2, 0, 0, 3, 1), 0b10001))
    write(out, "format1-knack-joiners-3", nvm)


def fem(out, expect):
    """fem on a small NVM: the early hands are compacted into a snapshot."""
    nvm = FakeNVM(256)
    store = Store(nvm)
    store.load()
    rules = Rules("fem", {"start": 99, "exact_zero": "bounce", "call_fail": 7})
    series = Series(rules, ("Åsa", "Bo", "Örjan", "Dan"), 2)
    store.save(series)
    hands = [(score.PLAY, (2, 3, -1, -1), -1), (score.LONE, 1), (score.PLAY, (5, -1, 0, -1), 0),
             (score.PLAY, (-1, 1, 4, 0), -1), (score.ALL_PASS,), (score.PLAY, (1, 1, 1, 2), 3),
             (score.ADJUST, (-1, 0, 0, 2), "correction")]
    for i in range(60):
        series.game.push(hands[i % len(hands)])
        store.save(series)
    assert store.image.k > 0
    expect["format1-fem-snapshot"] = expected(nvm, series, None)
    assert expect["format1-fem-snapshot"]["base_entries"] > 0
    write(out, "format1-fem-snapshot", nvm)


def main(out):
    expect = {}
    knack(out, expect)
    fem(out, expect)
    with open(out + "/format1.json", "w", encoding="utf-8") as f:
        json.dump(expect, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
