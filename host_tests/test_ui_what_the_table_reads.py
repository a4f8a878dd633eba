"""What a table reads: names beside their changes, a tie said before it is saved, the first
speaker of an extra hand, the rules in card-table words, whole rows, the chart's names, big
scores, the history's change in one press."""

from firmware.core import score
from firmware.core.rules import Rules
from firmware.record.reader import load
from firmware.ui.app import App
from host_tests.test_ui_app import FOUR, enter, started
from tools.play.driver import Driver
from tools.play.presses import keys_for_record, presses_for

TIE = {  # start at 3: after two hands Anna and Bo are level at 0, Cia deals the extra hand
       "format": "rodskagg-record/1", "rules": {"preset": "fem", "start": 3}, "players": FOUR,
       "hands": [{"tricks": {"Anna": 2, "Bo": 2, "Cia": 1}},
                 {"tricks": {"Anna": 1, "Bo": 1, "Cia": 1, "Dan": 2}}]}


def played(doc, hands=None, **kw):
    """A Driver after the record's setup and its first ``hands`` hands (all by default)."""
    d = Driver(**kw)
    setup, keys = keys_for_record(d.app, doc)
    d.keys(setup + "".join(keys[:hands]))
    return d, keys


def test_preview_puts_each_change_beside_its_player():
    d, _st = started(Rules("fem", {"pot": True}))  # the pot: OK always previews
    d.keys("cBbbc" "c")  # Bo 2, Cia 3, the rest passed; OK: the preview
    assert d.text().splitlines() == [
        "OK? Giv 1", "Bo        12>10  -2", "Cia       12>9   -3", "Dan       12>12", "Anna      12>12"]


def test_extra_hand_first_speaker_is_the_next_tied_player():
    d, _k = played(TIE)
    game = d.app.series.game
    assert load(TIE).state == game.state and game.state.tied == (0, 1)
    rows = d.text().splitlines()[1:5]
    # Cia deals; Dan is not in the extra hand, so Anna speaks first (">")
    assert rows == [" >Anna       0 =", "  Bo         0 =", "* Cia        1", "  Dan        1"]


def test_a_tie_is_said_before_it_is_saved_and_on_the_scoreboard():
    d, _k = played(TIE, 1)
    d.keys("ccBc")  # the second hand: Cia 1, Dan 2, Anna 1, so Bo 1
    assert d.text().splitlines()[0] == "Giv 2: OK visar"  # not "OK sparar": a tie is asked
    d.keys("c")
    assert d.text().splitlines() == [
        "OK? Anna=Bo lika", "Cia        2>1   -1", "Dan        3>1   -2",
        "Anna       1>0   -1=", "Bo         1>0   -1="]
    d.keys("c")
    assert d.app.series.game.state.tied == (0, 1)
    assert d.text().splitlines() == [
        "Giv 3 Extra", " >Anna       0 =", "  Bo         0 =", "* Cia        1", "  Dan        1",
        "= lika: extragiv"]


def options_rows(preset):
    """The rows of Regler... for a preset, as the screen words them."""
    from firmware.ui.screens import newgame

    app = App(None, None)
    app.plan.set_preset(preset)
    view = newgame.OptionsView(newgame.NewGameView(app))
    return [view.label(app, i) for i in range(view.count(app))]


def test_rules_say_card_table_words_and_only_what_applies():
    assert options_rows("fem") == [
        "Start 12", "Straff 5", "Exakt 0 av", "Alla pass omgiv", "Givstraff 1", "Ensam ett stick",
        "Rödskäggrop på", "Rödskägg bet 5", "Knack av", "Pott av", "Insats 2", "Passavgift 1"]
    knack = options_rows("knack")
    assert knack == [
        "Start 12", "Straff 5", "Exakt 0 exakt", "Alla pass omgiv", "Givstraff 1", "Kontrakt stick",
        "Minsta bud 1", "Extra straff 0", "Rödskägg bet ut", "Bet, poäng 6", "Motspelarstick på",
        "Går med på", "Går med, per stick 1", "Knack på", "Pott av", "Insats 2"]
    assert "Passavgift 1" not in options_rows("bud")  # nobody passes and pays in bud or knack
    for row in knack + options_rows("bud"):
        assert len(row) <= 20, row
    d = Driver()
    d.keys("aa" "c" "bb" "c" "a")  # Regler... fem, Exakt 0, edit: one back (the last choice)
    assert "Exakt 0 <tillbaka>" in d.text()
    d.keys("a")
    assert "Exakt 0 <ej under 0>" in d.text()
    d.keys("c" "b" "c" "b")  # Alla pass: the dealer's penalty, whole (not "givarstraf")
    assert ">Alla pass <straff>" in d.text().splitlines()


def test_a_knack_fault_offers_only_the_reasons_of_knack():
    d, _st = started(Rules("knack"), players=FOUR + ["Eva"])
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Knackfel") + "c" "c")  # Knackfel, the first player
    assert d.text().splitlines() == [
        "Knackfel: varför?", ">tog upp före knack", " felgiv utan knack", " frågade ej går med",
        " (ingen orsak)", " håll ◀▶: flytta + OK"]


def test_all_pass_with_a_dealer_penalty_reads_whole():
    d, _st = started(Rules("fem", {"all_pass": "dealer_penalty", "pot": True}))
    d.keys("c" "aaaa")  # everyone passes: the pot previews
    assert d.text().splitlines()[0] == "Giv 1: alla passar"
    d.keys("c")
    assert d.text().splitlines()[:2] == ["OK? Alla passar", "Bo        12>12"]  # not "OK? Giv 1: alla passa"


def test_the_chart_names_players_whole_and_says_when_no_hand_is_played():
    d, _st = started(players=["Anna", "Bo", "Göran", "Dan"])
    d.keys("B")  # hold ▶: the chart
    screen = d.app.screen
    assert screen.title == "Diagram ingen giv än"  # not "Diagram giv 0"
    assert screen.chart.marks == ("Anna", "Bo", "Göran", "Dan")  # not "Göra"
    d.keys("c")
    d.keys(presses_for(d.app, (score.PLAY, (-1, 2, -1, 3), -1, ())))
    d.keys("B")
    assert d.app.screen.title == "Diagram giv 1"


def test_big_scores_show_a_table_of_four_on_one_page():
    from tools.sim import raster

    d, _st = started(players=["Anna", "Bo", "Cia", "Göran"])
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    d.keys("b" * items.index("Stor text: av") + "c" "d")  # big scores on, back to the board
    screen = d.app.screen
    assert screen.big and screen.title == "Giv 1"  # no page dots: every player on the page
    assert screen.rows == ("*Anna   12", ">Bo     12", " Cia    12", " Göran  12")
    buf = bytearray(128 * 64 // 8)
    raster.raster(screen, 128, 64, buf)
    px = raster.pixels(buf, 128, 64)
    lit = [y for y in range(8, 64) if any(px[y][12:72])]  # below the title, the names' columns
    assert lit[0] == 8 and lit[-1] == 62  # from under the title to the panel's end: 4 names
    gaps = [y for y in range(8, 64) if y not in lit]
    assert gaps == [21, 35, 49, 63]  # a dark pixel row after each name: they do not run together


def menu_item(d, label):
    """From the scoreboard: the menu's row label, opened."""
    d.keys("b")
    items = [i[0] for i in d.app.view.items]
    return d.keys("b" * items.index(label) + "c")


def test_history_opens_the_change_with_one_press_and_says_why():
    d, _st = started(Rules("knack"), players=FOUR + ["Eva"])
    enter(d, {"declarer": "Bo", "bid": 4, "tricks": {"Bo": 3, "Cia": 2, "Dan": 1}, "joined": ["Anna"],
              "faults": {"Cia": "forgot to ask går med"}})
    d.keys("a" "c")  # the history, the hand
    assert d.text().splitlines() == [
        "Giv 1▼", ">Bo        12>14  +2", " Cia       12>15  +3", " Dan       12>11  -1",
        " Eva       12>12", " Anna      12>17  +5", " Bo bjöd 4 tog 3:", " bet; Cia tog 2, Dan"]
    d.keys("a")  # up from the top: the actions at the end, after every fact
    assert d.text().splitlines()[1:] == [
        " 1; Anna gick med", " utan stick; straff", " Cia: glömde fråga", " går med", " Ändra", " Radera",
        ">Ny giv före"]
    rows = d.keys("b" "c").splitlines()  # down to the top again, OK on the changes: edit it
    assert rows[0] == "Giv 1: spelförare" and ">Bo" in rows  # at once, on its declarer
    d, _st = started()
    enter(d, (score.PLAY, (-1, 2, 3, -1), 2, ()))  # Cia called Rödskägg and took 3 of 5
    d.keys("a" "c")
    assert d.text().splitlines()[-3:] == [" Cia ropade Rödskägg:", " bet; Cia tog 3, Bo 2", " Ändra"]
