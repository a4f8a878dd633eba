"""The settings as the store keeps them (``save_settings``): the remembered set-up's blob
(firmware/ui/gameplan.py), then the export state (the game's file name, whether its export waits for
the drive), the big-scores setting and, on the Wi-Fi boards, the phone view's (its switch and
password: firmware/web/phones.py, the App's ``extra`` there). Loaded while used, let go on the scoreboard."""

from firmware import finish

EXPORT_MARK = b"\x00E"  # the export state follows the set-up in the settings blob
MAX_SETTINGS = 255  # firmware/store/codec.py MAX_SETTINGS


def read(app, blob):
    """Split the export state off the settings blob; the set-up's part is returned."""
    blob = bytes(blob)
    k = blob.find(EXPORT_MARK)
    if k < 0:
        return blob
    parts = blob[k + len(EXPORT_MARK):].decode().split(",")
    app.export_name = parts[0] or None
    app.pending = len(parts) > 1 and parts[1] == "1"
    app.big = len(parts) > 2 and parts[2] == "1" and app.big_rows >= 2
    extra = getattr(app, "extra", None)  # what the board adds to the App (the Wi-Fi boards' phone view)
    if extra is not None:
        extra.read(parts[3:])
    return blob[:k]


def blob(app):
    """The set-up, then the export state (the game's file name, whether it is pending), the
    big-scores setting and the phone view's fields; the roster's oldest names give way when it
    would not fit the store's 255 bytes."""
    setup = app.settings if app.settings is not None and app.held_plan() is None else app.plan.encode()
    state = "%s,%d,%d" % (app.export_name or "", 1 if app.pending else 0, 1 if app.big else 0)
    extra = getattr(app, "extra", None)
    if extra is not None:
        state += extra.blob()
    tail = EXPORT_MARK + state.encode()
    if len(setup) + len(tail) > MAX_SETTINGS:
        return app.plan.encode(MAX_SETTINGS - len(tail)) + tail
    return setup + tail


def save(app):
    """Store the language and last setup; a text for the screen when that failed, else None."""
    if app.store is not None:  # (the setup is only remembered: a failure is said, the game goes on)
        return finish(app.written(app.store.saving_settings(blob(app))))
    return None


def save_lang(app):
    """The job of a language switch (App.set_lang): the language into the game plan, then saved."""
    app.plan.lang = app.lang
    app.save_settings_job()
