"""The start: the save loaded into the App, and what to say about it and about the drive (a
finished game's export that waited is written now). Loaded for the start only."""

from firmware.ui import exports, settings


def resume(app, store):
    """At start: the save loaded (app.series, the settings), its messages in words of the
    language (None when there is nothing to say)."""
    message = None
    loaded = None
    if store is not None:
        try:
            loaded = store.load()
        except Exception as e:  # a broken store must not stop the device
            message = "%s: %s" % (app.tr("Could not load"), e)
    if loaded is not None:
        blob = getattr(loaded, "settings", None)
        if blob:
            app.settings = settings.read(app, blob) or None
            lang = app.plan.lang
            if lang:
                app.lang = lang
        app.series = getattr(loaded, "series", None)
        app.won_on_drive = bool(app.export_name and not app.pending and app.over())
        message = load_message(app, loaded) or message
        if app.pending:
            app.note = exports.flush_pending(app)
    extra = getattr(app, "extra", None)  # what the board adds (the Wi-Fi boards' phone view, firmware/web)
    if extra is not None and extra.resume(app):  # (its password made at the first start)
        app.settings_changed()
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
            return app.tr("Save damaged: resumed after entry %d") % hand
        return app.tr("Save damaged: no game to resume")
    if code == "unreadable":
        return app.tr("Save unreadable: no game to resume")
    if code == "copy":
        return app.tr("Save lost: resumed from the drive copy after entry %d") % hand
    if code == "newer":
        return app.tr("Saved by newer firmware: not read")
    return message


def uncovered_note(app):
    """At start, when the computer owns the drive: the store cannot write its drive copy,
    so a power cut in an NVM erase is not covered until a start without the boot button."""
    store = app.store
    copy = getattr(store, "copy", None)
    if copy is None or copy.writable():
        return None
    if getattr(store, "erase_always", False):
        return app.tr("USB: no copy on the drive. A power cut while saving can lose the game.")
    return app.tr("USB: no copy on the drive. A power cut just as a game starts or the memory fills up can lose it.")
