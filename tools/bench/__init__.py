"""make bench: every figure that matters, printed beside its goal; and the lines that say how far
a long part of it has come (Progress), on stderr, so that the figures on stdout stay readable."""

import sys
import threading
import time

EVERY_S = 30  # a line of progress at least this often while a part runs
MARK = "[bench]"  # every progress line starts so


def duration(seconds):
    """seconds as a person reads them: "40 s", "12 min", "1 h 5 min"."""
    seconds = int(round(seconds))
    if seconds < 90:
        return "%d s" % seconds
    minutes = (seconds + 30) // 60
    if minutes < 60:
        return "%d min" % minutes
    return "%d h %d min" % (minutes // 60, minutes % 60)


_OPEN = []  # the Progress objects open, outermost first: only the innermost beats


class Progress:
    """What a long job is doing, one line on stderr at each step (a run started, a run done) and,
    while nothing changes, one at least every ``every`` seconds, so that minutes of an emulator
    running are never silent:

        with Progress("board pico", expected_s=720, total=7) as progress:
            run = progress.job("knack7", board.run)(keys)   # a line as it starts and as it ends

    or, in a loop, without ``with`` (each job beats while it runs):

        progress = Progress("board pico, the heap", total=len(runs))
        for name, keys in runs:
            progress.job(name, board.run)(keys)

    Any long loop may call ``step`` (free text) or wrap its work in ``job``. Inside another
    Progress (make bench's, per part) only the innermost beats; clock and out are for the tests."""

    def __init__(self, what, expected_s=None, total=None, every=EVERY_S, clock=time.monotonic, out=None):
        self.what = what
        self.expected_s = expected_s
        self.total = total
        self.every = every
        self.clock = clock
        self.out = out
        self.started = clock()
        self.last = None  # when the last line was written
        self.done = 0  # jobs done
        self.running = []  # the jobs running, in the order they started
        self.doing = "starting"
        self._lock = threading.Lock()
        self._stop = None  # the heartbeat's, while it beats
        self._thread = None

    def line(self, ended=None):
        """The line of now; ended: how the job ended (then the time it took)."""
        elapsed = duration(self.clock() - self.started)
        words = ["%s %s:" % (MARK, self.what)]
        if self.total:
            words.append("%d of %d done," % (self.done, self.total))
        if ended:
            words.append("%s after %s" % (ended, elapsed))
        else:
            words.append("%s; %s so far" % ("running " + ", ".join(self.running) if self.running else self.doing,
                                            elapsed))
        if self.expected_s:
            words.append("(about %s expected)" % duration(self.expected_s))
        return " ".join(words)

    def say(self, ended=None):
        with self._lock:
            out = self.out or sys.stderr
            out.write(self.line(ended) + "\n")
            out.flush()
            self.last = self.clock()

    def step(self, doing):
        """What the job does now, written at once."""
        self.doing = doing
        self.say()

    def beat(self):
        """A line when ``every`` seconds passed since the last (the heartbeat calls it every second)."""
        if _OPEN and _OPEN[-1] is not self:
            return  # an inner job says what runs
        if self.last is None or self.clock() - self.last >= self.every:
            self.say()

    def job(self, name, fn):
        """fn, saying when it starts and when it is done (one of the total), and beating while it runs
        unless the Progress beats already (a ``with`` around a loop or a pool of jobs)."""

        def run(*args, **kwargs):
            with self._lock:
                self.running.append(name)
            self.say()
            beating = self._thread is None
            if beating:
                self._beat_on()
            try:
                return fn(*args, **kwargs)
            finally:
                if beating:
                    self._beat_off()
                with self._lock:
                    self.running.remove(name)
                    self.done += 1
                    self.doing = "%s done" % name
                self.say()

        return run

    def _beat_on(self):
        _OPEN.append(self)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beats, args=(self._stop,), name="progress", daemon=True)
        self._thread.start()

    def _beats(self, stop):
        while not stop.wait(min(1.0, self.every / 10.0)):
            self.beat()

    def _beat_off(self):
        self._stop.set()
        self._thread.join()
        self._thread = None
        _OPEN.remove(self)

    def __enter__(self):
        self.say()
        self._beat_on()
        return self

    def __exit__(self, kind, _value, _tb):
        self._beat_off()
        self.say("stopped by %s" % kind.__name__ if kind else "finished")
        return False
