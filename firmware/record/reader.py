"""Reading the game record ``rodskagg-record/1`` (docs/RECORD.md): JSON -> Game.

Names in the record become seat numbers in the core (writer.py writes them back).
Every error names the entry it is about: ``hand N`` (1-based), or ``hand 0``
for the rules, players, dealer or the document itself.
"""

import json

from firmware.core import score
from firmware.core.errors import EntryError, RodskaggError, shown
from firmware.core.game import MAX_NAME, Game
from firmware.core.rules import Rules
from firmware.record.format import FORMAT, quote

RECORD_KEYS = ("format", "rules", "players", "dealer", "hands")
# Entry kinds by the key that names them, with every key each may carry.
ENTRY_KEYS = (
    ("adjust", ("adjust", "reason")),
    ("fault", ("fault", "reason")),
    ("misdeal", ("misdeal", "knocked")),
    ("all_pass", ("all_pass",)),
    ("lone", ("lone",)),
    ("declarer", ("declarer", "bid", "tricks", "joined", "faults")),
    ("tricks", ("tricks", "call", "faults")),
)


class RecordError(RodskaggError):
    """A record that cannot be replayed; ``hand`` is the 1-based entry, 0 for the header."""

    def __init__(self, hand, message):
        super().__init__(message)
        self.hand = hand
        self.message = message

    def __str__(self):
        return "hand %d: %s" % (self.hand, self.message)


def _fail(message):
    raise EntryError(message)


def _seat(players, name, what):
    if not isinstance(name, str) or name not in players:
        _fail("%s %s is not a player" % (what, shown(name)))
    return players.index(name)


def _names_to_counts(players, obj, what, lo, hi, absent):
    """A {name: number} object -> a tuple with one number per seat."""
    if not isinstance(obj, dict):
        _fail("%s must be an object of names and numbers" % what)
    counts = [absent] * len(players)
    for name, value in obj.items():
        seat = _seat(players, name, "in %s," % what)
        if type(value) is not int or not lo <= value <= hi:
            _fail("%s of %s must be a whole number %d-%d, not %s" % (what, name, lo, hi, shown(value)))
        counts[seat] = value
    return tuple(counts)


def _reason(obj):
    reason = obj.get("reason", "")
    if not isinstance(reason, str):
        _fail("the reason must be text")
    return reason


def _faults(players, obj):
    """The "faults" of a played hand -> ((seat, reason), ...) in seat order."""
    faults = obj.get("faults", {})
    if not isinstance(faults, dict):
        _fail("faults must be an object of names and reasons")
    got: list = [()] * len(players)  # (reason,) per seat that has one
    for name, reason in sorted(faults.items()):  # names are unique: reasons are never compared
        got[_seat(players, name, "faults:")] = (reason,)
    return tuple((s, got[s][0]) for s in range(len(players)) if got[s])


def entry_from_json(players, obj):
    """One hand entry of a record -> an entry tuple (see score.py)."""
    if not isinstance(obj, dict):
        _fail("an entry must be an object")
    for key, allowed in ENTRY_KEYS:
        if key in obj:
            for k in obj:
                if k not in allowed:
                    _fail("unknown key %s in a %s entry" % (shown(k), key))
            break
    else:
        keys = list(obj)
        _fail("unknown entry with keys %s%s" % (", ".join(shown(k) for k in keys[:3]), ", …" if len(keys) > 3 else ""))
    if key == "adjust":
        deltas = _names_to_counts(players, obj["adjust"], "adjust", -score.MAX_ADJUST,
                                  score.MAX_ADJUST, 0)
        return (score.ADJUST, deltas, _reason(obj))
    if key == "fault":
        return (score.FAULT, _seat(players, obj["fault"], "fault:"), _reason(obj))
    if key == "misdeal":
        knocked = obj.get("knocked", True)
        if obj["misdeal"] is not True or type(knocked) is not bool:
            _fail("a misdeal is {\"misdeal\": true, \"knocked\": true or false}")
        return (score.MISDEAL, knocked)
    if key == "all_pass":
        if obj["all_pass"] is not True:
            _fail("all_pass must be true")
        return (score.ALL_PASS,)
    if key == "lone":
        return (score.LONE, _seat(players, obj["lone"], "lone:"))
    if key == "declarer":
        declarer = _seat(players, obj["declarer"], "declarer:")
        bid = obj.get("bid")
        if bid == "R":
            bid = score.BID_R
        elif type(bid) is not int or not 1 <= bid <= 6:
            _fail("bid must be 1-6 or \"R\", not %s" % shown(bid))
        if "tricks" not in obj:
            _fail("a bidding hand needs its tricks")
        tricks = _names_to_counts(players, obj["tricks"], "tricks", 0, 6, 0)
        joined = obj.get("joined", [])
        if not isinstance(joined, list):
            _fail("joined must be a list of names")
        mask = 0
        for name in joined:
            bit = 1 << _seat(players, name, "joined:")
            if mask & bit:
                _fail("%s joined twice" % name)
            mask |= bit
        return (score.BID, declarer, bid, tricks, mask, _faults(players, obj))
    tricks = _names_to_counts(players, obj["tricks"], "tricks", 0, 5, -1)
    call = score.NO_SEAT
    if "call" in obj:
        call = _seat(players, obj["call"], "call:")
    return (score.PLAY, tricks, call, _faults(players, obj))


def _header(doc):
    """Check the record's header and build the (empty) Game it describes."""
    if not isinstance(doc, dict):
        raise EntryError("a record must be a JSON object")
    for key in doc:
        if key not in RECORD_KEYS:
            raise EntryError("unknown key %s in the record" % shown(key))
    if doc.get("format") != FORMAT:
        raise EntryError("format must be %s" % FORMAT)
    rules_obj = doc.get("rules")
    if not isinstance(rules_obj, dict) or "preset" not in rules_obj:
        raise EntryError("rules must be an object that names a preset")
    overrides = {k: v for k, v in rules_obj.items() if k != "preset"}
    rules = Rules(rules_obj["preset"], overrides)
    players = doc.get("players")
    if not isinstance(players, list):
        raise EntryError("players must be a list of names")
    dealer = 0
    if "dealer" in doc:
        if doc["dealer"] not in players:
            raise EntryError("the dealer %s is not a player" % shown(doc["dealer"]))
        dealer = players.index(doc["dealer"])
    if not isinstance(doc.get("hands", []), list):
        raise EntryError("hands must be a list")
    return Game(rules, players, dealer)


def _named(players, error):
    """The core's message with the player's name for "seat N": the core speaks of seats (the UI
    words its refusals from their codes), a record of names."""
    seat = error.params[0] if error.params else None
    if type(seat) is int and 0 <= seat < len(players):
        return error.message.replace("seat %d" % (seat + 1), quote(players[seat]))
    return error.message


def load(doc, drop=False):
    """A record (parsed JSON) -> the Game it describes, every entry applied.

    With ``drop`` each hand object of ``doc`` is replaced by None once it is
    applied, so a long record need not be held twice (the replay command).
    """
    try:
        game = _header(doc)
    except RodskaggError as e:
        raise RecordError(0, getattr(e, "message", str(e)))
    hands = doc.get("hands", [])
    for i in range(len(hands)):
        try:
            game.push(entry_from_json(game.players, hands[i]))
        except EntryError as e:
            raise RecordError(i + 1, _named(game.players, e))
        if drop:
            hands[i] = None
    return game


def intern_players(name):
    """Intern the names in the first ``"players": [...]`` of record file name, read ahead in small pieces.

    On MicroPython and CircuitPython json then gives every copy of a name in the record
    (and in a test case's expected result) as that one interned string instead of a new
    string each: in a long record the copies would take most of the heap. A list not
    found this way only costs that saving."""
    key = b'"players"'
    text = b""
    at = -1
    with open(name, "rb") as f:
        while at < 0 or text.find(b"]", at) < 0:
            piece = f.read(64)
            if not piece or len(text) > 600:
                return
            text = (text if at >= 0 else text[-len(key):]) + piece
            at = text.find(key)
    try:
        names = json.loads(b"{" + text[at:text.find(b"]", at) + 1] + b"}")["players"]
    except ValueError:
        return
    for player in names if isinstance(names, list) else ():
        if isinstance(player, str) and len(player) <= MAX_NAME:
            getattr(intern_players, player, None)  # looking up an attribute interns its name


def loads(text):
    """Record text -> Game."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise RecordError(0, "not valid JSON")
    return load(doc)
