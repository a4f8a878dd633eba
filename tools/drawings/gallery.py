"""The screens gallery: docs/gallery/*.png and docs/GALLERY.md from scripted simulator runs, and the
README's picture of the device (docs/gallery/device.png, tools/drawings/photo.py).

    python3 -m tools.drawings.gallery [--out docs]

Every picture is the panel of ``tools.sim`` after a key string (from a fresh
device, or from one of the example records), i.e. what
``python3 -m tools.sim [--board B] [--record R] --keys K --shots DIR`` leaves
as its last PNG. Key strings are planned by tools/play/presses.py from games made
by tools/play/randgame.py (fixed seeds), so the pictures follow the UI as built.
"""

import argparse
import os
import random
import sys

from firmware.core.rules import Rules
from firmware.device import message
from firmware.record.writer import to_record
from firmware.ui.gameplan import NAMES
from firmware.ui.screens.newgame import NewGameView
from tools.play import presses, randgame
from tools.sim.bus import page_display, panel_image
from tools.sim.simulator import Sim

SCALE = 3
RECORDS = "host_tests/records"


class Shot:
    def __init__(self, name, caption, keys="", record=None, board="pico"):
        self.name = name
        self.caption = caption
        self.keys = keys
        self.record = record
        self.board = board
        self.image = None
        self.text = ""

    def command(self):
        parts = ["python3 -m tools.sim"]
        if self.board != "pico":
            parts.append("--board " + self.board)
        if self.record:
            parts.append("--record " + self.record)
        parts.append("--keys '%s'" % self.keys if self.keys else "--text")
        return " ".join(parts)


def fresh(board="pico"):
    """A new simulated device on its setup screen, and the keys that got it there."""
    sim = Sim(board)
    keys = ""
    while not presses.is_view(sim.app.view, NewGameView):  # a note on a blank NVM, if the UI shows one
        if len(keys) > 3:
            raise RuntimeError("no setup screen:\n" + sim.text())
        sim.press("c")
        keys += "c"
    return sim, keys


def game_keys(preset, players, hands, seed, board="pico"):
    """(keys from a fresh device to the scoreboard after `hands` hands, the next hand's keys, sim)."""
    rules = Rules(preset)
    # plain hands, no penalties during them: the pictures show the screens of a typical game
    game = randgame.random_game(random.Random(seed), hands + 1, rules, players, faults=False)
    doc = to_record(game)
    sim, keys = fresh(board)
    setup, per_hand = presses.keys_for_record(sim.app, doc)
    played = setup + "".join(per_hand[:hands])
    sim.play(played)
    return keys + played, per_hand[hands] if len(per_hand) > hands else "", sim


def until_saved(sim, keys):
    """Play a hand's keys but the save press: the entry screen that shows every change."""
    sim.play(keys[:-1])
    return keys[:-1]


def shots():
    """Every gallery Shot with its image (the App's pixels) and text."""
    out = []

    def take(shot, sim):
        shot.image = sim.image(SCALE)
        shot.text = sim.text()
        out.append(shot)

    sim, keys = fresh()
    take(Shot("setup", "Setup: Start! first (the same table again: one press, the next player "
              "deals), the table, preset, players, first dealer, series, rule options.", keys), sim)
    sim.play("Bcbc")
    take(Shot("table", "The table (hold ▶ from Start!): seat the players clockwise from the names "
              "seen (the last table first), OK seats one (on a seated one: unseats it), ▶ the next, "
              "hold ▶ is done.", keys + "Bcbc"), sim)
    sim.play("aaac" + "bc" "c" "bbbc" "aa" "c")
    take(Shot("spell", "Spelling a name: rows of six letters (capital first, then lower case, "
              "å ä ö), then Done / Delete / Aa.", keys + "Bcbc" + "aaac" + "bc" "c" "bbbc" "aa" "c"),
         sim)

    seven = NAMES[:7]
    keys, nxt, sim = game_keys("fem", seven, 4, 7)
    take(Shot("scoreboard-7", "Scoreboard of 7 players: * deals, > speaks first.", keys), sim)
    history = Shot("history", "History: every hand, newest selected; OK shows its changes.", keys + "a")
    sim.press("a")
    take(history, sim)
    sim.press("C")
    upto = until_saved(sim, nxt)
    take(Shot("preview", "Before saving: the entry shows every player's change; OK saves it "
              "(back changes a row).", keys + upto), sim)

    keys, _nxt, sim = game_keys("fem", seven, 14, 7)
    sim.press("B")
    take(Shot("chart", "Chart (hold next on the scoreboard): the last 16 hands, one line and marker "
              "per player, each labelled at its end; 7 players: 4 on this page, 3 on the next (the dots "
              "in the title), on the same scale.", keys + "B"), sim)
    keys, _nxt, sim = game_keys("knack", NAMES[:5], 14, 3, "feather_oled")
    sim.press("B")
    take(Shot("chart-128x32", "The chart on 128x32: three players a page (the dots in the title); "
              "next shows the others on the same scale.", keys + "B", board="feather_oled"), sim)
    sim.press("b")
    take(Shot("chart-128x32-2", "Its second page.", keys + "Bb", board="feather_oled"), sim)

    for preset, players, seed in (("fem", NAMES[:4], 1), ("bud", NAMES[:4], 3), ("knack", NAMES[:5], 3)):
        keys, nxt, sim = game_keys(preset, players, 1, seed)
        half = nxt[:max(2, len(nxt) // 2)] if preset != "bud" else nxt[:-1]
        sim2 = Sim()
        sim2.play(keys + half)
        take(Shot("entry-" + preset, "Hand entry, %s, part way: the rows, the value being set "
                  "and what each press does." % preset, keys + half), sim2)
        sim2.close()

    rec = RECORDS + "/fem-tie-then-extra-hand.json"
    sim = Sim(record_path=rec)
    take(Shot("tiebreak", "Tie at zero: the tied players (=) play an extra hand; the row below says so.", "", rec), sim)

    rec = RECORDS + "/fem-win-below-zero.json"
    sim = Sim(record_path=rec)
    sim.play("c")
    take(Shot("winner", "Winner: final scores; OK starts the next game.", "c", rec), sim)

    rec = RECORDS + "/fem-basic.json"
    sim = Sim(record_path=rec)
    sim.play("cBBaAc")
    take(Shot("error", "A refused entry says why; any press goes back to it.", "cBBaAc", rec), sim)

    sim = Sim(record_path=rec)
    sim.play("b")
    take(Shot("menu", "The menu (next on the scoreboard).", "b", rec), sim)

    sim = Sim("feather_oled", record_path=rec)
    take(Shot("scoreboard-128x32", "The same game on the 128x32 FeatherWing (prev pages).", "", rec,
              "feather_oled"), sim)

    rec = RECORDS + "/knack-basic.json"
    for board, what in (("pico_242", "the 2.42\" SSD1309 table build"),
                        ("pico_sh1106", "the 1.3\" SH1106 module"),
                        ("feather_oled64", "the 128x64 OLED FeatherWing (SH1107, three buttons)")):
        sim = Sim(board, record_path=rec)
        take(Shot("scoreboard-" + board, "A 5-player knack game on %s: the same 128x64 layout, through "
                  "the panel's own driver." % what, "", rec, board), sim)
        sim.close()
    sim = Sim("pico_242", record_path=rec)
    keys = "b" + "a" * 2 + "c" + "C"  # the menu, up to Big scores, on, back to the scoreboard
    sim.play(keys)
    take(Shot("scoreboard-big", "Big scores (in the menu): the scoreboard at twice the size, four "
              "players a page; 6 mm digits on the 2.42\" panel.", keys, rec, "pico_242"), sim)
    sim.close()

    # The phone view's codes (pico2_w): the password is made at random at a device's first start and
    # the simulator serves on the loopback; here they are the picture's own, and the device's address.
    sim = Sim("pico2_w", record_path=rec, port=0)
    sim.phones.password = "k7mq2x9pzr"
    keys = "b" + "a" * 3 + "c"  # the menu, up round its top to Telefoner, on
    sim.play(keys)
    # (no command shown: the simulator's own would show its random password and the loopback's address)
    take(Shot("phones-code", "The phone view (pico2_w, Telefoner in the menu, `%s` on the scoreboard): a QR "
              "code that joins the device's own Wi-Fi network, its name and password beside it (made at the "
              "first start, kept)." % keys, board="pico2_w"), sim)
    sim.phones.port = 80
    sim.phones.radio.ipv4_address_ap = "192.168.4.1"
    sim.play("c")
    take(Shot("phones-page", "OK: the page's address as a QR code and as text; OK again goes back to the menu.",
              board="pico2_w"), sim)
    sim.close()

    # Not a key string: the message firmware/device/message.py shows when a button pin is taken.
    r, panel = page_display(128, 64)
    screen = message.message_screen("Setup", "buttons (prev GP10, next GP11, ok GP12, back GP13): GP11 in use")
    r.draw(screen)
    wiring = Shot("setup-error", "A wiring problem at power-up (firmware/device/message.py), instead of a traceback.")
    wiring.image = panel_image(panel, SCALE)
    wiring.text = screen.text()
    out.append(wiring)
    return out


def markdown(items):
    lines = [
        "# Screens",
        "",
        "Generated by `python3 -m tools.drawings.gallery` (`make gallery`) from scripted simulator runs:",
        "each picture is the simulator's panel (the SSD1306 pixels the device draws, %dx scaled)" % SCALE,
        "after the keys shown (a b c: previous, next, OK; A B C: held). Add `--shots DIR` to a",
        "command for the PNGs (the picture is the last one), `--text` for the text. Do not edit by hand.",
        "",
    ]
    for s in items:
        if s.name == "setup-error":
            lines += phone_pages()
        lines.append("## %s" % s.name)
        lines.append("")
        lines.append("![%s](gallery/%s.png)" % (s.name, s.name))
        lines.append("")
        lines.append(s.caption)
        lines.append("")
        if s.keys or s.record:
            lines.append("```")
            lines.append(s.command())
            lines.append("```")
            lines.append("")
    return "\n".join(lines)


def device_picture():
    """docs/gallery/device.png: the table build showing a 5-player knack game (tools/drawings/photo.py)."""
    from tools.drawings import photo

    sim = Sim("pico_242", record_path=RECORDS + "/knack-basic.json")
    try:
        return photo.picture([list(row) for row in sim.panel.rows()])
    finally:
        sim.close()


# The phone's page in a browser: made by tools/drawings/phones.py (it needs Chromium), kept here.
PHONE_SHOTS = ("phones-fem4", "phones-knack7")


def phone_pages():
    """GALLERY.md's lines for the phone's page (tools/drawings/phones.py SHOTS)."""
    from tools.drawings.phones import SHOTS

    lines = []
    for name, _game, _lang, what in SHOTS:
        lines += ["## %s" % name[:-4], "", "![%s](gallery/%s)" % (name[:-4], name), "",
                  "The phone's page (Chromium at 390x844, the whole page), %s: the scoreboard (* deals, "
                  "> speaks first), the chart, the history as the score sheet has it, each change under its "
                  "score. Made by `python3 -m tools.drawings.phones` (`make gallery`) from the game played on "
                  "the simulator." % what, ""]
    return lines


def write(out_dir):
    items = shots()
    folder = os.path.join(out_dir, "gallery")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.endswith(".png") and not name.startswith(PHONE_SHOTS):
            os.remove(os.path.join(folder, name))
    for s in items:
        s.image.save(os.path.join(folder, s.name + ".png"), optimize=True)
    device_picture().save(os.path.join(folder, "device.png"), optimize=True)
    with open(os.path.join(out_dir, "GALLERY.md"), "w", encoding="utf-8") as f:
        f.write(markdown(items))
    return items


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m tools.drawings.gallery", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default="docs", help="folder for GALLERY.md and gallery/ (default docs)")
    args = p.parse_args(argv)
    items = write(args.out)
    print("%d screens in %s/gallery, index %s/GALLERY.md" % (len(items), args.out, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
