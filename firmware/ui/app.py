"""The App: the UI state machine the device and the simulator drive.

    app = App(store, exporter, width=128, height=64, lang="sv", now_ms=0)
    app.handle(event, now_ms)   # a logical event from firmware/buttons.py
    app.tick(now_ms)            # the clock: screen saver
    app.screen                  # firmware.ui.screen.Screen to draw
    app.version                 # increases whenever screen (or brightness) changes
    app.brightness              # 2 on, 1 dimmed, 0 blank

It never sleeps and never touches hardware. ``store`` (firmware/storage.py)
and ``exporter`` (firmware/export.py) may be None.
"""

from firmware import buttons as K
from firmware import score
from firmware.ui import text
from firmware.ui.screen import Chart, Screen, big_cols, big_lines, cols, lines, pad, page_dots, short_names, wrap
from firmware.ui.setup import Setup, SetupView
from firmware.ui.views import ListView, Menu, Message, View, clip, is_back

EXPORT_MARK = b"\x00E"  # the export state follows the set-up in the settings blob
DIM_MS = 120000  # idle time before the screen dims
BLANK_MS = 300000  # idle time before it goes blank


# Hand entry: firmware/ui/entry.py and the modules of each kind of entry it imports.
ENTRY_MODULES = ("entry", "hand", "fem", "bidding", "knack", "irregular")


class _Entry:
    """firmware.ui.entry (hand entry), imported when a hand is entered and let go with
    the modules of each kind (ENTRY_MODULES) on the scoreboard (``release``), so they
    take no RAM meanwhile.

    From .py sources every import compiles, and compiling entry late, beside everything
    else, needs more RAM than keeping it: there entry stays (``keep``), and only the
    modules of each kind, small to compile, go."""

    def __init__(self):
        self.keep = not getattr(K, "__file__", ".mpy").endswith(".mpy")

    def __getattr__(self, name):
        import sys

        if "firmware.ui.entry" not in sys.modules:
            import gc

            gc.collect()  # its code goes into the heap as whole as it can be
        from firmware.ui import entry

        return getattr(entry, name)

    def release(self):
        import sys

        if sys.implementation.name == "cpython":  # keep one module object there
            return
        package = sys.modules.get("firmware.ui")
        for name in ENTRY_MODULES[1 if self.keep else 0:]:
            sys.modules.pop("firmware.ui." + name, None)
            if package is not None and name in getattr(package, "__dict__", {}):
                delattr(package, name)


E = _Entry()


class App:
    def __init__(self, store, exporter, width=128, height=64, lang="sv", now_ms=0):
        self.store = store
        self.exporter = exporter
        self.cols = cols(width)
        self.rows = lines(height) - 1
        # Big scores (a menu setting, kept with the settings): the scoreboard at twice the
        # size, BIG_ROWS players a page; only where at least two big rows fit (128x64).
        self.big_rows = big_lines(height)
        self.big_cols = big_cols(width)
        self.big = False
        self.lang = lang if lang in ("sv", "en") else "sv"
        self.version = 0
        self.brightness = 2
        self.last = now_ms
        self.screen = None
        self.series = None
        self.setup = Setup()
        self.view = View()
        self.note = None  # a line for the winner screen (export result)
        self.unsaved = None  # a failed settings save, shown after the press that caused it
        self.export_name = None  # the game's file in games/, once exported: replaced, not added
        self.pending = False  # the finished game could not be exported yet (kept in settings)
        message = None
        loaded = None
        if store is not None:
            try:
                loaded = store.load()
            except Exception as e:  # a broken store must not stop the device
                message = "%s: %s" % (self.t("Could not load"), e)
        if loaded is not None:
            blob = getattr(loaded, "settings", None)
            if blob:
                blob = self.read_export_state(blob)
            if blob and self.setup.decode(blob) and self.setup.lang:
                self.lang = self.setup.lang
            self.series = getattr(loaded, "series", None)
            message = self.load_message(loaded) or message
            if self.pending:
                self.note = self.flush_pending()
        if message:
            self.view = Message(self.t("Note"), message, _home)
        else:
            self.home()
        self.report_unsaved()
        self._refresh()

    # -- the contract -------------------------------------------------------

    def handle(self, event, now_ms):
        """One logical event. A press that wakes the screen does nothing else."""
        self.last = now_ms
        if self.brightness != 2:
            self.brightness = 2
            self.version += 1
            return
        try:
            self.view.event(self, event)
        except Exception as e:  # never stuck: show it, a press goes home
            self.view = ErrorView(e)
        self.report_unsaved()
        if isinstance(self.view, Scoreboard):  # no entry view is open or reachable from here
            E.release()
        self._refresh()

    def tick(self, now_ms):
        """The clock: dims after DIM_MS idle, blanks after BLANK_MS."""
        idle = now_ms - self.last
        level = 0 if idle >= BLANK_MS else 1 if idle >= DIM_MS else 2
        if idle < 0:
            level = 2
        if level != self.brightness:
            self.brightness = level
            self.version += 1

    def load_message(self, loaded):
        """What the store says about the save, in words of the language (None: nothing to say)."""
        code = getattr(loaded, "code", None)
        message = getattr(loaded, "message", None)
        if code in ("empty", "migrated"):
            return None
        hand = getattr(loaded, "hand", None)
        if code == "damaged":
            if hand is not None and getattr(loaded, "series", None) is not None:
                return self.t("Save damaged: resumed after entry %d") % hand
            return self.t("Save damaged: no game to resume")
        if code == "unreadable":
            return self.t("Save unreadable: no game to resume")
        if code == "newer":
            return self.t("Saved by newer firmware: not read")
        return message

    # -- helpers the views use ------------------------------------------------

    def t(self, s):
        return text.tr(self.lang, s)

    def set_lang(self, lang):
        self.lang = lang
        self.setup.lang = lang
        self.unsaved = self.save_settings()

    def home(self):
        """The scoreboard, or the setup screen when there is no game."""
        if self.series is None:
            self.view = SetupView(self)
        else:
            self.view = Scoreboard()

    def open_setup(self):
        self.view = SetupView(self)

    def refuse(self, why, back, players=None):
        """Say why an entry is refused; any press returns to back. why is the core's
        EntryError/RulesError (worded from its code, players named) or a text."""
        self.view = Message(self.t("Not possible"), self.reason(why, players),
                            lambda a: _goto(a, back))

    def reason(self, why, players=None):
        """The words for a refusal: from its code and params when it has them; an edit that
        made a later entry impossible names that entry ("Giv 7: ...")."""
        if isinstance(why, str):
            return text.explain(self.lang, why)
        game = self.series.game if self.series is not None else None
        if players is None and game is not None:
            players = game.players
        code = getattr(why, "code", None)
        words = text.refusal(self.lang, code, tuple(getattr(why, "params", ())), players) \
            if code else None
        if words is None:
            return text.explain(self.lang, str(why))
        index = getattr(why, "index", -1) - (game.base_entries if game is not None else 0)
        if game is not None and 0 <= index < len(game.log):
            nums = text.numbers(game)[index]  # (before, after, first seat)
            words = "%s\n%s" % (text.entry_name(self.lang, game.log[index][0], nums[0], nums[1],
                                                 self.cols), words)
        return words

    def save(self):
        if self.store is not None and self.series is not None:
            try:
                ok = self.store.save(self.series)
            except Exception as e:
                return "%s: %s" % (self.t("Not saved"), e)
            if ok is False:
                return self.t("Memory full: this change is not saved")
        return None

    def read_export_state(self, blob):
        """Split the export state off the settings blob; the set-up's part is returned."""
        blob = bytes(blob)
        k = blob.find(EXPORT_MARK)
        if k < 0:
            return blob
        parts = blob[k + len(EXPORT_MARK):].decode().split(",")
        self.export_name = parts[0] or None
        self.pending = len(parts) > 1 and parts[1] == "1"
        self.big = len(parts) > 2 and parts[2] == "1" and self.big_rows >= 2
        return blob[:k]

    def settings_blob(self):
        """The set-up, then the export state (the game's file name, whether it is pending)
        and the big-scores setting."""
        return (self.setup.encode() + EXPORT_MARK
                + ("%s,%d,%d" % (self.export_name or "", 1 if self.pending else 0,
                                 1 if self.big else 0)).encode())

    def flush_pending(self):
        """At start: a finished game whose export had to wait is written now if the drive
        allows it (None when there is nothing to say)."""
        series = self.series
        if series is None or not series.game.state.over():
            self.pending = False
            return None
        return self.auto_export()

    def save_settings(self):
        """Store the language and last setup; a text for the screen when that failed, else None."""
        if self.store is not None:
            try:
                ok = self.store.save_settings(self.settings_blob())
            except Exception as e:  # the setup is only remembered; the game goes on
                return "%s: %s" % (self.t("Not saved"), e)
            if ok is False:
                return self.t("Memory full: this change is not saved")
        return None

    def report_unsaved(self):
        """A settings save that failed during the last press: say so before the screen it led to."""
        problem = self.unsaved
        if problem:
            self.unsaved = None
            back = self.view
            self.view = Message(self.t("Note"), problem, lambda a: _goto(a, back))

    def new_game_started(self):
        """A new game replaces the one in the store: it gets a file of its own."""
        self.export_name = None
        self.pending = False
        self.note = None

    def start_series(self, series):
        self.series = series
        self.new_game_started()
        self.setup.lang = self.lang
        self.unsaved = self.save_settings()
        self.after_change()

    def committed(self):
        """After a commit, undo, edit or delete: save; the winner screen when it is over."""
        self.after_change()

    def after_change(self):
        problem = self.save()
        if self.series is None:
            self.home()
            return
        game = self.series.game
        self.note = None
        if game.state.over():
            self.note = self.auto_export()
            self.view = Winner()
        else:
            self.view = Scoreboard()
        if problem:
            back = self.view
            self.view = Message(self.t("Note"), problem, lambda a: _goto(a, back))

    def writable(self):
        if self.exporter is None:
            return False
        try:
            return bool(self.exporter.writable())
        except Exception:
            return False

    def auto_export(self):
        """Export the finished game (replacing its earlier file); when the drive cannot
        be written now, remember it: it is written at the next start that can."""
        if self.exporter is None:
            return None
        if not self.writable():
            if not self.pending:
                self.pending = True
                self.unsaved = self.save_settings() or self.unsaved
            return self.t("Not exported yet: it is written at the next start without the "
                          "boot button held.")
        try:
            self.export_name = self.exporter.export(self.series, self.export_name, self.lang)
            note = self.t("Exported")
            self.pending = False
        except Exception:
            self.pending = True
            note = self.t("Export failed")
        self.unsaved = self.save_settings() or self.unsaved
        return note

    def export(self):
        if self.exporter is None:
            return
        if not self.writable():
            msg = self.t("The computer owns the drive (the boot button was held at start). "
                         "Restart without holding it to export.")
        else:
            try:
                name = self.exporter.export(self.series, self.export_name, self.lang)
                if isinstance(name, str):
                    self.export_name = name
                    if self.series is not None and self.series.game.state.over():
                        self.pending = False
                    self.unsaved = self.save_settings() or self.unsaved
                msg = self.t("Exported") + (" %s" % name if isinstance(name, str) else "")
                if getattr(self.exporter, "kept_from", 0) > 1:
                    msg += ". " + self.t("Hands 1-%d were not kept: score sheet only") % (
                        self.exporter.kept_from - 1)
            except Exception as e:
                msg = "%s: %s" % (self.t("Export failed"), self.t("the drive could not be written")
                                  if getattr(e, "code", None) == "io" else e)
        self.view = Message(self.t("Export"), msg, _home)

    # -- drawing ----------------------------------------------------------------

    def _refresh(self):
        try:
            screen = self.view.render(self)
        except Exception as e:
            self.view = ErrorView(e)
            screen = self.view.render(self)
        if screen != self.screen:
            self.screen = screen
            self.version += 1


def _home(app):
    app.home()


def _goto(app, view):
    app.view = view


class ErrorView(View):
    """An unexpected exception: a short text; any press returns to the scoreboard."""

    def __init__(self, error):
        self.text = "%s: %s" % (type(error).__name__, error)

    def event(self, app, ev):
        app.home()

    def render(self, app):
        rows = wrap(self.text, app.cols)[:max(1, app.rows - 1)]
        rows.append(clip(app.t("Press a button"), app.cols))
        return Screen(app.t("Error"), rows[:app.rows])


class Scoreboard(View):
    """Every player's score: * deals, > speaks first, = plays the extra hand, 'out'.

    OK: enter a hand (the winner screen once the game is over); NEXT: menu;
    PREV: history; PREV_LONG: undo; NEXT_LONG: chart. When the players do not fit
    (more than 3 on 128x32) the board opens on the page of the first speaker, the
    title shows one dot per page (the shown one filled), and PREV shows the next page;
    after the last one it opens the history.
    """

    def __init__(self):
        self.page = -1  # the first speaker's page, chosen when first drawn
        self.seen = 1  # pages shown since the board opened

    def per_page(self, app):
        return app.big_rows if app.big and app.big_rows >= 2 else app.rows

    def pages(self, app):
        n = len(app.series.game.players)
        k = self.per_page(app)
        return (n + k - 1) // k

    def first_page(self, app):
        st = app.series.game.state
        speaker = st.first_to_speak()
        return speaker // self.per_page(app) if speaker >= 0 else 0

    def event(self, app, ev):
        game = app.series.game
        if ev == K.OK:
            if game.state.over():
                app.view = Winner()
            else:
                E.start(app, E.Flow(app))
        elif ev == K.NEXT:
            app.view = main_menu(app)
        elif ev == K.PREV:
            pages = self.pages(app)
            if self.seen < pages:
                self.page = (max(0, self.page) + 1) % pages
                self.seen += 1
            else:
                open_history(app)
        elif ev == K.PREV_LONG:
            ask_undo(app)
        elif ev == K.NEXT_LONG:
            app.view = ChartView()

    def title(self, app):
        series = app.series
        game = series.game
        st = game.state
        if st.over():
            head = app.t("%s won") % game.players[st.winner]
        else:
            head = app.t("Hand %d") % (st.hands + 1)
            if st.tied:
                head += " " + app.t("Extra")
        tail = ""
        pages = self.pages(app)
        if pages > 1:
            tail = page_dots(max(0, self.page), pages)
        if app.exporter is not None and not app.writable():
            # The boot button was held: the computer owns the drive, nothing is exported.
            tail += (" " if tail else "") + "USB"
        room = app.cols - (len(tail) + 1 if tail else 0)
        pot = app.t("Pot %d") % st.pot if game.rules.pot and not st.over() else ""
        of = " %d/%d" % (series.number(), series.length) if series.length > 1 else ""
        if pot and len(head) + 1 + len(pot) + len(of) > room:
            pot = "P%d" % st.pot  # tight (128x32 with pages): the short form
        if len(head) + len(pot) + 1 + len(of) > room:
            of = ""  # the series standing is on its own screen
        if pot:
            head += " " + pot
        head += of
        if tail:
            head = pad(clip(head, app.cols - len(tail) - 1), app.cols - len(tail)) + tail
        return clip(head, app.cols)

    def row(self, app, seat):
        series = app.series
        game = series.game
        st = game.state
        mark = "*" if seat == st.dealer else " "
        mark += ">" if seat == st.first_to_speak() else " "
        tail = ""
        if seat in st.out:
            tail += " " + app.t("out")
        elif seat in st.tied:
            tail += " ="
        elif seat == st.winner:
            tail += " !"
        if game.rules.pot:
            tail += " %+d" % st.balance[seat]
        if series.length > 1:
            tail += " %d" % series.wins()[seat]
        w = name_width(game.players, app.cols - 6 - len(tail))
        return clip("%s%s%4d%s" % (mark, pad(game.players[seat], w), st.scores[seat], tail), app.cols)

    def big_row(self, app, seat):
        """A big row (big_cols wide): a mark, the name, the score ("ut" once out)."""
        st = app.series.game.state
        mark = "*" if seat == st.dealer else ">" if seat == st.first_to_speak() else \
            "=" if seat in st.tied else " "
        score_ = app.t("out") if seat in st.out else "%d" % st.scores[seat]
        room = app.big_cols - 2 - len(score_)
        name = app.series.game.players[seat][:room]
        return mark + pad(name, room) + " " + score_

    def render(self, app):
        n = len(app.series.game.players)
        if self.page < 0 or self.page >= self.pages(app):
            self.page = self.first_page(app) if self.page < 0 else 0
        k = self.per_page(app)
        big = k != app.rows
        top = self.page * k
        row = self.big_row if big else self.row
        rows = [row(app, s) for s in range(top, min(n, top + k))]
        if len(rows) < k and self.pages(app) > 1 and self.seen >= self.pages(app):
            rows.append("\u25c0 " + app.t("History"))  # where PREV goes from here
        return Screen(self.title(app), rows, big=big)


def main_menu(app, cursor=0):
    """The menu off the scoreboard: the kinds of entry and everything else."""
    game = app.series.game
    over = game.state.over()
    items = []
    if not over:
        items.append((app.t("Hand"), lambda a: E.start(a, E.Flow(a))))
        items.append((app.t("Misdeal"), lambda a: E.start(a, E.Flow(a), score.MISDEAL)))
        if game.rules.knock:  # no knock, no knock fault
            items.append((app.t("Knock fault"), lambda a: E.start(a, E.Flow(a), score.FAULT)))
        items.append((app.t("Correction"), lambda a: E.start(a, E.Flow(a), score.ADJUST)))
    if game.log:
        items.append((app.t("Undo"), ask_undo))
        items.append((app.t("History"), open_history))
    items.append((app.t("Chart"), lambda a: _goto(a, ChartView())))
    if app.series.length > 1:
        items.append((app.t("Series"), lambda a: _goto(a, Standings())))
    if over:
        items.append((app.t("Result"), lambda a: _goto(a, Winner())))
    if app.exporter is not None:
        items.append((app.t("Export"), lambda a: a.export()))
    items.append((app.t("New game"), ask_new_game))
    if app.big_rows >= 2:
        items.append((app.t("Big scores:") + " " + app.t("on" if app.big else "off"), _toggle_big))
    items.append((app.t("Language:") + " " + ("Svenska" if app.lang == "sv" else "English"),
                  _toggle_lang))
    return Menu(app.t("Menu"), items, _home, cursor)


def _toggle_big(app):
    """Big scores on or off: the scoreboard at twice the size, for the table across."""
    app.big = not app.big
    app.unsaved = app.save_settings() or app.unsaved
    app.view = main_menu(app, len(app.view.items) - 2)


def _toggle_lang(app):
    app.set_lang("en" if app.lang == "sv" else "sv")
    app.view = main_menu(app, len(app.view.items) - 1)


class Confirm(View):
    """A question: OK does it, back (or PREV/NEXT) does not."""

    def __init__(self, title, lines_, yes, no):
        self.head = title
        self.lines = lines_
        self.yes = yes
        self.no = no

    def event(self, app, ev):
        if ev == K.OK:
            self.yes(app)
        elif is_back(ev) or ev in (K.PREV, K.NEXT):
            self.no(app)

    def render(self, app):
        rows = []
        for line in self.lines:
            rows.extend(wrap(line, app.cols))
        rows = rows[:max(0, app.rows - 1)]
        rows.append(clip(app.t("OK: yes, back: no"), app.cols))
        return Screen(clip(self.head, app.cols), rows)


def describe(app, game, i):
    """Lines for log[i]: "Giv 2: Ann2 Bo3" or "Knackfel Anna, före giv 6" (two lines when
    that does not fit: the position never breaks)."""
    state = game.fold(game.log[:i])
    before = state.hands
    first = text.first_seat(state)
    score.apply(game.rules, state, game.log[i])
    after = state.hands
    what = summary(app, game, game.log[i], first=first)
    if text.counted(before, after):
        return ["%s: %s" % (app.t("Hand %d") % after, what)]
    where = app.t("before hand %d") % (before + 1)
    if len(what) + 2 + len(where) <= app.cols:
        return ["%s, %s" % (what, where)]
    return [what + ",", where]


def ask_undo(app):
    game = app.series.game
    if not game.log:
        # A game resumed from a compacted save starts from a snapshot: say why undo stops.
        text_ = "Older hands were packed to fit the memory." if game.base else "Nothing to undo"
        app.view = Message(app.t("Undo"), app.t(text_), _home)
        return
    i = len(game.log) - 1
    lines = describe(app, game, i)
    limit = getattr(app.store, "undo_limit", None)
    if limit is not None:
        lines.append(app.t("Undo reaches %d back") % min(limit, len(game.log)))
    app.view = Confirm(app.t("Undo?"), lines, _undo, _home)


def _undo(app):
    app.series.game.pop()
    app.committed()


def ask_new_game(app):
    lines_ = [app.t("The setup screen; this game stays until Start.")]
    if app.pending:
        lines_.insert(0, app.t("The finished game is not exported yet; a new game replaces it."))
    app.view = Confirm(app.t("New game?"), lines_, lambda a: a.open_setup(), _home)


def summary(app, game, entry, width=None, first=0):
    """One short line for an entry (history rows, undo question), at most width
    characters: player names shorten (3 letters, then 2, then 1) to fit. Players
    are listed from seat ``first`` on (that hand's first to speak, as entry lists them)."""
    p = game.players
    kind = entry[0]
    order = [(first + k) % len(p) for k in range(len(p))]
    if width is None:
        width = app.cols - 1
    if kind == score.PLAY or kind == score.ADJUST:
        text = ""
        for k in (3, 2, 1):
            parts = []
            for s in order:
                if kind == score.PLAY:
                    t = entry[1][s]
                    if t >= 0:
                        parts.append("%s%d%s" % (p[s][:k], t, "R" if s == entry[2] else ""))
                elif entry[1][s]:
                    parts.append("%s%+d" % (p[s][:k], entry[1][s]))
            text = " ".join(parts)
            if kind == score.ADJUST:
                text = app.t("Corr.") + " " + text
            if len(text) <= width:
                return text
        if kind == score.PLAY:
            # still too long (7 players): those without a trick as initials after "0:"
            zero = "".join(p[s][0] for s in order if entry[1][s] == 0 and s != entry[2])
            parts = ["%s%d%s" % (p[s][0], entry[1][s], "R" if s == entry[2] else "")
                     for s in order if entry[1][s] > 0 or (s == entry[2] and entry[1][s] >= 0)]
            text = " ".join(parts) + (" 0:" + zero if zero else "")
        return text
    if kind == score.BID:
        bid = "R" if entry[2] == score.BID_R else "%d" % entry[2]
        return "%s %s:%d" % (p[entry[1]], bid, entry[3][entry[1]])
    if kind == score.LONE:
        return "%s %s" % (app.t("Lone"), p[entry[1]])
    if kind == score.ALL_PASS:
        return app.t("All pass")
    if kind == score.MISDEAL:
        return app.t("Misdeal") + ("" if entry[1] else " " + app.t("no knock"))
    return "%s %s" % (app.t("Fault"), p[entry[1]])


def name_width(players, room=8):
    """The name column: 8 characters (MAX_NAME), or when the row has only room for
    fewer, as wide as the longest name."""
    if room >= 8:
        return 8
    w = 3
    for name in players:
        if len(name) > w:
            w = len(name)
    return w


def open_history(app):
    game = app.series.game
    if not game.log:
        app.view = Message(app.t("History"), app.t("No hands yet"), _home)
        return
    app.view = History(len(game.log) - 1)


class History(ListView):
    """Every entry, oldest first (the cursor starts at the newest); OK shows its changes."""

    def __init__(self, cursor):
        ListView.__init__(self)
        self.cursor = cursor
        self.nums = None

    def title(self, app):
        return app.t("History")

    def count(self, app):
        return len(app.series.game.log)

    def render(self, app):
        self.nums = text.numbers(app.series.game)  # one fold per screen, not one per row
        try:
            return ListView.render(self, app)
        finally:
            self.nums = None

    def label(self, app, i):
        """A counted hand by its number (Giv N); any other entry indented, by what it is."""
        game = app.series.game
        nums = self.nums if self.nums is not None else text.numbers(game)
        before, after, first = nums[i]
        what = summary(app, game, game.log[i], app.cols - 4, first)
        if text.counted(before, after):
            return "%2d %s" % (after, what)
        return "   " + what

    def choose(self, app, i):
        app.view = Detail(i, self)

    def leave(self, app):
        app.home()


class Detail(ListView):
    """One entry: each player's score before > after; OK: edit or delete it."""

    def __init__(self, index, back):
        ListView.__init__(self)
        self.index = index
        self.back = back
        self.cursor = -1
        self.before = None
        self.after = None

    def states(self, app):
        if self.before is None:
            game = app.series.game
            self.before = game.fold(game.log[:self.index])
            self.after = self.before.copy()
            score.apply(game.rules, self.after, game.log[self.index])
        return self.before, self.after

    def title(self, app):
        before, after = self.states(app)
        return text.entry_name(app.lang, app.series.game.log[self.index][0], before.hands,
                               after.hands, app.cols)

    def event(self, app, ev):
        game = app.series.game
        if ev == K.OK:
            items = [(app.t("Edit"), self.edit), (app.t("Delete"), self.delete),
                     (app.t("Insert a hand before"), self.insert)]
            app.view = Menu(self.title(app), items, lambda a: _goto(a, self))
        elif is_back(ev):
            app.view = self.back
        elif ev in (K.PREV, K.NEXT):
            n = len(game.players)
            if n > app.rows:
                top = self.win.top + (1 if ev == K.NEXT else -1)
                self.win.top = max(0, min(n - app.rows, top))

    def render(self, app):
        game = app.series.game
        before, after = self.states(app)
        n = len(game.players)
        top = self.win.fit(-1, n, app.rows)
        rows = []
        w = name_width(game.players, app.cols - 1 - 12)
        first = text.first_seat(before)  # the hand's first to speak, as entry lists them
        for k in range(top, min(n, top + app.rows)):
            s = (first + k) % n
            d = after.scores[s] - before.scores[s]
            rows.append(clip(("%s%4d>%s%s" % (pad(game.players[s], w), before.scores[s],
                                              pad("%d" % after.scores[s], 4),
                                              "%+d" % d if d else "")).rstrip(), app.cols - 1))
        return Screen(clip(self.title(app), app.cols), rows)

    def edit(self, app):
        flow = E.Flow(app, self.index, lambda a: _goto(a, self))
        E.start(app, flow, E.kind_of(flow.old))

    def insert(self, app):
        """A forgotten hand, entered before this one; later hands are scored again."""
        E.start(app, E.Flow(app, self.index, lambda a: _goto(a, self), insert=True))

    def delete(self, app):
        def really(a):
            try:
                a.series.game.delete(self.index)
            except score.EntryError as e:
                if getattr(e, "index", -1) >= a.series.game.base_entries + self.index:
                    e.index += 1  # the index is in the log without this entry: name it as shown
                a.refuse(e, self)
                return
            a.committed()
        app.view = Confirm(app.t("Delete?"),
                           describe(app, app.series.game, self.index),
                           really, lambda a: _goto(a, self))


CHART_HANDS = 16  # the chart shows the last this many hands
CHART_PAGE = 4  # players a chart page at most: their labels stay apart, their leaders short


class ChartView(View):
    """Every player's score after each hand (the last CHART_HANDS), one line and marker
    each, labelled at the line's end. Where the labels do not fit beside the plot (more
    players than text lines below the title, e.g. 5 on 128x32, or than CHART_PAGE,
    e.g. 7 on 128x64: 4 and 3) the players are paged:
    PREV/NEXT show the others, on the same scale. OK or back return; on a single page
    any press does."""

    def __init__(self):
        self.page = 0
        self.cache = None  # (log length, points): folding once, not per page

    def per_page(self, app):
        """Players a page: at most CHART_PAGE (labels further apart than the lines
        below the title would put them run together), the pages evened out (7: 4+3)."""
        n = len(app.series.game.players)
        k = max(1, min(app.rows, CHART_PAGE))
        pages = (n + k - 1) // k
        return max(1, (n + pages - 1) // pages)

    def pages(self, app):
        n = len(app.series.game.players)
        k = self.per_page(app)
        return (n + k - 1) // k

    def event(self, app, ev):
        pages = self.pages(app)
        if pages > 1 and ev in (K.PREV, K.NEXT):
            self.page = (self.page + (1 if ev == K.NEXT else -1)) % pages
        else:
            app.home()

    def points(self, app):
        """(first hand number, [scores after each hand]): the start, every hand the table
        counts, and the scores now when entries followed the last hand."""
        game = app.series.game
        if self.cache is not None and self.cache[0] == len(game.log) and self.cache[1] is game:
            return self.cache[2]
        first = game.fold([])
        pts = [(first.hands, tuple(first.scores))]
        last = first.hands
        now = None
        for st in game.states():
            if st.hands > last:
                pts.append((st.hands, tuple(st.scores)))
                last = st.hands
                now = None
            else:
                now = (st.hands, tuple(st.scores))
        if now is not None and now[1] != pts[-1][1]:
            pts.append(now)
        pts = pts[-(CHART_HANDS + 1):]
        self.cache = (len(game.log), game, pts)
        return pts

    def render(self, app):
        game = app.series.game
        n = len(game.players)
        pts = self.points(app)
        lo = min(min(p[1]) for p in pts)
        hi = max(max(p[1]) for p in pts)
        if hi == lo:
            hi = lo + 1
        pages = self.pages(app)
        if self.page >= pages:
            self.page = 0
        k = self.per_page(app)
        seats = range(self.page * k, min(n, self.page * k + k))
        names = short_names(game.players)
        series = tuple(tuple(p[1][s] for p in pts) for s in seats)
        head = app.t("Chart")
        a = max(pts[0][0], 1)
        b = pts[-1][0]
        span = app.t("Hand %d") % b if a >= b else "%s-%d" % (app.t("Hand %d") % a, b)
        title = head + " " + span.lower() if app.lang == "sv" else head + ", " + span
        dots = page_dots(self.page, pages) if pages > 1 else ""
        if len(title) + len(dots) + 1 > app.cols:
            title = span
        if dots:
            title = pad(title, app.cols - len(dots)) + dots
        return Screen(clip(title, app.cols), (), -1,
                      Chart(series, min(lo, 0), hi, tuple(names[s] for s in seats), seats))


class Winner(ListView):
    """The end of a game: winner, final scores, series standings; OK: the next game."""

    def __init__(self):
        ListView.__init__(self)
        self.cursor = -1

    def lines(self, app):
        series = app.series
        game = series.game
        st = game.state
        out = []
        # the seat breaks ties: sorted is not stable on CircuitPython
        order = sorted(range(len(game.players)), key=lambda s: (s in st.out, st.scores[s], s))
        for s in order:
            tail = ""
            if s in st.out:
                tail += " " + app.t("out")
            if game.rules.pot:
                tail += " %+d" % st.balance[s]
            if series.length > 1:
                tail += " %d" % series.wins()[s]
            w = name_width(game.players, app.cols - 5 - len(tail))
            out.append("%s%4d%s" % (pad(game.players[s], w), st.scores[s], tail))
        if app.note:
            out.extend(wrap(app.note, app.cols - 1))
        out.extend(wrap(self.next_label(app), app.cols - 1))
        return out

    def next_label(self, app):
        series = app.series
        if series.length > 1 and not series.over():
            return app.t("OK: game %d") % (series.number() + 1)
        if series.length > 1:
            w = series.winner()
            if w >= 0:
                return app.t("Series: %s. OK: new") % series.game.players[w]
            return app.t("Series drawn. OK: new")
        return app.t("OK: new game")

    def event(self, app, ev):
        series = app.series
        if ev == K.OK:
            if series.length > 1 and not series.over():
                series.next_game()
                app.new_game_started()
                app.committed()
            else:
                app.open_setup()
        elif is_back(ev):
            app.view = Scoreboard()
        elif ev in (K.PREV, K.NEXT):
            n = len(self.lines(app))
            if n > app.rows:
                top = self.win.top + (1 if ev == K.NEXT else -1)
                self.win.top = max(0, min(n - app.rows, top))
        elif ev == K.PREV_LONG:
            ask_undo(app)

    def render(self, app):
        game = app.series.game
        lines_ = self.lines(app)
        top = self.win.fit(-1, len(lines_), app.rows)
        title = app.t("%s wins!") % game.players[game.state.winner]
        return Screen(clip(title, app.cols), [clip(x, app.cols - 1) for x in
                                              lines_[top:top + app.rows]])


class Standings(View):
    """Game wins per player in the series; any press returns."""

    def event(self, app, ev):
        app.home()

    def render(self, app):
        series = app.series
        wins = series.wins()
        p = series.game.players
        rows = ["%s %d" % (pad(p[s], name_width(p)), wins[s]) for s in range(len(p))][:app.rows]
        return Screen(clip(app.t("Series: game %d/%d") % (series.number(), series.length),
                           app.cols), rows)
