"""The game plan: the next game's preset, players, names, first dealer, series and rule options
(the new-game screens that change it are firmware/ui/screens/newgame.py and seating.py).

The last plan is remembered (``GamePlan.encode()``/``decode()``, a short text
blob that the store keeps with ``save_settings``), with a roster of the names
the device has seen: the last table first (in its seats), then the most recent.
Starting a game moves the remembered dealer one seat on, so the same table
again is one press (Start!).
"""

from firmware.core.errors import RulesError
from firmware.core.game import MAX_NAME, MAX_PLAYERS
from firmware.core.rules import PRESETS, Rules
from firmware.core.series import Series

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Hans", "Ida", "Jan", "Kim",
         "Lars", "Maja", "Nils", "Olle", "Per", "Rut", "Sara", "Tor", "Ulla", "Vera",
         "Åsa", "Ärla", "Örjan")
BLOB = "rs2"  # rs1 (no roster) is still read
ROSTER_MAX = 16
MAX_BLOB = 255  # firmware/store/codec.py MAX_SETTINGS


class GamePlan:
    """What the new-game screen shows; also the last game's plan, remembered."""

    def __init__(self):
        self.preset = "fem"
        self.n = 4
        self.names = list(NAMES[:MAX_PLAYERS])
        self.dealer = 0
        self.overrides = {}
        self.lang = None
        self.roster = []  # names seen, the last table first, then the most recent

    def pool(self, seated=()):
        """Names to pick from, not in seated: the roster, then the built-in names."""
        out = []
        for name in self.roster + list(NAMES):
            if name not in seated and name not in out:
                out.append(name)
        return out

    def set_table(self, names):
        """The seats (clockwise), the first deals; later seats fill from the pool."""
        self.n = len(names)
        self.names = list(names) + self.pool(names)[:MAX_PLAYERS - len(names)]
        self.dealer = 0

    def remember(self):
        """A game starts: its table goes first in the roster, the next game's dealer is
        the next seat (the same table again is one press: Start!)."""
        table = self.players()
        self.roster = (table + [r for r in self.roster if r not in table])[:ROSTER_MAX]
        self.dealer = (self.dealer + 1) % self.n

    def rules(self):
        return Rules(self.preset, self.overrides)

    def players(self):
        return self.names[:self.n]

    def set_preset(self, preset):
        if preset != self.preset:
            series = self.overrides.get("series")
            self.preset = preset
            self.overrides = {}
            if series:
                self.overrides["series"] = series
        lo = self.rules().min_players
        if self.n < lo:
            self.n = lo

    def set_n(self, n):
        self.n = n
        if self.dealer >= n:
            self.dealer = 0

    def series_len(self):
        return self.overrides.get("series", 1)

    def option(self, name):
        return getattr(self.rules(), name)

    def set_option(self, name, value):
        default = getattr(Rules(self.preset), name)
        if value == default and type(value) is type(default):
            self.overrides.pop(name, None)
        else:
            self.overrides[name] = value

    def build(self):
        """A new Series (raises RulesError with a reason)."""
        return Series(self.rules(), self.players(), self.dealer)

    def encode(self, limit=MAX_BLOB):
        """The blob (at most limit bytes: the oldest roster names give way)."""
        opts = ";".join("%s=%s" % (k, _show(v)) for k, v in sorted(self.overrides.items()))
        head = "%s|%s|%d|%s|%d|%s|%s|" % (BLOB, self.preset, self.n, ",".join(self.names),
                                          self.dealer, opts, self.lang or "")
        roster = list(self.roster)
        while True:
            blob = (head + ",".join(roster)).encode()
            if len(blob) <= limit or not roster:
                return blob
            roster.pop()

    def decode(self, blob):
        """Restore a remembered setup; anything damaged is ignored (defaults stay)."""
        try:
            parts = bytes(blob).decode().split("|")
            if len(parts) == 7 and parts[0] == "rs1" and parts[2].isdigit():
                # before the roster: the seated names are the names seen
                parts.append(",".join(parts[3].split(",")[:int(parts[2])]))
                parts[0] = BLOB
            if len(parts) != 8 or parts[0] != BLOB or parts[1] not in PRESETS:
                return False
            roster = []
            for name in parts[7].split(","):
                if name and len(name) <= MAX_NAME and name not in roster:
                    roster.append(name)
            names = parts[3].split(",")
            if len(names) != MAX_PLAYERS:
                return False
            overrides = {}
            for item in parts[5].split(";"):
                if item:
                    k, _s, v = item.partition("=")
                    overrides[k] = _parse(v)
            n = int(parts[2])
            Rules(parts[1], overrides)
            if not 2 <= n <= MAX_PLAYERS:
                return False
            self.preset = parts[1]
            self.n = n
            self.names = names
            self.dealer = int(parts[4]) if 0 <= int(parts[4]) < n else 0
            self.overrides = overrides
            self.lang = parts[6] or None
            self.roster = roster[:ROSTER_MAX]
            return True
        except (ValueError, RulesError, UnicodeError, TypeError):
            return False


def _show(v):
    if v is True:
        return "T"
    if v is False:
        return "F"
    return str(v)


def _parse(text):
    if text == "T":
        return True
    if text == "F":
        return False
    if text and (text.isdigit() or (text[0] == "-" and text[1:].isdigit())):
        return int(text)
    return text
