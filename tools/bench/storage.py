"""NVM cost of keeping score: bytes written and flash erases per committed hand, and flash lifetime.

    .venv/bin/python -m tools.bench.storage

Plays game nights of random valid hands (with the odd undo, edit and
settings change) on a fake NVM of each board size and counts what the real
flash would do. Two erase models:

* worst: every NVM assignment erases every sector it touches (SAMD21 and
  SAMD51, whose CircuitPython port erases the row/block on every write, and
  the brief's stated assumption for RP2040);
* rp2040: CircuitPython's RP2040 port programs without erasing when the
  bytes written are all still erased (0xFF), which is what the journal's
  appends hit; only compactions erase.

Lifetime: NIGHTS nights a week of HANDS committed hands, on a sector rated
CYCLES erase cycles; every assignment touches the one sector the NVM sits
in (256 B row on SAMD21, 4 KB sector on RP2040, 8 KB block on SAMD51), so
that sector wears first.

The drive copy (firmware/store/drivecopy.py) is written before every NVM
write that erases: copies and drive bytes per change, and the drive's life.
The copy is rewritten in place, so each one programs its data sectors and
its directory entry's sector (FatFs updates the entry when the file is
closed) and no FAT sector; those two wear first, one erase per copy each.
"""

import random
import sys

from firmware.core import score
from firmware.core.rules import Rules
from firmware.core.series import Series
from firmware.store import codec
from firmware.store.drivecopy import DriveCopy
from firmware.store.journal import Store
from tools.sim.fakes import CutDrive, FakeNVM, play

NIGHTS = 3
HANDS = 40
CYCLES = 100000
WEEKS = 52
NIGHTS_RUN = 100  # nights simulated: enough for many compactions in every slot
BOARDS = (("SAMD21", 256), ("RP2040", 4096), ("SAMD51", 8192))


def night(size, blank_program, nights=NIGHTS_RUN, seed=1, players=("Anna", "Bo", "Cia", "Dan")):
    """(writes, bytes, erases, copies, copy bytes) per committed change over nights of HANDS changes each.

    A change is what the scorekeeper commits: a hand, an undo, an edit, a new
    game; each is one store.save().
    """
    rng = random.Random(seed)
    nvm = FakeNVM(size, blank_program=blank_program)
    copy = DriveCopy("/", None, size // 2, fs=CutDrive())
    store = Store(nvm, copy=copy, erase_always=not blank_program)
    store.load()
    changes = 0
    for _ in range(nights):
        done = 0
        while done < HANDS:
            series = Series(Rules("fem"), players, 0)  # a new game at the table
            store.save(series)
            done += 1
            for _label, _blob in play(rng, series, HANDS - done, settings=False):
                store.save(series)
                done += 1
        changes += done
    return (nvm.writes / changes, nvm.bytes_written / changes, nvm.erases / changes,
            copy.writes / changes, copy.bytes_written / changes)


def years(erases_per_hand):
    per_year = erases_per_hand * HANDS * NIGHTS * WEEKS
    return float("inf") if per_year == 0 else CYCLES / per_year


def shown_years(erases_per_hand, width=16):
    life = years(erases_per_hand)
    return "%*.0f" % (width, life) if life != float("inf") else "%*s" % (width, "unlimited")


def main(argv=()):
    print("Storage cost per committed change (a hand, an undo, an edit or a new game),")
    print("%d game nights of %d changes each, 4 players, fem; %d nights/week, %d-cycle flash."
          % (NIGHTS_RUN, HANDS, NIGHTS, CYCLES))
    print()
    print("%-7s %6s  %-7s %12s %13s %14s %16s   %s" % (
        "board", "NVM", "erases", "writes/change", "bytes/change", "erases/change", "lifetime/years",
        "drive copy: copies/change  bytes/change  drive life/years"))
    for board, size in BOARDS:
        models = [("worst", False)]
        if board == "RP2040":
            models.append(("rp2040", True))
        for model, blank in models:
            w, b, e, c, cb = night(size, blank)
            print("%-7s %5dB  %-7s %12.2f %13.1f %14.3f %s   %25.3f %13.1f %s" % (
                board, size, model, w, b, e, shown_years(e), c, cb, shown_years(c)))
    print()
    print("One commit frame (length byte + operation + CRC-32), in bytes:")
    for what, entry, n in (("fem hand, 4 players", (score.PLAY, (2, 3, -1, -1), -1, ()), 4),
                           ("fem hand, 7 players", (score.PLAY, (2, 3, -1, -1, 0, -1, -1), 1, ()), 7),
                           ("knack hand, 5 players", (score.BID, 1, 4, (1, 4, 0, 1, 0), 0b1000, ()), 5),
                           ("all pass", (score.ALL_PASS,), 4)):
        print("  %-22s %2d" % (what, len(codec.frame_commit(0, codec.encode_ops([(None, 0, entry)], n))[0])))
    undo = codec.frame_commit(0, codec.encode_ops([(codec.OP_CUT, 12, None)], 4))[0]
    print("  %-22s %2d" % ("undo (cut to hand 12)", len(undo)))
    print()
    print("7 players with 8-letter names (the largest header):")
    seven = ("Abcdefgh", "Bcdefghi", "Cdefghij", "Defghijk", "Efghijkl", "Fghijklm", "Ghijklmn")
    for board, size in BOARDS:
        w, b, e, c, cb = night(size, size == 4096, players=seven)
        model = "rp2040" if size == 4096 else "worst"
        print("%-7s %5dB  %-7s %12.2f %13.1f %14.3f %s   %25.3f %13.1f %s" % (
            board, size, model, w, b, e, shown_years(e), c, cb, shown_years(c)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
