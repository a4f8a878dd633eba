"""Entering a fem hand: ``FemWalk``, one row per player (firmware/ui/entry/hand.py ``Rows``)."""

from firmware.core import score
from firmware.ui import events
from firmware.ui.entry.flow import PASS, entry_words, speaking_order
from firmware.ui.entry.hand import Rows, ask_fault, outcome, previews, save_hint, saves_words
from firmware.ui.entry.picks import SeatList, goto
from firmware.ui.views import is_back


class FemWalk(Rows):
    """fem: each player from the first to speak. OK takes the value shown (1 to start),
    ▶ one more, hold ▶ one more and take it, ◀ one less (below 1: passed), hold ◀
    played and took no trick (+5). The last player's tricks, and passes once every
    trick is given to two players or more, are filled in; there ◀ / hold ◀ still
    change a row, hold ▶ is the Rödskägg call.

    Everyone passing is an all-pass entry; one player only is a lone player
    (unless lone = play_out). Filling in never makes a lone hand: a player who took
    every trick alone so far had opponents, so the next rows are asked (0 or pass).
    The finished walk shows the entry OK saves, row by row.
    """

    def __init__(self, app, flow):
        Rows.__init__(self, flow, speaking_order(flow.state))

    def rest(self):
        i = self.cursor
        r = self.left(i)
        p = self.played(i)
        if r <= 0 and (p >= 2 or (p == 1 and self.flow.rules.lone == "play_out")):
            # the others passed (the hand stays what it is), or played and took none as
            # answered before (back and forward again keeps it)
            return [0 if self.value(j) == 0 else PASS for j in range(i, self.n)]
        if p >= 1 and i == self.n - 1:
            # the rest; but a row that passed or took none, where the core takes that, is
            # asked (on that answer): back and forward again keeps it
            last = self.value(i)
            if last in (PASS, 0) and last != r and \
                    self.flow.after(self.entry_of([self.value(j) for j in range(i)] + [last])) is not None:
                return None
            return [r]
        return None

    def event(self, app, ev):
        if is_back(ev):
            self.step_back(app)
            return
        if self.done:
            if ev == events.OK:
                self.conclude(app)
            elif ev == events.PREV and self.cursor < self.n:
                self.answer(app, PASS)
            elif ev == events.PREV_LONG and self.cursor < self.n:
                self.answer(app, 0)
            elif ev == events.NEXT_LONG:
                self.ask_call(app)
            elif ev == events.NEXT and self.entry()[0] == score.PLAY:
                ask_fault(app, self.flow, self)  # all pass, lone: nobody played
            return
        if ev == events.PREV:
            if self.shown > 1:
                self.bump(-1)  # one less, as in bud and knack
            else:
                self.answer(app, PASS)
        elif ev == events.PREV_LONG:
            self.answer(app, 0)
        elif ev == events.OK:
            self.answer(app, self.shown)
        elif ev == events.NEXT:
            self.bump()
        elif ev == events.NEXT_LONG and self.bump(1, False):  # stops at the tricks left
            self.answer(app, self.shown)

    def may_call(self):
        """A call means something: more than one played (or a lone player plays out)."""
        played = sum(1 for v in self.filled if v is not None and v >= 0)
        return played >= 2 or (played == 1 and self.flow.rules.lone == "play_out")

    def ask_call(self, app):
        if not self.may_call():
            return
        if not self.flow.rules.call:
            app.refuse(app.tr("the call is off"), self)
            return
        filled = self.filled
        rows = [i for i in range(self.n) if filled[i] >= 0]
        if not rows:
            return
        hand = self.hand
        seats = [self.seats[i] for i in rows]
        # on the call chosen; none yet: on "no call" (a hold ▶ by mistake and OK saves nothing)
        cursor = seats.index(hand.call) if hand.call in seats else len(seats)

        def picked(a, seat, _view):
            hand.update("call", seat if seat >= 0 else score.NO_SEAT)
            a.view = self

        app.view = SeatList(self.flow, app.tr("Rödskägg call: who?"), seats, picked,
                            lambda a: goto(a, self), (app.tr("no call"),), cursor)

    def value_text(self, app, i, v):
        mark = self.hand.fault_mark(self.seats[i])
        if v == PASS:
            return "pass" + mark  # the same word at Swedish tables
        return "%d" % v + mark

    def entry_value(self, app, i, entry):
        seat = self.seats[i]
        if entry[0] == score.LONE and entry[1] == seat:
            return app.tr("alone")
        if entry[0] != score.PLAY:
            return "pass"  # an all pass, a lone hand: no call, no penalty
        t = entry[1][seat]
        text = "pass" if t == PASS else "%d" % t
        if seat == entry[2]:
            text += " R"
        return text + ("!" if any(f[0] == seat for f in entry[3]) else "")

    def entry(self):
        return self.entry_of([self.value(i) if self.done or i < self.cursor else None
                              for i in range(self.n)])

    def entry_of(self, vals):
        """The entry of the rows' values vals (None: passed)."""
        n = self.flow.state.n
        tricks = [PASS] * n
        for i in range(len(vals)):
            v = vals[i]
            tricks[self.seats[i]] = PASS if v is None else v
        played = [s for s in range(n) if tricks[s] >= 0]
        if not played:
            return (score.ALL_PASS,)
        call = self.hand.call  # on a player who passed: the core refuses it, and says why
        if len(played) == 1 and self.flow.rules.lone != "play_out" and call < 0:
            return (score.LONE, played[0])
        return (score.PLAY, tuple(tricks), call, self.hand.faults)

    def short(self, app):
        """Whether the hint lines do not all fit below the rows (128x32; 6 or 7 on 128x64)."""
        return len(self.hint_lines(app, False)) > max(0, app.rows - self.n)

    def head(self, app, after):
        hand = self.flow.number()
        if not self.done:
            # the holds whose hint rows do not fit are in the title: with one hint row
            # (128x32, 6 or 7 players) a hold a row, in turn, so both show within a hand
            room = app.rows - self.n
            more = self.left(self.cursor) > 0
            if room < 2 and not (self.cursor % 2 and more):
                return app.tr("Hand %d: hold◀ 0 (+%d)") % (hand, self.flow.rules.penalty)
            if room < 3 and more:
                return app.tr("Hand %d: hold▶ +1+OK") % hand
            return app.tr("Hand %d: tricks") % hand
        entry = self.entry()
        said = outcome(app, self.flow, entry, after)  # a refusal, what an edit needs, the winner
        if said is not None:
            return said
        if self.n == app.rows:  # the rows fill the panel, no hint row: the title says what OK does
            pass
        elif entry[0] in (score.ALL_PASS, score.LONE):  # (the hand's number goes where it does not fit)
            return entry_words(app, self.flow, entry, app.cols - 1)
        if self.calls() and self.short(app):  # the call's hold, where its hint row is not
            shows = after is not None and previews(self, app, after)
            return app.tr("OK shows  hold▶ call" if shows else "OK saves  hold▶ call")
        return saves_words(app, self, after)

    def calls(self):
        return self.flow.rules.call and self.may_call()

    def hint_lines(self, app, fit=True):
        """The hint lines; on a short screen (fit) the call's is in the title instead."""
        if self.done:
            entry = self.entry()
            lines_ = [save_hint(app, self, self.flow.after(entry), entry[0] == score.PLAY)]
            if self.cursor < self.n:  # the filled-in row at the cursor
                lines_.append(("◀ pass  hold◀ 0 (+%d)", self.flow.rules.penalty))
            if self.calls() and not (fit and self.short(app)):
                lines_.append("hold▶ Rödskägg call")
            return lines_
        pen = self.flow.rules.penalty  # what playing without a trick costs, as the rules say
        if self.left(self.cursor) <= 0:
            return (("◀pass  OK 0 (+%d)", pen),)  # every trick is taken: played (+5) or passed
        if self.shown > 1:
            return ("◀-1 ▶+1 OK take", ("hold◀ 0 tricks (+%d)", pen), "hold▶ +1 and take")
        return ("◀pass ▶+1 OK take", ("hold◀ 0 tricks (+%d)", pen), "hold▶ +1 and take")
