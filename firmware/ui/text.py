"""The UI's words: English is the key, SV holds the Swedish (the default language).

Every text fits the 21-column grid where it is shown. ``explain`` turns the
rules core's English EntryError messages into short words of the language.
"""

SV = {
    # scoreboard, menu
    "Hand %d": "Giv %d",
    "%s won": "%s vann",
    "Extra": "Extra",
    "Pot %d": "Pott %d",
    "out": "ut",
    "Menu": "Meny",
    "Hand": "Ny giv",
    "Misdeal": "Felgiv",
    "Knock fault": "Knackfel",
    "Correction": "Rättelse",
    "Undo": "Ångra",
    "History": "Historik",
    "Chart": "Diagram",
    "Series": "Serie",
    "Result": "Resultat",
    "Export": "Exportera",
    "New game": "Nytt spel",
    "New game?": "Nytt spel?",
    "The setup screen; this game stays until Start.":
        "Till inställningar; spelet finns kvar tills Starta.",
    "Language:": "Språk:",
    # entry
    "Hand %d: tricks": "Giv %d: stick",
    "Hand %d: declarer": "Giv %d: spelförare",
    "Hand %d: bid": "Giv %d: bud",
    "Hand %d: joined": "Giv %d: går med",
    "pass": "passar",
    "All pass": "Alla passar",
    "yes": "ja",
    "no": "nej",
    "Misdeal: knocked?": "Felgiv: knackat?",
    "Fault: who?": "Knackfel: vem?",
    "Fault: reason": "Knackfel: varför?",
    "Reason": "Orsak",
    "(no reason)": "(ingen orsak)",
    "picked up before the knock": "tog upp före knack",
    "misdeal without knocking": "felgiv utan knack",
    "did not ask go along": "frågade ej går med",
    "correction": "rättelse",
    "scoring slip": "fel i räkningen",
    "house rule": "husregel",
    "OK? Hand %d": "OK? Giv %d",
    "OK? %s wins": "OK? %s vinner",
    "OK? Tie-break": "OK? Omspel",
    "Not possible": "Går inte",
    "the call is off": "Rödskägg är avstängt",
    # history, undo
    "Undo #%d?": "Ångra #%d?",
    "Nothing to undo": "Inget att ångra",
    "No hands yet": "Inga givar än",
    "OK: yes, back: no": "OK: ja, tillbaka: nej",
    "#%d: change": "#%d: ändra",
    "Edit": "Ändra",
    "Delete": "Radera",
    "Delete #%d?": "Radera #%d?",
    "Lone": "Ensam",
    "Fault": "Knackfel",
    "no knock": "ej knack",
    "Corr.": "Rätt.",
    # end of game
    "%s wins!": "%s vinner!",
    "OK: game %d": "OK: spel %d",
    "OK: new game": "OK: nytt spel",
    "Series: %s. OK: new": "Serien: %s. OK: ny",
    "Series drawn. OK: new": "Serien oavgjord. OK",
    "Series: game %d/%d": "Serie: spel %d/%d",
    "Exported": "Exporterad",
    "Export failed": "Export misslyckades",
    "The computer owns the drive (the boot button was held at start). Restart without "
    "holding it to export.":
        "Datorn äger enheten (startknappen hölls vid start). Starta om utan att hålla den "
        "för att exportera.",
    "Memory full: this change is not saved": "Minnet fullt: ändringen är inte sparad",
    "Save damaged: resumed after entry %d": "Sparat spel skadat: fortsätter efter #%d",
    "Save damaged: no game to resume": "Sparat spel skadat: inget att fortsätta",
    "Save unreadable: no game to resume": "Sparat spel oläsbart: inget att fortsätta",
    "Saved by newer firmware: not read": "Sparat av nyare programvara: ej läst",
    # setup
    "Start!": "Starta!",
    "Game:": "Spel:",
    "Players:": "Spelare:",
    "Names...": "Namn...",
    "Names": "Namn",
    "Dealer:": "Giv:",
    "Series:": "Serie:",
    "Rules...": "Regler...",
    "Rules": "Regler",
    "Done": "Klar",
    "Name of player %d": "Namn, spelare %d",
    "Spell...": "Stava...",
    "Name:": "Namn:",
    "OK adds, hold > done": "OK lägger till",
    "on": "på",
    "off": "av",
    # option names (RULES.md) and values
    "start": "Start",
    "penalty": "Straff",
    "exact_zero": "Exakt 0",
    "all_pass": "Alla pass",
    "all_pass_penalty": "Givstraff",
    "lone": "Ensam",
    "call": "Rödskägg",
    "call_fail": "Miss R",
    "contract": "Kontrakt",
    "min_bid": "Minsta bud",
    "rs_fail": "R miss",
    "rs_fail_points": "R straff",
    "defenders_score": "Alla räknar",
    "go_along": "Går med",
    "join_trick": "Med-stick",
    "knock": "Knack",
    "pot": "Pott",
    "stake": "Insats",
    "pass_fee": "Passavgift",
    "exact": "exakt",
    "bust": "spräck",
    "bounce": "studs",
    "redeal": "omgiv",
    "dealer_penalty": "givarstraff",
    "one_trick": "ett stick",
    "play_out": "spela ut",
    "bid": "bud",
    "tricks": "stick",
    "add": "straff",
    # messages
    "Note": "Obs",
    "Error": "Fel",
    "Press a button": "Tryck på en knapp",
    "Could not load": "Kunde inte läsa",
    "Not saved": "Ej sparat",
}

EN_SHORT = {
    "one_trick": "one trick",
    "play_out": "play out",
    "dealer_penalty": "dealer pen",
    "exact_zero": "exact 0",
    "all_pass_penalty": "pass pen",
    "defenders_score": "all score",
    "rs_fail_points": "R fail pts",
    "pass_fee": "pass fee",
    "join_trick": "join trick",
    "all_pass": "all pass",
    "call_fail": "call fail",
    "min_bid": "min bid",
    "rs_fail": "R fail",
    "go_along": "go along",
}


def tr(lang, s):
    """s (English) in lang."""
    if lang == "sv":
        return SV.get(s, s)
    return EN_SHORT.get(s, s)


# (start of the core's message, Swedish, English): short words for a refusal.
REASONS = (
    ("nobody played", "Ingen spelade: alla passar", "Nobody played: all pass"),
    ("only one player played", "Bara en spelade: ensam", "Only one played: lone"),
    ("only a player who played can call", "Bara en som spelar kan ropa Rödskägg",
     "Only a player who plays can call"),
    ("the Rödskägg call is off", "Rödskägg är avstängt", "The call is off"),
    ("nobody can join", "Går med är avstängt", "Go along is off"),
    ("the declarer cannot join", "Spelföraren kan inte gå med", "The declarer cannot join"),
    ("a joiner can take only", "Den som går med tar högst 2 stick",
     "A joiner takes at most 2 tricks"),
    ("the game is over", "Spelet är slut", "The game is over"),
    ("a correction must change", "Rättelsen ändrar inget", "The correction changes nothing"),
)


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
