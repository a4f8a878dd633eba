"""Bundle size per board profile (the CIRCUITPY files), for the benchmark."""

import tempfile
from pathlib import Path

from firmware.device import boards
from tools.build.bundle import build, tree_files


def main():
    for board in sorted(boards.PROFILES):
        with tempfile.TemporaryDirectory() as tmp:
            bundle = build(board, out=Path(tmp) / "CIRCUITPY", check=False)
            drives = ", ".join("%s: %d of ~%d KiB usable" % (label, used // 1024, usable // 1024)
                               for label, usable, used, _ok in bundle.fits)
            print("bundle %s: %d bytes in %d files as .py (%s)"
                  % (board, bundle.raw, len(tree_files(bundle.out)), drives))


if __name__ == "__main__":
    main()
