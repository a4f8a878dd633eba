"""What the device says when it cannot play: a problem at the start (``show``, ``halt``) and
something that went wrong while playing (``crashed``: code.py then builds a new App). Loaded only
when there is something to say, so that the heap of a game never holds it."""

import gc

from firmware.device import render
from firmware.ui.screenmodel import Screen, wrap

TEXTS = {"sv": ("Fel", "Tryck på en knapp."), "en": ("Error", "Press a button.")}


def message_screen(title, text, width=128, height=64):
    """A Screen with title and text wrapped to the display, cut to what fits."""
    rows = wrap(text, width // render.CELL_W)
    return Screen(title, rows[:height // render.CELL_H - 1])


def show(dev, title, text):
    """Print a message and show it on dev's display if there is one."""
    print("rodskagg: %s: %s" % (title, text))
    if dev.renderer is not None:
        try:
            dev.renderer.set_brightness(2)
            dev.renderer.draw(message_screen(title, text, dev.width, dev.height))
        except Exception as e:  # the display itself failed: the console has it
            print("rodskagg: display:", e)


def wait_press(dev):
    """Block until a button is pressed and released (all events before are dropped)."""
    dev.events()
    if dev.keys is None:
        dev.sleep(5)
        return
    while True:
        dev.feed()
        for _number, pressed, _stamp in dev.events():
            if not pressed:
                return
        dev.sleep(0.02)


def halt(dev):
    """Nothing can run (no display or no buttons): keep telling why, forever."""
    text = " / ".join(dev.problems) or "setup failed"
    while True:
        show(dev, "Setup", text)
        dev.sleep(10)


def crashed(dev, error):
    """Show what went wrong and wait for a press; code.py then builds a new App, which resumes the
    game as saved (a press that ran out of memory may have changed the App's copy without saving it)."""
    gc.collect()
    print_exception(error)
    if isinstance(error, MemoryError):
        from firmware.words import tr

        show(dev, tr(dev.lang, "Out of memory"), tr(dev.lang, "The game is as it was last saved. Press a button."))
    else:
        title, press = TEXTS.get(dev.lang, TEXTS["en"])
        show(dev, title, "%s: %s %s" % (type(error).__name__, error, press))
    wait_press(dev)


def print_exception(error):
    """The traceback on the serial console (CircuitPython 9/10 and CPython spell it differently)."""
    try:
        import traceback

        traceback.print_exception(error)
    except (ImportError, TypeError):
        try:
            import sys

            sys.print_exception(error)  # type: ignore[attr-defined]
        except AttributeError:
            print("rodskagg: %s: %s" % (type(error).__name__, error))
