"""Faults the VM and board tiers inject into code.py (host_tests/test_device_faults.py,
test_board_faults.py): the watchdog's time and a press that finds the heap full."""

WATCHDOG_MS = 8000  # code.py WATCHDOG_S
# After code.py builds its App: the copy fills the heap before the chosen press.
BUILT = "    buttons = Buttons(dev.roles)\n"
HOG = """    handle = app.handle

    def hogged(ev, now, presses=[0]):  # noqa: B006
        presses[0] += 1
        if presses[0] == %d:  # the heap full: this press fails where it first allocates
            hog = None
            for size in (4096, 256, 16):  # (a chain of pairs: no list to grow)
                try:
                    while True:
                        hog = (hog, bytearray(size))
                except MemoryError:
                    pass
        handle(ev, now)

    app.handle = hogged
"""
