"""The App's seldom used parts, loaded when one is needed and let go on the scoreboard
(firmware/ui/lazy.py): what the start says about the save and the drive, the settings' saving
with the export state in their blob, a finished game's export, the menu's export, a new game
(the unfinished one kept on the drive), the words of a refusal. The App (firmware/ui/app.py)
keeps a method of a name that its views call on every press, which calls the function here;
the screens opened now and then (the menu, the result) call these directly.
"""

from firmware.ui import text
from firmware.ui.views import Message, back_to, go_home

EXPORT_MARK = b"\x00E"  # the export state follows the set-up in the settings blob


def start(app, store):
    """At start: the save loaded (app.series, the settings), its messages in words of the
    language (None when there is nothing to say)."""
    message = None
    loaded = None
    if store is not None:
        try:
            loaded = store.load()
        except Exception as e:  # a broken store must not stop the device
            message = "%s: %s" % (app.t("Could not load"), e)
    if loaded is not None:
        blob = getattr(loaded, "settings", None)
        if blob:
            app.settings = read_export_state(app, blob) or None
            lang = app.setup.lang
            if lang:
                app.lang = lang
        app.series = getattr(loaded, "series", None)
        app.won_on_drive = bool(app.export_name and not app.pending and app.over())
        message = load_message(app, loaded) or message
        if app.pending:
            app.note = flush_pending(app)
    uncovered = uncovered_note(app)
    if uncovered:
        message = message + " " + uncovered if message else uncovered
    return message


def load_message(app, loaded):
    """What the store says about the save, in words of the language (None: nothing to say)."""
    code = getattr(loaded, "code", None)
    message = getattr(loaded, "message", None)
    if code in ("empty", "migrated"):
        return None
    hand = getattr(loaded, "hand", None)
    if code == "damaged":
        if hand is not None and getattr(loaded, "series", None) is not None:
            return app.t("Save damaged: resumed after entry %d") % hand
        return app.t("Save damaged: no game to resume")
    if code == "unreadable":
        return app.t("Save unreadable: no game to resume")
    if code == "copy":
        return app.t("Save lost: resumed from the drive copy after entry %d") % hand
    if code == "newer":
        return app.t("Saved by newer firmware: not read")
    return message


def uncovered_note(app):
    """At start, when the computer owns the drive: the store cannot write its drive copy,
    so a power cut in an NVM erase is not covered until a start without the boot button."""
    store = app.store
    copy = getattr(store, "copy", None)
    if copy is None or copy.writable():
        return None
    if getattr(store, "erase_always", False):
        return app.t("USB: no copy on the drive. A power cut while saving can lose the game.")
    return app.t("USB: no copy on the drive. A power cut as a game starts or is compacted can lose it.")


def read_export_state(app, blob):
    """Split the export state off the settings blob; the set-up's part is returned."""
    blob = bytes(blob)
    k = blob.find(EXPORT_MARK)
    if k < 0:
        return blob
    parts = blob[k + len(EXPORT_MARK):].decode().split(",")
    app.export_name = parts[0] or None
    app.pending = len(parts) > 1 and parts[1] == "1"
    app.big = len(parts) > 2 and parts[2] == "1" and app.big_rows >= 2
    return blob[:k]


def settings_blob(app):
    """The set-up, then the export state (the game's file name, whether it is pending)
    and the big-scores setting."""
    setup = app.settings if app.settings is not None and app.held_setup() is None else app.setup.encode()
    return (setup + EXPORT_MARK
            + ("%s,%d,%d" % (app.export_name or "", 1 if app.pending else 0,
                             1 if app.big else 0)).encode())


def save_settings(app):
    """Store the language and last setup; a text for the screen when that failed, else None."""
    if app.store is not None:  # (the setup is only remembered: a failure is said, the game goes on)
        return app.written(app.store.save_settings, settings_blob(app))
    return None


def flush_pending(app):
    """At start: a finished game whose export had to wait (or one whose win an undo took
    back) is written now if the drive allows it (None when there is nothing to say)."""
    if not app.over() and not app.export_name:
        app.pending = False
        return None
    return auto_export(app)  # a finished game, or one whose winner an undo took back


def keep_unfinished(app, series, name):
    """Before a new game replaces an unfinished one (series, exported as name or not yet):
    its record on the drive, and the words saying where."""
    try:
        name = app.exporter.export(series, name, app.lang)
    except Exception:
        return "%s: %s" % (app.t("Export failed"), app.t("the unfinished game is lost"))
    return app.t("The unfinished game is on the drive: games/%s") % name


def start_series(app, series):
    """A new game replaces this one: its screen at once; the settings, the new game's save and the
    unfinished game's file on the drive (when it has entries) are jobs after it."""
    keep = app.unfinished() and app.writable()  # (not when the drive is the computer's)
    old, name = app.series, app.export_name
    app.series = series
    new_game_started(app)
    app.setup.lang = app.lang
    app.jobs.append(app.save_settings_job)
    app.after_change()
    app.let_go()  # the set-up's screens are done with (the note below goes back to the scoreboard)
    if keep:
        app.view = Message(app.t("Note"), app.t("Exporting…"), back_to(app.view))
        app.jobs.append(lambda: _say_kept(app, keep_unfinished(app, old, name)))


def new_game_started(app):
    """A new game replaces the one in the store: it gets a file of its own."""
    app.export_name = None
    app.pending = False
    app.won_on_drive = False
    app.note = None


def _say_kept(app, words):
    view = app.view
    if isinstance(view, Message):
        view.text = words


def auto_export(app):
    """Export the finished game (replacing its earlier file); when the drive cannot
    be written now, remember it: it is written at the next start that can."""
    if app.exporter is None:
        return None
    if not app.writable():
        if not app.pending:
            app.pending = True
            app.save_settings_job()
        return app.t("Not exported yet: it is written at the next start without the "
                     "boot button held.")
    try:
        app.export_name = app.exporter.export(app.series, app.export_name, app.lang)
        note = app.t("Exported")
        app.pending = False
        app.won_on_drive = app.over()
    except Exception:
        app.pending = True
        note = app.t("Export failed")
    app.save_settings_job()
    return note


def export(app):
    """The menu's export: "Exporting…" at once, the writing a job after that screen is drawn."""
    if app.exporter is None:
        return
    if app.writable():
        app.view = Message(app.t("Export"), app.t("Exporting…"), go_home)
        app.jobs.append(lambda: export_now(app))
        return
    export_now(app)  # nothing to write: the screen says why


def export_now(app):
    """The menu's export, written now; its result on the screen."""
    if not app.writable():
        msg = app.t("The computer owns the drive (the boot button was held at start). "
                    "Restart without holding it to export.")
    else:
        try:
            name = app.exporter.export(app.series, app.export_name, app.lang)
            if isinstance(name, str):
                app.export_name = name
                if app.over():
                    app.pending = False
                app.won_on_drive = app.over()
                app.save_settings_job()
            msg = app.t("Exported") + (" %s" % name if isinstance(name, str) else "")
            if getattr(app.exporter, "kept_from", 0) > 1:
                msg += ". " + app.t("Hands 1-%d were not kept: score sheet only") % (
                    app.exporter.kept_from - 1)
        except Exception as e:
            msg = "%s: %s" % (app.t("Export failed"), app.t("the drive could not be written")
                              if getattr(e, "code", None) == "io" else e)
    app.view = Message(app.t("Export"), msg, go_home)


def reason(app, why, players=None):
    """The words for a refusal: from its code and params when it has them; an edit that
    made a later entry impossible names that entry ("Giv 7: ...")."""
    if isinstance(why, str):
        return text.explain(app.lang, why)
    game = app.series.game if app.series is not None else None
    if players is None and game is not None:
        players = game.players
    code = getattr(why, "code", None)
    words = text.refusal(app.lang, code, tuple(getattr(why, "params", ())), players) \
        if code else None
    if words is None:
        return text.explain(app.lang, str(why))
    index = getattr(why, "index", -1) - (game.base_entries if game is not None else 0)
    if game is not None and 0 <= index < len(game.log):
        nums = text.numbers(game)[index]  # (before, after, first seat)
        words = "%s\n%s" % (text.entry_name(app.lang, game.log[index][0], nums[0], nums[1],
                                            app.cols), words)
    return words
