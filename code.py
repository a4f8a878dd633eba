"""Rödskägg scorekeeper: build the hardware, run the App, and never lose the game.

The App (firmware/ui) saves every change of the log to the NVM itself, so
whatever goes wrong here, a new App built from the Store resumes the game.
"""

import gc

# Imports live in the functions: at the project root on a PC this file shadows the
# standard library's "code" module (pdb imports it), and must do nothing then.

# The watchdog resets the board when the loop has not come round for this long (the RP2040's
# longest is 8.3 s; the longest a press's work keeps the loop, an export's writing, is 2 s).
WATCHDOG_S = 8
# A key that went down is held at least 30 ms (buttons.py drops shorter presses): the loop collects
# then (6-8 ms) if the key went down less than this long ago, after what App.ahead loaded.
COLLECT_WITHIN_MS = 25


def run(dev, store, exporter, App):
    """The main loop: keypad events -> buttons -> app; tick; draw when the screen changed. App: the
    App to build (firmware/ui/app.py's; the Wi-Fi boards' has the phone view, and their dev.sleep
    serves it first: bringup.start)."""
    from firmware.device import hw
    from firmware.device.buttons import AHEAD_MS, Buttons

    clock = hw.Clock(dev.ticks)
    app = App(store, exporter, dev.width, dev.height, dev.lang, clock.now(), "back" in dev.roles,
              dev.profile["name"])
    buttons = Buttons(dev.roles)
    gc.collect()  # what building the App left (the save read, its modules let go) before its first screen
    renderer = dev.renderer
    version = None
    level = None
    clean = False  # the heap collected after the last draw, nothing run since: App.ahead need not collect
    held = -1  # the key held whose long press may come: its long press's loads are still to come
    held_at = 0  # when it went down
    while True:
        dev.feed()  # the watchdog (main arms it): a loop that stops resets the board
        now = clock.now()
        collect_now = False
        for number, pressed, stamp in dev.events():
            ev = buttons.key(number, pressed, stamp)
            if ev:
                clean = False
                app.handle(ev, now)
            # a key going down: while it is held the App loads what its press opens (App.ahead)
            elif pressed and 0 <= number < len(buttons.short):
                shows = app.ahead(buttons.short[number], clean)
                if shows is not None:
                    renderer.ahead(shows)  # the key held opens a chart: drawn meanwhile too
                # (what ahead loaded took most of the hold: a collection after it made the press wait)
                collect_now = (dev.ticks() - stamp) % hw.TICKS_PERIOD < COLLECT_WITHIN_MS
                held = number
                held_at = stamp
        ev = buttons.poll(dev.ticks())
        if ev:
            clean = False
            app.handle(ev, now)
        if held >= 0 and (dev.ticks() - held_at) % hw.TICKS_PERIOD >= AHEAD_MS:
            if buttons.down >> held & 1:
                # still held: its long press may come (buttons.py AHEAD_MS), what that opens loads now,
                # and what it let go (the hand's modules) is collected while the long press is 300 ms off
                shows = app.ahead(buttons.long[held])
                if shows is not None:
                    renderer.ahead(shows)
                gc.collect()
            held = -1
        app.tick(now)
        if app.brightness != level:
            level = app.brightness
            renderer.set_brightness(level)
        if app.version != version:
            version = app.version
            dev.lang = app.lang  # the language of a message after a crash
            renderer.draw(app.screen)
            gc.collect()
            clean = True
        elif app.work():  # the slow part of the last press (a save, an export), after its screen
            clean = False
        elif not buttons.down:  # (a key held: what its press opens loads, App.ahead, nothing else)
            app.idle(now)  # nothing to do: load ahead what the next press may need (each after a collection)
        if collect_now and buttons.down:
            # A key went down and is held (a press lasts 30 ms at least, a person's some 100): a
            # collection now (6-8 ms on the Pico) takes the garbage of the last press's jobs, of
            # what idle() and ahead() loaded, so that the press itself starts from a clean heap
            # (CircuitPython has no gc.threshold: it collects only when an allocation fails, which
            # in a press's drawing took some 20 ms).
            gc.collect()
        # While a key is held its press comes at the release (or the long press's threshold): look
        # every 2 ms then, so that it is handled at once, and between the steps of a job (a save,
        # an export: App.work), so that they follow each other; else every 10 ms (a pass of the
        # loop takes a few tenths of a millisecond of Python).
        dev.sleep(0.002 if buttons.down or app.jobs else 0.01)


def crashed(dev, error):
    """Show what went wrong and wait for a press (firmware/device/message.py: loaded for that only);
    main() then builds a new App, which resumes the game as saved."""
    from firmware import forget
    from firmware.device import message

    try:
        message.crashed(dev, error)
    finally:
        forget("firmware.device.message")


def main():
    # Collect after every 4 KB allocated: a less fragmented heap. It pays: the device scenario needs
    # some 16 KiB less heap for 0.1 ms more per press on CircuitPython's unix port (make bench prints
    # both: tools/bench/device.py). CircuitPython's RP2040 firmware has no gc.threshold: there the
    # loop below collects after every draw and when a key goes down.
    if hasattr(gc, "threshold"):
        gc.threshold(4096)
    # The UI first, while the heap is empty: from .py files the compiler needs most room for
    # the largest modules. The screens open only now and then load while open (firmware/ui/lazy.py).
    __import__("firmware.ui.app")

    gc.collect()
    from firmware import forget
    from firmware.device import bringup
    from firmware.store.journal import Store

    gc.collect()
    # The device and what its game's store needs (a board that cannot play halts there, saying why).
    dev, App, exporter, nvm, copy, buf = bringup.start(WATCHDOG_S)
    del bringup  # (main() runs the game: a local that names the module would keep it in RAM)
    forget("firmware.device.bringup")  # the device is built: the start-up code can go,
    forget("firmware.device.boards")  # and the board profiles' tables
    gc.collect()
    while True:
        try:
            run(dev, Store(nvm, copy=copy, buf=buf), exporter, App)
        except Exception as e:  # anything at all: show it, keep the game
            try:
                crashed(dev, e)
            except Exception as e2:  # even the message failed: say so, start again
                print("rodskagg:", e2)
                dev.sleep(1)


if __name__ == "__main__":  # CircuitPython runs code.py as __main__
    main()
