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
  // the score sheet's rows: a row of words (the hand, what happened) and the scores' row under it
  const table = document.getElementById("history");
  const head = table.querySelector("tr");
  const history = [[head.children[0].textContent, table.dataset.what].concat(
    [...head.children].slice(1).map(th => th.textContent))];
  for (const r of table.querySelectorAll("tr.w")) {
    const next = r.nextElementSibling;
    const scores = next && next.classList.contains("c") ? [...next.children].slice(1).map(cell)
      : [...head.children].slice(1).map(() => "");
    history.push([r.children[0].textContent, r.children[1].textContent].concat(scores));
  }
  return {board, history, version: document.body.dataset.version || "",
          title: document.getElementById("title").textContent,
          banner: document.getElementById("banner").textContent, lang: document.documentElement.lang};
}"""


# The page's layout at a phone's size, read off the page: what lies outside the viewport (but in the
# history's own scroller), the chart's labels and lines, whether the history's players all show.
PAGE_LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const wrap = document.getElementById("wrap");
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + ":" + (e.textContent || "").slice(0, 30);
  const wider = [...document.querySelectorAll("body *")].filter(e => !wrap.contains(e) || e === wrap)
    .filter(e => { const r = e.getBoundingClientRect(); return r.width && (r.left < -0.5 || r.right > width + 0.5); })
    .map(name);
  const svg = document.getElementById("chart");
  const labels = [...svg.querySelectorAll("text")].map(t => [t.textContent].concat(box(t)));
  const lines = [...svg.querySelectorAll("polyline")].map(p => p.getAttribute("points"));
  const view = box(wrap);
  const heads = [...document.querySelectorAll("#history tr:first-child th")].slice(1)
    .map(th => [th.textContent].concat(box(th)));
  const first = document.querySelector("#history td");
  const sign = document.getElementById("more");
  return {width, scroll: document.documentElement.scrollWidth, wider, labels, lines, chart: box(svg),
          wrap: view, heads, more: !!sign && getComputedStyle(sign).display !== "none",
          sticky: first ? getComputedStyle(first).position : "", key: document.getElementById("key").textContent};
}"""


def overlapping(labels):
    """The pairs of chart labels ([name, left, top, right, bottom]) whose boxes overlap."""
    return [(a[0], b[0]) for i, a in enumerate(labels) for b in labels[i + 1:]
            if a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5]


def layout_problems(got):
    """What a person would see wrong in a PAGE_LAYOUT (none: []): the page wider than the phone,
    an element past its edge (the history scrolls inside its own box), chart labels on one another
    or outside the chart, two players' lines drawn on one another, a player column of the history
    that does not show without a sign that more lie to the right."""
    out = []
    if got["scroll"] > got["width"]:
        out.append("the page is %d px wide on a %d px phone" % (got["scroll"], got["width"]))
    if got["wider"]:
        out.append("past the phone's edge: %s" % got["wider"][:5])
    if overlapping(got["labels"]):
        out.append("chart labels on one another: %s" % overlapping(got["labels"]))
    left, top, right, bottom = got["chart"]
    outside = [lab[0] for lab in got["labels"] if lab[1] < left - 0.5 or lab[3] > right + 0.5
               or lab[2] < top - 0.5 or lab[4] > bottom + 0.5]
    if outside:
        out.append("chart labels outside the chart: %s" % outside)
    if len(set(got["lines"])) < len(got["lines"]):
        out.append("two players' lines drawn on one another")
    hidden = [h[0] for h in got["heads"] if h[1] < got["wrap"][0] - 0.5 or h[3] > got["wrap"][2] + 0.5]
    if hidden and not (got["more"] and got["sticky"] == "sticky"):
        out.append("history columns out of sight, nothing says so: %s" % hidden)
    return out


def served_documents():
    """[(name, series)]: a game of every preset as the phones would get it, the longest sheets and
    the hardest charts: the typical games (fem 6, bud 5, knack 5), a knack game of 7 of 40 hands, the
    same with names of 8 letters, a fem game ending in a tie (scores equal: labels and lines on one
    another), the fem game of 4 to its winner."""
    import json
    import os

    from firmware.core.series import Series
    from firmware.record.reader import load
    from tools.bench.web import knack7

    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "host_tests")
    out = []
    for name, path in (("fem-6", "typical/fem-6p-0.json"), ("bud-5", "typical/bud-5p-0.json"),
                       ("knack-5", "typical/knack-5p-0.json"), ("fem-tie", "records/fem-tie-then-extra-hand.json")):
        with open(os.path.join(here, path), encoding="utf-8") as f:
            game = load(json.load(f)["record"])
        series = Series(game.rules, game.players, game.first_dealer)
        series.game = game
        out.append((name, series))
    seven = knack7()
    out.append(("knack-7", seven))
    long = Series(seven.game.rules, ["Margaret", "Kristina", "Evelina", "Gunnar", "Fredrik", "Birgitta", "Ulrika"], 0)
    for entry in seven.game.log:
        long.game.push(entry)
    out.append(("knack-7-long", long))
    game = load(dict(games())["fem-4"])
    series = Series(game.rules, game.players, game.first_dealer)
    series.game = game
    out.append(("fem-4", series))
    return out


class StaticPhoneView:
    """page.html and one document at a time (``show(series, lang)``) on the loopback, as the device
    serves them (an ETag, a 304 for the version the page has): the page's layout on a game without
    playing it."""

    def __init__(self):
        import http.server
        import os
        import threading

        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        with open(os.path.join(root, "firmware", "web", "page.html"), "rb") as f:
            page = f.read()
        view = self
        self.body = b'{"v":"none","lang":"sv","game":null}'
        self.tag = "none"
        self.count = 0

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path.startswith("/state.json"):
                    if self.headers.get("If-None-Match") == '"%s"' % view.tag:
                        self.send_response(304)
                        self.end_headers()
                        return
                    data, kind = view.body, "application/json"
                else:
                    data, kind = page, "text/html; charset=utf-8"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("ETag", '"%s"' % view.tag)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                return

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.address = "http://127.0.0.1:%d/" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def show(self, series, lang):
        """Serve series's document in lang from now on; its version."""
        from firmware.web.sheet import document

        self.count += 1
        tag = "static-%d" % self.count
        self.body = "".join(document(series, lang, tag)).encode()
        self.tag = tag
        return tag

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
