"""A settings save that fails (full NVM, or an error) is said on the screen, like a failed game save."""

from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store.journal import Store
from firmware.ui import events as K
from firmware.ui.app import App
from tools.play import loop
from tools.sim.fakes import FakeNVM


class FailingStore(Store):
    def __init__(self, nvm, how):
        Store.__init__(self, nvm)
        self.how = how

    def saving_settings(self, blob):  # (Store.save_settings runs it too)
        yield from ()
        if self.how == "raise":
            raise OSError(5, "flash write failed")
        return False  # does not fit


def app_with_game(how):
    nvm = FakeNVM(4096)
    Store(nvm).save(Series(Rules("fem"), ["Åsa", "Bo", "Cia"]))
    return App(FailingStore(nvm, how), None, lang="en")


def switch_language(app):
    """Menu (next), down to the language row, OK."""
    loop.press(app, K.NEXT, 0)
    for _ in range(20):
        if app.screen.rows[app.screen.selected].startswith("Language:"):
            break
        loop.press(app, K.NEXT, 0)
    loop.press(app, K.OK, 0)


def test_settings_that_do_not_fit_are_reported():
    app = app_with_game("full")
    switch_language(app)
    assert app.screen.title in ("Note", "Obs")
    assert "not saved" in app.screen.text().lower() or "sparad" in app.screen.text().lower()
    loop.press(app, K.OK, 0)  # any press: back to the menu it led to
    assert app.screen.rows[app.screen.selected].startswith("Språk:")


def test_a_settings_write_error_is_reported():
    app = app_with_game("raise")
    switch_language(app)
    assert "flash write failed" in app.screen.text()
