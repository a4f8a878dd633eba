"""The App: the UI state machine the device and the simulator drive.

    app = App(store, exporter, width=128, height=64, lang="sv", now_ms=0)
    app.handle(event, now_ms)   # a logical event from firmware/device/buttons.py
    app.tick(now_ms)            # the clock: screen saver
    app.screen                  # firmware.ui.screenmodel.Screen to draw
    app.version                 # increases whenever screen (or brightness) changes
    app.brightness              # 2 on, 1 dimmed, 0 blank

It never sleeps and never touches hardware. ``store`` (firmware/store/journal.py)
and ``exporter`` (firmware/store/export.py) may be None.

Here are the App, its job queue and the policy of which modules stay loaded; the scoreboard
(firmware/ui/scoreboard.py) is always loaded beside it. Every other screen's module is loaded
while it is open (firmware/ui/lazy.py), and so are the App's parts used now and then: the start
(resume.py), the settings' saving (settings.py), exports (exports.py), a new game (gamestart.py),
the words of a refusal (text.py) and the remembered set-up (setup.py).
"""

import sys

from firmware import forget
from firmware.core.kinds import ALL_PASS
from firmware.ui import lazy
from firmware.ui.lazy import Lazy
from firmware.ui.scoreboard import Scoreboard
from firmware.ui.screenmodel import Chart, Screen, big_cols, big_lines, cols, lines, wrap
from firmware.ui.views import Message, View, back_to, clip, go_home
from firmware.words import tr

START = "firmware.ui.entry.start"
# The modules a hand of each family's usual kind loads, in the order it needs them (App.idle loads
# them while the scoreboard waits, so that OK opens the hand at once; start.py opens the hand).
# (bidding first: the declarer's and the bid's lists, where an edit from the history opens, need only
# the modules up to it; the rest load while those lists wait: Bidding, history's Detail.ahead.)
BIDDING = "firmware.ui.entry.bidding"
_HAND = ("firmware.ui.entry.flow", START, "firmware.ui.entry.picks", "firmware.ui.entry.hand")
FEM_HAND = _HAND + ("firmware.ui.entry.fem",)
KNACK_HAND = _HAND[:3] + (BIDDING, "firmware.ui.entry.hand", "firmware.ui.entry.knack")
BUD_HAND = _HAND[:3] + (BIDDING, "firmware.ui.entry.hand", "firmware.ui.entry.bud")
IDLE_MS = 100  # after a press: App.idle loads ahead only once presses have paused this long
entry = Lazy("firmware.ui.entry.flow")  # the Flow of a hand
kinds = Lazy(START)  # opens the views of one kind of entry
newgame = Lazy("firmware.ui.screens.newgame")  # the set-up screen, the rule options
result = Lazy("firmware.ui.screens.result")  # the winner screen, the series standings
exports = Lazy("firmware.ui.exports")  # the finished game's file
resume = Lazy("firmware.ui.resume")  # the start: the save loaded, what to say about it
settings = Lazy("firmware.ui.settings")  # the settings' saving
text = Lazy("firmware.ui.text")  # the words of a refusal
PLAN = "firmware.ui.gameplan"
IRREGULAR = "firmware.ui.entry.irregular"  # misdeals, knock faults, corrections
DIM_MS = 120000  # idle time before the screen dims
BLANK_MS = 300000  # idle time before it goes blank


class App:
    # (the Wi-Fi boards' App is firmware/web/phones.py's PhonesApp: its ``extra``, what the board adds to
    # the App, is the phone view, with its menu rows, its settings and its start; the others have none)

    def __init__(self, store, exporter, width=128, height=64, lang="sv", now_ms=0, back_key=True, board=None):
        self.store = store
        self.exporter = exporter
        self.back_key = back_key  # a Back button; without one (three buttons) back is hold OK
        self.board = board  # the board profile's name, for the menu's About
        self.cols = cols(width)
        self.rows = lines(height) - 1
        # Big scores (a menu setting, kept with the settings): the scoreboard at twice the
        # size, big_rows players a page; only where at least two big rows fit (128x64).
        self.big_rows = big_lines(height)
        self.big_cols = big_cols(width)
        self.big = False
        self.lang = lang if lang in ("sv", "en") else "sv"
        self.version = 0
        self.brightness = 2
        self.last = now_ms
        self.screen = None
        self.series = None
        self.settings = None  # the game plan as its blob (firmware/ui/gameplan.py), when not held
        self._plan = None  # that plan, decoded while a screen needs it (``plan``)
        self.view = View()
        self.note = None  # a line for the winner screen (export result)
        # A press's writing (a save, an export) waits as a job until the loop has drawn its screen
        # and runs work(), so that the screen answers at once. A job is a callable, or a generator
        # of steps (a save: Store.saving) that work() runs one step a call, so that a press that
        # comes meanwhile waits for one flash erase, not for them all.
        self.jobs = []
        self.idle_loads = True  # idle() may load a hand's modules ahead (until that fails once)
        self.unsaved = None  # a failed settings save, shown after the press that caused it
        self.export_name = None  # the game's file in games/, once exported: replaced, not added
        self.pending = False  # the finished game could not be exported yet (kept in settings)
        self.won_on_drive = False  # the drive's copy of this game names its winner
        self.history_rows = None  # the history's rows kept between screens (firmware/ui/screens/history.py rows)
        message = resume.resume(self, store)  # the save loaded, and what to say about it
        if message:
            self.view = Message(self.tr("Note"), message, go_home)
        else:
            self.home()
        self.report_unsaved()
        if isinstance(self.view, Scoreboard):
            self.let_go()
        self._refresh()

    # -- the contract -------------------------------------------------------

    def handle(self, event, now_ms):
        """One logical event. A press that wakes the screen does nothing else. The jobs the last
        presses left (their saves) wait on, in order: each writes what the game is when it runs."""
        self.last = now_ms
        if self.brightness != 2:
            self.brightness = 2
            self.version += 1
            return
        try:
            self.view.event(self, event)
        except MemoryError:  # code.py says so and builds a new App: the game as saved,
            self.finish_jobs()  # so the saves still waiting are written first
            raise
        except Exception as e:  # never stuck: show it, a press goes home
            self.view = ErrorView(e)
        self.report_unsaved()
        if isinstance(self.view, Scoreboard):  # no other screen is open or reachable from here
            self.let_go()
        self._refresh()

    def ahead(self, ev, clean=False):
        """A key went down (ev: its short press's event), or is still held after buttons.py's
        AHEAD_MS (ev: its long press's): while it is held, the open view may load what that press
        will open (an import takes 15-60 ms on a Pico; a press is held 70 ms or more, a long one
        600), so that the press answers at once. clean: the heap was collected since anything last
        ran (code.py's loop), so the loads need no collection first (15 ms at a game's heap).
        Returns the chart that press will show (a screenmodel.Chart), or None: the loop has the
        renderer draw it now (PageRenderer.ahead), so that the press only sends it."""
        if self.brightness != 2:
            return None  # a waking press does nothing else
        lazy.clean = clean
        try:
            shows = self.view.ahead(self, ev)
        except Exception:  # e.g. no room: the press loads it as before, and says so if it cannot
            return None
        finally:
            lazy.clean = False
        return shows if isinstance(shows, Chart) else None  # (a view's own True or False: nothing to draw)

    def work(self):
        """One job of the slow part of the last presses (a save, an export), or one step of a job
        in steps, run by the loop once that press's screen is drawn, so that the screen answers at
        once; what it says shows next. False when there was none."""
        if not self.jobs:
            return False
        job = self.jobs[0]
        done = True
        try:
            if callable(job):
                job()
            else:
                next(job)  # one step; StopIteration: its last
                done = False
        except StopIteration:
            pass
        except MemoryError:  # as in handle: the game as saved, from a new App
            raise
        except Exception as e:  # never stuck: show it, a press goes home
            self.view = ErrorView(e)
        if done:
            self.jobs.remove(job)
        self.report_unsaved()
        if isinstance(self.view, Scoreboard):  # what the job loaded (e.g. settings.py) goes, as after a press
            self.let_go()
        self._refresh()
        return True

    def finish_jobs(self):
        """Run every job waiting (a save first of all), at once: before this App is given up."""
        import gc

        gc.collect()
        try:
            while self.work():
                pass
        except MemoryError:  # no room even now: the game as saved last
            pass

    def idle(self, now_ms):
        """The loop has nothing to do: a while after the last press, with the scoreboard up, load
        one module of a hand's entry a call (``hand_modules``), so that OK opens the hand at once;
        elsewhere one of those the open view's next press is likely to open (``View.soon``: the
        winner screen's, the next game's set-up). The scoreboard lets them go when it opens
        another screen."""
        if not self.idle_loads or now_ms - self.last < IDLE_MS:
            return
        try:
            for name in self.hand_modules() if isinstance(self.view, Scoreboard) else self.view.soon(self):
                if name not in sys.modules:
                    lazy.load(name)
                    return
        except Exception:  # e.g. no room: OK loads them as before, and says so if it cannot
            self.idle_loads = False

    def entry_modules(self, kind=None, first=False):
        """The modules entering a hand of kind loads (None: the preset's usual hand), for a view's
        ``ahead``; the irregular kinds share one module. first: those its first screen needs (a
        bidding preset's declarer list: the tricks' modules load while it waits, Bidding)."""
        if self.series is None:
            return ()
        if kind is None:
            names = hand_modules(self.series.game.rules)
            return names[:names.index(BIDDING) + 1] if first and BIDDING in names else names
        if kind == ALL_PASS:
            return _HAND[:2]
        return _HAND[:2] + (IRREGULAR,)

    def hand_modules(self):
        """The modules OK on the scoreboard will load for the next hand."""
        if self.series is None or self.series.game.state.over():
            return ()
        return hand_modules(self.series.game.rules)

    def tick(self, now_ms):
        """The clock: dims after DIM_MS idle, blanks after BLANK_MS."""
        idle = now_ms - self.last
        level = 0 if idle >= BLANK_MS else 1 if idle >= DIM_MS else 2
        if idle < 0:
            level = 2
        if level != self.brightness:
            self.brightness = level
            self.version += 1

    def let_go(self):
        """On the scoreboard, where no other screen is open or reachable: every lazily loaded
        module goes but the next hand's (kept for OK), and the game plan goes back to its blob."""
        lazy.release_all(self.hand_modules())
        if self.history_rows is not None and (self.series is None or self.history_rows[0] is not self.series.game):
            self.history_rows = None  # another game's: they would keep that game in RAM
        if self._plan is not None:
            self.settings = self._plan.encode()
            self._plan = None
        forget(PLAN)

    @property
    def plan(self):
        """The game plan (firmware/ui/gameplan.py: the next game's table and rules, remembered),
        decoded from its blob when a screen first asks; the scoreboard lets it go again (``let_go``)."""
        if self._plan is None:
            from firmware.ui.gameplan import GamePlan

            plan = GamePlan()
            if self.settings:
                plan.decode(self.settings)
            self._plan = plan
        return self._plan

    def held_plan(self):
        """The game plan when a screen has it decoded, else None (its blob is then ``settings``)."""
        return self._plan

    # -- helpers the views use ------------------------------------------------

    def tr(self, s):
        """s (English, the key of firmware/words/) in the App's language."""
        return tr(self.lang, s)

    def set_lang(self, lang):
        """The language; the game plan, which keeps it, takes it in the job that saves it (its module
        loads after this press's screen, not in the press)."""
        self.lang = lang
        self.jobs.append(lambda: settings.save_lang(self))

    def settings_changed(self):
        """Save the settings (the language, big scores): a job, after this press's screen."""
        self.jobs.append(self.save_settings_job)

    def home(self):
        """The scoreboard, or the setup screen when there is no game."""
        if self.series is None:
            self.open_new_game()
        else:
            self.view = Scoreboard()

    def open_new_game(self):
        self.view = newgame.NewGameView(self)

    def enter(self, kind=None):
        """Hand entry: a new entry of kind (None: the preset's usual hand)."""
        kinds.start(self, entry.Flow(self), kind)
        forget(START)  # the hand is open: start.py is needed again on the scoreboard (idle loads it)

    def refuse(self, why, back, players=None):
        """Say why an entry is refused; any press returns to back. why is the core's
        EntryError/RulesError (worded from its code, players named) or a text."""
        self.view = Message(self.tr("Not possible"), text.reason(self, why, players), back_to(back))
        self.words_done()

    def words_done(self):
        """A refusal's words (firmware/ui/text.py) were made, or will not be: its 1.7 KB need not
        stay through the hand (but with the history, which imports it)."""
        if "firmware.ui.screens.history" not in sys.modules:
            forget("firmware.ui.text")

    def written(self, steps):
        """A store's write in steps (a generator: Store.saving); its value is None when it is
        written, else the words for the screen (itself a generator of those steps)."""
        try:
            ok = yield from steps
        except Exception as e:  # the game goes on; the screen says it is not saved
            return "%s: %s" % (self.tr("Not saved"), e)
        if ok is False:
            return self.tr("Memory full: this change is not saved")
        return self.store_notice()

    def store_notice(self):
        """The store's notice (a drive copy it could not write), once, in words of the language."""
        notice = getattr(self.store, "notice", None)
        if not notice:
            return None
        self.store.notice = None
        return self.tr("The drive copy could not be written: a power cut while saving can lose the game.")

    def report_unsaved(self):
        """A settings save that failed during the last press: say so before the screen it led to."""
        problem = self.unsaved
        if problem:
            self.unsaved = None
            back = self.view
            self.view = Message(self.tr("Note"), problem, back_to(back))

    def over(self):
        return self.series is not None and self.series.game.state.over()

    def unfinished(self):
        """True when a game with entries is not over: a new game would replace it."""
        game = self.series.game if self.series is not None else None
        return game is not None and bool(game.log or game.base) and not game.state.over()

    def committed(self):
        """After a commit, undo, edit or delete: save; the winner screen when it is over."""
        self.after_change()

    def after_change(self):
        """Save the change (a job: after this press's screen, the loop's work()); then the winner
        screen when the game is over (its file written by a job after it), else the scoreboard."""
        self.jobs.append(self._save_job())
        if self.series is None:
            self.home()
            return
        game = self.series.game
        self.note = None
        if game.state.over():
            if self.exporter is not None:
                if self.writable():
                    self.note = self.tr("Exporting…")  # the winner at once, the file after it is drawn
                self.jobs.append(self._export_job(True))
            # The winner screen leads only home or to the history: the hand's modules go now, not
            # on the scoreboard (a long 7-player knack game had its lowest heap here).
            lazy.release_all((result.name,))
            self.view = result.Winner()
        else:
            if self.won_on_drive:  # an undo took the win back: the drive must not name a winner
                self.jobs.append(self._export_job(False))
            self.view = Scoreboard()

    def _save_job(self):
        """The change saved, in steps (Store.saving: a press is handled between its flash erases);
        the series is read at its first step, so a later change is saved with it."""
        if self.store is None or self.series is None:
            return
        problem = yield from self.written(self.store.saving(self.series))
        if problem:
            self.view = Message(self.tr("Note"), problem, back_to(self.view))

    def save_settings_job(self):
        """Store the language and the last set-up (firmware/ui/settings.py); a failure is said after."""
        self.unsaved = settings.save(self) or self.unsaved

    def writable(self):
        if self.exporter is None:
            return False
        try:
            return bool(self.exporter.writable())
        except Exception:
            return False

    def _export_job(self, say):
        """The game's file written, in steps (a job; exports.py loads at its first): its result on
        the winner screen when say."""
        note = yield from exports.auto_export(self)
        if say:
            self.note = note

    # -- drawing ----------------------------------------------------------------

    def _refresh(self):
        try:
            screen = self.view.render(self)
        except MemoryError:
            raise
        except Exception as e:
            self.view = ErrorView(e)
            screen = self.view.render(self)
        if screen != self.screen:
            self.screen = screen
            self.version += 1


def hand_modules(rules):
    """The modules a hand of rules' usual kind loads (start.py opens it), in the order it needs them."""
    if not rules.bidding:
        return FEM_HAND
    return KNACK_HAND if rules.others_score() else BUD_HAND


class ErrorView(View):
    """An unexpected exception: a short text; any press returns to the scoreboard."""

    def __init__(self, error):
        self.text = "%s: %s" % (type(error).__name__, error)

    def event(self, app, ev):
        app.home()

    def render(self, app):
        rows = wrap(self.text, app.cols)[:max(1, app.rows - 1)]
        rows.append(clip(app.tr("Press a button"), app.cols))
        return Screen(app.tr("Error"), rows[:app.rows])
