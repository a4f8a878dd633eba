"""make bench says what it does: its start line names every part with its usual length, and a
long part writes a line of progress on stderr at least every 30 s (tools/bench/__init__.py)."""

import io
import re
import time

from tools.bench import EVERY_S, MARK, Progress, duration
from tools.bench import __main__ as bench


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Lines(io.StringIO):
    """The lines written, each with the fake clock's time."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock
        self.at = []

    def write(self, text):
        self.at += [(self.clock.now, ln) for ln in text.splitlines()]
        return super().write(text)


def test_a_long_job_writes_a_line_at_least_every_30_s_and_not_every_second():
    """Three emulator runs of 95, 40 and 130 s, nothing happening in between: the heartbeat (beat(),
    called every second as its thread does) writes a line at least every 30 s, and no more often
    than that while nothing changes; each run's start and end is a line naming it."""
    clock = FakeClock()
    out = Lines(clock)
    progress = Progress("board pico", expected_s=300, total=3, clock=clock, out=out)
    progress.say()
    for name, seconds in (("scenario run 0", 95), ("knack7", 40), ("scenario run 1", 130)):
        def emulate(seconds=seconds):
            for _ in range(seconds):
                clock.now += 1
                progress.beat()
        progress.job(name, emulate)()
    times = [t for t, _ln in out.at]
    gaps = [b - a for a, b in zip(times, times[1:] + [clock.now])]
    assert max(gaps) <= EVERY_S, out.at
    # each run's start and end, and between them a beat 30 s after the last line, never sooner
    assert times == [0, 0, 30, 60, 90, 95, 95, 125, 135, 135, 165, 195, 225, 255, 265], out.at
    assert all(ln.startswith(MARK + " board pico: ") for _t, ln in out.at)
    lines = [ln for _t, ln in out.at]
    assert lines[1] == "[bench] board pico: 0 of 3 done, running scenario run 0; 0 s so far (about 5 min expected)"
    assert lines[2] == "[bench] board pico: 0 of 3 done, running scenario run 0; 30 s so far (about 5 min expected)"
    assert lines[5] == "[bench] board pico: 1 of 3 done, scenario run 0 done; 2 min so far (about 5 min expected)"
    assert lines[-2] == "[bench] board pico: 2 of 3 done, running scenario run 1; 4 min so far (about 5 min expected)"
    assert lines[-1] == "[bench] board pico: 3 of 3 done, scenario run 1 done; 4 min so far (about 5 min expected)"


def test_the_heartbeat_thread_writes_while_a_job_runs_silently():
    """A job that says nothing for 0.5 s, with lines due every 0.1 s: the thread writes them."""
    out = io.StringIO()
    progress = Progress("soak", every=0.1, out=out)
    progress.job("power-on 1", time.sleep)(0.5)
    lines = out.getvalue().splitlines()
    assert lines[0] == "[bench] soak: running power-on 1; 0 s so far"
    assert re.fullmatch(r"\[bench\] soak: power-on 1 done; [01] s so far", lines[-1])
    beats = [ln for ln in lines[1:-1] if re.fullmatch(r"\[bench\] soak: running power-on 1; [01] s so far", ln)]
    assert len(beats) >= 2 and len(beats) == len(lines) - 2, lines


def test_inside_a_part_only_the_inner_job_beats():
    """make bench's part (outer) and board.py's profile (inner) at once: one line per beat, the inner's."""
    out = io.StringIO()
    with Progress("board", every=0.1, out=out), Progress("board pico", every=0.1, out=out):
        time.sleep(0.45)
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["[bench] board: starting; 0 s so far", "[bench] board pico: starting; 0 s so far"]
    assert len(lines) >= 5 and all(ln.startswith("[bench] board pico: ") for ln in lines[1:-1]), lines
    assert re.fullmatch(r"\[bench\] board: finished after [01] s", lines[-1])


def test_durations_read_as_a_person_says_them():
    assert [duration(s) for s in (0, 40, 89, 90, 600, 779, 3599, 3600, 3900)] == [
        "0 s", "40 s", "89 s", "2 min", "10 min", "13 min", "1 h 0 min", "1 h 0 min", "1 h 5 min"]


def test_make_bench_starts_by_naming_every_part_and_its_length(capsys):
    """The first line names each part with its usual length and the whole; then each part runs in
    the order named, with a progress line on stderr as it starts and ends."""
    ran = []
    assert bench.main([], run=ran.append) == 0
    out, err = capsys.readouterr()
    first = out.splitlines()[0]
    assert ran == ["core", "storage", "ui", "bundle", "device", "web", "board", "paths"]
    total = sum(seconds for _n, _w, seconds in bench.PARTS)
    assert first.startswith("make bench: about %s on 2 cores: " % duration(total)), first
    for name, what, seconds in bench.PARTS:
        assert "%s (%s) %s" % (name, what, duration(seconds)) in first
    assert re.search(r"board \(every profile on the emulated RP2040\) 1 h \d+ min", first)
    for name in ran:
        assert "[bench] %s: starting; 0 s so far" % name in err
        assert "[bench] %s: finished after 0 s" % name in err


def test_one_part_runs_alone_and_an_unknown_part_is_named(capsys):
    ran = []
    assert bench.main(["bundle"], run=ran.append) == 0
    out, _err = capsys.readouterr()
    assert ran == ["bundle"]
    assert out.splitlines()[0] == "make bench: about 10 s on 2 cores: bundle (the CIRCUITPY files per profile) " \
                                  "10 s (progress on stderr, a line at least every 30 s)"
    assert bench.main(["bundel"], run=ran.append) == 2
    _out, err = capsys.readouterr()
    assert err == "python -m tools.bench: no part bundel; the parts: core storage ui bundle device web board paths\n"
    assert ran == ["bundle"]
