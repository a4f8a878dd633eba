"""The simulator of a Wi-Fi board serving its phone view while a script plays it: the Sim (and its
server, on CPython's sockets) lives in a thread of its own, which answers the phones between the
calls a test or a tool makes to it (``call``), as code.py's loop answers them between presses.

    with ServedSim("pico2_w", lang="sv") as s:
        s.play(keys)                 # presses, on the Sim's thread
        s.address                    # the page, http://127.0.0.1:PORT/
        s.call(lambda sim: ...)      # anything else on the Sim's thread
"""

import queue
import threading

from tools.sim.simulator import Sim


class ServedSim:
    def __init__(self, board="pico2_w", lang="sv", state=None):
        self.sim = Sim(board, state, lang=lang, port=0)
        if self.sim.phones is None:
            raise ValueError("%s has no Wi-Fi: no phone view" % board)
        self.sim.phones.switch(True)  # as chosen in the menu
        self.sim.app.settings_changed()
        self.sim.update()
        self.address = self.sim.address()
        if self.address is None:
            raise RuntimeError("the phone view did not start: %s" % self.sim.phones.problem)
        self.jobs = queue.Queue()
        self.stopped = False
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self):
        while not self.stopped:
            try:
                job, done, out = self.jobs.get(timeout=0.01)
            except queue.Empty:
                self.sim.phones.poll()
                continue
            try:
                out.append(job(self.sim))
            except BaseException as e:  # handed to the caller
                out.append(e)
                out.append("raised")
            done.set()

    def call(self, job, timeout=120):
        """job(sim) on the Sim's thread; its result (or its exception, raised here)."""
        done = threading.Event()
        out = []
        self.jobs.put((job, done, out))
        if not done.wait(timeout):
            raise TimeoutError("the simulator did not answer in %s s" % timeout)
        if len(out) == 2 and out[1] == "raised":
            raise out[0]
        return out[0]

    def play(self, keys):
        self.call(lambda sim: sim.play(keys))

    def close(self):
        if not self.stopped:
            self.stopped = True
            self.thread.join(5)
            self.sim.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
