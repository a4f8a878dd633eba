"""A game's exports to the drive (firmware/store/export.py): the finished game's file (written
after the winner screen, or at the next start the drive allows when it had to wait) and the menu's
export. Loaded while used, let go on the scoreboard."""

from firmware.ui.views import Message, go_home


def flush_pending(app):
    """At start: a finished game whose export had to wait (or one whose win an undo took
    back) is written now if the drive allows it (None when there is nothing to say)."""
    if not app.over() and not app.export_name:
        app.pending = False
        return None
    return auto_export(app)  # a finished game, or one whose winner an undo took back


def auto_export(app):
    """Export the finished game (replacing its earlier file); when the drive cannot
    be written now, remember it: it is written at the next start that can."""
    if app.exporter is None:
        return None
    if not app.writable():
        if not app.pending:
            app.pending = True
            app.save_settings_job()
        return app.tr("Not exported yet: it is written at the next start without the "
                     "boot button held.")
    try:
        app.export_name = app.exporter.export(app.series, app.export_name, app.lang)
        note = app.tr("Exported")
        app.pending = False
        app.won_on_drive = app.over()
    except Exception:
        app.pending = True
        note = app.tr("Export failed")
    app.save_settings_job()
    return note


def menu_export(app):
    """The menu's export: "Exporting…" at once, the writing a job after that screen is drawn."""
    if app.exporter is None:
        return
    if app.writable():
        app.view = Message(app.tr("Export"), app.tr("Exporting…"), go_home)
        app.jobs.append(lambda: export_now(app))
        return
    export_now(app)  # nothing to write: the screen says why


def export_now(app):
    """The menu's export, written now; its result on the screen."""
    if not app.writable():
        msg = app.tr("The computer owns the drive (the boot button was held at start). "
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
            msg = app.tr("Exported") + (" %s" % name if isinstance(name, str) else "")
            if getattr(app.exporter, "kept_from", 0) > 1:
                msg += ". " + app.tr("Hands 1-%d were not kept: score sheet only") % (
                    app.exporter.kept_from - 1)
        except Exception as e:
            msg = "%s: %s" % (app.tr("Export failed"), app.tr("the drive could not be written")
                              if getattr(e, "code", None) == "io" else e)
    app.view = Message(app.tr("Export"), msg, go_home)
