"""The phone view on the Wi-Fi boards: the device's own access point and a small web server that
shows the players' phones the whole score sheet (the page, page.html beside this module) and
follows the game (the JSON document of firmware/web/sheet.py). Read-only: nothing a phone sends
changes the game or the settings.

Served by Adafruit's ``adafruit_httpserver`` (its routes, its request parser and its responses),
read without ever waiting: the library's own ``poll`` reads a request with a blocking timeout
(a phone that connects and sends nothing would stall the buttons for it), so ``PhoneServer.poll``
keeps each connection open until its header is whole, reading what has come on each pass of
code.py's loop, with a bound on the header's size, the time it may take and the connections kept.
Code.py calls ``rest`` instead of its sleep (firmware/web is bundled and loaded on the Wi-Fi
profiles only: firmware/device/boards.py ``wifi``).
"""

import os
import time

from adafruit_httpserver import GET, HEAD, Response, Server
from adafruit_httpserver.response import FileResponse

from firmware.ui.app import App
from firmware.web.sheet import Sheet

PAGE = "page.html"
SSID = "R\u00f6dsk\u00e4gg-"  # + four hex digits of the access point's MAC address
# The password's letters: no 0/o, 1/l/i, nothing a WIFI: QR code must escape.
LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_LENGTH = 10
MAX_OPEN = 12  # connections read at once (ten phones and some); more are closed at once
MAX_HEAD = 2048  # a request's header, at most (a phone's is about 500 bytes): 431 past it
HEAD_MS = 3000  # the time a header may take to come whole: 408 after it
SEND_S = 0.5  # an answer's sending may wait this long for a phone that does not read
RETRY_MS = 5000  # the access point down: started again this often
STATUS = {400: "Bad Request", 405: "Method Not Allowed", 408: "Request Timeout",
          431: "Request Header Fields Too Large", 503: "Service Unavailable"}


def _folder():
    """This module's folder (page.html is beside it)."""
    name = globals().get("__file__") or "/firmware/web/phones.py"
    i = max(name.rfind("/"), name.rfind("\\"))
    return name[:i] if i > 0 else "/"


def ms():
    try:
        return time.monotonic_ns() // 1000000
    except AttributeError:  # a VM without long integers
        return int(time.monotonic() * 1000)


def new_password():
    """PASSWORD_LENGTH letters of LETTERS from the board's random source."""
    raw = os.urandom(PASSWORD_LENGTH)
    return "".join(LETTERS[b % len(LETTERS)] for b in raw)


def wifi_qr_text(ssid, password):
    """The join-network text of a QR code: WIFI:T:WPA;S:...;P:...;; with \\ ; , : " escaped."""
    def esc(text):
        out = ""
        for c in text:
            out += "\\" + c if c in '\\;,:"' else c
        return out

    return "WIFI:T:WPA;S:%s;P:%s;;" % (esc(ssid), esc(password))


def _plain(conn, code):
    """A short answer written straight to the socket (no request to hang a Response on), then closed."""
    text = STATUS[code]
    head = "HTTP/1.1 %d %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nConnection: close\r\n" % (
        code, text, len(text))
    if code == 405:
        head += "Allow: GET, HEAD\r\n"
    try:
        conn.settimeout(SEND_S)
        conn.send((head + "\r\n" + text).encode())
    except OSError:
        pass
    _close(conn)


def _close(conn):
    try:
        conn.close()
    except OSError:
        return


class PhoneServer(Server):
    """adafruit_httpserver's Server with two routes (the page, the document) and no files of the
    drive (``root_path`` None: any other path is 404), read without waiting (``poll``)."""

    def __init__(self, pool, folder, sheet, app):
        Server.__init__(self, pool, None)
        self.folder = folder
        self.sheet = sheet
        self.app = app
        self.open = []  # [connection, address, bytes so far, deadline in ms]
        self.answered = 0
        self.route("/", (GET, HEAD))(self.page)
        self.route("/state.json", (GET, HEAD))(self.state)

    def page(self, request):
        return FileResponse(request, PAGE, self.folder, head_only=request.method == HEAD,
                            content_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-cache"})

    def state(self, request):
        """The document; 304 and nothing else when the phone has its version (If-None-Match)."""
        body = self.sheet.body(self.app)
        tag = '"%s"' % self.sheet.tag
        headers = {"ETag": tag, "Cache-Control": "no-store"}
        if request.headers.get("If-None-Match") == tag:
            return Response(request, b"", status=(304, "Not Modified"), headers=headers)
        return Response(request, b"" if request.method == HEAD else body, headers=headers,
                        content_type="application/json")

    def poll(self):
        """One pass: take the connections waiting, read what came, answer each whole request.
        Never waits for a phone (but SEND_S at most for one that does not read its answer)."""
        now = ms()
        for _ in range(MAX_OPEN):
            try:
                conn, address = self._sock.accept()
            except OSError:  # none waiting (EAGAIN), or the network is gone: the next pass
                break
            if len(self.open) >= MAX_OPEN:
                _plain(conn, 503)
                continue
            try:
                conn.setblocking(False)
            except OSError:
                _close(conn)
                continue
            self.open.append([conn, address, b"", now + HEAD_MS])
        keep = []
        for item in self.open:
            if not self._read(item, now):
                keep.append(item)
        self.open = keep

    def _read(self, item, now):
        """Read what came on one connection; answer and close it when it is done (True)."""
        conn = item[0]
        buf = self._buffer
        try:
            n = conn.recv_into(buf, len(buf))
        except OSError:  # nothing yet (EAGAIN), or gone
            n = -1
        if n == 0:  # closed by the phone
            _close(conn)
            return True
        if n > 0:
            item[2] += bytes(buf[:n])
        data = item[2]
        end = data.find(b"\r\n\r\n")
        if end < 0:
            if len(data) > MAX_HEAD:
                _plain(conn, 431)
                return True
            if now > item[3]:
                _plain(conn, 408)
                return True
            return False
        if end > MAX_HEAD:
            _plain(conn, 431)
            return True
        self._answer(conn, item[1], data)
        return True

    def _answer(self, conn, address, data):
        try:
            request = self._request(conn, address, data)
        except ValueError:
            _plain(conn, 400)
            return
        if request.method not in (GET, HEAD):
            _plain(conn, 405)  # read-only: a phone can send nothing in
            return
        try:
            conn.settimeout(SEND_S)
            response = self._handle_request(request, self._find_handler(request.method, request.path))
            self._set_default_server_headers(response)
            response._send()
            self.answered += 1
        except OSError:  # the phone went, or does not read: let it go
            pass
        _close(conn)

    def _request(self, conn, address, data):
        from adafruit_httpserver.request import Request

        return Request(self, conn, address, data)

    def close_all(self):
        for item in self.open:
            _close(item[0])
        self.open = []
        try:
            self.stop()
        except OSError:  # the network went first: the socket is gone anyway
            return


class Phones:
    """The phone view's switch, access point and server.

    ``on`` and ``password`` are kept in the settings (firmware/ui/settings.py); ``resume(app)`` at
    start makes the password the first time and starts the access point when ``on``;
    ``switch(app, on)`` from the menu; ``rest(seconds)`` is code.py's sleep on these boards and
    ``make_app`` builds its App (the one code.py builds on these boards: firmware/device/wifi.py).
    radio is ``wifi.radio`` (a fake on the host), pool a ``socketpool.SocketPool`` (CPython's
    ``socket`` module in the simulator), folder where page.html is."""

    def __init__(self, radio, pool, folder=None, host="0.0.0.0", port=80):
        self.radio = radio
        self.pool = pool
        self.folder = folder or _folder()
        self.host = host
        self.port = port
        self.on = False
        self.password = None
        self.app = None
        self.server = None
        self.problem = None  # why the access point or the server did not start, in English
        self.retry = 0
        self.sheet = Sheet("%04x" % (int.from_bytes(os.urandom(2), "big")))

    def ssid(self):
        try:
            mac = bytes(self.radio.mac_address_ap)
        except (AttributeError, OSError, TypeError):
            mac = b""
        return SSID + "".join("%02X" % b for b in mac[-2:]) if mac else SSID + "0000"

    def address(self):
        """The page's address as a phone on the access point reaches it."""
        ip = "%s" % (getattr(self.radio, "ipv4_address_ap", None) or "192.168.4.1")
        port = self.port or (self.server.port if self.server is not None else 0)
        return "http://%s/" % ip if port == 80 else "http://%s:%d/" % (ip, port)

    def join_text(self):
        return wifi_qr_text(self.ssid(), self.password or "")

    def show(self, app):
        """The codes on the panel (firmware/web/qrview.py, loaded while shown), then back to the view
        open now; why there are none when the access point did not start."""
        back = app.view
        if self.server is None:
            from firmware.ui.views import Message, back_to

            app.view = Message(app.tr("Phones:"), "%s %s" % (app.tr("Wi-Fi could not start:"), self.problem or ""),
                               back_to(back))
            return
        from firmware.web import qrview

        app.view = qrview.CodesView(self, back)

    def rows(self, app):
        """The menu's rows of the phone view (firmware/ui/screens/menu.py): its codes when on, its switch."""
        rows = []
        if self.on:
            rows.append((app.tr("Phone codes"), self.show, ()))
        rows.append((app.tr("Phones:") + " " + app.tr("on" if self.on else "off"), self.toggle, ()))
        return rows

    def toggle(self, app):
        """The menu's switch: on (the codes shown, the network's then the page's) or off; kept."""
        from firmware.ui.screens import menu

        self.switch(not self.on)
        app.settings_changed()
        view = menu.main_menu(app)
        label = app.tr("Phones:")
        view.cursor = [row[0].startswith(label) for row in view.items].index(True)
        app.view = view
        if self.on:
            self.show(app)

    def read(self, fields):
        """The settings blob's fields of the phone view (firmware/ui/settings.py): on, the password."""
        if len(fields) > 1:
            self.on = fields[0] == "1"
            self.password = fields[1] or None

    def make_app(self, *args):
        """An App (firmware/ui/app.py, args as its) that has this phone view as ``app.extra`` from
        its start: the settings are read with the view's fields, the password made at the first
        start. The App of the boards without Wi-Fi has no ``extra`` (``getattr(app, "extra", None)``),
        and their bundle not a name of the phone view: it costs their heap nothing."""
        return PhonesApp(self, *args)

    def blob(self):
        """The same, for the settings blob: ",on,password"."""
        return ",%d,%s" % (1 if self.on else 0, self.password or "")

    def resume(self, app):
        """At start: the password is made the first time (True: the settings must be saved), the
        access point started when the phone view was on."""
        self.app = app
        made = not self.password
        if made:
            self.password = new_password()
        if self.on:
            self.start()
        return made

    def switch(self, on):
        self.on = on
        if on:
            self.start()
        else:
            self.stop()

    def start(self):
        """The access point and the server; a failure is kept in ``problem`` (tried again later)."""
        self.stop()
        self.retry = ms() + RETRY_MS
        try:
            self._start_ap()
            server = PhoneServer(self.pool, self.folder, self.sheet, self.app)
            server.start(self.host, self.port)
            if not self.port:  # an ephemeral port (the simulator's tests): the one given
                server.port = server._sock.getsockname()[1]
            self.server = server
            self.problem = None
        except Exception as e:  # no radio, no room: the game goes on without phones
            self.problem = "%s: %s" % (type(e).__name__, e)
            self.stop()

    def _start_ap(self):
        radio = self.radio
        if getattr(radio, "ap_active", False):
            return
        try:
            import wifi

            modes = [wifi.AuthMode.WPA2, wifi.AuthMode.PSK]
        except (ImportError, AttributeError):  # the simulator's radio
            modes = None
        if modes is None:
            radio.start_ap(self.ssid(), self.password, max_connections=10)
        else:
            radio.start_ap(self.ssid(), self.password, authmode=modes, max_connections=10)

    def stop(self):
        server = self.server
        self.server = None
        if server is not None:
            server.close_all()
        if not self.on:
            try:
                if getattr(self.radio, "ap_active", False):
                    self.radio.stop_ap()
            except Exception:  # a radio that will not stop: nothing more to do
                pass

    def poll(self):
        """Serve what the phones asked for since the last pass; the access point down: start it
        again every RETRY_MS. Never raises."""
        if not self.on:
            return
        try:
            if self.server is not None and not getattr(self.radio, "ap_active", True):
                self.problem = "the access point went down"
                self.stop()  # its sockets went with it; started again below, every RETRY_MS
            if self.server is None:
                if ms() >= self.retry:
                    self.start()
                return
            self.server.poll()
        except Exception as e:  # never stop the game for a phone
            self.problem = "%s: %s" % (type(e).__name__, e)
            self.stop()

    def rest(self, seconds):
        """code.py's pause between passes of its loop: the phones' requests, then the rest of it."""
        start = ms()
        self.poll()
        left = seconds - (ms() - start) / 1000
        if left > 0:
            time.sleep(left)


class PhonesApp(App):
    """The App of the Wi-Fi boards (``Phones.make_app``)."""

    def __init__(self, phones, *args):
        self.extra = phones  # what this board adds to the App (before the start reads the settings)
        App.__init__(self, *args)
