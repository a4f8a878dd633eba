"""The hand being entered is one model; the screens show it (issue 36, points 1-4, 6, 7, and the
cases the random walks found: host_tests/test_ui_random_walks.py). Each test presses keys and
reads the screens as a table does."""

from firmware.core import score
from firmware.core.rules import Rules
from host_tests.test_ui_app import enter, started

NAMES = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun"]


def lines(d):
    return d.text().splitlines()


def selected(d):
    return next(x for x in lines(d) if x.startswith(">"))


# -- point 1: bud, a look down the result list is not a choice ---------------------------------

def test_bud_back_from_the_walk_opens_the_result_list_on_the_walks_tricks():
    """Bo bids 4; ▶ down the result list to "Everyone's tricks" (the cursor passes 5 and 6),
    the walk says Bo took 3; Back past the walk's first row: the list opens on 3, and OK saves
    "bid 4 took 3" (it opened on 6 and saved 6: 12>8 where the walk's 3 gives 12>16). Up the
    list instead (◀ past 0 to the walk's row) is the same (it saved 0)."""
    for down in ("bbb", "aaaaa"):
        d, _st = started(Rules("bud"), NAMES[:5], 0, lang="en")
        d.keys("cbcbc")  # Bo declares, bids 4: the result list on 4
        assert selected(d) == ">4 tricks  12>8"
        d.keys(down)  # past 5 and 6 (or 3, 2, 1, 0) to the walk's row
        assert selected(d) == ">Everyone's tricks..."
        d.keys("c")
        assert selected(d).startswith(">Bo       <4*>")  # the declarer's row starts on the bid
        d.keys("ac")  # Bo took 3
        d.keys("dd")  # back to Bo's row, and past it: the result list
        assert lines(d)[0] == "Bo 4: tricks?▼"
        assert selected(d) == ">3 tricks  12>16", d.text()
        d.keys("c")
        assert d.app.series.game.log == [(score.BID, 1, 4, (0, 3, 0, 0, 0), 0, ())]
        assert d.app.series.game.state.scores[1] == 16


# -- point 2: knack, a Rödskägg bid is not a bid of 6 on any screen ----------------------------

def test_knack_shows_a_rodskagg_bid_on_every_screen_of_the_hand():
    d, _st = started(Rules("knack"), NAMES[:5], 0, lang="en")
    d.keys("cB" "bbbB")  # Bo (hold ▶ from the dealer) bids Rödskägg (hold ▶ on 6)
    assert selected(d).startswith(">Bo       <6*R>"), d.text()  # not "<6*>", a bid of 6
    d.keys("a" "c")  # Bo took 5
    assert " Bo       5*R" in d.text()
    d.keys("B")  # Cia 1, the others none: who joined?
    bo = next(x for x in lines(d) if x.startswith("Bo"))
    assert bo.split() == ["Bo", "5*R", "12>out"], d.text()
    d.keys("c")  # nobody more: saved, Bo is out
    assert d.app.series.game.state.out == [1]


def test_knack_rodskagg_preview_says_the_bid():
    """A failed Rödskägg bid with a penalty previews: its title names the bid."""
    d, _st = started(Rules("knack"), NAMES[:5], 0, lang="en", height=32)
    d.keys("cB" "bbbB" "a" "c" "B")  # Bo bids Rödskägg, takes 5; Cia 1: who joined?
    d.keys("a" "c" "c" "c")  # the penalty row: Bo, forgot to ask går med
    assert lines(d)[0] == "Joined? ◀▶ OK shows▼", d.text()
    d.keys("c")  # nobody more: the rows do not all show, so the preview
    assert lines(d)[0] == "OK? Hand 1: Bo bid R▼", d.text()


# -- point 3: knack, a new declarer starts on the bid --------------------------------------------

def test_knack_a_new_declarer_starts_on_the_bid_not_on_the_walked_row():
    """Cia declares 3; Bo 1 and Cia 3 walked; back to the declarer list, Bo instead, the same
    bid: Bo's row starts on the bid (3), not on the 1 walked for him, and Cia's on her share."""
    d, _st = started(Rules("knack"), NAMES[:5], 0, lang="en")
    d.keys("cbbc" "c")  # Cia declares, bids 3
    assert selected(d).startswith(">Bo       <1>")
    d.keys("c" "c")  # Bo 1, Cia 3*
    d.keys("ddd")  # back to Cia's row, Bo's, the bid list
    assert lines(d)[0].startswith("Hand 1: Cia bid")
    d.keys("d" "a" "c" "c")  # the declarer list: Bo, bid 3
    assert selected(d).startswith(">Bo       <3*>"), d.text()
    d.keys("ccccc")  # OK on every row: the bid, and a share each
    game = d.app.series.game
    assert game.log[-1][:3] == (score.BID, 1, 3) and game.log[-1][3][1] == 3, game.log


# -- point 4: knack går med, the title says what OK does on a joiner ----------------------------

def test_knack_joiners_title_says_ok_takes_a_joiner_back():
    d, _st = started(Rules("knack"), NAMES[:5], 0, lang="en")
    d.keys("cbbc" "c")  # Cia declares 3
    d.keys("c" "bc" "B")  # Bo 1, Cia 4, Dan 1, Eva 0, Anna 0: who joined?
    assert lines(d)[0] == "Joined? OK saves"
    d.keys("b")  # on Bo
    assert lines(d)[0] == "OK: Bo joined"
    d.keys("c")  # Bo joined; "nobody more" after him
    assert "Bo       1 in" in d.text()
    d.keys("a")  # back on Bo
    assert lines(d)[0] == "OK: Bo not in", d.text()  # it said "OK: Bo joined"
    d.keys("c")
    assert "Bo       1 in" not in d.text() and "Bo       1" in d.text()
    d.keys("c")
    assert d.app.series.game.log[-1][4] == 0


def test_the_penalty_list_marks_who_has_one_and_says_ok_takes_it_away():
    d, _st = started(Rules("fem"), NAMES[:4], 0, lang="en")
    d.keys("c" "bc" "bbc")  # Bo 2, Cia 3: done
    d.keys("b" "c")  # ▶ penalty: Bo
    d.keys("c")  # why: late call
    d.keys("b")  # the list again, on Bo: marked, and OK takes it away
    assert lines(d)[0] == "OK: Bo let off", d.text()
    assert ">Bo!" in d.text()
    d.keys("c")
    assert "!" not in d.text()


# -- point 6: an edit that ends the game sooner says so on its first screen ---------------------
# host_tests/test_ui_app.py test_edit_that_breaks_a_later_hand_is_refused: the walk's title says
# "Radera 1 senare" (it said "OK? Bo vinner / OK: visa").

# -- point 7: an inserted or edited hand shows the whole change ---------------------------------

def test_an_inserted_hand_shows_every_score_before_and_after_the_whole_change():
    """A forgotten hand inserted before hand 2: the preview shows each player's score now (the
    scoreboard's) > after the later hands are scored again, which OK then saves (it showed the
    inserted hand alone, from the scores before it)."""
    d, _st = started(Rules("fem"), NAMES[:4], 0, lang="en")
    enter(d, (score.PLAY, (-1, 2, 3, -1), -1, ()))
    enter(d, (score.PLAY, (1, -1, 4, -1), -1, ()))
    enter(d, (score.PLAY, (-1, -1, 2, 3), -1, ()))
    now = list(d.app.series.game.state.scores)
    d.keys("aa" "c")  # the history, hand 2's changes
    d.keys("a" "c")  # ◀ from the top: Insert a hand before
    d.keys("c" "bbbB")  # Cia 1, Dan 5... (the first to speak is Cia)
    while not lines(d)[0].startswith("OK?"):
        d.keys("c")
    game = d.app.series.game
    rows = lines(d)[1:]
    shown = {r.split()[0]: r.split()[1] for r in rows if ">" in r}
    assert shown["Anna"] == "%d>%s" % (now[0], shown["Anna"].split(">")[1])
    d.keys("c")
    after = game.state.scores
    for seat, name in enumerate(game.players):
        assert shown[name] == "%d>%d" % (now[seat], after[seat]), (shown, now, after)


def test_an_edit_of_the_last_hand_shows_the_scoreboard_before_and_after():
    """Found by the random walks (seed 0): an edit's preview showed the scores before the hand,
    "Bo 5>5", where the scoreboard said 4 and saving made it 5."""
    d, _st = started(Rules("fem"), NAMES[:2], 0, lang="en")
    enter(d, (score.PLAY, (0, 5), -1, ()))
    enter(d, (score.PLAY, (3, 2), -1, ()))
    enter(d, (score.LONE, 1))
    assert d.app.series.game.state.scores == [14, 4]
    d.keys("a" "c" "c")  # the history, the last hand's changes, Edit: a walk
    d.keys("a" "c")  # Anna passes... Bo alone again? make it Anna alone
    while not lines(d)[0].startswith("OK?"):
        d.keys("c")
    shown = {r.split()[0]: r.split()[1] for r in lines(d)[1:] if ">" in r}
    assert shown["Bo"].startswith("4>") and shown["Anna"].startswith("14>"), d.text()


# -- found by the random walks ----------------------------------------------------------------

def test_a_correction_that_changes_nothing_says_so_before_ok():
    """Seed 49: a correction of zeros went on to its reason list, whose OK then refused."""
    d, _st = started(Rules("fem"), NAMES[:4], 0, lang="en")
    d.keys("b" "bbb" "c")  # the menu's Correction
    assert lines(d)[0] == "Correction: no change", d.text()
    d.keys("B")  # hold ▶: done, refused at once, as the title said
    assert lines(d)[0] == "Not possible"
    d.keys("c")
    d.keys("b")  # Anna +1
    assert lines(d)[0] == "Correction"
    d.keys("B" "c")  # done, the reason: the preview
    assert lines(d)[0].startswith("OK?")


def test_a_joiners_row_keeps_its_marks_apart_from_its_score():
    """Seed 11: "Bo       0! med9>19", a joiner's marks (a penalty, "med") ran into the score."""
    d, _st = started(Rules("knack"), NAMES[:3], 0, lang="sv")
    d.keys("ccc")  # the dealer Anna declares 3
    d.keys("aac" "c")  # Bo 0, Cia 3, Anna the rest: who joined?
    assert lines(d)[0] == "Går med? OK sparar", d.text()
    d.keys("bc")  # Bo went along
    d.keys("b" "c" "c" "c")  # the penalty row: Bo, forgot to ask
    row = next(x for x in lines(d) if x.lstrip(" >").startswith("Bo"))
    assert row.split() == ["Bo", "0!", "med", "12>22"], d.text()


# -- the architecture: one update -------------------------------------------------------------

def test_no_screen_writes_a_value_of_the_hand_but_through_its_update():
    """A value of the hand changes in Hand.update only: no other code of firmware/ui/entry/
    assigns to (or into) an attribute of a hand, so no screen keeps or sets a value its own way."""
    import ast
    import pathlib

    from firmware.ui.entry.flow import Hand

    fields = set(vars(Hand(3)))
    root = pathlib.Path(__file__).resolve().parent.parent / "firmware" / "ui" / "entry"
    found = []
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hand_class = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Hand"]
        allowed = {id(n) for c in hand_class for n in ast.walk(c)}
        for node in ast.walk(tree):
            if id(node) in allowed or not isinstance(node, (ast.Assign, ast.AugAssign)):
                continue
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                while isinstance(target, ast.Subscript):
                    target = target.value
                if isinstance(target, ast.Attribute) and target.attr in fields:
                    owner = ast.unparse(target.value)
                    if owner == "hand" or owner.endswith(".hand"):
                        found.append("%s:%d %s" % (path.name, node.lineno, ast.unparse(node)))
    assert not found, found


# -- found by the play test ---------------------------------------------------------------------

def test_knack_joiners_that_hide_a_players_change_show_the_preview_first():
    """feather_oled, 3 players: the joiners' rows and their penalty row fill the panel, so the
    declarer's row (the dealer's, the last) did not show, yet the title said "OK saves" and OK
    saved Anna out of the game unseen."""
    d, _st = started(Rules("knack"), NAMES[:3], 0, lang="en", height=32, back_key=False)
    d.keys("cc" "bbbB")  # Anna, the dealer, declares Rödskägg
    d.keys("B" "c")  # Bo 1, Cia 0, Anna the rest (5): who joined?
    assert lines(d)[0] == "Joined? ◀▶ OK shows▼", d.text()
    assert not any(x.startswith("Anna") for x in lines(d))  # her row is not on the panel
    d.keys("c")  # the preview: every change, Anna's among them
    assert lines(d)[0].startswith("OK?"), d.text()
    d.keys("b" * 3)
    assert any(x.startswith("Anna") and "out" in x for x in lines(d)), d.text()


def test_bud_the_bid_list_names_who_has_a_penalty():
    """bud's penalty is entered from the bid list: its row names who has one (it said nothing)."""
    d, _st = started(Rules("bud"), NAMES[:5], 0, lang="en")
    d.keys("cbc")  # Bo declares: the bid list
    d.keys("aaa" "c" "b" "c")  # its last row: a penalty for Cia
    assert lines(d)[0] == "Hand 1: Bo bid▲"
    d.keys("aaa")
    assert selected(d) == ">Penalty: Cia!", d.text()
    d.keys("c" "b" "c")  # Cia again: taken away
    d.keys("aaa")
    assert selected(d) == ">Penalty in hand...", d.text()


def test_the_preview_says_who_is_out_already():
    d, _st = started(Rules("knack"), NAMES[:4], 0, lang="en", height=32)
    enter(d, (score.BID, 1, score.BID_R, (0, 5, 1, 0), 0, ()))  # Bo's Rödskägg fails: out
    assert d.app.series.game.state.out == [1]
    d.keys("c" "c" "c")  # the dealer declares 3; the walk
    while not lines(d)[0].startswith("OK?"):
        d.keys("c")
    d.keys("bbb")
    bo = [x for x in lines(d) if x.startswith("Bo")]
    assert bo and bo[0].split()[1:] == ["12", "out"], d.text()  # (it said "12>12")


# -- found by the second play test --------------------------------------------------------------

def knack_with_cia_out():
    """knack, 5 players: Cia's Rödskägg bid fails (5 tricks: out), then Dan bids 2 and makes it."""
    d, _st = started(Rules("knack"), NAMES[:5], 0, lang="en")
    enter(d, (score.BID, 2, score.BID_R, (0, 1, 5, 0, 0), 0, ()))
    enter(d, (score.BID, 3, 2, (1, 1, 0, 2, 2), 0, ()))
    assert d.app.series.game.state.out == [2]
    return d


def test_an_edit_that_brings_a_player_back_previews_her_score():
    """Hand 1 edited to a bid of 4 that Cia makes: the preview said "Cia 12 out" (no change)
    while OK brought her back at 7."""
    d = knack_with_cia_out()
    d.keys("aa" "c" "c")  # the history, hand 1's changes, Edit: the declarer list
    d.keys("c" "aaa" "c")  # Cia again; the bid list opens on Rödskägg: down to 4
    while not lines(d)[0].startswith("OK?"):
        d.keys("c")
    cia = [x for x in lines(d) if x.startswith("Cia")]
    assert cia and cia[0].split()[1:] == ["out>7"], d.text()
    d.keys("c")
    state = d.app.series.game.state
    assert state.out == [] and state.scores[2] == 7


def test_the_history_says_who_went_out():
    """The changes of the hand that put Cia out said "Cia 12>12"."""
    d = knack_with_cia_out()
    d.keys("aa" "c")  # the history (on hand 2), hand 1's changes
    cia = [x for x in lines(d) if x.lstrip(" >").startswith("Cia")]
    assert cia and cia[0].split()[1:] == ["12>out"], d.text()


def test_an_edit_that_needs_a_delete_first_shows_the_scoreboard_now():
    """bud: hand 2 edited so that Dan's Rödskägg wins; hand 3 must be deleted first. Its preview
    said "Dan 12>0" (the hand's own before) while the scoreboard said 18; it shows now > after
    the game once hand 3 is deleted, and OK refuses, as the title said."""
    d, _st = started(Rules("bud"), NAMES[:5], 0, lang="en")
    enter(d, (score.BID, 2, 4, (0, 0, 5, 0, 0), 0, ()))
    enter(d, (score.BID, 3, score.BID_R, (0, 0, 0, 5, 0), 0, ()))
    enter(d, (score.BID, 4, 3, (0, 0, 0, 0, 3), 0, ()))
    log = list(d.app.series.game.log)
    assert d.app.series.game.state.scores == [12, 12, 8, 18, 9]
    d.keys("aa" "c" "c")  # the history (on hand 3), hand 2's changes, Edit: the declarer list
    d.keys("c" "c" "b")  # Dan, Rödskägg, the result list from 5 tricks to 6
    assert selected(d).startswith(">6 tricks"), d.text()
    d.keys("c")
    assert lines(d)[0] == "Delete 1 later first", d.text()
    shown = {x.split()[0]: x.split()[1] for x in lines(d)[1:]}
    assert shown == {"Anna": "12>12", "Bo": "12>12", "Cia": "8>8", "Dan": "18>0", "Eva": "9>12"}, d.text()
    d.keys("c")
    assert d.app.series.game.log == log


def test_a_misdeal_preview_on_128x32_opens_on_the_dealers_penalty():
    """The dealer speaks last: on 128x32 the preview showed three unchanged rows (12>12) and
    hid the only change below them."""
    d, _st = started(Rules("knack"), NAMES[:5], 0, lang="en", height=32)
    d.keys("bbcbc")  # the menu, Misdeal, not knocked
    assert lines(d)[0].startswith("OK? Misdeal"), d.text()
    assert "Anna      12>17  +5" in lines(d), d.text()
