"""Rule presets and options (README "Rules"): one small table, no I/O.

A ``Rules`` object holds one value per option. Presets differ only in their
defaults; an option a preset does not use (``-`` in the table) is ``None``.
Each value also has a small integer code (rulecodes.py), which is how the
save format stores a rule set.
"""

from firmware.core.errors import RulesError, shown

PRESETS = ("fem", "bud", "knack")
OFF_ON = (False, True)

# name, allowed values (a tuple of choices, or (lo, hi) inclusive ints when
# ``choice`` is False), and the default per preset (None = not used).
# Order matters: it is the order of codes() and of a record's "rules".
OPTIONS = (
    ("start", False, (1, 99), (12, 12, 12)),
    ("penalty", False, (0, 20), (5, 5, 5)),
    ("exact_zero", True, ("off", "exact", "bust", "bounce"), ("off", "off", "exact")),
    ("all_pass", True, ("redeal", "dealer_penalty"), ("redeal", "redeal", "redeal")),
    ("all_pass_penalty", False, (1, 20), (1, 1, 1)),
    ("lone", True, ("one_trick", "redeal", "play_out"), ("one_trick", None, None)),
    ("call", True, OFF_ON, (True, None, None)),
    ("call_fail", False, (0, 20), (5, None, None)),
    ("contract", True, ("bid", "tricks"), (None, "bid", "tricks")),
    ("min_bid", False, (1, 6), (None, 1, 1)),
    ("fail_extra", False, (0, 20), (None, 0, 0)),
    ("rs_fail", True, ("add", "out"), (None, "add", "out")),
    ("rs_fail_points", False, (0, 20), (None, 6, 6)),
    ("defenders_score", True, OFF_ON, (None, False, True)),
    ("go_along", True, OFF_ON, (None, False, True)),
    ("join_trick", False, (1, 2), (None, 1, 1)),
    ("knock", True, OFF_ON, (False, False, True)),
    ("pot", True, OFF_ON, (False, False, False)),
    ("stake", False, (0, 99), (2, 2, 2)),
    ("pass_fee", False, (0, 99), (1, 1, 1)),
    ("series", True, (1, 3, 5), (1, 1, 1)),
)
OPTION_NAMES = tuple(o[0] for o in OPTIONS)


def _check(name, choice, allowed, value):
    """Raise RulesError unless value is allowed for the option."""
    if choice:
        for a in allowed:
            # bool is an int in Python: compare types too, so 1 != True here.
            if a == value and type(a) is type(value):
                return
        choices = ", ".join(shown(a) for a in allowed)
        raise RulesError("option %s must be one of %s, not %s" % (name, choices, shown(value)))
    if type(value) is not int or not allowed[0] <= value <= allowed[1]:
        raise RulesError("option %s must be a whole number %d-%d, not %s"
                         % (name, allowed[0], allowed[1], shown(value)))


class Rules:
    """The options of one game: a preset plus overrides, all validated."""

    # One attribute per option, set from OPTIONS (None where the preset has no such option).
    start: int
    penalty: int
    exact_zero: str
    all_pass: str
    all_pass_penalty: int
    lone: str
    call: bool
    call_fail: int
    contract: str
    min_bid: int
    fail_extra: int
    rs_fail: str
    rs_fail_points: int
    defenders_score: bool
    go_along: bool
    join_trick: int
    knock: bool
    pot: bool
    stake: int
    pass_fee: int
    series: int

    def __init__(self, preset="fem", overrides=None):
        if preset not in PRESETS or not isinstance(preset, str):
            raise RulesError("preset must be fem, bud or knack, not %s" % shown(preset))
        self.preset = preset
        p = PRESETS.index(preset)
        for name, _c, _a, defaults in OPTIONS:
            setattr(self, name, defaults[p])
        for name, value in (overrides or {}).items():
            self.set(name, value)

    def set(self, name, value):
        """Change one option, checking it exists for this preset."""
        for oname, choice, allowed, defaults in OPTIONS:
            if oname == name:
                if defaults[PRESETS.index(self.preset)] is None:
                    raise RulesError("option %s does not apply to preset %s" % (name, self.preset))
                _check(name, choice, allowed, value)
                setattr(self, name, value)
                return
        raise RulesError("unknown option %s" % shown(name))

    @property
    def bidding(self):
        return self.preset != "fem"

    @property
    def tricks_per_hand(self):
        return 6 if self.bidding else 5

    @property
    def min_players(self):
        return 3 if self.bidding else 2

    def others_score(self):
        """True when every trick of a bidding hand counts (all 6 must be entered)."""
        return bool(self.defenders_score or self.go_along)

    def applies(self, name):
        """True when option name is used by this preset."""
        return OPTIONS[OPTION_NAMES.index(name)][3][PRESETS.index(self.preset)] is not None

    def overrides(self):
        """(name, value) pairs that differ from the preset, in table order."""
        p = PRESETS.index(self.preset)
        return [(o[0], getattr(self, o[0])) for o in OPTIONS
                if o[3][p] is not None and getattr(self, o[0]) != o[3][p]]

    def __eq__(self, other):
        return isinstance(other, Rules) and self.preset == other.preset and self.overrides() == other.overrides()

    def __repr__(self):
        return "Rules(%r, %r)" % (self.preset, dict(self.overrides()))
