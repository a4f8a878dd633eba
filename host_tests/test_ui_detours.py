"""A detour never changes a choice: the hand being entered holds every choice made, never only
a screen's cursor, so a penalty, the call, back and forward again or a message comes back to
exactly the choices made, and OK saves what it would have saved (with what the detour added).

The property runs over every step of fem, bud and knack entry (a hand, a penalty during it,
the call, the joiners, a correction, a knock fault, a misdeal, an edit from the history): the
planner's keys for a random entry are split at a random step, a detour the step offers is
taken there, and the rest of the keys must save the same entry (plus the detour's penalty).
"""

import copy
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from firmware.core import score
from firmware.core.rules import Rules
from firmware.ui.entry import flow as E
from firmware.ui.entry.bud import ResultList
from firmware.ui.entry.fem import FemWalk
from firmware.ui.entry.hand import Rows
from firmware.ui.entry.irregular import ADJUST_REASONS, Walk, fault_reasons
from firmware.ui.entry.knack import JoinStep, TricksWalk
from firmware.ui.entry.penalty import ReasonList, hand_faults, with_fault
from firmware.ui.entry.picks import BidList, PickList, SeatList
from firmware.ui.views import Message
from host_tests.test_ui_app import started
from tools.play import randgame
from tools.play.presses import Planner, edit_keys, is_view, presses_for

NAMES = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"]
TABLES = [("fem", 4, {}), ("fem", 6, {"pot": True}), ("fem", 3, {"lone": "play_out"}),
          ("bud", 5, {}), ("bud", 4, {"go_along": True}), ("bud", 5, {"defenders_score": True}),
          ("knack", 5, {}), ("knack", 7, {}), ("knack", 4, {"join_trick": 2})]


def in_entry(view):
    """A screen of the hand being entered (not the scoreboard, a menu, the history, a message)."""
    return type(view).__module__.startswith("firmware.ui.entry") and not is_view(view, Message)


def table(seed, table_no, small):
    """A game some hands in, on 128x64 or 128x32 (rows scroll, hints move to the title)."""
    preset, n, options = TABLES[table_no]
    rules = Rules(preset, options)
    rng = random.Random(seed)
    d, _st = started(rules, NAMES[:n], rng.randrange(n), height=32 if small else 64)
    reasons = (fault_reasons(rules), ADJUST_REASONS)
    for _ in range(rng.randrange(4)):
        e = randgame.random_entry(rng, rules, d.app.series.game.state, reasons, faults=False)
        d.keys(presses_for(d.app, e))
        if d.app.series.game.state.over():
            return None, None
    return d, rng


def an_entry(rng, d):
    """A random entry with penalties of the device's reasons."""
    rules = d.app.series.game.rules
    reasons = ([r for r in hand_faults(rules) if r] or ["penalty"], ADJUST_REASONS)
    while True:
        e = randgame.random_entry(rng, rules, d.app.series.game.state,
                                  (fault_reasons(rules), ADJUST_REASONS), faults=False)
        if e[0] in (score.PLAY, score.BID) and rng.random() < 0.3:
            seats = [s for s in range(d.app.series.game.state.n) if d.app.series.game.state.in_play(s)]
            s = rng.choice(seats)
            e = e[:-1] + (((s, rng.choice(reasons[0])),),)
        return e


def accepted(game, index, entry):
    """Whether the core takes entry (at the end, or as log[index])."""
    g = copy.deepcopy(game)
    try:
        if index < 0:
            g.push(entry)
        else:
            g.replace(index, entry)
    except score.EntryError:
        return False
    return True


def openers(d, history):
    """The key that opened the view shown now (from the view before it)."""
    return history.get(id(d.app.view))


def press(d, keys, history):
    """Press keys; history notes the key that opened each view. True when the last opened one."""
    arrived = False
    for ch in keys:
        before = d.app.view
        done = getattr(before, "done", False) is True
        d.keys(ch)
        arrived = d.app.view is not before
        if arrived and id(d.app.view) not in history:
            row = before.cursor if is_view(before, PickList) else None  # the row picked
            history[id(d.app.view)] = (ch, before, done, row, d.app.view)  # (kept: ids not reused)
    return arrived


def split_point(view, arrived):
    """Whether a detour may start on view now: a choice is on the screen (a walk anywhere, the
    result list on a result, the joiners on "nobody more"); a pick list only as it opens (its
    cursor is not a choice until OK)."""
    if is_view(view, ResultList):  # as it opens, on the hand's result (a cursor moved is no choice)
        return arrived and view.cursor <= view.total
    if is_view(view, JoinStep):
        return view.pos < 0
    if is_view(view, PickList):
        return arrived
    return in_entry(view)


def offers(d, kind, arrived, entry, seat, reason):
    """Whether the screen shown is a step with a choice that offers the detour kind."""
    view = d.app.view
    if not split_point(view, arrived):
        return False
    if kind == "call":
        return is_view(view, FemWalk) and view.done and view.may_call()
    if kind == "back twice":
        return not is_view(view, Rows)
    if kind == "penalty":
        return not any(f[0] == seat for f in entry[-1]) and penalty_keys(d, seat, reason) is not None
    return True


def penalty_keys(d, seat, reason):
    """From the view shown: the keys of a penalty on seat (reason), or None where none is offered."""
    view = d.app.view
    if is_view(view, Rows) and view.done and view.entry()[0] in (score.PLAY, score.BID):
        opener = "b"
    elif (is_view(view, JoinStep) and view.pos < 0) or (is_view(view, BidList) and view.penalty):
        opener = None  # a row of its own
    else:
        return None
    if view.flow.hand.fault_mark(seat):
        return None  # the same seat again takes it back: not a detour that adds
    p = Planner(copy.deepcopy(d.app))
    view = p.app.view
    if is_view(view, JoinStep):
        p.pick_pos(view, len(view.cands))
    elif is_view(view, BidList):
        p.pick(len(view.choices))
    p.faults(((seat, reason),), view.flow.hand, opener or "")
    return p.take()


def forward_keys(d, view, opened):
    """After back from view: the keys that open it again (opened: the key that opened it, the
    view it was opened from and whether that was a finished walk)."""
    if opened is None:
        return "c"
    key, before, done, row, _view = opened
    now = d.app.view
    if done and key in "bB" and before is now:
        return key  # a finished walk's penalty (▶) or call (hold ▶)
    if is_view(before, Walk) and before is now:
        return key  # a correction's reasons: OK on the last row, or hold ▶ (done)
    p = Planner(copy.deepcopy(d.app))
    if is_view(view, TricksWalk) and is_view(now, ResultList):
        p.pick(now.count(d.app) - 1)  # everyone's tricks: the result list's last row
    elif is_view(view, SeatList) and is_view(before, BidList) and is_view(now, BidList):
        p.pick(len(now.choices))  # the penalty row
    elif is_view(view, SeatList) and is_view(before, JoinStep) and is_view(now, JoinStep):
        p.pick_pos(p.app.view, len(now.cands))  # the penalty row
    elif is_view(before, PickList) and type(now) is type(before) and row is not None:
        p.pick(row)  # the row picked before (a list opened again starts where it starts)
    else:
        return "c"
    return p.take()


@pytest.mark.usefixtures("modules_kept")  # a sweep of thousands of presses: no re-import per screen
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(0, len(TABLES) - 1), st.booleans(), st.data())
def test_a_detour_never_changes_a_choice(seed, table_no, small, data):
    d, rng = table(seed, table_no, small)
    if d is None:
        return
    game = d.app.series.game
    edit = game.log and rng.random() < 0.3
    index = rng.randrange(len(game.log)) if edit else -1
    entry = an_entry(rng, d)
    if edit:
        old = game.log[index]
        irregular = (score.MISDEAL, score.FAULT, score.ADJUST)
        if (old[0] in irregular or entry[0] in irregular) and old[0] != entry[0]:
            entry = old  # the edit opens the old entry's kind: make it again
        if not accepted(game, index, entry):
            return
        keys = edit_keys(d.app, index, entry)
    else:
        keys = presses_for(d.app, entry)
    history = {}
    kind = data.draw(st.sampled_from(["back", "back twice", "penalty", "call"]))
    seats = [s for s in range(game.state.n) if game.state.in_play(s)]
    if entry[0] == score.PLAY:
        seats = [s for s in seats if entry[1][s] >= 0]
    if kind == "penalty" and not (entry[0] in (score.PLAY, score.BID) and seats):
        return
    seat = data.draw(st.sampled_from(seats)) if seats else None
    reason = ([r for r in hand_faults(game.rules) if r] or [""])[0]
    # the detour starts at the first step from a random key on that holds a choice and offers it
    cut = data.draw(st.integers(1, len(keys) - 1)) if len(keys) > 1 else len(keys)
    arrived = press(d, keys[:cut], history)
    while cut < len(keys) and not offers(d, kind, arrived, entry, seat, reason):
        arrived = press(d, keys[cut], history)
        cut += 1
    if cut >= len(keys):
        return
    view = d.app.view
    shown = d.text()
    choices = view.entry() if is_view(view, Rows) and view.done else None
    cursor = getattr(view, "cursor", None)
    want = entry
    event("%s on %s" % (kind, type(view).__name__))
    if kind == "back twice":
        # two screens back (each back opens another), then forward to each again
        steps = []
        for _ in range(2):
            child = d.app.view
            steps.append((child, openers(d, history)))
            d.keys("d")
            if not in_entry(d.app.view) or d.app.view is child:
                return
        for child, opened in reversed(steps):
            press(d, forward_keys(d, child, opened), history)
            assert type(d.app.view) is type(child), (shown, d.text())
    elif kind == "back":
        opened = openers(d, history)
        d.keys("d")
        if not in_entry(d.app.view):
            return  # back from the first screen leaves the entry: not a detour
        if d.app.view is view and choices is not None and view.done:
            # back to a filled-in row of a finished walk: the entry as it was, the row's
            # answer at the cursor; forward is answering it (fem: ◀ pass, hold ◀ 0) again
            assert view.entry() == choices, (shown, d.text())
            while view.cursor < cursor and is_view(view, FemWalk) and view.filled[view.cursor] <= 0:
                press(d, "a" if view.filled[view.cursor] == -1 else "A", history)
            if view.cursor != cursor:
                return
        else:
            press(d, forward_keys(d, view, opened), history)
        assert type(d.app.view) is type(view), (shown, d.text())
    elif kind == "call":
        if view.flow.rules.call:
            d.keys("B")
            assert "?" in d.text().splitlines()[0]
            d.keys("d")  # the call's list, and back: the call is what it was
        else:
            d.keys("B" "c")  # "the call is off", read
        assert d.app.view is view and d.text() == shown
    else:
        d.keys(penalty_keys(d, seat, reason))
        assert d.app.view is view, d.text()
        want = entry[:-1] + (with_fault(entry[-1], seat, reason or "penalty"),)
        if not accepted(game, index, want):
            return
    d.keys(keys[cut:])
    if is_view(d.app.view, E.Preview):
        d.keys("c")  # the penalty made the save previewed
    assert not in_entry(d.app.view) and not is_view(d.app.view, Message), d.text()
    assert game.log[index] == want, (keys, cut, kind, d.text())


# -- the path: bud, a penalty after the result was chosen ---------------------------

def test_bud_a_penalty_after_a_look_at_the_results_saves_what_is_shown():
    """feather_oled, bud, 5 players: Bo bids 4, ◀◀ to look at "2 stick 12>16" (the cursor: no
    choice); a penalty for Cia (back to the bid list, its penalty row); the result list comes
    back on the bid, 4 stick, as nothing was chosen; ◀◀ OK there chooses 2, the preview shows
    Bo at 16 with Cia's +5, and back from it the list is on 2 stick, the result chosen."""
    d, _st = started(Rules("bud"), NAMES[:5], 0, height=32, back_key=False)
    d.keys("c")  # the declarer list, on the dealer (Anna)
    d.keys("b")  # Bo
    d.keys("c" "b" "c")  # Bo bids 4
    assert d.text().splitlines()[0] == "Bo 4: stick?▼"
    d.keys("aa")
    assert ">2 stick   12>16" in d.text()
    d.keys("C")  # back (hold OK on three buttons): the bid list, on Bo's bid
    assert ">4" in d.text()
    d.keys("aaaa")  # round to its last row
    assert d.text().splitlines()[-2:] == [">Straff i given...", " håll ◀▶: flytta + OK"]
    d.keys("c" "b" "c")  # who: Cia (no reason to ask: bud has no går med, no call)
    assert d.text().splitlines()[0] == "Giv 1: Bo bjöd▼" and ">4" in d.text()
    d.keys("c")  # Bo's 4 again: the result list on the bid (the cursor was never a choice)
    assert ">4 stick   12>8" in d.text(), d.text()
    d.keys("aa" "c")  # 2 stick, chosen: a penalty, so every player's change first
    assert d.text().splitlines()[:4] == ["OK? Giv 1▼", "Bo        12>16  +4", "Cia       12>17  +5",
                                         "Dan       12>12"]
    d.keys("C")  # back from the preview: the list on the result chosen
    assert ">2 stick   12>16" in d.text(), d.text()
    d.keys("c" "c")
    assert d.app.series.game.log == [(score.BID, 1, 4, (0, 2, 0, 0, 0), 0,
                                      ((2, "penalty"),))]
    assert d.app.series.game.state.scores[1:3] == [16, 17]


def test_bud_every_result_row_shows_what_saving_it_gives_with_a_penalty():
    """Issue 31, point 4: after a penalty during the hand, each result row's "a>b" is the
    declarer's score that saving that row gives, the penalty included (and the penalised
    player's, in the preview)."""
    for penalised in (1, 2):  # the declarer, another player
        d, _st = started(Rules("bud"), NAMES[:5], 0)
        d.keys("c" "b" "c" "b" "c")  # Bo bids 4
        d.keys("d" + "b" * 4)  # back to the bid list (on 4), its penalty row
        assert d.text().splitlines()[-2].startswith(">Straff")
        d.keys("c" + "b" * (penalised - 1) + "c")
        d.keys("c")  # Bo's 4: the result list
        view = d.app.view
        assert is_view(view, ResultList)
        for t in range(view.total + 1):
            row = view.label(d.app, t)
            shown = int(row.split(">")[1]) if ">" in row else None
            copy_ = copy.deepcopy(d)
            Planner(copy_.app).pick(t)
            copy_.keys("c")  # the preview (a penalty): OK saves
            saved = copy_.app.series.game.state.scores[1]
            assert shown == saved, (t, row, saved)
            if penalised == 1:
                assert "+5" not in row


def test_penalty_reasons_are_only_those_this_game_can_have():
    """Point 5: bud (no går med, no call) asks no reason; knack and bud with går med offer
    "forgot to ask går med", fem "late Rödskägg call", and fem without the call nothing."""
    cases = ((Rules("bud"), (score.BID, 1, 3, (0, 3, 0, 0, 0), 0, ((2, "penalty"),)), None),
             (Rules("bud", {"go_along": True}),
              (score.BID, 1, 3, (0, 3, 1, 1, 1), 0, ((2, "forgot to ask går med"),)),
              "glömde fråga går med"),
             (Rules("knack"), (score.BID, 1, 3, (0, 3, 1, 1, 1), 0, ((2, "forgot to ask går med"),)),
              "glömde fråga går med"),
             (Rules("fem"), (score.PLAY, (-1, 3, 2, -1, -1), -1, ((2, "late Rödskägg call"),)),
              "sent Rödskäggrop"),
             (Rules("fem", {"call": False}), (score.PLAY, (-1, 3, 2, -1, -1), -1, ((2, "penalty"),)),
              None))
    for rules, entry, offered in cases:
        d, _st = started(rules, NAMES[:5], 0)
        asked = []
        for ch in presses_for(d.app, entry):
            d.keys(ch)
            if is_view(d.app.view, ReasonList):
                asked.append(d.text())
        assert d.app.series.game.log == [entry]
        if offered is None:
            assert asked == [], asked  # one reason only ("no reason"): nothing to ask
        else:
            assert len(asked) == 1 and offered in asked[0] and "(ingen orsak)" in asked[0]
            other = "sent Rödskäggrop" if rules.bidding else "glömde fråga går med"
            assert other not in asked[0]


# -- issue 30: the entry is checked and scored once per change, not per look ------------------

def test_one_ok_and_one_render_check_and_score_the_entry_once(monkeypatch):
    from firmware.core import score as S

    calls = []
    check, apply = S.check, S.apply

    def counted_check(rules, state, entry):
        calls.append("check")
        return check(rules, state, entry)

    def counted_apply(rules, state, entry):
        calls.append("apply")
        return apply(rules, state, entry)

    for rules, entry in ((Rules("fem"), (score.PLAY, (-1, 2, 1, 2), -1, ())),
                         (Rules("knack"), (score.BID, 1, 3, (1, 3, 0, 2), 0b1000, ()))):
        d, _st = started(rules)
        keys = presses_for(d.app, entry)
        d.keys(keys[:-1])  # the finished entry on the screen
        monkeypatch.setattr(S, "check", counted_check)
        monkeypatch.setattr(S, "apply", counted_apply)
        d.app.view.render(d.app)
        d.app.view.render(d.app)
        assert calls == [], calls  # drawn again: nothing computed again
        d.keys(keys[-1])  # OK saves: the after-state drawn is the game's
        assert calls.count("check") == 0 and calls.count("apply") == 0, calls
        monkeypatch.setattr(S, "check", check)
        monkeypatch.setattr(S, "apply", apply)
        assert d.app.series.game.log == [entry]
        assert d.app.series.game.state.scores == d.app.series.game.fold([entry]).scores
