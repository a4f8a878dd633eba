"""The phone view of the Wi-Fi boards (firmware/web) on the simulator, with CPython's sockets: the
command serves the page on the loopback and prints its address; the menu's switch, the codes on
the panel (a QR code read back from the panel's pixels), the password made once and kept; the
JSON document (docs/PHONES.md) and its version; and that the boards without Wi-Fi have none of it."""

import json
import os
import re
import subprocess
import sys
import time
import urllib.request

import adafruit_miniqr
import pytest

from firmware.device import boards
from firmware.ui.gameplan import NAMES, ROSTER_MAX
from firmware.web import phones as P
from firmware.web import qrview
from tools.play.presses import keys_for_record
from tools.play.tablegame import table_game
from tools.sim.simulator import Sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIFI = sorted(n for n, p in boards.PROFILES.items() if p.get("wifi"))
OTHERS = sorted(n for n, p in boards.PROFILES.items() if not p.get("wifi"))
MENU_TO_PHONES = "b" + "a" * 3  # the menu, up round its top: language, big scores, the switch


def fetch(url, headers=None):
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def test_the_simulator_serves_the_page_and_prints_its_address():
    p = subprocess.Popen([sys.executable, "-m", "tools.sim", "--board", "pico2_w", "--phones", "--port", "0",
                          "--keys", "", "--serve", "20"], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        line = p.stderr.readline()
        m = re.search(r"phone view on (http://127\.0\.0\.1:\d+/)", line)
        assert m, line
        url = m.group(1)
        status, _h, page = fetch(url)
        with open(os.path.join(ROOT, "firmware", "web", "page.html"), "rb") as f:
            assert status == 200 and page == f.read()
        status, headers, body = fetch(url + "state.json")
        doc = json.loads(body)
        assert status == 200 and doc["game"] is None and doc["v"] == headers["etag"].strip('"')
        status, _h, body = fetch(url + "state.json", {"If-None-Match": headers["etag"]})
        assert status == 304 and body == b""
        status, _h, body = fetch(url + "settings.toml")
        assert status == 404 and b"RODSKAGG" not in body
    finally:
        p.kill()
        p.communicate()


def test_the_phone_view_is_off_by_default_and_the_menu_switches_it_kept_with_its_password(tmp_path):
    sim = Sim("pico2_w", str(tmp_path), port=0)
    try:
        password = sim.phones.password
        assert not sim.phones.on and sim.address() is None and sim.phones.server is None
        assert re.fullmatch("[%s]{10}" % P.LETTERS, password)
        sim.play("c" + MENU_TO_PHONES)  # Start! (a game of four), the menu
        assert sim.app.screen.rows[sim.app.screen.selected].strip() == "Telefoner: av"
        sim.play("c")
        assert sim.phones.on and sim.address()  # serving, and the network's code on the panel
        text = sim.text().splitlines()
        assert text[0] == "Wi-Fi" and text[1:3] == ["Rödskägg-", "3F7A"]
        assert text[4] == "Lösen:" and text[5] == password
        assert read_code(sim) == modules(sim.phones.join_text())
        assert sim.phones.join_text() == "WIFI:T:WPA;S:Rödskägg-3F7A;P:%s;;" % password
        sim.play("c")  # the page's code
        text = sim.text().splitlines()
        assert text[0] == "Sidan:" and text[1] == "127.0.0.1" and text[2] == ":%d" % sim.phones.server.port
        assert read_code(sim) == modules(sim.phones.address())
        sim.play("c")  # back to the menu, on the switch's row
        assert sim.app.screen.rows[sim.app.screen.selected].strip() == "Telefoner: på"
    finally:
        sim.close()
    again = Sim("pico2_w", str(tmp_path), port=0)  # power off and on: on, the same password
    try:
        assert again.phones.on and again.phones.password == password and again.address()
        again.play(MENU_TO_PHONES + "a")  # the switch is one row up from the codes' row now
        assert again.app.screen.rows[again.app.screen.selected].strip() == "Telefonkoder"
        again.play("bc")
        assert not again.phones.on and again.phones.server is None
    finally:
        again.close()
    third = Sim("pico2_w", str(tmp_path), port=0)
    try:
        assert not third.phones.on and third.phones.password == password
    finally:
        third.close()


def modules(text):
    return qrview.modules(text.encode())


def read_code(sim):
    """The QR code's modules read back from the panel's pixels (2 pixels a module, at the right)."""
    rows = sim.panel.rows()
    n = len(modules(sim.phones.join_text() if "Wi-Fi" in sim.text() else sim.phones.address()))
    side = (n + 2 * qrview.BORDER) * qrview.SCALE
    left = sim.width - side
    top = (sim.height - side) // 2
    edge = [rows[top][x] for x in range(left, sim.width)] + [rows[top + side - 1][x] for x in range(left, sim.width)]
    assert all(edge), "the code's light border"
    out = []
    for my in range(n):
        y = top + (my + qrview.BORDER) * qrview.SCALE
        out.append([0 if rows[y][left + (mx + qrview.BORDER) * qrview.SCALE] else 1 for mx in range(n)])
    return out


def test_the_codes_hold_their_text_in_the_smallest_version():
    for text, size in (("http://192.168.4.1/", 25), ("WIFI:T:WPA;S:Rödskägg-3F7A;P:abcdefghjk;;", 29)):
        m = modules(text)
        assert len(m) == size  # 25: version 2, 29: version 3 (62 pixels with its border: the panel's height)
        qr = adafruit_miniqr.QRCode(qr_type=(size - 17) // 4, error_correct=adafruit_miniqr.L)
        qr.add_data(text.encode())
        qr.make()
        assert m == [[1 if qr.matrix[y, x] else 0 for x in range(size)] for y in range(size)]
        # as the standard places it, not mirrored: the format information (level L, mask 0:
        # 111011111000100) has its bits 0-7 along row 8 from the right edge
        assert [m[8][size - 1 - i] for i in range(8)] == [(0b111011111000100 >> i) & 1 for i in range(8)]


def test_a_qr_reader_reads_the_codes_off_the_panel(tmp_path):
    """ZXing (zxing-cpp, the reader of many phone apps) reads both codes from the panel's pixels."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp is not installed (requirements-dev.txt)")
    sim = Sim("pico2_w", str(tmp_path), port=0)
    try:
        sim.play("c" + MENU_TO_PHONES + "c")
        codes = zxingcpp.read_barcodes(sim.image(3).convert("L"))
        assert [c.text for c in codes] == [sim.phones.join_text()]
        sim.play("c")
        codes = zxingcpp.read_barcodes(sim.image(3).convert("L"))
        assert [c.text for c in codes] == [sim.phones.address()]
    finally:
        sim.close()


def test_wifi_qr_text_escapes_what_the_format_reserves():
    assert P.wifi_qr_text('a;b,c:d"e\\f', "pw") == 'WIFI:T:WPA;S:a\\;b\\,c\\:d\\"e\\\\f;P:pw;;'


def test_the_document_follows_the_game_and_its_version_changes_only_with_it(tmp_path):
    doc = table_game(__import__("random").Random(3), "knack-5")
    sim = Sim("pico2_w", str(tmp_path), port=0)
    try:
        sheet = sim.phones.sheet
        setup, hands = keys_for_record(sim.app, doc)
        sim.play(setup)
        first = json.loads(sheet.body(sim.app))
        tag = sheet.tag
        assert sheet.body(sim.app) is sheet.body(sim.app) and sheet.tag == tag  # made once
        sim.play("b" + "C")  # the menu and back: the screen changed, the game did not
        assert sheet.tag == tag or json.loads(sheet.body(sim.app))["v"] == tag
        sheet.body(sim.app)
        assert sheet.tag == tag
        for keys in hands[:3]:
            sim.play(keys)
            body = json.loads(sheet.body(sim.app))
            assert body["v"] != tag
            tag = body["v"]
        g = body["game"]
        game = sim.app.series.game
        st = game.state
        assert first["game"]["rows"] == [] and g["players"] == list(game.players)
        assert g["scores"] == st.scores and g["dealer"] == st.dealer and g["first"] == st.first_to_speak()
        assert g["hand"] == st.hands + 1 and g["winner"] == st.winner and g["out"] == st.out
        assert len(g["rows"]) == len(game.log) and g["rows"][-1][2] == st.scores
        assert [len(r) for r in g["rows"]] == [3] * len(game.log)  # [N, words, scores]: the page takes the changes
        assert list(body) == ["v", "lang", "game"]
        assert list(g) == ["preset", "players", "hand", "dealer", "first", "out", "tied", "winner", "scores",
                           "pot", "balance", "series", "head", "start", "rows", "end"]
        sim.app.set_lang("en")
        assert json.loads(sheet.body(sim.app))["lang"] == "en" and sheet.tag != tag
    finally:
        sim.close()


def test_a_full_roster_and_the_phone_views_password_still_fit_the_settings(tmp_path):
    sim = Sim("pico2_w", str(tmp_path), port=0)
    try:
        setup = sim.app.plan
        setup.roster = ["%s%d" % (NAMES[i % len(NAMES)][:5], i) for i in range(ROSTER_MAX)]
        setup.names = [n[:8] for n in setup.roster[:7]]
        sim.app.settings_changed()
        assert sim.app.unsaved is None
        from firmware.ui import settings

        blob = settings.blob(sim.app)
        assert len(blob) <= 255 and blob.endswith((",%s" % sim.phones.password).encode())
    finally:
        sim.close()


@pytest.mark.parametrize("board", OTHERS)
def test_the_boards_without_wifi_have_no_phone_view(board):
    """No row in their menu, no phone view in their App, and a game played on them loads no module
    of firmware/web (the simulator shares its process with this test: only firmware.web's own
    modules count, loaded by nothing here before)."""
    for name in [m for m in sys.modules if m.startswith("firmware.web")]:
        del sys.modules[name]
    sim = Sim(board)
    try:
        assert not hasattr(sim.app, "phones") and sim.phones is None  # not even a class attribute
        sim.play("cb")  # a game started, the menu
        labels = [row[0] for row in sim.app.view.items]
        assert not any("Telefon" in label or "Phone" in label for label in labels), labels
        assert not [m for m in sys.modules if m.startswith("firmware.web")]
    finally:
        sim.close()


def test_the_wifi_boards_draw_the_other_screens_as_the_others_do():
    """The renderer of the Wi-Fi boards (firmware/device/picture.py) draws every screen without a
    picture exactly as the page renderer does."""
    a = Sim("pico")
    b = Sim("pico2_w", port=0)
    try:
        for keys in ("c", "ccc", "b", "a", "B", "C", "cbbbc"):
            a.play(keys)
            b.play(keys)
            assert a.text() == b.text()
            assert a.panel.rows() == b.panel.rows(), keys
    finally:
        a.close()
        b.close()


def test_a_phone_asks_while_the_simulator_plays(tmp_path):
    """The server answers between presses (the simulator polls it as code.py's loop does)."""
    sim = Sim("pico2_w", str(tmp_path), port=0)
    try:
        sim.phones.switch(True)
        url = sim.address() + "state.json"
        import threading

        got = []
        t = threading.Thread(target=lambda: got.append(fetch(url)))
        t.start()
        deadline = time.monotonic() + 5
        while t.is_alive() and time.monotonic() < deadline:
            sim.advance(50)
        t.join(1)
        assert got and got[0][0] == 200
    finally:
        sim.close()


def raw(address, request):
    """The whole answer (header and body, as bytes) to one request sent as it is on a fresh connection."""
    import socket

    host, port = address.split("//")[1].strip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.sendall(request)
        got = b""
        while True:
            part = s.recv(4096)
            if not part:
                return got
            got += part


def test_a_head_has_the_gets_header_and_no_body_and_every_other_method_gets_405():
    """docs/PHONES.md's promise, on CPython's sockets (the VM tier holds the same): a HEAD of the
    page and of the document carries the GET's status, type and version and not one byte of body;
    POST, PUT, DELETE, PATCH, OPTIONS and an unknown method get 405 with Allow: GET, HEAD."""
    from tools.sim.served import ServedSim

    with ServedSim("pico2_w") as served:
        served.play("c")  # a game of four: the document has a game
        for path in ("/", "/state.json"):
            got = raw(served.address, b"GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path.encode())
            head, _s, body = got.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200 ") and len(body) > 100, got[:200]
            got = raw(served.address, b"HEAD %s HTTP/1.1\r\nHost: x\r\n\r\n" % path.encode())
            head_only, _s, nothing = got.partition(b"\r\n\r\n")
            assert head_only.startswith(b"HTTP/1.1 200 ") and nothing == b"", got[:300]
            want = [ln for ln in head.split(b"\r\n") if ln.lower().startswith((b"content-type", b"etag"))]
            assert want and all(ln in head_only.split(b"\r\n") for ln in want), (head, head_only)
        for method in (b"POST", b"PUT", b"DELETE", b"PATCH", b"OPTIONS", b"BREW"):
            for path in (b"/", b"/state.json"):
                got = raw(served.address, method + b" " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Length: 2"
                          b"\r\n\r\n{}")
                assert got.startswith(b"HTTP/1.1 405 ") and b"\r\nAllow: GET, HEAD\r\n" in got, (method, got)
        assert served.call(lambda sim: len(sim.app.series.game.log)) == 0  # nothing came in
