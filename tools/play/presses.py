"""Which button presses enter a hand (or a whole game record) on the device.

Keys are the simulator's alphabet (firmware/device/buttons.py KEY_CHARS): ``a`` PREV,
``b`` NEXT, ``c`` OK, ``A`` PREV_LONG, ``B`` NEXT_LONG, ``C`` OK_LONG (back on
three-button builds), ``d`` BACK. The same strings drive
``python3 -m tools.sim --keys STRING`` and the host tests.

    presses_for(app, entry) -> "cbbcaacBc"        # from the scoreboard
    keys_for_record(app, doc) -> (setup_keys, [keys per hand])  # from the setup screen
    record_keys(doc) -> "bcbc..."                     # setup + all hands, fresh device

The planner works on a copy of the app: it reads each screen's own state
(cursor, the choices of the row, the value shown) and presses the shortest
way (forward or backward around the cycle), so it follows the UI as built.
Run ``python3 -m tools.presses RECORD.json`` to print a record's keys.
"""

import copy
import itertools
import json
import sys

from firmware.core import score
from firmware.core.rules import OPTIONS
from firmware.record.reader import entry_from_json, load
from firmware.ui import app as A
from firmware.ui.entry import flow as E
from firmware.ui.entry import picks as P
from firmware.ui.entry.bud import ResultList
from firmware.ui.entry.fem import FemWalk
from firmware.ui.entry.flow import PASS
from firmware.ui.entry.irregular import ADJUST_REASONS, AdjustWalk, YesNo, fault_reasons
from firmware.ui.entry.knack import JoinStep, TricksWalk, join_ring
from firmware.ui.entry.penalty import HAND_FAULTS, ReasonList, hand_faults
from firmware.ui.entry.picks import BidList
from firmware.ui.screens import newgame, seating
from firmware.ui.views import ListView, Message
from tools.play import keymap, loop


class PlanError(Exception):
    """The UI did not reach the screen the planner expected."""


def is_view(view, cls):
    """isinstance(view, cls) (cls or a tuple of classes), also when cls's module was let go since cls
    was imported (firmware.forget, as on the device) and loaded again: its classes are new objects."""
    classes = cls if isinstance(cls, tuple) else (cls,)
    names = {(c.__module__, c.__qualname__) for c in classes}
    return any((c.__module__, c.__qualname__) in names for c in type(view).__mro__)


class PhoneSwitch:
    """The phone view as a clone's menu sees it (its rows), without its radio and sockets."""

    def __init__(self, phones):
        self.on = phones.on
        self.password = phones.password

    def rows(self, app):
        from firmware.web.phones import Phones

        return Phones.rows(self, app)

    def blob(self):
        from firmware.web.phones import Phones

        return Phones.blob(self)

    def toggle(self, app):
        self.on = not self.on

    def show(self, app):
        pass


def clone(app):
    """A copy of app that shares nothing with it (no store, no exporter, no phone view's sockets)."""
    store, exporter = app.store, app.exporter
    phones = app.__dict__.pop("extra", None)
    app.store = app.exporter = None
    try:
        sim = copy.deepcopy(app)
    finally:
        app.store, app.exporter = store, exporter
        if phones is not None:
            app.extra = phones
    if phones is not None:
        sim.extra = PhoneSwitch(phones)
    return sim


class Planner:
    """Drives an app (normally a clone) and records the keys it pressed."""

    def __init__(self, app):
        self.app = app
        self.keys = []

    def press(self, ch, count=1):
        for _ in range(count):
            self.keys.append(ch)
            loop.press(self.app, keymap.event_for_char(ch), self.app.last)

    def take(self):
        out = "".join(self.keys)
        self.keys = []
        return out

    def expect(self, cls):
        if not is_view(self.app.view, cls):
            raise PlanError("expected %s, the screen shows:\n%s"
                            % (cls.__name__, self.app.screen.text()))
        return self.app.view

    def move(self, cursor, target, n):
        """Move a list cursor from cursor to target the short way round."""
        fwd = (target - cursor) % n
        if fwd <= n - fwd:
            self.press("b", fwd)
        else:
            self.press("a", n - fwd)

    def goto(self, target):
        view = self.app.view
        self.move(view.cursor, target, view.count(self.app))
        if view.cursor != target:
            raise PlanError("could not reach row %d" % target)

    def menu_item(self, label):
        view = self.expect(ListView)
        for i, item in enumerate(view.items):
            if item[0] == label:
                self.menu_pick(view.cursor, i)
                return
        raise PlanError("no menu item %s" % label)

    def menu_pick(self, cursor, target):
        """On a Menu: choose row target; a long press moves one row and chooses (not round)."""
        if target == cursor:
            self.press("c")
        elif target > cursor:
            self.press("b", target - cursor - 1)
            self.press("B")
        else:
            self.press("a", cursor - target - 1)
            self.press("A")

    def cycle_to(self, choices, current, want):
        idx = [i for i in range(len(choices))
               if choices[i] == want and type(choices[i]) is type(want)]
        if not idx:
            raise PlanError("%r is not one of %r" % (want, choices))
        cur = 0
        for i in range(len(choices)):
            if choices[i] == current and type(choices[i]) is type(current):
                cur = i
        self.move(cur, idx[0], len(choices))

    def walk(self, cls, wanted):
        """Set each row of a Walk view to wanted[i], finishing as soon as the rest is what hold ▶
        leaves them (their value, or the fill of a row never set)."""
        view = self.expect(cls)
        while self.app.view is view:
            i = view.cursor
            self.cycle_to(view.choices(i), view.shown(i), wanted[i])
            if i == view.n - 1:
                self.press("c")
            elif all(wanted[j] == (view.fill(j) if view.value(j) is None else view.value(j))
                     for j in range(i + 1, view.n)):
                self.press("B")
            else:
                self.press("c")

    # -- entries ------------------------------------------------------------------

    def enter(self, entry):
        """From the scoreboard: enter entry and commit it."""
        app = self.app
        self.expect(A.Scoreboard)
        game = app.series.game
        before = len(game.log)
        kind = entry[0]
        if kind == score.ALL_PASS:
            self.all_pass(entry)
        elif kind in (score.PLAY, score.LONE, score.BID):
            self.press("c")
            self.views(entry)
        else:
            self.press("b")
            self.menu_item(app.tr({score.MISDEAL: "Misdeal", score.FAULT: "Knock fault"}.get(
                kind, "Correction")))
            self.views(entry)
        if is_view(app.view, E.Preview):
            self.press("c")
        if len(game.log) != before + 1 or game.log[-1] != entry:
            raise PlanError("entered %r, not %r" % (game.log[-1:], entry))

    def edit(self, index, entry):
        """From the scoreboard: open entry index of the log from the history (Edit), make it
        entry (a hand, or the same kind of irregular entry) and commit it."""
        app = self.app
        self.expect(A.Scoreboard)
        for _ in range(9):  # the scoreboard's pages first (128x32), then the history
            if not is_view(app.view, A.Scoreboard):
                break
            self.press("a")
        view = self.expect(ListView)
        self.move(view.cursor, index, view.count(app))
        self.press("c")  # the entry's changes
        self.press("c")  # OK on the changes: Edit
        self.views(entry)
        self.expect(E.Preview)  # an edit always shows its preview
        self.press("c")
        if app.series.game.log[index] != entry:
            raise PlanError("edited %r, not %r" % (app.series.game.log[index], entry))

    def views(self, entry):
        """On the first screen of an entry of entry's kind: answer every screen up to the
        save (or the preview)."""
        app = self.app
        kind = entry[0]
        if kind == score.ALL_PASS and app.series.game.rules.bidding:
            self.bidding(entry)
        elif kind in (score.PLAY, score.LONE, score.ALL_PASS):
            self.fem(entry)
        elif kind == score.BID:
            self.bidding(entry)
        elif kind == score.MISDEAL:
            if is_view(app.view, YesNo):
                self.goto(0 if entry[1] else 1)
                self.press("c")
        elif kind == score.FAULT:
            view = self.expect(P.SeatList)
            self.pick(view.seats.index(entry[1]))
            view = self.expect(ReasonList)
            self.goto(_index(view.reasons, entry[2]))
            self.press("c")
        else:
            view = self.expect(AdjustWalk)
            self.walk(AdjustWalk, [entry[1][s] for s in view.seats])
            self.expect(ReasonList)
            self.goto(_index(ADJUST_REASONS, entry[2]))
            self.press("c")

    def all_pass(self, entry):
        """All pass: the menu's "all pass" and its question, or the hand entry's way (a
        pass per player in fem, the declarer list's last row), whichever is shorter."""
        ways = []
        for first in ("c", "b"):
            p = Planner(clone(self.app))
            p.press(first)
            if first == "b":
                p.menu_item(self.app.tr("All pass"))
            elif p.app.series.game.rules.bidding:
                p.bidding(entry)
            else:
                p.fem(entry)
            if is_view(p.app.view, E.Preview):
                p.press("c")
            ways.append(p.take())
        self.press_keys(min(ways, key=len))

    def press_keys(self, keys):
        for ch in keys:
            self.press(ch)

    def fem(self, entry):
        view = self.expect(FemWalk)
        n = self.app.series.game.state.n
        tricks = [PASS] * n
        call = score.NO_SEAT
        if entry[0] == score.PLAY:
            tricks = list(entry[1])
            call = entry[2]
        elif entry[0] == score.LONE:
            tricks[entry[1]] = 1
        self.rows(view, [tricks[s] for s in view.seats])
        if view.hand.call != call:
            self.press("B")
            pick = self.expect(P.SeatList)
            self.pick(pick.seats.index(call) if call >= 0 else len(pick.seats))
            self.expect(FemWalk)
        if entry[0] == score.PLAY:
            self.faults(entry[3], view.hand, "b")
        self.finish(view)

    def faults(self, faults, hand, opener):
        """Penalties during the hand: opener (keys) opens the who? list, once per penalty."""
        for seat, reason in faults:
            if hand.fault_mark(seat):
                continue
            if opener:
                self.press(opener)
            who = self.expect(P.SeatList)
            self.pick(who.seats.index(seat))
            reasons = hand_faults(self.app.series.game.rules)
            if len(reasons) > 1:  # (one: nothing is asked)
                self.expect(ReasonList)
                self.pick(_index(reasons, "" if reason == "penalty" else reason))

    def rows(self, view, wanted):
        """Answer the rows of a Rows walk (fem, knack) until they all hold wanted."""
        for _ in range(4 * view.n + 4):
            if self.app.view is not view:
                return
            if view.done:
                if view.filled == wanted or view.cursor >= view.n:
                    return
                v = wanted[view.cursor]
                if is_view(view, TricksWalk):
                    if view.cursor != view.n - 1 or view.flow.rules.others_score():
                        raise PlanError("row %d cannot be changed here" % view.cursor)
                    self.press("a")  # bud: the filled-in last row asked for fewer
                    continue
                if v > 0:
                    raise PlanError("row %d cannot be changed here" % view.cursor)
                self.press("a" if v == PASS else "A")  # (the same again: on to the next row)
                continue
            v = wanted[view.cursor]
            knack = is_view(view, TricksWalk)
            if v == PASS:
                self.press("a", max(1, view.shown))  # ◀ one less, from 1 (or 0, an edit's): pass
                continue
            if v == 0 and not knack:
                self.press("A")
                continue
            ch = view.cycle(view.left(view.cursor))
            if v not in ch:
                raise PlanError("%r is not one of %r" % (v, ch))
            # ▶ from a value not in the cycle (an edit's pass or 0) goes to its first
            if view.shown in ch:
                k = (ch.index(v) - ch.index(view.shown)) % len(ch)
            else:
                k = ch.index(v) + 1
            # a hold takes the next value but stops at the range's end: a last step round the
            # end is a press, then OK
            fwd = k + 1 if v == ch[0] and view.shown in ch else k
            m = len(ch) - k
            back = m + 1 if v == ch[-1] else m
            if k == 0:
                self.press("c")
            elif knack and back < fwd:  # knack rows go both ways
                if v == ch[-1]:
                    self.press("a", m)
                    self.press("c")
                else:
                    self.press("a", m - 1)
                    self.press("A")
            elif fwd > k:
                self.press("b", k)
                self.press("c")
            else:
                self.press("b", k - 1)
                self.press("B")
        raise PlanError("the rows did not finish:\n" + self.app.screen.text())

    def finish(self, view):
        """On a finished walk: OK saves (through the preview when the walk shows one)."""
        if self.app.view is view:
            self.press("c")

    def pick(self, target):
        """On a PickList: reach row target and choose it (a long press picks a neighbour)."""
        view = self.app.view
        self.reach(view.cursor, target, view.count(self.app))

    def reach(self, cursor, target, n):
        """On a circular list of n rows at cursor: choose row target, the shorter way round."""
        fwd = (target - cursor) % n
        if fwd == 0:
            self.press("c")
        elif fwd <= n - fwd:
            self.press("b", fwd - 1)
            self.press("B")
        else:
            self.press("a", n - fwd - 1)
            self.press("A")

    def bidding(self, entry):
        view = self.expect(P.SeatList)
        if entry[0] == score.ALL_PASS:
            self.pick(len(view.seats))
            return
        _k, declarer, bid, tricks, joined, faults = entry
        self.pick(view.seats.index(declarer))
        view = self.expect(BidList)
        others = [t for s, t in enumerate(tricks) if s != declarer and t]
        if view.penalty and not others:  # bud: the penalties on the bid list, then the result
            for f in faults:
                self.pick(len(view.choices))
                self.faults((f,), view.bidding.hand, "")
                self.expect(BidList)
            faults = ()
        self.pick(view.choices.index(bid))
        if is_view(self.app.view, ResultList):
            if not others:
                self.pick(tricks[declarer])
                return
            self.pick(self.app.view.count(self.app) - 1)  # everyone's tricks
        walk = self.expect(TricksWalk)
        self.rows(walk, [tricks[s] for s in walk.seats])
        if is_view(self.app.view, JoinStep):
            step = self.app.view
            marks = [k for k, s in enumerate(step.cands) if (joined >> s & 1) != (step.joined() >> s & 1)]
            for k in self.join_order(step, marks):
                self.pick_pos(step, k)
            for f in faults:
                self.pick_pos(step, len(step.cands))  # the penalty row
                self.faults((f,), walk.hand, "")
            self.press("c")
        else:
            self.faults(faults, walk.hand, "b")
            self.finish(walk)

    def pick_pos(self, step, k):
        """On the JoinStep, at the save position: reach row k (a player, or the penalty
        row) and OK it, the shorter way round."""
        ring = join_ring(step.gap, len(step.cands))
        self.reach(ring.index(step.pos), ring.index(k), len(ring))

    @staticmethod
    def join_order(step, marks):
        """The order of marking the rows marks that costs the fewest presses (each mark
        moves the save position after the row marked)."""
        best = None
        for order in itertools.permutations(marks):
            gap, cost = step.gap, 0
            for k in order:
                ring = join_ring(gap, len(step.cands))
                fwd = ring.index(k)
                cost += max(1, min(fwd, len(ring) - fwd))
                gap = k
            if best is None or cost < best[0]:
                best = (cost, order)
        return best[1] if best else ()

    # -- setup --------------------------------------------------------------------

    def form_value(self, row, want):
        """On a Form: edit row until its value is want."""
        view = self.app.view
        label, choices, get, _s = view.rows(self.app)[row]
        if get() == want and type(get()) is type(want):
            return
        self.goto(row)
        self.press("c")
        self.cycle_to(choices, get(), want)
        self.press("c")
        if get() != want:
            raise PlanError("row %d did not become %r" % (row, want))

    def new_game(self, rules, players, dealer):
        """From the setup screen: choose preset, the table (names), dealer, options; start."""
        app = self.app
        s = app.plan
        view = self.expect(newgame.NewGameView)
        self.form_value(2, rules.preset)
        if s.players() != list(players):
            self.table(players)
        self.form_value(4, dealer)
        self.form_value(5, rules.series)
        wanted = [(o[0], getattr(rules, o[0])) for o in OPTIONS if newgame.shown(rules, o[0])]
        if any(getattr(s.rules(), k) != v for k, v in wanted):
            self.goto(6)
            self.press("c")
            opts = self.expect(newgame.OptionsView)
            for row, (_name, value) in enumerate(wanted):
                self.form_value(row, value)
            if app.view is not opts:
                raise PlanError("not back at the options")
            self.press("C")
            self.expect(newgame.NewGameView)
        if s.rules() != rules:
            raise PlanError("setup gave %r, not %r" % (s.rules(), rules))
        self.goto(0)
        self.press("c")
        if is_view(app.view, Message):  # where the unfinished game went (the drive): read, any key
            self.press("c")
        if view is app.view or app.series is None:
            raise PlanError("the game did not start:\n" + app.screen.text())

    def table(self, players):
        """On the setup screen: seat players clockwise (the table builder), then Done."""
        app = self.app
        view = self.app.view
        self.pick(1)  # the Table row (from Start!: one long press)
        tv = self.expect(seating.TableView)
        for name in players:
            items = tv.items()
            if name in items:
                n = tv.count(app)
                target = items.index(name)
                fwd = (target - tv.cursor) % n
                if fwd == 0:
                    self.press("c")
                elif fwd < n - fwd:
                    self.press("b", fwd)
                    self.press("c")
                else:
                    self.press("a", n - fwd - 1)  # hold ◀: the row above, picked
                    self.press("A")
            else:
                self.goto(len(items))
                self.press("c")
                self.spell(name)
            if app.view is not tv:
                break
        if app.view is tv:
            self.press("B")  # done
        if app.view is not view or app.plan.players() != list(players):
            raise PlanError("the table is not %r:\n%s" % (players, app.screen.text()))

    def spell(self, name):
        """In the speller: each letter (row, then letter), Aa where the case differs; Done."""
        sp = self.expect(seating.SpellView)
        for ch in name:
            low = ch.lower()
            g = [i for i in range(len(seating.GROUPS)) if low in seating.GROUPS[i]]
            if not g or (not ch.isalpha() and ch != "-"):
                raise PlanError("cannot spell %r" % name)
            if ch != "-" and ch.isupper() != sp.upper():
                self.cell(sp, len(seating.GROUPS), seating.ACTIONS.index("Aa"))
            self.cell(sp, g[0], seating.GROUPS[g[0]].index(low))
        self.cell(sp, len(seating.GROUPS), seating.ACTIONS.index("Done"))
        if self.app.view is sp:
            raise PlanError("spelling did not finish: " + self.app.screen.text())

    def cell(self, sp, row, col):
        """In the speller: open row (a long press moves and opens) and act on col."""
        self.reach(sp.cursor, row, sp.count(self.app))
        self.reach(0, col, len(sp.letters(row)))


def _index(items, value):
    if value not in items:
        raise PlanError("%r is not a built-in reason" % value)
    return items.index(value)


def presses_for(app, entry):
    """Keys that enter entry (an entry tuple, or a record's hand object) from the scoreboard."""
    sim = clone(app)
    if isinstance(entry, dict):
        entry = entry_from_json(sim.series.game.players, entry)
    p = Planner(sim)
    p.enter(entry)
    return p.take()


def edit_keys(app, index, entry):
    """Keys that make entry index of the log entry (from the scoreboard, through the history)."""
    p = Planner(clone(app))
    p.edit(index, entry)
    return p.take()


def keys_for_record(app, doc):
    """(setup keys, [keys per hand]) that make app, on its setup screen, play the record.

    doc is a rodskagg-record/1 object. The app itself is not changed.
    """
    game = load(doc)
    p = Planner(clone(app))
    p.new_game(game.rules, game.players, game.first_dealer)
    setup = p.take()
    hands = []
    for entry in game.log:
        p.enter(entry)
        hands.append(p.take())
    return setup, hands


def can_enter(doc):
    """Whether the buttons can enter doc: a penalty during a hand needs a reason of the
    device's list (firmware/ui/entry/penalty.py HAND_FAULTS), as a knock fault does (the preset's:
    firmware/ui/entry/irregular.py fault_reasons)."""
    reasons = fault_reasons(load(dict(doc, hands=[])).rules)
    for h in doc.get("hands", []):
        for reason in (h.get("faults") or {}).values():
            if reason not in HAND_FAULTS and reason != "penalty":
                return False
        if "fault" in h and h.get("reason") not in reasons:
            return False
    return True


def record_keys(doc, width=128, height=64, lang="sv"):
    """One key string: setup + every hand of the record, for a fresh device (blank memory)."""
    setup, hands = keys_for_record(A.App(None, None, width, height, lang), doc)
    return setup + "".join(hands)


def main(argv):
    if len(argv) != 1:
        sys.stderr.write("usage: python3 -m tools.presses RECORD.json\n")
        return 2
    with open(argv[0], encoding="utf-8") as f:
        doc = json.load(f)
    print(record_keys(doc.get("record", doc)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
