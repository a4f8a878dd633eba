"""The phone view on CircuitPython's own VM: firmware/web and adafruit_httpserver from the pico2_w
bundle (``.py``, and ``.mpy`` where CircuitPython's mpy-cross is found) on the unix port, with an
in-memory ``socketpool`` after CircuitPython's documented API (tools/vm/fakes/socketpool.py),
serve the page and the document and stand the bad requests: a phone that connects and sends
nothing, half a request, a 10 KB header, an unknown path, ``..`` in the path, a POST, ten phones
at once, one that does not read, the access point dropping and coming back. Each gets a clear
HTTP answer or a closed socket, no pass of the loop waits on it, no byte of the drive but the
page and the document goes out, and 200 requests leave the heap as it was
(tools/vm/webcheck.py says which check is which). Skipped, in one line, without the port."""

import pytest

from tools.vm import device as C
from tools.vm import web

WHY = C.missing()
if WHY:
    pytest.skip("phone view on CircuitPython's VM skipped: %s" % WHY, allow_module_level=True)

KINDS = ["py"] + (["mpy"] if C.mpy_cross() else [])


@pytest.mark.parametrize("kind", KINDS)
def test_the_phone_view_stands_every_request_on_circuitpythons_vm(kind):
    r = web.run(kind)
    assert r.ended and not r.failed, "failed: %s\n%s" % (r.failed, r.output[-3000:])
    for check in ("page", "document", "unchanged game: 304 and nothing else",
                  "silent client: 408 after HEAD_MS, closed", "half a request: 408, closed",
                  "10 KB header: 431, closed", "unknown path: 404", "POST: 405",
                  "every other method: 405, Allow: GET, HEAD", "HEAD of the document: its version, no body",
                  "ten phones at once: ten 304", "after a hand: ten 200, one document", "AP back: serving again",
                  "a phone that does not read: let go after SEND_S"):
        assert check in r.ok, "%s did not run:\n%s" % (check, r.output[-3000:])
    assert any(c.startswith("path /../settings.toml: 404") for c in r.ok)
    assert any(c.startswith("200 requests: all answered, the heap the same") for c in r.ok)
    assert r.figures["page_bytes"] > 0 and r.figures["heap_web"] > 0


@pytest.mark.parametrize("kind", KINDS)
def test_code_py_of_a_pico2_w_shows_on_circuitpythons_vm_what_the_simulator_shows(kind):
    """The pico2_w bundle's boot.py and code.py on CircuitPython's VM, with fakes of its radio and
    sockets (tools/vm/fakes/wifi.py, socketpool.py): the phone view switched on in the menu shows the
    same network code, frame for frame, as the simulator, and the same settings are saved. (The first
    run, on the simulator, made the password both then read from the NVM.)"""
    sim = C.SimDevice("pico2_w")
    dev = C.Device(kind, board="pico2_w")
    try:
        sim.run("c")  # Start!: a game of four, the password made and saved
        with open(dev.nvm_path, "wb") as f:
            f.write(sim.nvm())
        # the menu, Telefoner on: the network's code; back to the menu, the scoreboard (the page's code
        # shows the radio's address: the loopback's in the simulator)
        keys = "b" + "aaa" + "c" + "C" + "C"
        want = sim.run(keys)
        got = dev.run(keys)
        assert got.end and "power off" in got.end, got.output[-3000:]
        assert "phone view" not in got.output, got.output[-3000:]  # bring-up found the radio
        i = C.first_difference(got.frames, want.frames)
        assert i is None, "frame %d of %d/%d differs:\n%s\n%s" % (
            i, len(got.frames), len(want.frames), C.frame_text(got.frames[min(i, len(got.frames) - 1)]),
            C.frame_text(want.frames[min(i, len(want.frames) - 1)]))
        assert len(want.frames) > 4
        assert dev.nvm() == sim.nvm()  # the switch and the password, saved alike
    finally:
        sim.close()
        dev.close()


def test_the_phone_view_serves_on_the_rp2040s_own_firmware():
    """The pico2_w bundle's firmware/web and adafruit_httpserver (.mpy) as the code.py of an emulated
    Pico (CircuitPython 10.3's own RP2040 firmware, tools/board; socketpool.py on its drive, the
    Pico having no radio): the page, the document, a 304 for an unchanged game and twenty polls
    in a row are answered, and the heap the web part takes there (a 32-bit board's) is more than
    the ~84 KB a game leaves on an RP2040 could give beside a margin (why the Pico W is not
    offered: README.md, docs/PHONES.md)."""
    r, why = web.on_board()
    if r is None:
        pytest.skip("phone view on the RP2040's firmware skipped: %s" % why)
    assert r.ended and not r.failed, "failed: %s\n%s" % (r.failed, r.output[-3000:])
    for check in ("page", "document", "unchanged game: 304 and nothing else", "HEAD",
                  "HEAD of the document: its version, no body", "20 polls in a row: each a 304",
                  "10 polls in a row: each a 200", "after a hand: the new document"):
        assert check in r.ok, "%s did not run:\n%s" % (check, r.output[-3000:])
    # what the RP2040's game keeps free at its lowest (~84 KB, docs/BENCH.md) would be halved, or worse
    assert r.figures["heap_web"] > 40 * 1024
