"""The replay command's answer to a command line that names no file: its help (``-h``,
``--help``) or its usage line. Loaded only then, so that a long game's replay holds none of it."""

import sys

USAGE = "usage: python3 -m firmware.replay GAME.json|-"
HELP = """
Prints the game's result as one JSON object (docs/RECORD.md); - reads standard input.
Exits 0, or 2 with one line: "hand N: what is wrong" (0: the header), "GAME.json: why".
"""


def answer(argv):
    """Write the help or the usage line; the exit status."""
    if argv[:1] in (["-h"], ["--help"]):
        sys.stdout.write(USAGE + HELP)
        return 0
    if len(argv) == 1:
        sys.stderr.write("unknown option %s; %s\n" % (argv[0], USAGE))
    else:
        sys.stderr.write(USAGE + "\n")
    return 2
