"""The rule options on the device: fail_extra's row among the new game's options for bud and
knack only, remembered with the table."""

import pytest

from firmware.ui.screens.newgame import NewGameView, OptionsView
from tools.play.driver import Driver


def option_rows(preset):
    app = Driver().app
    app.plan.set_preset(preset)
    view = OptionsView(NewGameView(app))
    return app, view, view.rows(app)


@pytest.mark.parametrize("preset,shown", [("fem", False), ("bud", True), ("knack", True)])
def test_fail_extra_row_in_setup_for_bud_and_knack(preset, shown):
    app, _view, rows = option_rows(preset)
    labels = [r[0] for r in rows]
    assert ("Extra straff" in labels) == shown
    if shown:
        i = labels.index("Extra straff")
        _label, choices, get, set_ = rows[i]
        assert list(choices) == list(range(0, 21)) and get() == 0
        set_(3)
        assert app.plan.rules().fail_extra == 3 and app.plan.overrides == {"fail_extra": 3}
        assert labels.index("Extra straff") == labels.index("Minsta bud") + 1  # the table's order


def test_fail_extra_is_remembered_with_the_setup():
    app, _view, _rows = option_rows("bud")
    app.plan.set_option("fail_extra", 7)
    blob = app.plan.encode()
    again = Driver().app.plan
    assert again.decode(blob) and again.rules().fail_extra == 7
