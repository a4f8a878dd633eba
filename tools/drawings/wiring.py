"""Wiring drawings and tables, generated from firmware/device/boards.py (the one pin table).

    python -m tools.drawings.wiring            # rewrite hardware/<profile>/wiring.svg and wiring.md
    python -m tools.drawings.wiring --check    # exit 1 if a committed file differs from a fresh one

Each board profile is drawn on its reference build (hardware/README.md): the
Pico build with a 0.96" SSD1306 module and buttons to ground, the Feather
build with the OLED FeatherWing stacked on top. Change a pin in
firmware/device/boards.py, run this, and the firmware default, the settings.toml of
the bundle and the drawing all agree. ``check(profile)`` tells whether the
pins can work on the board at all (I2C pairs, pins that exist, no pin used twice).
"""

import argparse
import sys
from pathlib import Path

from firmware.device import boards

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"

# --------------------------------------------------------------------------- boards


class Board:
    """A board's two pin headers (top to bottom as drawn) and what each pin can do."""

    def __init__(self, title, left, right, gpio, color, connectors=()):
        self.title = title
        self.left = left  # [(number or "", name)], as drawn top to bottom
        self.right = right
        self.gpio = gpio  # board pin name -> RP2040 GPIO number
        self.color = color
        self.connectors = connectors

    def pins(self):
        return [pin for pin in self.left + self.right]

    def find(self, name, number=None):
        """(side, index, number) of a pin by name (and physical number when the name repeats)."""
        for side, column in (("left", self.left), ("right", self.right)):
            for i, (num, pin) in enumerate(column):
                if pin == name and (number is None or num == number):
                    return side, i, num
        raise KeyError(name)


def _pico_pin(name):
    return int(name[2:]) if name.startswith("GP") and name[2:].isdigit() else None


PICO = Board(
    "Raspberry Pi Pico (top view, USB up)",
    left=[(1, "GP0"), (2, "GP1"), (3, "GND"), (4, "GP2"), (5, "GP3"), (6, "GP4"), (7, "GP5"), (8, "GND"),
          (9, "GP6"), (10, "GP7"), (11, "GP8"), (12, "GP9"), (13, "GND"), (14, "GP10"), (15, "GP11"),
          (16, "GP12"), (17, "GP13"), (18, "GND"), (19, "GP14"), (20, "GP15")],
    right=[(40, "VBUS"), (39, "VSYS"), (38, "GND"), (37, "3V3_EN"), (36, "3V3"), (35, "ADC_VREF"),
           (34, "GP28"), (33, "AGND"), (32, "GP27"), (31, "GP26"), (30, "RUN"), (29, "GP22"), (28, "GND"),
           (27, "GP21"), (26, "GP20"), (25, "GP19"), (24, "GP18"), (23, "GND"), (22, "GP17"), (21, "GP16")],
    gpio=_pico_pin,
    color="#1b7a3a",
    connectors=("micro-USB",),
)

# The Pico 2 W (RP2350 and the CYW43439 radio, of the phone view) has the Pico's pinout: GP23-25 and
# GP29, which the radio uses, are not on its header either.
PICO2W = Board(
    "Raspberry Pi Pico 2 W (top view, USB up)",
    left=PICO.left,
    right=PICO.right,
    gpio=_pico_pin,
    color="#1b5e7a",
    connectors=("micro-USB", "Wi-Fi antenna"),
)

# Feather RP2040: board pin name -> GPIO (Adafruit's pinout).
FEATHER_GPIO = {"TX": 0, "RX": 1, "SDA": 2, "SCL": 3, "D4": 6, "D5": 7, "D6": 8, "D9": 9, "D10": 10,
                "D11": 11, "D12": 12, "D13": 13, "D24": 24, "D25": 25, "SCK": 18, "MOSI": 19, "MISO": 20,
                "A0": 26, "A1": 27, "A2": 28, "A3": 29}
FEATHER = Board(
    "Adafruit Feather RP2040 (schematic, USB end up)",
    left=[("", "RST"), ("", "3V"), ("", "-"), ("", "GND"), ("", "A0"), ("", "A1"), ("", "A2"), ("", "A3"),
          ("", "D24"), ("", "D25"), ("", "SCK"), ("", "MOSI"), ("", "MISO"), ("", "RX"), ("", "TX"), ("", "D4")],
    right=[("", "BAT"), ("", "EN"), ("", "USB"), ("", "D13"), ("", "D12"), ("", "D11"), ("", "D10"),
           ("", "D9"), ("", "D6"), ("", "D5"), ("", "SCL"), ("", "SDA")],
    gpio=FEATHER_GPIO.get,
    color="#26262b",
    connectors=("USB-C", "JST-PH battery"),
)

# The OLED FeatherWing's buttons are wired on the wing to these Feather pins.
WING_BUTTONS = (("A", "D9"), ("B", "D6"), ("C", "D5"))

BUILDS = {
    # profile: (board, output folder)
    "pico": PICO,
    "pico_242": PICO,
    "pico_sh1106": PICO,
    "pico2_w": PICO2W,
    "pico2_w_242": PICO2W,
    "feather_oled": FEATHER,
    "feather_oled64": FEATHER,
}

# The display module of each Pico build: (title, lines under it)
PANELS = {
    "ssd1306": ("SSD1306 0.96\"", ["pin order varies: read the silkscreen"]),
    "sh1106": ("SH1106 1.3\"", ["pin order varies: read the silkscreen"]),
    "ssd1309": ("SSD1309 2.42\"", ["7 pins, set to I2C (hardware/README.md)",
                                   "DC to GND: address 0x3C; CS to GND"]),
}


def i2c_role(gpio):
    """("SDA" or "SCL", bus number) an RP2040 GPIO can take for I2C: SDA 4k/4k+2, SCL 4k+1/4k+3."""
    return ("SDA", "SCL", "SDA", "SCL")[gpio % 4], (0, 0, 1, 1)[gpio % 4]


class WiringError(ValueError):
    """A profile's pins cannot work on its board; the text says which and why."""


def check(name, profile=None):
    """Raise WiringError if the profile's pins do not fit its reference board."""
    profile = profile or boards.PROFILES[name]
    board = BUILDS[name]
    names = {pin for _n, pin in board.pins()}
    used = {}
    pins = [("sda", profile["sda"]), ("scl", profile["scl"])] + [(role, pin) for role, pin in profile["buttons"]]
    for role, pin in pins:
        if pin not in names or board.gpio(pin) is None:
            raise WiringError("%s: %s pin %s is not a GPIO on the %s" % (name, role, pin, board.title))
        if pin in used:
            raise WiringError("%s: %s is both %s and %s" % (name, pin, used[pin], role))
        used[pin] = role
    sda, scl = board.gpio(profile["sda"]), board.gpio(profile["scl"])
    if i2c_role(sda) != ("SDA", i2c_role(scl)[1]) or i2c_role(scl)[0] != "SCL":
        raise WiringError("%s: SDA %s (GPIO%d) and SCL %s (GPIO%d) are not one RP2040 I2C pair; SDA must be "
                          "GPIO 0/4/8/... with SCL 1/5/9/... (I2C0) or SDA 2/6/10/... with SCL 3/7/11/... (I2C1)"
                          % (name, profile["sda"], sda, profile["scl"], scl))
    reset = profile.get("reset")
    if reset:
        if reset not in names or board.gpio(reset) is None:
            raise WiringError("%s: reset pin %s is not a GPIO on the %s" % (name, reset, board.title))
        if reset in used:
            raise WiringError("%s: %s is both %s and reset" % (name, reset, used[reset]))
    boot = profile.get("boot_button")
    if boot and boot not in [pin for _role, pin in profile["buttons"]]:
        raise WiringError("%s: boot_button %s is not one of the buttons" % (name, boot))
    return True


# --------------------------------------------------------------------------- the model of a drawing

COLORS = {"3V3": "#d62728", "GND": "#222222", "SDA": "#1f77b4", "SCL": "#e6b800", "BTN": "#2ca02c",
          "PWR": "#ff7f0e", "RST": "#9467bd"}
PITCH = 24
BOARD_W = 150
TOP = 74  # first pin row below the board's top edge


class Part:
    """A box beside the board with terminals on the edge that faces it."""

    def __init__(self, key, title, lines, terminals, height=None, optional=False, kind="box"):
        self.key = key
        self.title = title
        self.lines = lines  # smaller text lines under the title
        self.terminals = terminals  # [name], top to bottom
        self.height = height or 30 + 13 * len(lines) + 22 * len(terminals)
        self.optional = optional
        self.kind = kind
        self.x = self.y = 0
        self.width = 170


class Wire:
    def __init__(self, pin, pin_number, part, terminal, color, note="", optional=False):
        self.pin = pin
        self.pin_number = pin_number
        self.part = part
        self.terminal = terminal
        self.color = color
        self.note = note
        self.optional = optional


def _bus_note(board, pin):
    line, bus = i2c_role(board.gpio(pin))
    return "I2C%d %s" % (bus, line)


def pico_build(profile):
    """Parts and wires for the Pico build: SSD1306 module, buttons to GND, battery, reset."""
    parts_left, parts_right, wires = [], [], []
    panel = "ssd1309" if profile.get("reset") else profile.get("driver", "ssd1306")
    title, notes = PANELS[panel]
    terminals = ["GND", "VCC", "SCL", "SDA"] + (["RES", "DC", "CS"] if panel == "ssd1309" else [])
    oled = Part("oled", "%s %dx%d I2C" % (title, profile["width"], profile["height"]),
                ["address 0x%02X, %d kHz" % (profile["address"], profile["frequency"] // 1000)] + notes,
                terminals, kind="oled")
    parts_left.append(oled)
    wires += [Wire("GND", 8, oled, "GND", COLORS["GND"]),
              Wire("3V3", 36, oled, "VCC", COLORS["3V3"], "3.3 V only, never VBUS: the module's pull-ups go to VCC"),
              Wire(profile["scl"], None, oled, "SCL", COLORS["SCL"], _bus_note(PICO, profile["scl"])),
              Wire(profile["sda"], None, oled, "SDA", COLORS["SDA"], _bus_note(PICO, profile["sda"]))]
    if panel == "ssd1309":
        wires += [Wire(profile["reset"], None, oled, "RES", COLORS["RST"], "reset pulse at start-up"),
                  Wire("GND", 3, oled, "DC", COLORS["GND"], "address 0x3C"),
                  Wire("GND", 13, oled, "CS", COLORS["GND"])]
    for number, (role, pin) in enumerate(profile["buttons"]):
        label = "button %d: %s" % (number, role)
        lines = ["6x6 mm tactile switch"]
        if pin == profile.get("boot_button"):
            lines = ["6x6 mm tactile switch", "also the boot button"]
        part = Part("btn" + role, label, lines, ["1", "2"], kind="button")
        parts_left.append(part)
        gnd = 18 if PICO.find(pin)[1] >= 10 else 8
        wires += [Wire(pin, None, part, "1", COLORS["BTN"], "internal pull-up; pressed = low"),
                  Wire("GND", gnd, part, "2", COLORS["GND"])]
    battery = Part("bat", "3xAAA holder with switch", ["or a 1-cell LiPo (3.7 V)",
                                                       "Schottky diode 1N5817 in +"],
                   ["+", "-"], optional=True, kind="battery")
    reset = Part("reset", "reset button", ["6x6 mm tactile switch", "restarts the board"],
                 ["1", "2"], optional=True, kind="button")
    parts_right += [battery, reset]
    wires += [Wire("VSYS", 39, battery, "+", COLORS["PWR"], "through the diode (stripe towards VSYS)", True),
              Wire("GND", 38, battery, "-", COLORS["GND"], "", True),
              Wire("RUN", 30, reset, "1", COLORS["RST"], "", True),
              Wire("GND", 28, reset, "2", COLORS["GND"], "", True)]
    return parts_left, parts_right, wires


def feather_build(profile):
    """Parts and wires for the Feather build: the OLED FeatherWing's connections through the headers."""
    parts_left, parts_right, wires = [], [], []
    wing_pins = dict((pin, letter) for letter, pin in WING_BUTTONS)
    roles = dict((pin, role) for role, pin in profile["buttons"])
    terminals = ["3V", "GND", "SDA", "SCL"] + ["button %s" % letter for letter, _pin in WING_BUTTONS]
    chip = "SH1107" if profile.get("driver") == "sh1107" else "SSD1306"
    lines = ["%s %dx%d at 0x%02X, %d kHz" % (chip, profile["width"], profile["height"], profile["address"],
                                              profile["frequency"] // 1000),
             "stacks on the Feather: its headers", "make all these connections"]
    wing = Part("wing", "OLED FeatherWing %dx%d" % (profile["width"], profile["height"]), lines, terminals,
                kind="wing")
    parts_right.append(wing)
    wires += [Wire("3V", None, wing, "3V", COLORS["3V3"]),
              Wire("GND", None, wing, "GND", COLORS["GND"]),
              Wire(profile["sda"], None, wing, "SDA", COLORS["SDA"], _bus_note(FEATHER, profile["sda"])),
              Wire(profile["scl"], None, wing, "SCL", COLORS["SCL"], _bus_note(FEATHER, profile["scl"]))]
    for letter, pin in WING_BUTTONS:
        role = roles.get(pin)
        note = ("%s button" % role) if role else "not used by this profile"
        if pin == profile.get("boot_button"):
            note += "; also the boot button"
        if letter == "B" and chip == "SSD1306":
            note += "; 100k pull-up on the wing"
        wires.append(Wire(pin, None, wing, "button %s" % letter, COLORS["BTN"] if role else "#999999", note,
                          optional=not role))
    for number, (role, pin) in enumerate(profile["buttons"]):
        if pin in wing_pins:
            continue
        part = Part("btn" + role, "button %d: %s" % (number, role), ["extra tactile switch", "to GND"],
                    ["1", "2"], kind="button")
        parts_right.append(part)
        wires += [Wire(pin, None, part, "1", COLORS["BTN"], "internal pull-up; pressed = low"),
                  Wire("GND", None, part, "2", COLORS["GND"])]
    battery = Part("bat", "LiPo 3.7 V 500 mAh", ["JST-PH plug into the Feather;", "charges over USB"],
                   ["JST-PH"], kind="battery")
    switch = Part("switch", "power switch", ["slide switch: EN to GND", "= off (charging goes on)"],
                  ["1", "2"], optional=True, kind="button")
    parts_left.append(battery)
    parts_right.append(switch)
    wires += [Wire("BAT", None, battery, "JST-PH", COLORS["PWR"], "through the JST-PH socket, no soldering"),
              Wire("EN", None, switch, "1", COLORS["PWR"], "", True),
              Wire("GND", None, switch, "2", COLORS["GND"], "", True)]
    return parts_left, parts_right, wires


MAKERS = {"pico": pico_build, "pico_242": pico_build, "pico_sh1106": pico_build, "pico2_w": pico_build,
          "pico2_w_242": pico_build, "feather_oled": feather_build, "feather_oled64": feather_build}


# --------------------------------------------------------------------------- layout and SVG


def _esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class Svg:
    def __init__(self):
        self.items = []

    def add(self, text):
        self.items.append(text)

    def text(self, x, y, text, size=12, anchor="start", weight="normal", fill="#222", cls=None):
        extra = ' class="%s"' % cls if cls else ""
        self.add('<text x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s"%s>%s</text>'
                 % (x, y, size, anchor, weight, fill, extra, _esc(text)))

    def rect(self, x, y, w, h, fill="#fff", stroke="#333", rx=4, dash=False, width=1.5):
        self.add('<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s" stroke="%s" stroke-width="%s"%s/>'
                 % (x, y, w, h, rx, fill, stroke, width, ' stroke-dasharray="6 4"' if dash else ""))

    def line(self, points, color, width=2.5, dash=False, title=None):
        path = " ".join("%d,%d" % p for p in points)
        tip = "<title>%s</title>" % _esc(title) if title else ""
        self.add('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"%s>%s'
                 "</polyline>" % (path, color, width, ' stroke-dasharray="7 5"' if dash else "", tip))

    def circle(self, x, y, r, fill, stroke="#000"):
        self.add('<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="1"/>' % (x, y, r, fill, stroke))


class Layout:
    """Places the board, its parts and routes every wire with its own vertical channel."""

    def __init__(self, name, profile):
        self.name = name
        self.profile = profile
        self.board = BUILDS[name]
        self.left, self.right, self.wires = MAKERS[name](profile)
        self.resolve_pins()
        b = self.board
        n_left = sum(1 for w in self.wires if w.part in self.left)
        n_right = sum(1 for w in self.wires if w.part in self.right)
        self.cross = [w for w in self.wires if (w.part in self.left) != (self.side_of(w) == "left")]
        margin = 30
        part_w = 230
        self.bx = margin + part_w + 30 + 14 * n_left + 20
        self.by = 130 + 10 * len(self.cross)
        rows = max(len(b.left), len(b.right))
        self.bh = rows * PITCH + 80
        self.width = self.bx + BOARD_W + 20 + 14 * n_right + 30 + part_w + margin
        parts_h = max(sum(p.height + 18 for p in self.left), sum(p.height + 18 for p in self.right))
        self.height = max(self.by + self.bh, 110 + parts_h) + 190
        self.part_w = part_w

    def resolve_pins(self):
        for w in self.wires:
            side, index, number = self.board.find(w.pin, w.pin_number)
            w.side, w.index, w.pin_number = side, index, number

    def side_of(self, wire):
        return wire.side

    def pin_xy(self, wire):
        column = self.board.left if wire.side == "left" else self.board.right
        offset = (max(len(self.board.left), len(self.board.right)) - len(column)) * PITCH
        y = self.by + TOP + offset + wire.index * PITCH
        x = self.bx if wire.side == "left" else self.bx + BOARD_W
        return x, y

    def place_parts(self):
        for parts, x in ((self.left, 30), (self.right, self.width - 30 - self.part_w)):
            y = 110
            for part in parts:
                part.x, part.y, part.width = x, y, self.part_w
                y += part.height + 18

    def terminal_xy(self, part, terminal):
        i = part.terminals.index(terminal)
        y = part.y + part.height - 14 - 22 * (len(part.terminals) - 1 - i)
        x = part.x + part.width if part in self.left else part.x
        return x, y

    def render(self):
        self.place_parts()
        svg = Svg()
        b = self.board
        p = self.profile
        svg.text(self.width // 2, 32, "%s: wiring" % p["title"], size=18, anchor="middle", weight="bold")
        svg.text(self.width // 2, 54, "profile \"%s\" of firmware/device/boards.py; "
                 "drawn by tools/drawings/wiring.py (do not edit)"
                 % self.name, size=12, anchor="middle", fill="#555")
        svg.text(self.width // 2, 72, "dashed = optional; wires are schematic, pins are named as printed on the board",
                 size=12, anchor="middle", fill="#555")
        # the board
        svg.rect(self.bx, self.by, BOARD_W, self.bh, fill=b.color, stroke="#111", rx=10, width=2)
        cx = self.bx + BOARD_W // 2
        svg.rect(cx - 22, self.by - 12, 44, 22, fill="#bbb", stroke="#555", rx=3)
        svg.text(cx, self.by - 18, b.connectors[0], size=11, anchor="middle", fill="#555")
        title, _, view = b.title.partition(" (")
        svg.text(cx, self.by + 32, title.replace("Adafruit ", ""), size=12, anchor="middle", weight="bold",
                 fill="#fff")
        svg.text(cx, self.by + 48, "(" + view, size=10, anchor="middle", fill="#ddd")
        used = {}
        for w in self.wires:
            used.setdefault((w.side, w.index), w)
        rows = max(len(b.left), len(b.right))
        for side, column in (("left", b.left), ("right", b.right)):
            offset = (rows - len(column)) * PITCH
            for i, (number, name) in enumerate(column):
                x = self.bx if side == "left" else self.bx + BOARD_W
                y = self.by + TOP + offset + i * PITCH
                on = (side, i) in used
                svg.circle(x, y, 5 if on else 4, "#f2c744" if on else "#c9b27a")
                inner = x + 10 if side == "left" else x - 10
                svg.text(inner, y + 4, name, size=11, anchor="start" if side == "left" else "end",
                         weight="bold" if on else "normal", fill="#fff" if on else "#cfcfcf")
                if number != "":
                    outer = x - 8 if side == "left" else x + 8
                    svg.text(outer, y - 6, str(number), size=9, anchor="end" if side == "left" else "start",
                             fill="#777")
        if len(b.connectors) > 1:
            svg.rect(self.bx + 8, self.by - 8, 34, 14, fill="#eee", stroke="#555", rx=2)
            svg.text(self.bx + 25, self.by - 13, "JST", size=10, anchor="middle", fill="#555")
        # parts
        for part in self.left + self.right:
            self.draw_part(svg, part)
        # wires
        chan = {"left": self.bx - 30, "right": self.bx + BOARD_W + 30}
        cross = 0
        ordered = sorted(self.wires, key=lambda w: (self.pin_xy(w)[1]))
        for w in ordered:
            px, py = self.pin_xy(w)
            tx, ty = self.terminal_xy(w.part, w.terminal)
            part_side = "left" if w.part in self.left else "right"
            step = -14 if part_side == "left" else 14
            x_c = chan[part_side]
            chan[part_side] += step
            if w.part.key == "bat" and BUILDS[self.name] is FEATHER:
                jx, jy = self.bx + 25, self.by - 8
                points = [(tx, ty), (x_c, ty), (x_c, self.by - 22), (jx, self.by - 22), (jx, jy)]
            elif part_side == w.side:
                points = [(px, py), (x_c, py), (x_c, ty), (tx, ty)]
            else:
                out = px + (14 + 10 * cross) * (1 if w.side == "right" else -1)
                top = self.by - 30 - 10 * cross
                cross += 1
                points = [(px, py), (out, py), (out, top), (x_c, top), (x_c, ty), (tx, ty)]
            svg.line(points, w.color, dash=w.optional,
                     title="%s %s - %s" % (w.part.title, w.terminal, w.pin))
            svg.circle(px, py, 3, w.color)
            svg.circle(tx, ty, 3, w.color)
        self.draw_legend(svg)
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
                'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">' % (self.width, self.height,
                                                                                self.width, self.height))
        body = ["<title>%s wiring (profile %s)</title>" % (_esc(p["title"]), self.name),
                "<desc>Generated by tools/drawings/wiring.py from firmware/device/boards.py. Pins: %s</desc>"
                % _esc(", ".join(pin_summary(self.name, p))),
                '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (self.width, self.height)]
        return "\n".join([head] + body + svg.items + ["</svg>", ""])

    def draw_part(self, svg, part):
        svg.rect(part.x, part.y, part.width, part.height, fill="#fafafa", stroke="#444", dash=part.optional)
        left = part in self.left
        tx = part.x + 10 if left else part.x + 26
        svg.text(tx, part.y + 18, part.title, size=12, weight="bold")
        for i, line in enumerate(part.lines):
            svg.text(tx, part.y + 33 + 13 * i, line, size=10, fill="#555")
        if part.kind in ("oled", "wing"):
            # the glass, roughly to scale
            gy = part.y + 36 + 13 * len(part.lines)
            gh = 26 if self.profile["height"] == 32 else 44
            gw = 88
            gx = part.x + (part.width - gw - 40 if left else 46)
            svg.rect(gx, gy, gw, min(gh, part.height - (gy - part.y) - 8), fill="#0b1a2a", stroke="#333", rx=2)
        for name in part.terminals:
            x, y = self.terminal_xy(part, name)
            svg.rect(x - 5, y - 5, 10, 10, fill="#ddd", stroke="#333", rx=1, width=1)
            if left:
                svg.text(x - 9, y + 4, name, size=11, anchor="end", weight="bold")
            else:
                svg.text(x + 9, y + 4, name, size=11, anchor="start", weight="bold")

    def draw_legend(self, svg):
        y = self.height - 150
        x = 30
        svg.text(x, y, "Wire colours", size=12, weight="bold")
        colors = {w.color for w in self.wires}
        legend = [(label, key) for label, key in (("3.3 V", "3V3"), ("GND", "GND"), ("SDA", "SDA"), ("SCL", "SCL"),
                                                  ("button", "BTN"), ("battery / power", "PWR"), ("reset", "RST"))
                  if COLORS[key] in colors]
        for i, (label, key) in enumerate(legend):
            yy = y + 18 + 16 * i
            svg.line([(x, yy - 4), (x + 34, yy - 4)], COLORS[key], width=3)
            svg.text(x + 42, yy, label, size=11)
        notes = build_notes(self.name, self.profile)
        nx = x + 200
        svg.text(nx, y, "Notes", size=12, weight="bold")
        for i, note in enumerate(notes):
            svg.text(nx, y + 18 + 16 * i, note, size=11)


def build_notes(name, profile):
    buttons = ", ".join("%s %s" % (role, pin) for role, pin in profile["buttons"])
    notes = ["I2C: SDA = %s, SCL = %s, address 0x%02X, %d Hz" % (profile["sda"], profile["scl"], profile["address"],
                                                            profile["frequency"]),
             "Buttons (key order): %s; each closes to GND, internal pull-ups" % buttons]
    if profile.get("boot_button"):
        notes.append("Boot button: %s, read by boot.py at power-up" % profile["boot_button"])
    if profile.get("reset"):
        notes.append("Display reset: RES to %s (the firmware pulses it at start-up)" % profile["reset"])
    if BUILDS[name] in (PICO, PICO2W):
        notes += ["Power: USB, or 3xAAA / 1-cell LiPo to VSYS through a Schottky diode (both may be connected)",
                  "Optional 5th button: RUN to GND resets the board"]
    else:
        notes += ["Power: USB, or the LiPo on the JST-PH socket (the Feather charges it from USB)",
                  "Optional: a slide switch from EN to GND turns the board off"]
    if profile.get("wifi"):
        notes.append("Wi-Fi (the phone view): keep the antenna end, away from USB, clear of metal and the battery")
    return notes


def pin_summary(name, profile):
    """Every profile pin as 'role PIN', the text the SVG and the table must contain."""
    rows = ["SDA %s" % profile["sda"], "SCL %s" % profile["scl"]]
    rows += ["%s %s" % (role, pin) for role, pin in profile["buttons"]]
    if profile.get("boot_button"):
        rows.append("boot %s" % profile["boot_button"])
    if profile.get("reset"):
        rows.append("RES %s" % profile["reset"])
    return rows


def svg_for(name, profile=None):
    profile = profile or boards.PROFILES[name]
    check(name, profile)
    return Layout(name, profile).render()


# --------------------------------------------------------------------------- the table


def table_for(name, profile=None):
    """hardware/<name>/wiring.md: every connection, in words, from the same model as the drawing."""
    profile = profile or boards.PROFILES[name]
    check(name, profile)
    layout = Layout(name, profile)
    board = layout.board
    short = board.title.split(" (")[0]
    lines = ["# Wiring: %s" % profile["title"], "",
             "Generated by `python -m tools.drawings.wiring` from profile `%s` of "
             "`firmware/device/boards.py`; do not edit."
             % name,
             "The drawing: [wiring.svg](wiring.svg). Build notes, parts and power: [../README.md](../README.md).",
             "", "| part | terminal | %s pin | GPIO | wire | note |" % short, "|---|---|---|---|---|---|"]
    names = {v: k for k, v in COLORS.items()}
    for w in layout.wires:
        gpio = board.gpio(w.pin)
        where = w.pin + (" (pin %s)" % w.pin_number if w.pin_number != "" else "")
        color = {"3V3": "red", "GND": "black", "SDA": "blue", "SCL": "yellow", "BTN": "green",
                 "PWR": "orange", "RST": "purple"}.get(names.get(w.color), "grey")
        note = w.note
        if w.optional:
            note = ("optional" + ("; " + note if note else "")) if "not used" not in note else note
        lines.append("| %s | %s | %s | %s | %s | %s |" % (w.part.title.replace("|", "/"), w.terminal, where,
                                                         "GPIO%d" % gpio if gpio is not None else "-", color, note))
    lines += ["", "Notes:", ""] + ["- " + n for n in build_notes(name, profile)] + [""]
    lines += ["settings.toml for this wiring (written by `make bundle BOARD=%s`):" % name, "", "```toml"]
    lines += [line for line in _settings_lines(name)] + ["```", ""]
    return "\n".join(lines)


def _settings_lines(name):
    from tools.build.bundle import settings_toml

    return [line for line in settings_toml(name).splitlines() if line.startswith("RODSKAGG_")]


# --------------------------------------------------------------------------- files


def outputs():
    """{path: text} of every generated file."""
    files = {}
    for name in sorted(boards.PROFILES):
        folder = HARDWARE / name
        files[folder / "wiring.svg"] = svg_for(name)
        files[folder / "wiring.md"] = table_for(name)
    return files


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.drawings.wiring", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed files")
    args = parser.parse_args(argv)
    try:
        files = outputs()
    except WiringError as exc:
        print("wiring: %s" % exc, file=sys.stderr)
        return 1
    stale = []
    for path, text in files.items():
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print("wrote %s" % path.relative_to(ROOT))
    if args.check and stale:
        print("wiring: out of date: %s; run python -m tools.drawings.wiring"
              % ", ".join(str(p.relative_to(ROOT)) for p in stale), file=sys.stderr)
        return 1
    if not stale:
        print("wiring: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
