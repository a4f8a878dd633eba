"""The CircuitPython-VM tier: the real code.py on CircuitPython's unix port with fakes of the
board's C modules (fakes/), and the MicroPython run of the portable tests (mptest.py, mpunit/)."""
