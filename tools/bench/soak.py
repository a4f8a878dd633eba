"""``make soak``: an evening on the emulated Pico (tools/board), not part of ``make test``.

Three 7-player knack games in a row, seated from the roster in new orders, each played to its end
with hands drawn as tables play them (tools/play/tablegame.py), the finished game exported to the
drive as it ends. The first and the third game are played alike (as long, an undo twice, one hand
changed in the history and changed back), so that what differs between their heaps is what the
evening left behind; the second holds the rest: the power cut in the middle of entering a hand, the
language switched to English and back, big text on and off, a hand deleted in the history and
entered again. The evening is two power-ons of the board (before and after the cut); the simulator
plays the same keys, and every frame, the NVM and the game's files on the drive must equal its own.

It prints how long it took, the lowest free heap in each game (after each draw and collection, as
``make bench``) and the press-to-frame p90 of the first and the last 50 presses, beside the goals:
no traceback or MemoryError, the third game's lowest free heap within 1 KiB of the first's and at
least 80 KiB, the last 50 presses' p90 within 10% of the first 50's.

    python -m tools.bench.soak [--games N]
"""

import random
import shutil
import sys
import time

from tools import board as B
from tools.bench import Progress
from tools.bench import board as BB
from tools.vm import device as C

PLAYERS = C.KNACK7_PLAYERS
GAMES = 3
HANDS = 12  # every game of the soak ends after this many hands: as the typical knack games end
SAME_MS = 1024  # the third game's lowest free heap within this of the first's
WINDOW = 50  # presses at each end of the evening
SLOWER = 0.10  # the last presses' p90 within this of the first's
RUN_TIMEOUT_S = 4 * 3600  # a power-on of the emulator (the longest plays two games and more)
CUT_AT = 2  # the second game's hand that is half entered when the power is cut


def changed_at(entries):
    """The first hand (from the second on) that the history edit changes into the next one's and
    back: both bids (the same entry screens), or None."""
    from firmware.core import score

    return next((h for h in range(1, len(entries) - 1)
                 if entries[h][0] == entries[h + 1][0] == score.BID), None)


def draw_game(seed, players, dealer):
    """The entries of a knack game of players drawn as tables play (from seed on: the first seed
    whose game ends after HANDS hands and has a hand to change, changed_at), and that seed."""
    from firmware.core.errors import RodskaggError
    from firmware.core.game import Game
    from firmware.core.rules import Rules
    from firmware.record.reader import entry_from_json
    from tools.play import tablegame

    while True:
        rng = random.Random(seed)
        game = Game(Rules("knack"), players, dealer)
        entries = []
        while not game.state.over() and len(entries) <= HANDS:
            for _try in range(50):
                entry = entry_from_json(players, tablegame.knack_hand(rng, players, game.state.dealer))
                try:
                    game.push(entry)
                except RodskaggError:
                    continue
                entries.append(entry)
                break
        if game.state.over() and len(entries) == HANDS and changed_at(entries) is not None:
            return entries, seed
        seed += 1


def plan(games=GAMES):
    """[(what, keys, game)] per power-on of the evening of games games (the first on the simulator
    only: the seven names into the roster), game: the game (0-2) each press of keys belongs to, as
    a list. (With fewer than two games there is no power cut: one power-on.)"""
    from firmware.core.rules import Rules
    from firmware.ui.entry import flow as E
    from tools.play.presses import is_view

    sp = C.ScenarioPlanner()
    marks = []  # the game of each key typed, in order

    def typed(game):
        marks.extend([game] * (len(sp.keys) - len(marks)))

    rules = Rules("knack")
    sp.power_on()
    p = sp.planner()
    p.new_game(rules, PLAYERS, 0)
    sp.planned(p)
    sp.power_off("seven names spelled, a knack game of 7 started")
    runs = [(sp.runs[-1][0], sp.runs[-1][1], [])]
    sp.power_on()
    del marks[:]
    seed = 100
    for g in range(games):
        if type(sp.app.view).__name__ != "NewGameView":  # (the winner screen's OK opens it)
            sp.menu("New game")
            sp.press("c")  # yes
        players = PLAYERS[2 * g + 1:] + PLAYERS[:2 * g + 1]
        p = sp.planner()
        p.new_game(rules, players, g)
        sp.planned(p)
        typed(g)
        entries, seed = draw_game(seed, players, g)
        seed += 1
        change = changed_at(entries) if g != 1 else None
        for h, entry in enumerate(entries):
            if g == 1 and h == CUT_AT:  # the power cut: half a hand entered, then the plug
                sp.press("cbb")
                typed(g)
                sp.power_off("game 1, game 2 to its hand %d's entry: the power cut" % (h + 1))
                runs.append((sp.runs[-1][0], sp.runs[-1][1], list(marks)))
                del marks[:]
                sp.power_on()
            if g == 1 and h == 3:
                sp.menu("Language:")  # English
                sp.press("C")  # back to the scoreboard
            if g == 1 and h == 4:
                sp.menu("Big scores:")  # big text on: the scoreboard at twice the size
                sp.press("C")
            if g == 1 and h == 6:
                sp.menu("Big scores:")  # and off
                sp.press("C")
            if g == 1 and h == 7:
                sp.menu("Language:")  # back to Swedish
                sp.press("C")
            sp.enter(entry)
            if h in (2, 5):  # an undo (asks), the hand entered again
                sp.press("A")
                sp.press("c")
                sp.enter(entry)
            if g == 1 and h == 8:  # a history edit: the last hand deleted, then entered again
                sp.edit_entry("Delete")
                sp.press("c")  # yes
                sp.enter(entry)
            if h == change:  # a history edit: the last hand changed to the next one's, then back again
                for hand in (entries[h + 1], entry):
                    sp.edit_entry("Edit")
                    p = sp.planner()
                    p.bidding(hand)
                    if is_view(sp.app.view, E.Preview):
                        p.press("c")
                    sp.planned(p)
            typed(g)
        sp.press("c")  # the winner screen (the game exported as it ended) to the scoreboard
        typed(g)
    sp.power_off("the rest of the evening" if games > 1 else "game 1")
    runs.append((sp.runs[-1][0], sp.runs[-1][1], list(marks)))
    sp._tmp.cleanup()
    return runs


def paced(before, keys):
    """keys as a person presses them (tools/vm/device.py ``person_paced``): a wait after each press
    that writes the drive (a finished game's export; a new game's first save, which writes the
    drive copy save/copy.bin before its NVM erase), on the simulator after the runs before; and for
    each character of the result, the index of the character of keys it comes from. The board takes
    presses made while it writes after the writing, all before the next frame (tools/board/README.md),
    so the screens between them, which the simulator draws, would never be drawn."""
    from tools.sim import simulator as S

    sim = C.SimDevice()
    try:
        for k in before:
            sim.run(k)
        look = S.Sim(sim.board, sim.state)
        out, origin = "", []
        for i, ch in enumerate(keys):
            was, copies = sim.exports(), look.store.copy.writes
            look.press(ch)
            out += ch
            origin.append(i)
            if ch != "." and (sim.exports() != was or look.store.copy.writes != copies):
                out += "."
                origin.append(i)
        look.close()
        return out, origin
    finally:
        sim.close()


def press_games(keys, origin, games):
    """The game of each press of keys (its waits left out)."""
    return [games[origin[i]] for i, ch in enumerate(keys) if ch not in " .\n\t\r"]


def game_files(drive):
    """The files of a drive ({path: bytes}) the game writes: the exports and the drive copy."""
    return {p: v for p, v in drive.items() if p.startswith(("/games/", "/save/"))}


def sim_drive(sim):
    """The simulator's drive as {path: bytes}, as the board's drive() gives it."""
    import os

    root = os.path.join(sim.state, "drive")
    out = {}
    for folder, _dirs, names in os.walk(root):
        for name in names:
            with open(os.path.join(folder, name), "rb") as f:
                out["/" + os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")] = f.read()
    return out


def main(argv=None):
    from tools.shared import ArgumentParser, positive

    ap = ArgumentParser(prog="python -m tools.bench.soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=positive, default=GAMES, help="games in the evening (fewer to try it out)")
    games = ap.parse_args(argv).games
    why = B.missing() or (None if C.mpy_cross() else "CircuitPython's mpy-cross not found")
    if why:
        print("soak: skipped: %s" % why)
        return 0
    started = time.time()
    runs = plan(games)
    folder, probed = BB.probed_bundle("pico")
    if not probed:
        print("soak: code.py no longer matches the bench's probe")
        return 1
    sim = C.SimDevice()
    sim.run(runs[0][1])
    board = B.Board(bundle=folder, nvm=sim.nvm(), files=game_files(sim_drive(sim)))
    problems = []
    lowest = {}  # game -> lowest free heap after a draw and collection
    where = {}  # game -> the view then shown
    before = {}  # game -> lowest free heap after a press's handling, before any collection
    lat = []  # (ms, waited) of every press that brought a frame, in order
    presses = 0
    emulated = 0.0
    progress = Progress("soak", total=len(runs) - 1)  # a line at least every 30 s of a power-on's minutes
    try:
        for n, (what, keys, marks_of) in enumerate(runs[1:], 1):
            played, origin = paced([k for _w, k, _g in runs[:n]], keys)
            r = progress.job("power-on %d" % n, board.run)(played, gap_ms=BB.GAP_MS, timeout=RUN_TIMEOUT_S)
            s = sim.run(played)
            emulated += r.t_ms / 1000.0
            if r.stop != "time":
                problems.append("%s: the board stopped: %s" % (what, r.stop))
            for bad in ("Traceback", "MemoryError"):
                if bad in r.console:
                    problems.append("%s: %s on the console:\n%s" % (what, bad, r.console[-1500:]))
            i = B.first_difference(r.frames, s.frames)
            if i is not None:
                problems.append("%s: frame %d of %d differs from the simulator's" % (what, i, len(B.shown(r.frames))))
            if board.nvm() != sim.nvm():
                problems.append("%s: the NVM differs from the simulator's" % what)
            if game_files(board.drive()) != game_files(sim_drive(sim)):
                problems.append("%s: the game's files on the drive (games/, save/) differ from the simulator's" % what)
            seen, _start = BB.probes(r)
            marks = BB.effects(played, B.START_MS, BB.GAP_MS)
            game_of = press_games(played, origin, marks_of)
            presses += len(marks)
            for p in seen:
                k = sum(1 for t in marks if t <= p[0])
                g = game_of[max(0, k - 1)] if game_of else 0
                if p[4] < lowest.get(g, p[4] + 1):
                    lowest[g], where[g] = p[4], p[1]
                before[g] = min(before.get(g, p[7]), p[7])
            lat += [(x[1], x[3]) for x in BB.latencies(r, played, B.START_MS, BB.GAP_MS, seen)]
            print("  power-on %d (%s): %d presses, %.0f s emulated in %.0f s; %s" % (
                n, what, len(marks), r.t_ms / 1000.0, r.wall_ms / 1000.0,
                "; ".join(problems) or "equal to the simulator"), flush=True)
    finally:
        board.close()
        sim.close()
        shutil.rmtree(folder.rsplit("/", 1)[0], ignore_errors=True)
    took = time.time() - started
    print("soak (pico, emulated RP2040, CircuitPython 10.3 UF2, .mpy bundle): %d presses in %d power-ons, "
          "%.0f s emulated; took %.0f s (%.1f min) on this machine" % (
              presses, len(runs) - 1, emulated, took, took / 60))
    print("  %s" % ("; ".join(problems) if problems else
                    "every frame, the NVM and the game's files on the drive equal to the simulator's; no traceback, "
                    "no MemoryError"))
    print("  lowest free heap per game (after a draw and collection): %s" % ", ".join(
        "game %d %d B (%s)" % (g + 1, lowest[g], where[g]) for g in sorted(lowest)))
    print("  (right after a press's handling, before any collection: %s)" % ", ".join(
        "game %d %d B" % (g + 1, before[g]) for g in sorted(before)))
    first, last = lowest.get(0), lowest.get(games - 1)
    ok_heap = first is not None and last is not None and first - last <= SAME_MS and last >= BB.GOAL_FREE
    print("  goal: the third game's lowest within %d B of the first's and >= %d: %s" % (
        SAME_MS, BB.GOAL_FREE, "met" if ok_heap else "not met"))
    ms = [m for m, waited in lat if not waited]
    head, tail = BB.pct(ms[:WINDOW], 0.9), BB.pct(ms[-WINDOW:], 0.9)
    print("  press to the last I2C byte of its frame, p90: the first %d presses %.0f ms, the last %d %.0f ms "
          "(goal: within %d%%: %s); all %d: %s" % (
              WINDOW, head, WINDOW, tail, SLOWER * 100, "met" if tail <= head * (1 + SLOWER) else "not met",
              len(ms), BB.line(ms)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
