"""The phone view in a real browser: Debian's Chromium driven by Playwright for Python, at a phone's
size (390x844), on the page the simulator of a Wi-Fi board serves (tools/sim/served.py).

    python -m tools.drawings.phones        # the phone screenshots of docs/gallery (docs/GALLERY.md)

``missing()`` says in one line why it cannot run here (no Playwright, no Chromium); ``phone()``
opens a page at phone size in a fresh profile. host_tests/test_web_browser.py uses both.
"""

import contextlib
import os
import shutil
import sys
import tempfile

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GALLERY = os.path.join(ROOT, "docs", "gallery")


def missing():
    """Why the browser cannot run here (one line), or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (make installs requirements-dev.txt)"
    if not os.path.exists(CHROMIUM):
        return "no Chromium at %s (make installs Debian's chromium when run as root)" % CHROMIUM
    return None


@contextlib.contextmanager
def phone():
    """A Playwright page at a phone's size, in a fresh user-data-dir (deleted after)."""
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="phone-profile-")
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=ARGS, headless=True, viewport=PHONE,
                device_scale_factor=2, is_mobile=True, has_touch=True)
            try:
                yield context.pages[0] if context.pages else context.new_page()
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def wait_version(page, tag, timeout_ms=15000):
    """Wait until the page shows the document of version tag (it polls every 2 s)."""
    page.wait_for_function("t => document.body.dataset.version === t", arg=tag, timeout=timeout_ms)


def device_tag(served):
    """The version of the document the device serves now (made now if the game changed)."""
    def tag(sim):
        sim.phones.sheet.body(sim.app)
        return sim.phones.sheet.tag
    return served.call(tag)


SHOTS = (("phones-fem4-sv.png", "fem-4", "sv", "a fem game of 4, its winner (Swedish)"),
         ("phones-knack7-en.png", "knack-7", "en", "a knack game of 7, under way (English)"))


def shots(out=GALLERY):
    """Play each game on the served simulator and photograph the page at its end (full page)."""
    from tools.play import phonetable
    from tools.play.presses import keys_for_record
    from tools.sim.served import ServedSim

    docs = dict(phonetable.games())
    written = []
    for name, game, lang, _what in SHOTS:
        with ServedSim("pico2_w", lang=lang) as served, phone() as page:
            setup, hands = served.call(lambda sim, d=docs[game]: keys_for_record(sim.app, d))
            served.play(setup + "".join(hands))
            page.goto(served.address)
            wait_version(page, device_tag(served))
            path = os.path.join(out, name)
            page.screenshot(path=path, full_page=True)
            written.append(path)
    return written


def main():
    why = missing()
    if why:
        print("phones: skipped: %s" % why)
        return 0
    for path in shots():
        print("wrote %s" % os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
