"""The phone view in real browsers, at a phone's size, on the page the simulator of a Wi-Fi board
serves (tools/sim/served.py): Chromium's engine (Debian's chromium, driven by Playwright for
Python) and Safari's (WebKitGTK: Debian's webkit2gtk-driver and its MiniBrowser, driven by
Selenium, in an Xvfb display this module starts and stops). Every browser on an iPhone is WebKit.

    python -m tools.drawings.phones        # the phone screenshots of docs/gallery (docs/GALLERY.md)

``missing(engine)`` says in one line why an engine cannot run here; ``phone(engine, size)`` opens a
page of that size (CSS pixels) in a fresh profile and gives the same few calls in both engines
(``Phone``). WebKitGTK's window does not go narrower than about 447 pixels, so there the page is
an iframe of the phone's size in a blank page: the page's own layout at that width, which is what
the tests measure. host_tests/test_web_browser.py uses all of it.
"""

import contextlib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENGINES = ("chromium", "webkit")
PHONE = (390, 844)  # an iPhone 12-15's CSS pixels
SMALL = (320, 568)  # an iPhone SE (1st generation): the narrowest phone a table may have
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GALLERY = os.path.join(ROOT, "docs", "gallery")


def minibrowser():
    """WebKitGTK's MiniBrowser (webkit2gtk-driver's browser), or None."""
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def missing(engine="chromium"):
    """Why the engine cannot run here (one line), or None."""
    if engine == "chromium":
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            return "Playwright for Python is not installed (make installs requirements-dev.txt)"
        if not os.path.exists(CHROMIUM):
            return "no Chromium at %s (make installs Debian's chromium when run as root)" % CHROMIUM
        return None
    try:
        import selenium.webdriver  # noqa: F401
    except ImportError:
        return "Selenium is not installed (make installs requirements-dev.txt)"
    for what, path in (("WebKitWebDriver", WEBKIT_DRIVER), ("MiniBrowser", minibrowser()),
                       ("Xvfb", shutil.which("Xvfb"))):
        if not path or not os.path.exists(path):
            return "no %s (make installs Debian's webkit2gtk-driver and xvfb when run as root)" % what
    return None


class Phone:
    """A page at a phone's size: ``goto``, ``evaluate`` (a script "(arg) => ..." run in the page),
    ``wait_for`` (until such a script is true), ``screenshot``; ``engine`` and ``version``."""

    engine = ""
    version = ""

    def goto(self, url):
        raise NotImplementedError

    def evaluate(self, script, arg=None):
        raise NotImplementedError

    def wait_for(self, script, arg=None, timeout_ms=15000):
        deadline = time.monotonic() + timeout_ms / 1000
        while not self.evaluate(script, arg):
            if time.monotonic() > deadline:
                raise TimeoutError("%s: the page did not show it in %d ms: %s" % (self.engine, timeout_ms, script))
            time.sleep(0.1)

    def screenshot(self, path):
        raise NotImplementedError


class _Chromium(Phone):
    engine = "chromium"

    def __init__(self, page):
        self.page = page
        self.version = "Chromium %s" % page.evaluate("navigator.userAgent").split("Chrome/")[-1].split()[0]

    def goto(self, url):
        self.page.goto(url)

    def evaluate(self, script, arg=None):
        return self.page.evaluate(script, arg)

    def wait_for(self, script, arg=None, timeout_ms=15000):
        self.page.wait_for_function(script, arg=arg, timeout=timeout_ms)

    def screenshot(self, path, full_page=True):
        self.page.screenshot(path=path, full_page=full_page)


class _WebKit(Phone):
    """The page in an iframe of the phone's size; scripts run in the iframe's document."""

    engine = "webkit"

    def __init__(self, driver, size):
        self.driver = driver
        self.size = size
        ua = driver.execute_script("return navigator.userAgent")
        self.version = "WebKitGTK %s (AppleWebKit/%s)" % (driver.capabilities.get("browserVersion", "?"),
                                                          ua.split("AppleWebKit/")[-1].split()[0])

    def goto(self, url):
        d = self.driver
        d.switch_to.default_content()
        d.get("about:blank")
        d.execute_script(
            "document.body.style.margin='0';var f=document.createElement('iframe');f.id='phone';"
            "f.style.cssText='border:0;display:block;width:'+arguments[1]+'px;height:'+arguments[2]+'px';"
            "f.src=arguments[0];document.body.appendChild(f)", url, self.size[0], self.size[1])
        d.switch_to.frame(d.find_element("id", "phone"))  # (the frame's context follows its loading)
        self.wait_for("() => location.href !== 'about:blank' && document.readyState === 'complete'"
                      " && !!document.getElementById('status')")

    def evaluate(self, script, arg=None):
        return self.driver.execute_script("return (%s)(arguments[0])" % script, arg)

    def screenshot(self, path, full_page=True):
        self.driver.switch_to.default_content()
        try:
            self.driver.find_element("id", "phone").screenshot(path)
        finally:
            self.driver.switch_to.frame(self.driver.find_element("id", "phone"))


@contextlib.contextmanager
def xvfb():
    """An X display of its own (Xvfb, the first free number): its name, e.g. ":5"; stopped after."""
    r, w = os.pipe()
    p = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                         pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    try:
        number = b""
        with os.fdopen(r, "rb") as f:
            while not number.endswith(b"\n"):
                got = f.read(1)
                if not got:
                    raise RuntimeError("Xvfb did not start")
                number += got
        yield ":" + number.decode().strip()
    finally:
        p.terminate()
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


@contextlib.contextmanager
def phone(engine="chromium", size=PHONE):
    """A Phone of size (width, height) in CSS pixels, in a fresh profile (deleted after)."""
    profile = tempfile.mkdtemp(prefix="phone-profile-")
    try:
        if engine == "chromium":
            from playwright.sync_api import sync_playwright

            with sync_playwright() as p:
                context = p.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS, headless=True,
                    viewport={"width": size[0], "height": size[1]}, device_scale_factor=2, is_mobile=True,
                    has_touch=True)
                try:
                    page = context.pages[0] if context.pages else context.new_page()
                    yield _Chromium(page)
                finally:
                    context.close()
        else:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service

            with xvfb() as display:
                options = Options()
                options.binary_location = minibrowser()
                options.add_argument("--automation")
                env = dict(os.environ, DISPLAY=display, HOME=profile, XDG_CACHE_HOME=profile,
                           XDG_DATA_HOME=profile, XDG_CONFIG_HOME=profile)
                env.pop("WAYLAND_DISPLAY", None)
                with warnings.catch_warnings():  # (Selenium's own WebKitGTK driver uses a deprecated call)
                    warnings.simplefilter("ignore", DeprecationWarning)
                    driver = webdriver.WebKitGTK(options=options, service=Service(WEBKIT_DRIVER, env=env))
                try:
                    driver.set_window_rect(width=max(size[0] + 40, 480), height=size[1] + 80)
                    yield _WebKit(driver, size)
                finally:
                    driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def wait_version(page, tag, timeout_ms=15000):
    """Wait until the page shows the document of version tag (it polls every 2 s)."""
    page.wait_for("t => document.body.dataset.version === t", tag, timeout_ms)


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
            page.screenshot(path)
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
