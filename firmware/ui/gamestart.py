"""A new game: it replaces the one in the store (the unfinished one kept on the drive first) or
follows the last of a series. Loaded while used, let go on the scoreboard."""

from firmware.ui.views import Message, back_to


def keep_unfinished(app, series, name):
    """Before a new game replaces an unfinished one (series, exported as name or not yet):
    its record on the drive, and the words saying where."""
    try:
        name = app.exporter.export(series, name, app.lang)
    except Exception:
        return "%s: %s" % (app.tr("Export failed"), app.tr("the unfinished game is lost"))
    return app.tr("The unfinished game is on the drive: games/%s") % name


def start_series(app, series):
    """A new game replaces this one: its screen at once; the settings, the new game's save and the
    unfinished game's file on the drive (when it has entries) are jobs after it."""
    keep = app.unfinished() and app.writable()  # (not when the drive is the computer's)
    old, name = app.series, app.export_name
    app.series = series
    app.plan.lang = app.lang
    new_game_started(app)  # (its settings' save takes the plan's language too)
    app.after_change()
    app.let_go()  # the set-up's screens are done with (the note below goes back to the scoreboard)
    if keep:
        app.view = Message(app.tr("Note"), app.tr("Exporting…"), back_to(app.view))
        app.jobs.append(lambda: _say_kept(app, keep_unfinished(app, old, name)))


def new_game_started(app):
    """A new game replaces the one in the store: it gets a file of its own, and the settings,
    which name the game's file, say so (a job after this press's screen): else a restart before
    the new game's export would take the last game's name and write over its file."""
    app.export_name = None
    app.pending = False
    app.won_on_drive = False
    app.note = None
    app.settings_changed()


def _say_kept(app, words):
    view = app.view
    if isinstance(view, Message):
        view.text = words
