"""The UI's words in English, for firmware/ui/text.py: only the device's language is in RAM
(text.py imports this module or firmware/words/sv.py). English is the key of every text,
so WORDS holds only the labels shorter than their keys.
"""

# Lines of "key<TAB>label": English labels shorter than their option names or keys.
WORDS = (
    "\n"
    "picked up before the knock\tpicked up too early\n"
    "misdeal without knocking\tmisdeal, no knock\n"
    "one_trick\tone trick\n"
    "play_out\tplay out\n"
    "dealer_penalty\tdealer pen\n"
    "exact_zero\texact 0\n"
    "all_pass_penalty\tpass pen\n"
    "defenders_score\tothers' tricks\n"
    "rs_fail_points\tR fail pts\n"
    "pass_fee\tpass fee\n"
    "join_trick\tjoin trick\n"
    "all_pass\tall pass\n"
    "call_fail\tcall fail\n"
    "min_bid\tmin bid\n"
    "fail_extra\tfail extra\n"
    "rs_fail\tR fail\n"
    "go_along\tgo along\n"
    "Correction: hold▶ done\tCorr.: hold▶ done\n"
)

# A refusal of the core (EntryError / RulesError .code and .params) in words, a line each:
# "code<TAB>params<TAB>words". Params: s a seat (shown as the player's name), d a number,
# t a text shown as it is. firmware/words/sv.py has the same codes and params.
REFUSALS = (
    "\n"
    "over\ts\tThe game is over: %s has won\n"
    "out\ts\t%s is out of the game\n"
    "not_in_extra\ts\t%s is not in the extra hand\n"
    "cannot_play\ts\t%s cannot play this hand\n"
    "cannot_take\ts\t%s cannot take tricks in this hand\n"
    "cannot_join\ts\t%s cannot join this hand\n"
    "nobody\t\tNobody played: all pass\n"
    "lone\t\tOnly one played: lone\n"
    "tricks_sum\tdd\tTricks: %d of %d\n"
    "tricks_over\tdd\tTricks: %d, more than %d\n"
    "call_off\t\tThe call is off\n"
    "call_who\t\tOnly a player who plays can call\n"
    "bid_range\td\tThe bid must be %d-6 or R\n"
    "go_along_off\t\tGo along is off\n"
    "declarer_join\t\tThe declarer cannot join\n"
    "joiner_tricks\td\tJoiners share the last two tricks, not %d\n"
    "no_change\t\tThe correction changes nothing\n"
    "not_over\t\tThe game is not over yet\n"
    "series_over\t\tThe series is over\n"
    "same_name\tt\tTwo players are called %s\n"
    "name\td\tA name is 1-%d letters\n"
    "players\ttddd\t%s needs %d-%d players, not %d\n"
    "dealer\t\tThe dealer must be one of the players\n"
    "rules\t\tThese rules cannot be played together\n"
    "invalid\t\tNot a valid entry\n"
)


# (start of the core's message, short words): a refusal the core gave without a code.
REASONS = (
    ("nobody played", "Nobody played: all pass"),
    ("only one player played", "Only one played: lone"),
    ("only a player who played can call", "Only a player who plays can call"),
    ("the Rödskägg call is off", "The call is off"),
    ("nobody can join", "Go along is off"),
    ("the declarer cannot join", "The declarer cannot join"),
    ("joiners take only", "Joiners take at most 2 tricks together"),
    ("the game is over", "The game is over"),
    ("a correction must change", "The correction changes nothing"),
)
