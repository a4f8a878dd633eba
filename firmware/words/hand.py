"""One entry in words, for every place that shows it: the device's history (its rows, an entry's
changes, the undo and delete questions), the score sheet's event column (the exported CSV) and
the phones' history (firmware/web/sheet.py, the CSV's rows).

``phrases`` gives the facts of an entry and its result (the states before and after it): who took
what, the bid or the call and whether it was made or failed (with the tricks), penalties and their
reasons, who went out and why, the extra hand after a tie, a new tie, the winner. ``text`` is all
of them (the sheet's words); ``fit`` shortens them to a width (a history row of the panel) by
dropping the least needed words first and never a part of a name: the rest is on the entry's
changes screen, one OK away, which shows ``text`` whole. Loaded while one of them is made and let
go after (firmware/ui/lazy.py PACKAGES, firmware/web/sheet.py, firmware/store/export.py).
"""

from firmware.core import score
from firmware.words import tr

# What a phrase is needed for on a short row, most first: the ranks ``fit`` keeps phrases by.
HEAD, LIST, MORE = 1, 2, 3
SEP = "; "


def reason(lang, why):
    """A reason from the device's lists in lang; anything else as the table wrote it (free text)."""
    return tr(lang, why) if lang == "sv" else why


def _said(lang, key, name, why):
    """"straff Cia: sent Rödskäggrop" (full) and "straff Cia" (short) of a penalty or a fault; the
    reason "penalty" (a penalty entered without one) is not said again."""
    short = tr(lang, key) % name
    if not why or why == "penalty":
        return short, short
    return "%s: %s" % (short, reason(lang, why)), short


def phrases(lang, rules, players, entry, before, after):
    """[rank, full, short, items] for each fact of entry (a score entry: firmware/core/score.py)
    between the states before and after it, in the order they are read: items, where not None,
    are the parts of a list (``short`` joined with ", ") that ``fit`` may cut after any of them.
    Players are listed from the hand's first to speak, as its entry lists them (a caller
    first)."""
    kind = entry[0]
    n = len(players)
    first = before.first_to_speak()
    order = [(max(0, first) + k) % n for k in range(n)]
    counted = after.hands > before.hands
    out = []

    def say(rank, full, short=None, items=None):
        out.append([rank, full, full if short is None else short, items])

    def took(seats, tricks):
        items = [tr(lang, "%s took %d") % (players[s], tricks[s]) if i == 0 else "%s %d" % (players[s], tricks[s])
                 for i, s in enumerate(seats)]
        if items:
            say(LIST, ", ".join(items), None, items)

    if before.tied and counted:
        say(LIST, tr(lang, "extra hand"), tr(lang, "Extra"))
    if kind == score.PLAY:
        tricks, call = entry[1], entry[2]
        seats = [s for s in order if tricks[s] >= 0]
        if call >= 0:
            made = tricks[call] == rules.tricks_per_hand
            say(HEAD, tr(lang, "%s called Rödskägg: made" if made else "%s called Rödskägg: failed") % players[call],
                tr(lang, "Call: %s made" if made else "Call: %s failed") % players[call])
            seats.remove(call)
            seats.insert(0, call)
        if len(seats) == 1 and call < 0:  # the lone player played it out
            say(HEAD, tr(lang, "%s alone took %d") % (players[seats[0]], tricks[seats[0]]))
        else:
            took(seats, tricks)
    elif kind == score.BID:
        who, bid, tricks, joined = entry[1], entry[2], entry[3], entry[4]
        word = "Rödskägg" if bid == score.BID_R else "%d" % bid
        made = tricks[who] >= (rules.tricks_per_hand if bid == score.BID_R else bid)
        say(HEAD, tr(lang, "%s bid %s took %d: made" if made else "%s bid %s took %d: failed")
            % (players[who], word, tricks[who]),
            tr(lang, "%s bid %s took %d") % (players[who], word, tricks[who]) if made
            else tr(lang, "%s bid %s: failed") % (players[who], word))
        for s in after.out:
            if s not in before.out:
                say(HEAD, tr(lang, "%s out") % players[s])
        # the others' tricks where they count (defenders_score, or joiners)
        took([s for s in order if s != who and tricks[s] and (rules.defenders_score or joined >> s & 1)], tricks)
        # a joiner: said where it scored otherwise than taking those tricks as another would
        differs = rules.join_trick != 1 or not rules.defenders_score
        for s in order:
            if s != who and joined >> s & 1:
                if not tricks[s]:
                    say(MORE, tr(lang, "%s joined, took no trick") % players[s])
                elif differs:
                    say(MORE + 1, tr(lang, "%s joined") % players[s])
    elif kind == score.LONE:
        if rules.lone == "one_trick":
            say(HEAD, tr(lang, "%s alone took %d") % (players[entry[1]], 1))
        else:
            say(HEAD, tr(lang, "%s alone") % players[entry[1]])
            say(MORE, tr(lang, "redeal"))
    elif kind == score.ALL_PASS:
        say(HEAD, tr(lang, "all pass"))
        if rules.all_pass == "dealer_penalty":
            say(MORE, tr(lang, "penalty %s") % players[before.dealer])
    elif kind == score.MISDEAL:
        if entry[1]:
            say(HEAD, tr(lang, "misdeal"))
        else:
            say(HEAD, tr(lang, "misdeal, no knock"), tr(lang, "misdeal") + " " + tr(lang, "no knock"))
        if rules.knock and not entry[1]:
            say(MORE, tr(lang, "penalty %s") % players[before.dealer])
    elif kind == score.FAULT:
        full, short = _said(lang, "fault %s", players[entry[1]], entry[2])
        say(HEAD, full, short)
    else:  # a correction: who by how much, then why
        items = ["%s %+d" % (players[s], entry[1][s]) for s in order if entry[1][s]]
        items[0] = tr(lang, "correction") + " " + items[0]
        short = ", ".join(items)
        say(HEAD, "%s: %s" % (short, reason(lang, entry[2])) if entry[2] else short, short, items)
    if kind <= score.BID:
        for s, why in entry[-1]:
            full, short = _said(lang, "penalty %s", players[s], why)
            say(MORE, full, short)
    if counted and after.tied:
        say(LIST, tr(lang, "%s level: extra hand") % ", ".join([players[s] for s in after.tied]))
    if after.winner >= 0 > before.winner:
        say(LIST, tr(lang, "%s wins") % players[after.winner])
    return out


def text(parts):
    """Every fact, whole (the score sheet's event column, the phones' history, an entry's changes)."""
    return SEP.join([p[1] for p in parts])


def fit(parts, width):
    """The facts in at most width characters: all of them whole if they fit, else their short
    forms (reasons left out), else the phrases that fit by rank (a list cut after its items that
    fit) in their order and "…"; where not even what the entry was fits, its first words that
    do. A name is cut only where it alone is longer than width."""
    for k in (1, 2):
        line = SEP.join([p[k] for p in parts])
        if len(line) <= width:
            return line
    room = width - 1  # (the "…")
    kept = [""] * len(parts)
    used = 0
    for rank in range(HEAD, MORE + 2):  # (ranks, not a sort: CircuitPython's is not stable)
        for i, p in enumerate(parts):
            if p[0] != rank or used < 0:
                continue
            gap = len(SEP) if used else 0
            if used + gap + len(p[2]) <= room:
                kept[i] = p[2]
            elif p[3] is not None:  # as many of a list's items as fit
                k = len(p[3])
                while k and used + gap + len(", ".join(p[3][:k])) > room:
                    k -= 1
                kept[i] = ", ".join(p[3][:k])
            if kept[i]:
                used += gap + len(kept[i])
            elif rank <= HEAD:  # a fact of what the entry was does not fit: nothing less needed instead
                used = -1
    line = SEP.join([k for k in kept if k])
    if not line and parts:  # what the entry was, alone: whole where it fits without the "…"
        line = ([p[2] for p in parts if p[0] <= HEAD] or [parts[0][2]])[0]
        if len(line) <= width:
            return line
        cut = line.rfind(" ", 0, room + 1)  # after a whole word: a name is never cut
        line = line[:cut if cut > 0 else room].rstrip(":;,")
    return line + "…"
