"""Random valid games for tests and benchmarks (host only).

``random_entry(rng, rules, state)`` draws an entry that the rules accept after
state; rng is a random.Random. ``reasons`` gives the fault and correction
reasons to choose from (the UI tests pass the device's built-in lists; a
penalty during a hand takes a non-empty fault reason). ``faults`` False: no
penalties during a hand. Used by the property tests, the UI tests, the
simulator tests and the benchmark.
"""

from firmware.core import score
from firmware.core.game import Game
from firmware.core.rules import OPTIONS, PRESETS, Rules


def random_rules(rng, preset=None):
    preset = preset or rng.choice(PRESETS)
    p = PRESETS.index(preset)
    overrides = {}
    for name, choice, allowed, defaults in OPTIONS:
        if defaults[p] is None or rng.random() < 0.6:
            continue
        overrides[name] = rng.choice(allowed) if choice else rng.randint(allowed[0], min(allowed[1], 20))
    return Rules(preset, overrides)


def _split(rng, total, seats):
    """total tricks spread over seats at random."""
    counts = dict.fromkeys(seats, 0)
    for _ in range(total):
        counts[rng.choice(seats)] += 1
    return counts


REASONS = (("fault",), ("fix",))


def _faults(rng, seats, reasons):
    """Penalties during a hand, now and then: ((seat, reason), ...) in seat order."""
    if rng.random() >= 0.12:
        return ()
    texts = [r for r in reasons[0] if r] or ["fault"]
    picked = rng.sample(seats, min(len(seats), 1 if rng.random() < 0.8 else 2))
    return tuple((s, rng.choice(texts)) for s in sorted(picked))


def random_entry(rng, rules, state, reasons=REASONS, faults=True):
    n = state.n
    seats = [s for s in range(n) if state.in_play(s)]
    left = [s for s in range(n) if s not in state.out]
    roll = rng.random()
    if roll < 0.05:
        return (score.ALL_PASS,)
    if roll < 0.08:
        return (score.MISDEAL, rng.random() < 0.5 or not rules.knock)  # no knock: never asked
    if roll < 0.10:
        seat = rng.choice(seats)
        reason = rng.choice(reasons[0])
        if rules.knock:
            return (score.FAULT, seat, reason)
        # No knocking, no knock fault on the device: the table corrects the score instead.
        if not rules.penalty:
            return (score.ALL_PASS,)
        deltas = [0] * n
        deltas[seat] = rules.penalty
        return (score.ADJUST, tuple(deltas), reasons[1][0])
    if roll < 0.12:
        deltas = [0] * n
        deltas[rng.choice(left)] = rng.choice((-2, -1, 1, 3))
        return (score.ADJUST, tuple(deltas), rng.choice(reasons[1]))
    total = rules.tricks_per_hand
    if not rules.bidding:
        players = [s for s in seats if rng.random() < 0.6]
        if len(players) < 2 and rules.lone != "play_out":
            if players and rng.random() < 0.5:
                return (score.LONE, players[0])
            if len(seats) < 2:
                return (score.ALL_PASS,)
            players = rng.sample(seats, 2)
        if not players:
            players = [rng.choice(seats)]
        tricks = [-1] * n
        if len(players) == 1:
            tricks[players[0]] = rng.randint(0, total)
        else:
            for s, t in _split(rng, total, players).items():
                tricks[s] = t
        call = -1
        if rules.call and rng.random() < 0.1:
            call = rng.choice(players)
        return (score.PLAY, tuple(tricks), call, _faults(rng, seats, reasons) if faults else ())
    declarer = rng.choice(seats)
    bid = score.BID_R if rng.random() < 0.08 else rng.randint(rules.min_bid, 6)
    if rules.others_score():
        counts = _split(rng, total, seats)
    else:
        # As tables enter it: the declarer's tricks, now and then another player's too.
        counts = {declarer: rng.randint(0, total)}
        other = rng.choice(seats)
        if other != declarer and rng.random() < 0.3:
            counts[other] = rng.randint(0, total - counts[declarer])
    if bid == score.BID_R and rng.random() < 0.5:
        counts = dict.fromkeys(seats, 0)
        counts[declarer] = total
    tricks = tuple(counts.get(s, 0) for s in range(n))
    joined = 0
    if rules.go_along:
        together = 0  # joiners take only among the last two tricks
        for s in seats:
            if s != declarer and together + tricks[s] <= 2 and rng.random() < 0.3:
                joined |= 1 << s
                together += tricks[s]
    return (score.BID, declarer, bid, tricks, joined, _faults(rng, seats, reasons) if faults else ())


def random_game(rng, entries, rules=None, players=None, reasons=REASONS, faults=True):
    """A Game of up to entries random entries (fewer if it is won sooner)."""
    rules = rules or random_rules(rng)
    if players is None:
        n = rng.randint(rules.min_players, 7)
        players = ["P%d" % i for i in range(n)]
    game = Game(rules, players, rng.randrange(len(players)))
    while len(game.log) < entries and not game.state.over():
        game.push(random_entry(rng, rules, game.state, reasons, faults))
    return game
