"""A game's exports to the drive (firmware/store/export.py): the finished game's file (written
after the winner screen, or at the next start the drive allows when it had to wait) and the menu's
export. Loaded while used, let go on the scoreboard."""

from firmware import finish
from firmware.ui.views import Message, back_to, go_home


def flush_pending(app):
    """At start: a finished game whose export had to wait (or one whose win an undo took
    back) is written now if the drive allows it (None when there is nothing to say)."""
    if not app.over() and not app.export_name:
        app.pending = False
        return None
    return finish(auto_export(app))  # a finished game, or one whose winner an undo took back


def auto_export(app):
    """Export the finished game (replacing its earlier file); when the drive cannot
    be written now, remember it: it is written at the next start that can. In steps (a
    generator: Exporter.exporting's, a job of App.jobs), its value the note to show."""
    if app.exporter is None:
        return None
    if not app.writable():
        if not app.pending:
            app.pending = True
            app.save_settings_job()
        return app.tr("Not exported yet: it is written at the next start without the "
                     "boot button held.")
    try:
        app.export_name = yield from app.exporter.exporting(app.series, app.export_name, app.lang)
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
        exporting = Message(app.tr("Export"), app.tr("Exporting…"), go_home)
        app.view = exporting
        app.jobs.append(export_now(app, exporting))
        return
    finish(export_now(app))  # nothing to write: the screen says why


def export_now(app, exporting=None):
    """The menu's export, written now (in steps, as ``auto_export``); its result on the screen,
    OK then home, or back where a press went while it was written (from ``exporting``, the
    "Exporting…" screen)."""
    if not app.writable():
        msg = app.tr("The computer owns the drive (the boot button was held at start). "
                    "Restart without holding it to export.")
    else:
        try:
            name = yield from app.exporter.exporting(app.series, app.export_name, app.lang)
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
    app.view = Message(app.tr("Export"), msg, go_home if app.view is exporting or exporting is None
                       else back_to(app.view))
