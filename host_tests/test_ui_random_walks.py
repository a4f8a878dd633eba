"""What the table chose is what is saved, on every path: the UI walked at random, not along the
key planner's paths.

Seeded walks of every key a person has (tools/play/walks.py: short and held ◀ ▶ OK, Back where
the board has it, else a held OK), from a scoreboard some hands into a game, over every preset
with its common options, 2 to 7 players, on 128x64 and 128x32, with three and four buttons. The
walks go everywhere a table goes (the history and its edits and inserts, the menu, undo, new
games); after every key, wherever a hand is being entered, they check:

- P1, what you see is what is saved: a press that saves an entry saves what the screen showed
  just before it (each player's score before > after, the winner, out);
- P2, moving is not choosing: a press that only moves a cursor (◀ ▶ on a list, Back anywhere)
  changes no value of the hand being entered (``flow.hand``, the entry model);
- P3, one truth: every screen of the hand shows the values the model holds (a walk's rows, its
  penalties and call, the joiners, the list that opens on a value);
- P4, no broken promise: when OK refuses, the screen said so before the press; a title or hint
  that says what OK does (saves, shows, joins, takes a penalty away) is what OK does.

And no press ends in the error screen. A failure prints its seed and the keys from the walk's
start to the failing one: ``python -m host_tests.test_ui_random_walks SEED`` plays it again and
prints every screen. ``RANDOM_WALKS=N`` (a night's run) walks N seeds instead of make test's.
"""

import os
import random
import re
import sys

import pytest

from firmware.core import score
from firmware.ui.entry import flow as F
from firmware.ui.views import ListView, Message
from tools.play import randgame, walks
from tools.play.driver import Driver, FakeStore
from tools.play.presses import is_view, presses_for

SEEDS = int(os.environ.get("RANDOM_WALKS", "512"))
STEPS = 250  # keys per walk: some hands, and the screens around them


class Broken(AssertionError):
    pass


def config(seed):
    """A walk's table, panel, buttons and language: every table of walks.TABLES on both panels,
    with three and with four buttons, in turn; one walk in four in Swedish."""
    rules, players, dealer = walks.table(seed)
    k = seed // len(walks.TABLES)
    return rules, players, dealer, (64, 32)[k % 2], bool(k // 2 % 2 == 0), "sv" if seed % 4 == 3 else "en"


def in_entry(view):
    """A screen of the hand being entered (its lists, walks and preview), not a message."""
    return type(view).__module__.startswith("firmware.ui.entry") and not is_view(view, Message)


def model(hand):
    return (tuple(hand.tricks), hand.declarer, hand.bid, hand.joined, hand.faults, hand.call,
            hand.seat, hand.reason, hand.knocked, tuple(hand.deltas))


class Walker:
    """Plays one seed's walk, a key at a time, checking P1-P4 after each."""

    def __init__(self, seed, steps=STEPS):
        self.seed = seed
        rules, players, dealer, height, back_key, lang = config(seed)
        from firmware.core.series import Series
        from firmware.ui.app import App

        series = Series(rules, players, dealer)
        self.store = FakeStore(series)
        self.d = Driver(App(self.store, None, height=height, lang=lang, back_key=back_key))
        self.app = self.d.app
        rng = random.Random(seed)
        reasons = (("picked up before the knock",), ("correction",))
        for _ in range(rng.randrange(5)):  # some hands into the game, by the planner's keys
            game = self.app.series.game
            entry = randgame.random_entry(rng, rules, game.state, reasons, faults=False)
            self.d.keys(presses_for(self.app, entry))
            if game.state.over():
                break
        self.keys = walks.keys(rng, steps, back_key)
        self.flow = None
        self.played = ""

    def run(self):
        for ch in self.keys:
            self.step(ch)

    def hand(self):
        """The hand being entered: the model of the entry the screen shows (the last flow seen on
        a screen: a pick list of reasons or yes/no shows the flow of the screen before it)."""
        flow = getattr(self.app.view, "flow", None)
        if flow is not None and hasattr(flow, "hand"):
            self.flow = flow
        return self.flow.hand if self.flow is not None else None

    def step(self, ch):
        app = self.app
        view = app.view
        screen = app.screen
        entering = in_entry(view)
        hand = self.hand() if entering else None
        values = model(hand) if hand is not None else None
        game = app.series.game if app.series is not None else None
        log = list(game.log) if game is not None else None
        scores = list(game.state.scores) if game is not None else None
        cursor = getattr(view, "cursor", None)
        done = getattr(view, "done", False)
        self.played += ch
        self.d.keys(ch)
        now = app.view
        if type(now).__name__ == "ErrorView":
            self.fail("the error screen", screen)
        if not entering:
            return
        saved = app.series is not None and app.series.game is game and game.log != log
        if saved:
            self.saved(screen, view, scores, game, ch)
        if hand is None:
            return
        if (ch in "dDC" or (ch in "ab" and is_list(view))) and model(hand) != values:
            self.fail("P2: %r only moved a cursor, yet the hand changed: %s -> %s"
                          % (ch, values, model(hand)), screen)
        if ch in "ab" and is_walk(view) and now is view and not done and view.cursor == cursor:
            self.only_the_row(view, cursor, values, model(hand), screen)
        if ch == "c":
            self.promise(screen, view, now, hand, values, saved, game)
        if in_entry(now) and hand is not None and self.hand() is hand:
            self.one_truth(now, hand, now is not view)

    # -- P1 ----------------------------------------------------------------------------------

    def saved(self, screen, view, before, game, ch):
        """P1: every score the screen showed as before > after is the game's before and after."""
        after = game.state
        players = game.players
        rows = list(screen.rows)
        if is_view(view, _result_list()):  # bud's result list: the declarer is in the title
            who = screen.title.split(" ")[0]
            picked = screen.selected + {"c": 0, "A": -1, "B": 1}[ch]  # a hold: the row beside
            if not 0 <= picked < len(screen.rows) - 1:
                return  # off the panel (a hold from its edge): nothing shown to compare
            rows = [who + " " + screen.rows[picked]]
        seen = 0
        for row in rows:
            seat = seat_of(row, players)
            if seat < 0:
                continue
            change = re.search(r"(-?\d+)>(-?\d+|ut|out)", row)
            if change is None:
                if not (is_walk(view) or is_view(view, _join())):
                    continue
                still = re.search(r"(-?\d+)$", row)  # a walk's row that does not move
                if still is None:
                    continue
                shown = (int(still.group(1)), int(still.group(1)))
            else:
                shown = (int(change.group(1)), change.group(2))
            seen += 1
            if shown[0] != before[seat]:
                self.fail("P1: %s's score before was %d, the screen said %d"
                          % (players[seat], before[seat], shown[0]), screen)
            if shown[1] in ("ut", "out"):
                if seat not in after.out:
                    self.fail("P1: the screen said %s goes out" % players[seat], screen)
            elif int(shown[1]) != after.scores[seat]:
                self.fail("P1: %s's score was saved as %d, the screen said %s"
                          % (players[seat], after.scores[seat], shown[1]), screen)
        wins = re.search(r"OK\? (\S+) (wins|vinner)", screen.title)
        if wins and not (after.over() and players[after.winner].startswith(wins.group(1))):
            self.fail("P1: the title said %s wins" % wins.group(1), screen)
        if seen == 0:
            self.fail("P1: a save from a screen that showed no score", screen)

    # -- P2 ----------------------------------------------------------------------------------

    def only_the_row(self, view, cursor, before, after, screen):
        """P2 on a walk: ◀ ▶ change the value of the row at the cursor, and nothing else."""
        seat = view.seats[cursor]
        field = 0 if not is_view(view, _adjust()) else 9
        for k in range(len(before)):
            if before[k] == after[k]:
                continue
            if k == field and all(before[k][s] == after[k][s] for s in range(len(before[k])) if s != seat):
                continue
            if k == 5 and field == 0 and after[0][seat] == F.PASS:
                continue  # a pass takes back that player's call, as the core requires
            self.fail("P2: ◀/▶ on %s's row changed more than that row: %s -> %s"
                      % (view.flow.name(seat), before, after), screen)

    # -- P3 ----------------------------------------------------------------------------------

    def one_truth(self, view, hand, opened):
        """P3: what the screen shows of the hand is the model's (a list: as it opens)."""
        screen = self.app.screen
        app = self.app
        names = app.series.game.players
        if is_view(view, _rows()):
            entry = view.entry() if view.done else None
            if entry is not None and entry[0] not in (score.PLAY, score.BID):
                return  # an all pass, a lone hand: nobody played, so no penalty or call shows
            for row in screen.rows:
                seat = seat_of(row, names)
                if seat < 0 or seat not in view.seats:
                    continue
                i = view.seats.index(seat)
                cell = value_cell(row, names[seat], view.done)
                if not cell or (i > view.cursor and not view.done):
                    continue
                want = view.shown if i == view.cursor and not view.done else hand.tricks[seat]
                if i == view.cursor and not view.done:
                    cell = cell.strip("<>")
                if not shows_value(cell, want):
                    self.fail("P3: %s's row shows %r, the hand holds %r" % (names[seat], cell, want), screen)
                if ("!" in cell) != bool(hand.fault_mark(seat)):
                    self.fail("P3: %s's penalty mark %r, the hand's penalties %r"
                              % (names[seat], cell, hand.faults), screen)
                if view.done and is_view(view, _fem()):
                    called = cell.rstrip("!").endswith(" R")
                    if called != (hand.call == seat):
                        self.fail("P3: %s's call mark, the hand's call %r" % (names[seat], hand.call), screen)
        elif is_view(view, _join()):
            for row in screen.rows:
                seat = seat_of(row, names)
                if seat < 0:
                    continue
                joined = bool(re.search(r"\s(in|med)!?$", value_cell(row, names[seat], True)))
                if joined != bool(view.joined() >> seat & 1):
                    self.fail("P3: %s's går med mark, the hand's joiners %s" % (names[seat], bin(view.joined())),
                              screen)
        elif not opened:
            return
        elif is_view(view, _result_list()):  # on the declarer's tricks in the hand, else the bid's
            want = hand.tricks[hand.declarer]
            if want is None:
                want = view.bidding.bid_tricks()
            if view.cursor != want:
                self.fail("P3: the result list opened on %d, the hand holds %r" % (view.cursor, want), screen)
        elif is_view(view, _seat_list()) and view.extra == (app.tr("All pass"),) and hand.declarer != -1:
            on = view.seats[view.cursor] if view.cursor < len(view.seats) else F.ALL_PASSED
            if on != hand.declarer:
                self.fail("P3: the declarer list is on row %d, the hand's declarer is %s"
                          % (view.cursor, hand.declarer), screen)
        elif is_view(view, _bid_list()):
            if hand.bid is not None and view.choices[view.cursor] != hand.bid:
                self.fail("P3: the bid list opened on %r, the hand's bid is %r"
                          % (view.choices[view.cursor], hand.bid), screen)

    # -- P4 ----------------------------------------------------------------------------------

    def promise(self, screen, view, now, hand, values, saved, game):
        """P4: OK refused only where the screen said so; what a title says OK does, OK does."""
        app = self.app
        tr = app.tr
        title = screen.title.rstrip("▼▲")
        said = [title] + list(screen.rows)
        if is_view(now, Message) and now.head == tr("Not possible"):
            short = now.text.split("\n")[-1].strip()
            why = title_of_refusal(app, view)  # the screen's words for the refusal of its entry
            if not (any(short in x or tr("OK: not possible") in x for x in said)
                    or (why and why[:len(title)] == title)):
                self.fail("P4: OK refused (%s), the screen did not say so" % short, screen)
            return
        hint = [x.strip() for x in screen.rows]
        says_saves = (title.endswith(tr("OK saves")) or tr("OK saves ") in title
                      or any(x.startswith(tr("OK: save")) for x in hint))
        if says_saves and not saved:
            self.fail("P4: the title said OK saves, and it did not", screen)
        says_shows = (title.endswith(tr("OK shows")) or tr("OK shows ") in title
                      or any(x.startswith(tr("OK: show")) for x in hint))
        if says_shows and not is_view(now, F.Preview):
            self.fail("P4: the title said OK shows the preview, and it did not", screen)
        names = game.players if game is not None else []
        for seat in range(len(names)):
            if title == tr("OK: %s joined") % names[seat] and not view.joined() >> seat & 1:
                self.fail("P4: the title said %s joins, and OK did not" % names[seat], screen)
            if title == tr("OK: %s not joined") % names[seat] and view.joined() >> seat & 1:
                self.fail("P4: the title said %s does not join, and OK did not" % names[seat], screen)
            if title == tr("OK: %s no penalty") % names[seat] and hand.fault_mark(seat):
                self.fail("P4: the title said %s's penalty goes, and OK kept it" % names[seat], screen)

    def fail(self, what, screen):
        raise Broken("%s\nseed %d, keys %s\nbefore the last key:\n%s\nafter it:\n%s"
                     % (what, self.seed, self.played, screen.text(), self.app.screen.text()))


def title_of_refusal(app, view):
    """The title a screen shows when the core refuses the entry its OK saves (None: no entry)."""
    from firmware.ui.entry.hand import refused

    if is_view(view, _result_list()):
        entry = view.entry(view.cursor) if view.cursor <= view.total else None
    else:
        entry = view.entry() if callable(getattr(view, "entry", None)) else getattr(view, "entry", None)
    return refused(app, view.flow, entry) if entry is not None and hasattr(view, "flow") else None


def _rows():
    from firmware.ui.entry.hand import Rows

    return Rows


def _fem():
    from firmware.ui.entry.fem import FemWalk

    return FemWalk


def _join():
    from firmware.ui.entry.knack import JoinStep

    return JoinStep


def _result_list():
    from firmware.ui.entry.bud import ResultList

    return ResultList


def _seat_list():
    from firmware.ui.entry.picks import SeatList

    return SeatList


def _bid_list():
    from firmware.ui.entry.picks import BidList

    return BidList


def _adjust():
    from firmware.ui.entry.irregular import AdjustWalk

    return AdjustWalk


def is_list(view):
    return isinstance(view, ListView) or is_view(view, _join())


def is_walk(view):
    from firmware.ui.entry.irregular import Walk

    return is_view(view, (_rows(), Walk))


def seat_of(row, names):
    """The player a row is about: the name it starts with (after the cursor's marks)."""
    text = row.lstrip(" >*")
    for seat, name in enumerate(names):
        if text.startswith(name + " ") or text == name:
            return seat
    return -1


def value_cell(row, name, scored):
    """The value a walk's row shows ("3", "<2>", "6*R!", "pass", "0 med"): what stands between
    the name and, on a scored row (a finished walk, the joiners), the score before > after."""
    rest = row.lstrip(" >*")[len(name):]
    if scored:
        change = re.search(r"\s(-?\d+>(-?\d+|ut|out)|-?\d+)$", rest)
        if change is not None:
            rest = rest[:change.start()]
    return rest.strip()


def shows_value(cell, want):
    """Whether a walk's value cell ("3", "3*", "6*R", "pass!", "0 R") shows want."""
    text = cell.rstrip("!").replace("*R", "").rstrip("*")
    if text.endswith(" R"):
        text = text[:-2]
    if want == F.PASS or want is None:
        return text in ("pass",) or (want is None and text == "")
    return text == "%d" % want or text in ("alone", "ensam")


@pytest.mark.usefixtures("modules_kept")  # thousands of presses: no re-import per screen
@pytest.mark.parametrize("seed", range(SEEDS))
def test_a_random_walk_saves_what_the_table_saw(seed):
    Walker(seed).run()


if __name__ == "__main__":
    walker = Walker(int(sys.argv[1]))
    try:
        walker.run()
    finally:
        print(walker.played)
