"""Entry kinds and limits of the rules core (score.py re-exports them): a module of
its own so that the entry check (legal.py) and the scoring (score.py) compile apart."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

PLAY = const(0)
BID = const(1)
LONE = const(2)
ALL_PASS = const(3)
MISDEAL = const(4)
FAULT = const(5)
ADJUST = const(6)
KIND_COUNT = const(7)
BID_R = const(7)  # the Rödskägg bid: all tricks, beats a bid of 6
NO_SEAT = const(-1)
MAX_ADJUST = const(999)
MAX_REASON = const(40)
MAX_SCORE = const(9999)  # far beyond any real game; keeps the save format bounded
