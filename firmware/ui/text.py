"""The UI's words: English is the key, SV holds the Swedish (the default language).

Every text fits the 21-column grid where it is shown. ``explain`` turns the
rules core's English EntryError messages into short words of the language.

One numbering: a hand the table counts is "Giv N" (N = completed hands after
it, as the scoreboard counts them); any other entry (all pass, misdeal, knock
fault, correction) is named by what it is and where it stands: "Knackfel,
före giv 6". ``entry_name`` words both, ``numbers`` gives them for a log.
"""


# One string per language, lines of "English<TAB>translation": a single object
# in RAM instead of a dict of a few hundred small strings.
SV = (
    "\n"
    "Hand %d\tGiv %d\n"
    "before hand %d\tföre giv %d\n"
    "before %d\tföre %d\n"
    "Undo?\tÅngra?\n"
    "Delete?\tRadera?\n"
    "Change\tÄndra\n"
    "%s won\t%s vann\n"
    "Extra\tExtra\n"
    "Pot %d\tPott %d\n"
    "out\tut\n"
    "Menu\tMeny\n"
    "Hand\tNy giv\n"
    "Misdeal\tFelgiv\n"
    "Knock fault\tKnackfel\n"
    "Correction\tRättelse\n"
    "Undo\tÅngra\n"
    "History\tHistorik\n"
    "Chart\tDiagram\n"
    "Series\tSerie\n"
    "Result\tResultat\n"
    "Export\tExportera\n"
    "New game\tNytt spel\n"
    "New game?\tNytt spel?\n"
    "The setup screen; this game stays until Start.\tTill inställningar; spelet finns kvar tills Starta.\n"
    "Language:\tSpråk:\n"
    "Big scores:\tStor text:\n"
    "Hand %d: tricks\tGiv %d: stick\n"
    "Hand %d: declarer\tGiv %d: spelförare\n"
    "Hand %d: bid\tGiv %d: bud\n"
    "Hand %d: joined\tGiv %d: går med\n"
    "pass\tpassar\n"
    "All pass\tAlla passar\n"
    "yes\tja\n"
    "no\tnej\n"
    "Misdeal: knocked?\tFelgiv: knackat?\n"
    "Fault: who?\tKnackfel: vem?\n"
    "Fault: reason\tKnackfel: varför?\n"
    "Reason\tOrsak\n"
    "(no reason)\t(ingen orsak)\n"
    "picked up before the knock\ttog upp före knack\n"
    "misdeal without knocking\tfelgiv utan knack\n"
    "did not ask go along\tfrågade ej går med\n"
    "late Rödskägg call\tsent Rödskäggrop\n"
    "correction\trättelse\n"
    "scoring slip\tfel i räkningen\n"
    "house rule\thusregel\n"
    "OK? Hand %d\tOK? Giv %d\n"
    "OK? %s wins\tOK? %s vinner\n"
    "OK? Tie-break\tOK? Omspel\n"
    "Not possible\tGår inte\n"
    "the call is off\tRödskägg är avstängt\n"
    "Undo #%d?\tÅngra #%d?\n"
    "Nothing to undo\tInget att ångra\n"
    "Older hands were packed to fit the memory.\tÄldre givar packades för att få plats.\n"
    "Undo reaches %d back\tÅngra når %d bakåt\n"
    "No hands yet\tInga givar än\n"
    "OK: yes, back: no\tOK: ja, tillbaka: nej\n"
    "#%d: change\t#%d: ändra\n"
    "Edit\tÄndra\n"
    "Delete\tRadera\n"
    "Insert a hand before\tNy giv före\n"
    "Delete #%d?\tRadera #%d?\n"
    "Lone\tEnsam\n"
    "Fault\tKnackfel\n"
    "Passed\tAlla pass\n"
    "no knock\tej knack\n"
    "Corr.\tRätt.\n"
    "%s wins!\t%s vinner!\n"
    "OK: game %d\tOK: spel %d\n"
    "OK: new game\tOK: nytt spel\n"
    "Series: %s. OK: new\tSerien: %s. OK: ny\n"
    "Series drawn. OK: new\tSerien oavgjord. OK\n"
    "Series: game %d/%d\tSerie: spel %d/%d\n"
    "Exported\tExporterad\n"
    "Export failed\tExport misslyckades\n"
    "The computer owns the drive (the boot button was held at start). Restart without "
    "holding it to export.\tDatorn äger enheten (startknappen hölls vid start). Starta om "
    "utan att hålla den för att exportera.\n"
    "Memory full: this change is not saved\tMinnet fullt: ändringen är inte sparad\n"
    "Save damaged: resumed after entry %d\tSparat spel skadat: fortsätter efter #%d\n"
    "Save damaged: no game to resume\tSparat spel skadat: inget att fortsätta\n"
    "Save unreadable: no game to resume\tSparat spel oläsbart: inget att fortsätta\n"
    "Saved by newer firmware: not read\tSparat av nyare programvara: ej läst\n"
    "Start!\tStarta!\n"
    "Game:\tSpel:\n"
    "Players:\tSpelare:\n"
    "Names...\tNamn...\n"
    "Names\tNamn\n"
    "Dealer:\tGiv:\n"
    "Series:\tSerie:\n"
    "Rules...\tRegler...\n"
    "Rules\tRegler\n"
    "Done\tKlar\n"
    "Name of player %d\tNamn, spelare %d\n"
    "Spell...\tStava...\n"
    "Name:\tNamn:\n"
    "OK adds, hold > done\tOK lägger till\n"
    "on\tpå\n"
    "off\tav\n"
    "start\tStart\n"
    "penalty\tStraff\n"
    "exact_zero\tExakt 0\n"
    "all_pass\tAlla pass\n"
    "all_pass_penalty\tGivstraff\n"
    "lone\tEnsam\n"
    "call\tRödskägg\n"
    "call_fail\tMiss R\n"
    "contract\tKontrakt\n"
    "min_bid\tMinsta bud\n"
    "fail_extra\tExtra straff\n"
    "rs_fail\tR miss\n"
    "rs_fail_points\tR straff\n"
    "defenders_score\tAlla räknar\n"
    "go_along\tGår med\n"
    "join_trick\tMed-stick\n"
    "knock\tKnack\n"
    "pot\tPott\n"
    "stake\tInsats\n"
    "pass_fee\tPassavgift\n"
    "exact\texakt\n"
    "bust\tspräck\n"
    "bounce\tstuds\n"
    "redeal\tomgiv\n"
    "dealer_penalty\tgivarstraff\n"
    "one_trick\tett stick\n"
    "play_out\tspela ut\n"
    "bid\tbud\n"
    "tricks\tstick\n"
    "add\tstraff\n"
    "hand\tgiv\n"
    "entry\thändelse\n"
    "%s called\t%s ropade Rödskägg\n"
    "%s bid %s\t%s bjöd %s\n"
    "%s alone\t%s ensam\n"
    "all pass\talla passar\n"
    "misdeal\tfelgiv\n"
    "misdeal, no knock\tfelgiv utan knack\n"
    "fault %s\tknackfel %s\n"
    "penalty %s\tstraff %s\n"
    "winner: %s\tvinnare: %s\n"
    "pot balance\tpottens saldo\n"
    "(earlier hands not kept)\t(tidigare givar ej sparade)\n"
    "Export pending\tExport väntar\n"
    "Hands 1-%d were not kept: score sheet only\tGivar 1-%d sparades inte: bara protokollet\n"
    "the drive could not be written\tenheten gick inte att skriva\n"
    "Not exported yet: it is written at the next start without the boot button held.\t"
    "Ej exporterat än: skrivs vid nästa start utan att startknappen hålls.\n"
    "The finished game is not exported yet; a new game replaces it.\t"
    "Det färdiga spelet är inte exporterat; ett nytt spel ersätter det.\n"
    "Note\tObs\n"
    "Error\tFel\n"
    "Press a button\tTryck på en knapp\n"
    "Could not load\tKunde inte läsa\n"
    "Not saved\tEj sparat\n"
    # hand entry (issue 10)
    "hold ◀▶: move + OK\thåll ◀▶: flytta + OK\n"
    "Hand %d: all pass\tGiv %d: alla passar\n"
    "Hand %d: %s alone\tGiv %d: %s ensam\n"
    "Hand %d: OK saves\tGiv %d: OK sparar\n"
    "Hand %d: OK shows\tGiv %d: OK visar\n"
    "Hand %d: hold◀ 0 (+5)\tGiv %d: håll◀ 0 (+5)\n"
    "◀ pass  hold◀ 0 (+5)\t◀ pass  håll◀ 0 (+5)\n"
    "hold▶ Rödskägg call\thåll▶ ropa Rödskägg\n"
    "◀pass ▶+1 OK take\t◀pass ▶+1 OK ta\n"
    "hold◀ 0 tricks (+5)\thåll◀ 0 stick (+5)\n"
    "hold▶ +1 and take\thåll▶ +1 och ta\n"
    "Rödskägg call: who?\tVem ropade Rödskägg?\n"
    "no call\tinget rop\n"
    "Hand %d: %s bid\tGiv %d: %s bjöd\n"
    "%s %s: tricks?\t%s %s: stick?\n"
    "wins\tvinner\n"
    "◀-1 ▶+1 OK take\t◀-1 ▶+1 OK ta\n"
    "hold◀▶ ±1 and take\thåll◀▶ ±1 och ta\n"
    "* declarer\t* spelförare\n"
    "in\tmed\n"
    "◀▶ who joined, OK\t◀▶ vem gick med, OK\n"
    "OK on none: save\tOK på ingen: spara\n"
    "Joined? OK saves\tGår med? OK sparar\n"
    "OK: %s joined\tOK: %s går med\n"
    "Everyone's tricks...\tAllas stick...\n"
    "Table:\tBord:\n"
    "Seat %d: who?\tPlats %d: vem?\n"
    "%s is already seated\t%s sitter redan\n"
    "At least %d players\tMinst %d spelare\n"
    "hold▶ done\thåll▶ klar\n"
    "The name is full (%d letters)\tNamnet är fullt (%d)\n"
    "No letters yet: a name needs one\tInga bokstäver: skriv minst en\n"
    "OK opens a row\tOK öppnar en rad\n"
    "Penalty in hand: who?\tStraff i given: vem?\n"
    "Penalty: why?\tStraff: varför?\n"
    "OK: save  ▶ penalty\tOK: spara  ▶ straff\n"
    "Penalty in hand...\tStraff i given...\n"
    "forgot to ask går med\tglömde fråga går med\n"
)

# English labels shorter than their option names.
EN_SHORT = (
    "\n"
    "picked up before the knock\tpicked up too early\n"
    "misdeal without knocking\tmisdeal, no knock\n"
    "one_trick\tone trick\n"
    "play_out\tplay out\n"
    "dealer_penalty\tdealer pen\n"
    "exact_zero\texact 0\n"
    "all_pass_penalty\tpass pen\n"
    "defenders_score\tall score\n"
    "rs_fail_points\tR fail pts\n"
    "pass_fee\tpass fee\n"
    "join_trick\tjoin trick\n"
    "all_pass\tall pass\n"
    "call_fail\tcall fail\n"
    "min_bid\tmin bid\n"
    "fail_extra\tfail extra\n"
    "rs_fail\tR fail\n"
    "go_along\tgo along\n"
)


def _find(table, s):
    """The translation of s in table (s itself when missing), allocating only the result."""
    n = len(s)
    i = table.find(s)
    while i >= 0:
        if table.startswith("\n", i - 1) and table.startswith("\t", i + n):
            i += n + 1
            return table[i:table.find("\n", i)]
        i = table.find(s, i + 1)
    return s


def tr(lang, s):
    """s (English) in lang."""
    return _find(SV if lang == "sv" else EN_SHORT, s)


# What an entry that is not a counted hand is called (by entry kind).
KIND_WORDS = ("Hand", "Hand", "Lone", "Passed", "Misdeal", "Fault", "Corr.")


def counted(before_hands, after_hands):
    """True when the entry between these hand counts completed a hand."""
    return after_hands > before_hands


def entry_name(lang, kind, before_hands, after_hands, width=21):
    """"Giv 6" for the hand the table counted as 6; "Knackfel, före giv 6" for a
    knock fault before it (shorter forms when width is tight)."""
    if after_hands > before_hands:
        return tr(lang, "Hand %d") % after_hands
    word = tr(lang, KIND_WORDS[kind] if 0 <= kind < len(KIND_WORDS) else "Hand")
    text = "%s, %s" % (word, tr(lang, "before hand %d") % (before_hands + 1))
    if len(text) > width:
        text = "%s %s" % (word, tr(lang, "before %d") % (before_hands + 1))
    return text


def first_seat(state):
    """The seat a hand from state lists first: the first to speak (left of the dealer),
    as entering that hand does; seat 0 once nobody speaks (the game is over)."""
    s = state.first_to_speak()
    return s if s >= 0 else 0


def numbers(game):
    """(hands before, hands after, first seat) for each entry of game.log, in one fold;
    the first seat is the one that entry's lists start at (``first_seat``)."""
    st = game.fold([])
    before = st.hands
    first = first_seat(st)
    out = []
    for st in game.states():
        out.append((before, st.hands, first))
        before = st.hands
        first = first_seat(st)
    return out


# (start of the core's message, Swedish, English): short words for a refusal.
REASONS = (
    ("nobody played", "Ingen spelade: alla passar", "Nobody played: all pass"),
    ("only one player played", "Bara en spelade: ensam", "Only one played: lone"),
    ("only a player who played can call", "Bara en som spelar kan ropa Rödskägg",
     "Only a player who plays can call"),
    ("the Rödskägg call is off", "Rödskägg är avstängt", "The call is off"),
    ("nobody can join", "Går med är avstängt", "Go along is off"),
    ("the declarer cannot join", "Spelföraren kan inte gå med", "The declarer cannot join"),
    ("joiners take only", "De som går med tar högst 2 stick ihop",
     "Joiners take at most 2 tricks together"),
    ("the game is over", "Spelet är slut", "The game is over"),
    ("a correction must change", "Rättelsen ändrar inget", "The correction changes nothing"),
)


# A refusal of the core (EntryError / RulesError .code and .params) in words, one
# line each: "code<TAB>params<TAB>English<TAB>Swedish" (one string: one object in RAM).
# Params: s a seat (shown as the player's name), d a number, t a text shown as it is.
REFUSALS = (
    "\n"
    "over\ts\tThe game is over: %s has won\tSpelet är slut: %s har vunnit\n"
    "out\ts\t%s is out of the game\t%s är ute ur spelet\n"
    "not_in_extra\ts\t%s is not in the extra hand\t%s är inte med i omspelet\n"
    "cannot_play\ts\t%s cannot play this hand\t%s kan inte spela den här given\n"
    "cannot_take\ts\t%s cannot take tricks in this hand\t%s kan inte ta stick i den här given\n"
    "cannot_join\ts\t%s cannot join this hand\t%s kan inte gå med i den här given\n"
    "nobody\t\tNobody played: all pass\tIngen spelade: alla passar\n"
    "lone\t\tOnly one played: lone\tBara en spelade: ensam\n"
    "tricks_sum\tdd\tTricks: %d of %d\tStick: %d av %d\n"
    "tricks_over\tdd\tTricks: %d, more than %d\tStick: %d, mer än %d\n"
    "call_off\t\tThe call is off\tRödskägg är avstängt\n"
    "call_who\t\tOnly a player who plays can call\tBara en som spelar kan ropa Rödskägg\n"
    "bid_range\td\tThe bid must be %d-6 or R\tBudet ska vara %d-6 eller R\n"
    "go_along_off\t\tGo along is off\tGår med är avstängt\n"
    "declarer_join\t\tThe declarer cannot join\tSpelföraren kan inte gå med\n"
    "joiner_tricks\td\tJoiners share the last two tricks, not %d\t"
    "De som går med delar på de två sista sticken, inte %d\n"
    "no_change\t\tThe correction changes nothing\tRättelsen ändrar inget\n"
    "not_over\t\tThe game is not over yet\tSpelet är inte slut än\n"
    "series_over\t\tThe series is over\tSerien är slut\n"
    "same_name\tt\tTwo players are called %s\tTvå spelare heter %s\n"
    "name\td\tA name is 1-%d letters\tEtt namn har 1-%d tecken\n"
    "players\ttddd\t%s needs %d-%d players, not %d\t%s behöver %d-%d spelare, inte %d\n"
    "dealer\t\tThe dealer must be one of the players\tGivaren ska vara en av spelarna\n"
    "rules\t\tThese rules cannot be played together\tDe här reglerna går inte ihop\n"
    "invalid\t\tNot a valid entry\tOgiltig inmatning\n"
)


def refusals():
    """(code, params, English, Swedish) for every refusal the UI words (tests, docs)."""
    return [tuple(line.split("\t")) for line in REFUSALS.split("\n") if line]


def refusal(lang, code, params, players=None):
    """A refusal's code and params in words of lang, players named; None for an unknown code."""
    i = REFUSALS.find("\n%s\t" % code)
    if i < 0 or not code:
        return None
    line = REFUSALS[i + 1:REFUSALS.find("\n", i + 1)]
    _c, kinds, en, sv = line.split("\t")
    if len(params) != len(kinds):
        return None
    vals = []
    for k, v in zip(kinds, params):
        if k == "s":
            if players is None or not isinstance(v, int) or not 0 <= v < len(players):
                return None
            v = players[v]
        vals.append(v)
    return (sv if lang == "sv" else en) % tuple(vals)


def explain(lang, message):
    """The core's English message in short words of lang (the English itself when unknown)."""
    msg = message
    prefix = ""
    if msg.startswith("hand ") and ": " in msg:
        # an edit made a later entry impossible: "hand 7: tricks add up to ..."
        head, _s, msg = msg.partition(": ")
        prefix = ("#%s: " % head[5:])
    if msg.startswith("tricks add up to "):
        rest = msg[len("tricks add up to "):]
        if lang == "sv":
            rest = rest.replace(" of ", " av ").replace(", more than ", ", mer än ")
            return prefix + "Stick: " + rest
        return prefix + "Tricks: " + rest
    for start, sv, en in REASONS:
        if msg.startswith(start):
            return prefix + (sv if lang == "sv" else en)
    return prefix + msg
