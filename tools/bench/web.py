"""The phone view's figures (the pico2_w boards, firmware/web): the page's size, the document's
for a 7-player knack game of 40 hands and an unchanged game's answer, and from CircuitPython's VM
(tools/vm/webcheck.py, the bundle's .mpy files where CircuitPython's mpy-cross is found) the time
to answer a request and the heap the web part takes (the library, the server, the access point's
state, the first document)."""

import os
import random

from firmware.core.errors import RodskaggError
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.record.reader import entry_from_json
from firmware.ui.gameplan import NAMES
from firmware.web.sheet import Sheet
from tools.play import tablegame

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "firmware", "web", "page.html")
GOAL_PAGE = 16 * 1024  # issue 28: small; a phone on the device's access point loads it at once
GOAL_REQUEST_MS = 20  # an answer within a pass of code.py's loop, or two


class _App:
    """What the document reads of the App."""

    def __init__(self, series, lang):
        self.series = series
        self.lang = lang


def knack7(hands=40, seed=7):
    """A knack game of 7 with hands entries as tables play them, never won (the longest sheet)."""
    rng = random.Random(seed)
    players = list(NAMES[:7])
    series = Series(Rules("knack"), players, 0)
    game = series.game
    while len(game.log) < hands:
        for _try in range(200):
            entry = entry_from_json(players, tablegame.knack_hand(rng, players, game.state.dealer))
            try:
                after = game.preview(entry)
            except RodskaggError:
                continue
            if after.over():
                continue
            game.push(entry)
            break
        else:
            break
    return series


def main():
    with open(PAGE, "rb") as f:
        page = f.read()
    print("page: %d bytes, self-contained (HTML, CSS, script; goal <= %d)" % (len(page), GOAL_PAGE))
    series = knack7()
    for lang in ("sv", "en"):
        body = Sheet("0000").body(_App(series, lang))
        print("document of a 7-player knack game of %d hands (%s): %d bytes" % (len(series.game.log), lang,
                                                                               len(body)))
    from tools.vm import device as C
    from tools.vm import web

    why = C.missing()
    if why:
        print("on CircuitPython's VM: skipped: %s" % why)
        return
    kind = "mpy" if C.mpy_cross() else "py"
    r = web.run(kind)
    if r.failed or not r.ended:
        print("on CircuitPython's VM: the check failed: %s" % (r.failed or r.output[-300:]))
        return
    f = r.figures
    print("on CircuitPython's VM (%s, 64-bit: objects about twice a board's): a request answered in %.1f ms "
          "(page, document, 304 mixed; goal <= %d), an unchanged game's poll %.1f ms, answered by a 304 of %d "
          "bytes and no body; the web part's heap %.1f KiB (adafruit_httpserver, the server, the first "
          "document; not the game's UI and App, %.1f KiB of the same heap); 200 requests leave it as it was"
          % (kind, f["request_ms"], GOAL_REQUEST_MS, f["unchanged_ms"], f["not_modified_bytes"],
             f["heap_web"] / 1024, f["heap_app"] / 1024))
    r, why = web.on_board()
    if r is None or r.failed or not r.ended:
        print("on the RP2040's own firmware: skipped: %s" % (why or r.failed or r.output[-300:]))
        return
    f = r.figures
    print("on the RP2040's own firmware (CircuitPython 10.3 for the Pico, emulated at 125 MHz; the Pico 2 W's "
          "RP2350 is not emulated): the web part's heap %d B (beside the UI and a plain App's %d B), %d B left "
          "free with a game of 4 served; a poll answered in %.1f ms (a 304), %.1f ms (the document), %.1f ms "
          "(the first after a hand: its document made, the history's wording loaded and let go)"
          % (f["heap_web"], f["heap_app"], f["heap_left"], f["unchanged_ms"], f["document_ms"],
             f["new_document_ms"]))


if __name__ == "__main__":
    main()
