"""The table's phones following a scripted game (host only): the games, what the device shows of
them, and what a phone's page shows, as comparable rows. Shared by the browser test
(host_tests/test_web_browser.py) and the phone screenshots (tools/drawings/phones.py).

``games()``: a ``fem`` game of 4 played to its winner and a ``knack`` game of 7, drawn as tables
play them (tools/play/tablegame.py). ``device_rows(app)``: the scoreboard (marks, name, what the
row's end says, score) and the history as the score sheet (the CSV the device exports) has it,
each change beside its score. ``PAGE_ROWS``: the script that reads the same from the page.
"""

import csv
import io
import random

from firmware.core.errors import RodskaggError
from firmware.core.game import Game
from firmware.core.rules import Rules
from firmware.record.format import FORMAT
from firmware.record.reader import entry_from_json
from firmware.ui.gameplan import NAMES
from tools.play import tablegame

GAMES = (("fem", 4, 40, 11), ("knack", 7, 16, 7))  # preset, players, at most hands, seed


def game_doc(preset, n, hands, seed):
    """A rodskagg-record/1 game of n players (the set-up's own names: none to spell), up to hands
    entries or its winner."""
    rng = random.Random(seed)
    players = list(NAMES[:n])
    game = Game(Rules(preset), players, 0)
    draw = tablegame.DRAW[preset]
    out = []
    while len(out) < hands and not game.state.over():
        for _try in range(50):
            hand = draw(rng, players, game.state.dealer)
            try:
                game.push(entry_from_json(game.players, hand))
            except RodskaggError:
                continue
            out.append(hand)
            break
        else:
            break
    return {"format": FORMAT, "rules": {"preset": preset}, "players": players, "dealer": players[0],
            "hands": out}


def games():
    """[(name, record)]: the fem game of 4 and the knack game of 7."""
    return [("%s-%d" % (p, n), game_doc(p, n, h, s)) for p, n, h, s in GAMES]


def device_rows(app):
    """{"board": [[marks, name, end, score]], "history": [[cells]], "version": tag} of what the
    device shows: the scoreboard's marks (* deals, > speaks first) and end (out, = tied, ! won)
    from its own rows, the history from the CSV the device exports ("score change" per player)."""
    from firmware.store import exporttext
    from firmware.ui.scoreboard import Scoreboard

    series = app.series
    game = series.game
    st = game.state
    board = []
    sb = Scoreboard()
    out_word = app.tr("out")
    for seat, name in enumerate(game.players):
        row = sb.row(app, seat)
        end = out_word if seat in st.out else "=" if seat in st.tied else "!" if seat == st.winner else ""
        assert (" " + end) in row or not end, row  # the device's row says the same
        board.append([row[:2].strip(), name, end, str(st.scores[seat])])
    sheet = list(csv.reader(io.StringIO(exporttext.sheet_text(game, app.lang))))
    if sheet and sheet[-1][1].startswith("Rödskägg "):  # what wrote the file: not the game's
        sheet.pop()
    history = [sheet[0]]
    last = None
    for i, row in enumerate(sheet[1:]):
        scores = row[2:]
        cells = row[:2]
        for k, v in enumerate(scores):
            change = ""
            if last is not None and i <= len(game.log) and v != "" and last[k] != "":
                d = int(v) - int(last[k])
                change = ("%+d" % d) if d else ""
            cells.append(v + ("|" + change if change else ""))
        history.append(cells)
        if i < len(game.log) + 1:
            last = scores
    return {"board": board, "history": history}


# The same read off the page (firmware/web/page.html): a row's cells, a score's change after "|".
PAGE_ROWS = """() => {
  const cell = td => {
    const small = td.querySelector("small");
    const main = small ? td.firstChild.textContent : td.textContent;
    return small ? main + "|" + small.textContent : main;
  };
  const board = [...document.querySelectorAll("#board tr")].map(r =>
    [r.querySelector(".m").textContent, r.querySelector(".n").textContent,
     r.querySelector(".x").textContent, r.querySelector(".s").textContent]);
  const history = [...document.querySelectorAll("#history tr")].map(r =>
    [...r.children].map(cell));
  return {board, history, version: document.body.dataset.version || "",
          title: document.getElementById("title").textContent,
          banner: document.getElementById("banner").textContent, lang: document.documentElement.lang};
}"""
