"""Run boot.py or code.py of a CIRCUITPY folder on CircuitPython's unix port, with the fakes.

    circuitpython -X heapsize=256k tools/vm/fakes/launch.py CONFIG

CONFIG holds ``key=value`` lines (written by tools/vm/device.py):
``drive`` (the CIRCUITPY folder, mounted at "/"), ``phase`` (boot or
code), ``nvm`` (host file of the flash), ``nvm_size``, ``sector``, ``mode``
(host file: "1" when boot.py gave the drive to the code), ``frames`` (host
file the display's frames go to), ``keys`` (the key script), ``board``
(pin names), ``display`` (the panel: ``ssd1306:128x64``), ``held`` (pins held down at boot),
``cut`` (power cut at an NVM write), ``tail`` (ms to run after the last key), ``wifi`` ("1": the
board's radio and sockets, wifi.py and socketpool.py, for the phone view).

Everything the fakes need from the host is opened before "/" becomes the
drive; then the file runs as ``__main__`` like on a board, until the power
goes off (the end of the script, a cut) or it ends. The last line of output
is ``END <reason>``.
"""

import binascii
import gc
import os
import sys


def read_config(path):
    cfg = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if "=" in line:
                k, v = line.split("=", 1)
                cfg[k] = v
    return cfg


class Frames:
    """Writes a frame (time ms, power, contrast, pages) whenever what the glass shows changed,
    from the first time the panel was switched on."""

    def __init__(self, f):
        self.f = f
        self.state = None
        self.version = None
        self.pixels = None  # the crc of the glass at version

    def __call__(self):
        panel = S.panel
        if panel is None or not panel.lit:
            return
        if panel.version != self.version:  # something was written: is the glass another?
            self.version = panel.version
            crc = [0]

            def add(page):
                crc[0] = binascii.crc32(page, crc[0])

            panel.glass(add)
            self.pixels = crc[0]
        state = (panel.on, panel.contrast, self.pixels)  # no copy of the pixels kept
        if state == self.state:
            return
        self.state = state
        t = S.now[0]
        self.f.write(bytes((t >> 24 & 0xFF, t >> 16 & 0xFF, t >> 8 & 0xFF, t & 0xFF,
                            1 if panel.on else 0, panel.contrast)))
        panel.glass(self.f.write)


def main():
    global S
    here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
    sys.path.insert(0, here)
    sys.path.append(here + "/../../sim")  # the panel's controller model (tools/sim/panel.py)
    import _fakestate as S

    cfg = read_config(sys.argv[1])
    S.cfg.update(cfg)
    phase = cfg.get("phase", "code")
    mode = cfg.get("mode")
    if mode:
        try:
            with open(mode) as f:
                writes = f.read().strip() == "1"
        except OSError:
            writes = False
        S.cfg["code_writes"] = "1" if writes else "0"
        S.files["mode"] = open(mode, "w")  # noqa: SIM115 (open for the whole run)
        S.files["mode"].write("1" if writes else "0")
        S.files["mode"].flush()
    frames = Frames(open(cfg["frames"], "wb")) if cfg.get("frames") else None  # noqa: SIM115

    import _displayio
    import _os
    import _time
    import board  # noqa: F401
    import busio  # noqa: F401
    import digitalio  # noqa: F401
    import keypad
    import microcontroller
    import storage  # noqa: F401
    import supervisor  # noqa: F401
    import watchdog  # noqa: F401

    if cfg.get("wifi") == "1":  # a Wi-Fi board: its radio and sockets (imported here: "/" is the drive next)
        import socketpool  # noqa: F401
        import wifi  # noqa: F401

    gc.collect()
    print("FAKES %d B of heap in use after the launcher and the fakes loaded" % gc.mem_alloc())
    sys.modules["displayio"] = _displayio
    sys.modules["time"] = _time
    sys.modules["os"] = _os
    end = keypad.end_ms(cfg.get("keys", "")) + int(cfg.get("tail", "2000"))

    low = [1 << 30, 0]  # the least free heap seen at a loop's sleep, and its time

    def power():
        free = gc.mem_free()
        if free < low[0]:
            low[0] = free
            low[1] = S.now[0]
        if S.now[0] >= end:
            raise S.PowerOff("end of the key script")

    if frames is not None:
        S.on_sleep.append(frames)
    S.on_sleep.append(power)
    readonly = phase == "code" and S.cfg.get("code_writes") != "1"
    S.cfg["readonly"] = "1" if readonly else "0"
    os.umount("/")
    os.mount(os.VfsPosix(cfg["drive"]), "/", readonly=readonly)
    os.chdir("/")
    sys.path[:] = ["", "/", ".frozen", "/lib"]
    name = "/boot.py" if phase == "boot" else "/code.py"
    with open(name) as f:
        source = f.read()
    code = compile(source, name[1:], "exec")
    del source
    gc.collect()
    reason = "code done"
    try:
        exec(code, {"__name__": "__main__", "__file__": name[1:]})
    except S.PowerOff as e:
        reason = "power off: %s" % e
    except BaseException as e:  # the file ended with an exception: on a board, the REPL prompt
        import traceback

        traceback.print_exception(e)
        reason = "crashed: %s: %s" % (type(e).__name__, e)
    if frames is not None:
        frames()
        frames.f.close()
    nvm = microcontroller.nvm
    if nvm is not None:
        print("NVM %d writes, %d erases" % (nvm.writes, nvm.erases))
    gc.collect()
    print("HEAP least free at a sleep %d B (at %d ms), free at the end after gc %d B, heap %d B"
          % (low[0], low[1], gc.mem_free(), gc.mem_free() + gc.mem_alloc()))
    print("END %d %s" % (S.now[0], reason))


main()
