"""A press as code.py's loop takes it, for every driver of the App off the device (the tests, the
key planner, the device tier, the benches). Portable: the MicroPython run of the portable tests
uses it too.

code.py hands the press to the App, draws the screen it answers with, and then runs the jobs the
press left (a save, an export: App.work) one a loop pass until none is left; the next press
finishes any that are still waiting first (App.handle). Off the device nothing is drawn, so a
press is the App's answer and then its jobs.
"""


def press(app, event, now):
    """The App takes event at now_ms, then the loop runs the jobs it left; True when there were."""
    app.handle(event, now)
    ran = False
    while app.work():
        ran = True
    return ran
