"""The phone view's server on CircuitPython's unix port: firmware/web and adafruit_httpserver of the
pico2_w bundle, on the in-memory socketpool of tools/vm/fakes/socketpool.py, fed scripted
requests, bad ones included. Runs on the VM (not CPython):

    circuitpython -X heapsize=512k tools/vm/webcheck.py BUNDLE FAKES

or as the code.py of a drive that holds the bundle and socketpool.py (tools/vm/web.py ``on_board``:
the real RP2040 firmware on the board tier, where the heap is a 32-bit board's).

Prints a line per check, ``OK name`` or ``FAIL name: why``, the figures (``FIG name value``) and
``END`` last. host_tests/test_web_vm.py runs it and make bench prints its figures.
"""

import gc
import sys
import time


class _Clock:
    """The board's ``time`` (monotonic, monotonic_ns, sleep) on the port's own clock: the unix port
    has none of the two monotonic calls the library and the phone view use."""

    def __init__(self, port):
        self.sleep = port.sleep
        self.time_ns = port.time_ns
        self._port = port

    def monotonic_ns(self):
        return self._port.time_ns()  # (ticks_us wraps every 18 minutes)

    def monotonic(self):
        return self._port.time_ns() / 1e9


if not hasattr(time, "monotonic_ns"):  # the unix port (a board has both)
    sys.modules["time"] = _Clock(time)
    time = sys.modules["time"]
ON_BOARD = len(sys.argv) < 3  # the code.py of a drive: the bundle at its root, socketpool.py beside it
BUNDLE = "" if ON_BOARD else sys.argv[1]
if not ON_BOARD:
    sys.path.insert(0, sys.argv[2])
    sys.path.insert(0, BUNDLE + "/lib")
    sys.path.insert(0, BUNDLE)

FAILS = []


def check(name, ok, why=""):
    print(("OK %s" % name) if ok else ("FAIL %s: %s" % (name, why)))
    if not ok:
        FAILS.append(name)


def ms():
    return time.monotonic_ns() // 1000000


class Radio:
    """wifi.radio as the phone view uses it: an access point that can drop."""

    def __init__(self):
        self.ap_active = False
        self.ipv4_address_ap = "192.168.4.1"
        self.mac_address_ap = b"\x28\xcd\xc1\x0f\x3f\x7a"
        self.starts = 0

    def start_ap(self, ssid, password="", **kw):
        self.ap_active = True
        self.starts += 1

    def stop_ap(self):
        self.ap_active = False


def status(client):
    head = client.got.split(b"\r\n", 1)[0].decode()
    parts = head.split(" ")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def body(client):
    k = client.got.find(b"\r\n\r\n")
    return client.got[k + 4:] if k >= 0 else b""


def header(client, name):
    for line in client.got.split(b"\r\n\r\n", 1)[0].split(b"\r\n")[1:]:
        k, _, v = line.decode().partition(":")
        if k.strip().lower() == name.lower():
            return v.strip()
    return None


def get(path, extra=""):
    return ("GET %s HTTP/1.1\r\nHost: 192.168.4.1\r\nUser-Agent: phone\r\n%s\r\n" % (path, extra)).encode()


def polls(pool, phones, tag, n):
    """ms to answer one poll of the document, n in a row: with tag (a 304) or without (the document)."""
    want = 304 if tag else 200
    t = ms()
    wrong = []
    for _ in range(n):
        x = pool.connect([get("/state.json", "If-None-Match: %s\r\n" % tag if tag else "")], close=True)
        serve(phones)
        if status(x) != want:
            wrong.append(x.got[:80])
    spent = (ms() - t) / n
    check("%d polls in a row: each a %d" % (n, want), not wrong, wrong[:1])
    return spent


def serve(phones, passes=1):
    """Passes of code.py's loop (the server's part of it); the longest pass in ms."""
    worst = 0
    for _ in range(passes):
        t = ms()
        phones.poll()
        worst = max(worst, ms() - t)
    return worst


def main():
    from firmware.core.rules import Rules
    from firmware.core.series import Series

    series = Series(Rules("fem"), ["Anna", "Bo", "Cia", "Dan"])
    for tricks in ((2, 3, -1, 0), (1, 2, 1, 1), (2, 2, -1, 1)):
        series.game.push((0, tricks, -1, ()))
    # The game's own part is not the web part's: the UI imported first (as code.py does) and the
    # heap a plain App takes (the boards without Wi-Fi build that one) measured here, taken off below.
    from firmware.ui.app import App

    gc.collect()
    free0 = gc.mem_free()
    plain = App(None, None, 128, 64, "sv", 0, True, "pico2_w")
    plain.series = series
    gc.collect()
    app_heap = free0 - gc.mem_free()
    del plain
    gc.collect()
    free0 = gc.mem_free()  # the web part's heap: from here to the first document served, less app_heap
    import socketpool

    from firmware.web import phones as P

    radio = Radio()
    pool = socketpool.SocketPool(radio)
    phones = P.Phones(radio, pool, BUNDLE + "/firmware/web")
    app = phones.make_app(None, None, 128, 64, "sv", 0, True, "pico2_w")
    check("password made at the first start", phones.password is not None and len(phones.password) == 10,
          repr(phones.password))
    app.series = series
    phones.switch(True)
    check("access point and server start", radio.ap_active and phones.server is not None, phones.problem)

    with open(BUNDLE + "/firmware/web/page.html", "rb") as f:
        page = f.read()
    others = []  # bytes of drive files no phone may see
    for name in ("/settings.toml", "/code.py", "/boot.py"):
        try:
            with open(BUNDLE + name, "rb") as f:
                others.append(f.read()[:40])
        except OSError:
            continue

    def leaks(client):
        return [o for o in others if o and o in client.got]

    # the page and the document
    c = pool.connect([get("/")], close=True)
    serve(phones)
    check("page", status(c) == 200 and body(c) == page and c.closed, c.got[:80])
    c = pool.connect([get("/state.json")], close=True)
    serve(phones)
    doc = body(c)
    tag = header(c, "ETag")
    check("document", status(c) == 200 and doc.startswith(b'{"v":') and b'"Anna"' in doc and tag, c.got[:120])
    c = pool.connect([get("/state.json", "If-None-Match: %s\r\n" % tag)], close=True)
    serve(phones)
    check("unchanged game: 304 and nothing else", status(c) == 304 and body(c) == b"", c.got)
    not_modified = len(c.got)
    c = pool.connect([b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"], close=True)
    serve(phones)
    check("HEAD", status(c) == 200 and body(c) == b"", c.got[:80])
    c = pool.connect([b"HEAD /state.json HTTP/1.1\r\nHost: x\r\n\r\n"], close=True)
    serve(phones)
    check("HEAD of the document: its version, no body", status(c) == 200 and body(c) == b""
          and header(c, "ETag") == tag, c.got[:200])
    gc.collect()
    free_started = gc.mem_free()
    print("FIG heap_web %d" % (free0 - free_started - app_heap))
    print("FIG heap_left %d" % free_started)  # free with the UI, a game's App and the web part serving
    print("FIG heap_app %d" % app_heap)
    if ON_BOARD:
        # The figures only: the bad requests are the VM's (their phones' bytes, kept to be checked,
        # do not fit beside the UI, the App and the web part in what an RP2040 has left).
        print("FIG unchanged_ms %.2f" % polls(pool, phones, '"%s"' % phones.sheet.tag, 20))
        print("FIG document_ms %.2f" % polls(pool, phones, None, 10))
        series.game.push((0, (1, 2, 1, 1), -1, ()))  # a hand: the first poll after it makes the new document
        t = ms()
        c = pool.connect([get("/state.json")], close=True)
        serve(phones)
        check("after a hand: the new document", status(c) == 200 and b'"Anna tog 1, Bo 2, Cia 1, Dan 1"' in body(c),
              c.got[:120])
        print("FIG new_document_ms %.2f" % (ms() - t))
        print("END %d failed" % len(FAILS))
        return

    # the bad ones
    c = pool.connect([], close=False)  # connects and sends nothing
    worst = serve(phones, 3)
    check("silent client: kept, the loop goes on", not c.closed and worst < 50, "closed %s, %d ms" % (c.closed, worst))
    half = pool.connect([b"GET /state.json HTTP/1.1\r\nHo"], close=False)
    serve(phones, 3)
    check("half a request: kept while it may come", not half.closed, half.got)
    t = ms()
    while not (c.closed and half.closed) and ms() - t < P.HEAD_MS + 3000:  # (a slow machine: passes late)
        serve(phones)
        time.sleep(0.02)
    check("silent client: not before HEAD_MS", ms() - t >= P.HEAD_MS - 100, ms() - t)
    check("silent client: 408 after HEAD_MS, closed", status(c) == 408 and c.closed, c.got)
    check("half a request: 408, closed", status(half) == 408 and half.closed, half.got)
    big = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 10240 + b"\r\n\r\n"
    c = pool.connect([big[i:i + 1400] for i in range(0, len(big), 1400)], close=False)
    worst = serve(phones, 12)
    check("10 KB header: 431, closed", status(c) == 431 and c.closed and worst < 50, (c.got, worst))
    c = pool.connect([get("/nothing/here")], close=True)
    serve(phones)
    check("unknown path: 404", status(c) == 404 and c.closed and not leaks(c), c.got)
    for path in ("/../settings.toml", "/firmware/../code.py", "/%2e%2e/boot.py", "/..%2fsettings.toml",
                 "/firmware/web/page.html", "/settings.toml", "//code.py", "/lib/../settings.toml",
                 "/state.json/../../settings.toml", "/?../settings.toml"):
        c = pool.connect([get(path)], close=True)
        serve(phones)
        code = status(c)
        ok = (code == 404 or (path.startswith("/?") and code == 200 and body(c) == page)) and not leaks(c)
        check("path %s: %s, nothing of the drive" % (path, code), ok and c.closed, c.got[:100])
    c = pool.connect([b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"], close=True)
    serve(phones)
    check("POST: 405", status(c) == 405 and c.closed, c.got)
    c = pool.connect([b"PUT /state.json HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"], close=True)
    serve(phones)
    check("PUT: 405, the game unchanged", status(c) == 405 and app.series is series
          and len(series.game.log) == 3, c.got)
    wrong = []
    for method in ("DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE", "BREW"):
        c = pool.connect([("%s /state.json HTTP/1.1\r\nHost: x\r\n\r\n" % method).encode()], close=True)
        serve(phones)
        if status(c) != 405 or header(c, "Allow") != "GET, HEAD" or not c.closed:
            wrong.append((method, c.got[:80]))
    check("every other method: 405, Allow: GET, HEAD", not wrong, wrong)
    c = pool.connect([b"\x00\xff garbage\r\n\r\n"], close=True)
    serve(phones)
    check("garbage: 400", status(c) == 400 and c.closed, c.got)
    c = pool.connect([b"GET / HTTP/1.1\r\n\r\n"], close=True)  # no header at all: the library cannot parse it
    serve(phones)
    check("no headers: a clear answer", status(c) in (200, 400) and c.closed, c.got)
    c = pool.connect([get("/")], close=False, window=200)  # does not read its answer
    t = ms()
    serve(phones)
    spent = ms() - t
    check("a phone that does not read: let go after SEND_S", c.closed and spent < P.SEND_S * 1000 + 200,
          "%d ms" % spent)
    c = pool.connect([get("/state.json")], close=True)
    c.chunks.insert(0, None)  # the request comes a pass later
    serve(phones, 2)
    check("a request in two passes", status(c) == 200, c.got[:60])

    # ten phones at once, polling
    clients = [pool.connect([None, get("/state.json", "If-None-Match: %s\r\n" % tag)], close=True)
               for _ in range(10)]
    serve(phones, 3)
    check("ten phones at once: ten 304", all(status(x) == 304 for x in clients), [status(x) for x in clients])
    series.game.push((0, (1, 1, 1, 2), -1, ()))  # a hand: a new version
    clients = [pool.connect([get("/state.json", "If-None-Match: %s\r\n" % tag)], close=True) for _ in range(10)]
    serve(phones, 2)
    bodies = [body(x) for x in clients]
    check("after a hand: ten 200, one document", all(status(x) == 200 for x in clients)
          and len(set(bodies)) == 1 and bodies[0] != doc, [status(x) for x in clients])
    tag = header(clients[0], "ETag")
    overflow = [pool.connect([get("/state.json")], close=True) for _ in range(P.MAX_OPEN + 5)]
    serve(phones, 3)
    codes = [status(x) for x in overflow]
    check("more than MAX_OPEN at once: each answered (200 or 503)",
          all(x in (200, 503) for x in codes) and all(x.closed for x in overflow), codes)

    # the access point drops and comes back
    radio.ap_active = False
    pool.down = True
    serve(phones, 2)
    check("AP down: the server let go", phones.server is None, phones.problem)
    P.RETRY_MS = 50
    phones.retry = 0
    serve(phones)  # tries again at once: the network is still down
    check("AP down: a start that fails is kept as a problem", phones.server is None and phones.problem, phones.problem)
    pool.down = False
    phones.retry = 0
    serve(phones)
    c = pool.connect([get("/state.json")], close=True)
    serve(phones)
    check("AP back: serving again", phones.server is not None and radio.ap_active and status(c) == 200,
          (phones.problem, c.got[:60]))

    # the heap does not grow with the requests
    tag = None
    def rounds(n):
        for i in range(n):
            extra = "If-None-Match: %s\r\n" % tag if tag and i % 2 else ""
            x = pool.connect([get("/state.json" if i % 3 else "/", extra)], close=True)
            serve(phones)
            if status(x) not in (200, 304):
                return False
        return True

    rounds(20)
    gc.collect()
    before = gc.mem_free()
    t = ms()
    ok = rounds(200)
    per = (ms() - t) / 200
    gc.collect()
    after = gc.mem_free()
    check("200 requests: all answered, the heap the same (%d B)" % (before - after),
          ok and before - after < 512, before - after)
    unchanged = polls(pool, phones, '"%s"' % phones.sheet.tag, 50)  # the time to answer an unchanged game's poll
    print("FIG request_ms %.2f" % per)
    print("FIG unchanged_ms %.2f" % unchanged)
    print("FIG doc_bytes %d" % len(phones.sheet.body(app)))
    print("FIG page_bytes %d" % len(page))
    print("FIG not_modified_bytes %d" % not_modified)
    phones.switch(False)
    check("off: the access point stopped", not radio.ap_active and phones.server is None)
    print("END %d failed" % len(FAILS))


main()
