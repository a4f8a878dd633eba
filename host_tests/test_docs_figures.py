"""Every figure and count the docs state that the code gives in seconds, held to the code: the
board profiles and how many builds, the bundle's size and files per profile, the buttons' scan,
bounce and long press, the loop's sleeps, the screen saver, the NVM's sizes and pages, the words'
cache, the page and the document of the phone view, the presses per typical hand and of the
set-up, the durations make help, the README and docs/TESTING.md give. Each figure is read from
the doc's own sentence by a narrow pattern, so a changed figure (in the doc or the code) fails
here. Figures that need an emulator stay in docs/BENCH.md with the commit they were measured at."""

import os
import re
import subprocess

import pytest

from firmware.device import boards, bringup, buttons
from firmware.ui import app as app_module

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
TOLERANCE = 0.05  # "about N KB": within 5% of what the code builds (as the docs say)


def raw(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def doc(path):
    """The doc's text with every run of white space one space (sentences wrap anywhere)."""
    return re.sub(r"\s+", " ", raw(path))


def one(pattern, path):
    """The groups of the one place pattern matches in the doc (a figure stated once)."""
    found = re.findall(pattern, doc(path))
    assert len(found) == 1, "%s: %r found %d times" % (path, pattern, len(found))
    return found[0]


def count_word(word):
    return NUMBERS.index(word.lower())


# ---------------------------------------------------------------------------- profiles


def test_every_profile_is_a_build_of_the_readme_and_hardware_readme_and_the_counts_agree():
    profiles = sorted(boards.PROFILES)
    assert "pico2_w" in profiles and "pico" in profiles  # the Wi-Fi ones (wifi.py) and the others
    assert count_word(one(r"One firmware, (\w+) builds; each is a \*\*board profile\*\*", "README.md")) \
        == len(profiles)
    assert count_word(one(r"(\w+) builds, each a \*\*board profile\*\* in", "hardware/README.md")) == len(profiles)
    assert count_word(one(r"- (\w+) boards: the Pico with", "CHANGELOG.md")) == len(profiles)
    table = re.search(r"\| build \(profile\) \|.*?\n\n", raw("README.md"), re.S).group(0)
    named = set(re.findall(r"`(\w+)`", "".join(ln.split("|")[1] for ln in table.splitlines()[2:] if ln)))
    assert named == set(profiles), "README's table of builds names %s" % sorted(named)
    hardware = doc("hardware/README.md")
    for name in profiles:
        assert "| `%s` |" % name in hardware, "hardware/README.md has no row for %s" % name
    listed = one(r"`RODSKAGG_BOARD` picks a profile of `firmware/device/boards.py` \(([^)]*)\)",
                 "docs/ARCHITECTURE.md")
    assert sorted(re.findall(r"`(\w+)`", listed)) == profiles


def test_the_board_bench_plays_every_rp2040_profile_as_docs_bench_says():
    from tools.bench import board

    rp2040 = sorted(name for name, p in boards.PROFILES.items() if not p.get("wifi"))
    assert sorted(board.PROFILES) == rp2040
    assert count_word(one(r"\(all (\w+) RP2040 profiles when none is named", "docs/BENCH.md")) == len(rp2040)


# ---------------------------------------------------------------------------- the bundle


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    """{profile: (bytes, files, KiB it takes on a 1 MB drive)} of the .py bundle of every profile, as
    make bundle builds it."""
    from tools.build.bundle import build, tree_files

    out = {}
    for name in sorted(boards.PROFILES):
        b = build(name, out=tmp_path_factory.mktemp(name) / "CIRCUITPY", check=False)
        label, _usable, used, _fits = b.fits[0]
        assert label == "1 MB"
        out[name] = (b.raw, len(tree_files(b.out)), used // 1024)
    return out


def near(stated_kb, measured_bytes):
    return abs(stated_kb * 1000 - measured_bytes) <= TOLERANCE * measured_bytes


def test_the_bundles_size_and_files_as_hardware_readme_states_them(bundles):
    kb, files, wifi_kb, wifi_files = one(
        r"about (\d+) KB in (\d+) files as `\.py` \(the Wi-Fi builds about (\d+) KB in (\d+) files\)",
        "hardware/README.md")
    assert "these sizes within 5%" in doc("hardware/README.md")
    for name, (size, n, _drive) in bundles.items():
        stated = (int(wifi_kb), int(wifi_files)) if boards.PROFILES[name].get("wifi") else (int(kb), int(files))
        assert near(stated[0], size), "%s: %d bytes, hardware/README.md says about %d KB" % (name, size, stated[0])
        assert n == stated[1], "%s: %d files, hardware/README.md says %d" % (name, n, stated[1])


def test_the_bundles_size_and_files_as_docs_bench_states_them(bundles):
    row = one(r"\| the CIRCUITPY files as `\.py` \| ([^|]*) \|", "docs/BENCH.md")
    groups = re.findall(r"((?:`\w+`(?:, )?)+): \*\*(\d+) KB in (\d+) files\*\*", row)
    assert len(groups) == 2, row
    said = {}
    for names, kb, files in groups:
        for name in re.findall(r"`(\w+)`", names):
            said[name] = (int(kb), int(files))
    assert sorted(said) == sorted(boards.PROFILES)
    for name, (size, n, _drive) in bundles.items():
        assert near(said[name][0], size), "%s: %d bytes, docs/BENCH.md says %d KB" % (name, size, said[name][0])
        assert n == said[name][1], "%s: %d files, docs/BENCH.md says %d" % (name, n, said[name][1])
    drive = one(r"\| on the drive \| (\d+) KiB and (\d+) KiB of a 1 MB drive's ~(\d+) KiB usable as `\.py`",
                "docs/BENCH.md")
    from tools.build.bundle import fits

    # within the sizes' 5%, as the row above: a figure that moves with every firmware change
    for said_kib, name in ((drive[0], "pico"), (drive[1], "pico2_w")):
        assert abs(int(said_kib) - bundles[name][2]) <= TOLERANCE * bundles[name][2], (name, drive, bundles[name])
    assert int(drive[2]) == fits([0, 0])[0][1] // 1024


def test_the_mpy_bundles_size_as_docs_bench_states_it(tmp_path):
    from tools.build.bundle import build, tree_files
    from tools.shared import mpy_cross

    tool = mpy_cross()
    if not tool:
        pytest.skip("CircuitPython's mpy-cross not found: the .mpy sizes not checked")
    pico, wifi = one(r"\*\*(\d+) KB\*\* \(`pico`\) and \*\*(\d+) KB\*\* \(`pico2_w`\) in the same files",
                     "docs/BENCH.md")
    for name, kb in (("pico", pico), ("pico2_w", wifi)):
        b = build(name, out=tmp_path / name, mpy_cross=tool, check=False)
        assert near(int(kb), b.raw), "%s: %d bytes as .mpy, docs/BENCH.md says %s KB" % (name, b.raw, kb)
        assert len(tree_files(b.out)) == len(tree_files(build(name, out=tmp_path / (name + "-py"), check=False).out))


# ---------------------------------------------------------------------------- buttons and the loop


def test_the_buttons_scan_bounce_and_long_press_as_the_docs_state_them():
    scan_ms = round(bringup.SCAN_S * 1000)
    assert int(one(r"CircuitPython's `keypad` scans them every (\d+) ms", "hardware/README.md")) == scan_ms
    assert int(one(r"`keypad` scans every (\d+) ms and reports each change", "docs/ARCHITECTURE.md")) == scan_ms
    assert int(one(r"The keypad scans every (\d+) ms", "docs/BENCH.md")) == scan_ms
    bounce = one(r"a press shorter than (\d+) ms, or one within (\d+) ms of the key's last release",
                 "hardware/README.md")
    assert bounce == (str(buttons.DEBOUNCE_MS),) * 2
    bounce = one(r"a press under (\d+) ms, or one within (\d+) ms of the key's last release", "docs/ARCHITECTURE.md")
    assert bounce == (str(buttons.DEBOUNCE_MS),) * 2
    assert int(one(r"turns a hold of (\d+) ms into a long press", "hardware/README.md")) == buttons.LONG_MS
    assert float(one(r"a \*long\* press \(held (\d\.\d) s\)", "docs/USER_GUIDE.md")) * 1000 == buttons.LONG_MS
    assert float(one(r"\(håll minst (\d,\d) s\)", "docs/USER_GUIDE.md").replace(",", ".")) * 1000 == buttons.LONG_MS
    assert int(one(r"held >= (\d+) ms emits `\*_LONG` once", "docs/ARCHITECTURE.md")) == buttons.LONG_MS
    assert "ignores chords" not in doc("hardware/README.md")  # overlapping keys each count (n-key rollover)


def loop_sleeps_ms():
    """(while a key is down or a job waits, otherwise) in ms: code.py's pause at the end of each pass of
    its loop."""
    with open(os.path.join(ROOT, "code.py"), encoding="utf-8") as f:
        down, idle = re.search(r"dev\.sleep\(([\d.]+) if buttons\.down or app\.jobs else ([\d.]+)\)", f.read()).groups()
    return round(float(down) * 1000), round(float(idle) * 1000)


def test_the_loops_sleeps_and_the_screen_saver_as_the_docs_state_them():
    down, idle = loop_sleeps_ms()
    stated = one(r"code\.py's loop, which sleeps (\d+) ms while a key is down or a job waits \((\d+) ms otherwise\)",
                 "docs/ARCHITECTURE.md")
    assert (int(stated[0]), int(stated[1])) == (down, idle)
    stated = one(r"the loop looks every (\d+) ms while a key is held or a job waits \((\d+) ms otherwise\)",
                 "docs/BENCH.md")
    assert (int(stated[0]), int(stated[1])) == (down, idle)
    assert int(one(r"main loop with (\d+) ms sleeps", "hardware/README.md")) == idle
    saver = (app_module.DIM_MS // 60000, app_module.BLANK_MS // 60000)
    stated = one(r"dims the display after (\d+) minutes without a press and blanks it after (\d+)",
                 "hardware/README.md")
    assert (int(stated[0]), int(stated[1])) == saver
    stated = one(r"the screen dims after (\d+) minutes and blanks after (\d+)", "docs/USER_GUIDE.md")
    assert (int(stated[0]), int(stated[1])) == saver


def test_the_watchdog_and_the_words_cache_as_docs_architecture_states_them():
    from firmware import words

    with open(os.path.join(ROOT, "code.py"), encoding="utf-8") as f:
        watchdog_s = int(re.search(r"^WATCHDOG_S = (\d+)$", f.read(), re.M).group(1))
    assert int(one(r"\(`bringup\.watch`, (\d+) s,", "docs/ARCHITECTURE.md")) == watchdog_s
    lo, hi, gen = one(r"`tr` keeps the last (\d+)-(\d+) \(two generations of (\d+)\)", "docs/ARCHITECTURE.md")
    assert (int(lo), int(hi), int(gen)) == (words.CACHE, 2 * words.CACHE, words.CACHE)
    assert int(one(r"two generations of (\d+) cached", "docs/ARCHITECTURE.md")) == words.CACHE


# ---------------------------------------------------------------------------- the NVM


def test_the_nvm_sizes_sectors_and_pages_as_the_docs_state_them():
    from tools import board
    from tools.sim import fakes

    sizes = one(r"\((\d+) B on SAMD21, (\d+) KB on RP2040, (\d+) KB on SAMD51\)", "docs/STORAGE.md")
    assert (int(sizes[0]), int(sizes[1]) * 1024, int(sizes[2]) * 1024) == (
        fakes.BOARD_SIZES["samd21"], fakes.BOARD_SIZES["rp2040"], fakes.BOARD_SIZES["samd51"])
    pages = one(r"SAMD21: the (\d+)-byte row in (\d+)-byte pages; SAMD51: the (\d+) KB block in (\d+)-byte pages; "
                r"RP2040: the (\d+) KB sector in (\d+)-byte pages", "docs/STORAGE.md")
    for (sector, page), size in zip(((pages[0], pages[1]), (pages[2], pages[3]), (pages[4], pages[5])),
                                    (256, 8192, 4096)):
        sector = int(sector) * (1 if size == 256 else 1024)
        assert sector == fakes.ERASE_SECTOR[size] and int(page) == fakes.PROGRAM_PAGE[sector]
    assert int(one(r"saved in the RP2040's (\d+) KiB NVM", "hardware/README.md")) * 1024 == board.NVM_SIZE \
        == fakes.BOARD_SIZES["rp2040"]


def test_a_saved_hands_bytes_as_docs_bench_states_them():
    from firmware.core import score
    from firmware.store import codec

    def frame(entry, players):
        return len(codec.frame_commit(0, codec.encode_ops([(None, 0, entry)], players))[0])

    four, seven = one(r"one slice write of (\d+) bytes \(a fem hand, 4 players\) or (\d+) \(7 players\)",
                      "docs/BENCH.md")
    assert int(four) == frame((score.PLAY, (2, 3, -1, -1), -1, ()), 4)
    assert int(seven) == frame((score.PLAY, (2, 3, -1, -1, 0, -1, -1), 1, ()), 7)


# ---------------------------------------------------------------------------- the phone view


def test_the_page_and_the_document_as_the_docs_state_them():
    from firmware.web.sheet import Sheet
    from tools.bench import web

    with open(web.PAGE, "rb") as f:
        page = len(f.read())
    assert int(one(r"\| the page \(`firmware/web/page\.html`: HTML, CSS, script\) \| \*\*(\d+) bytes\*\*",
                   "docs/BENCH.md")) == page
    assert abs(float(one(r"nothing from the internet, (\d+\.\d) KB \(`make bench` prints its size\)",
                         "docs/PHONES.md")) * 1000
               - page) < 50
    series = web.knack7()
    sv, en = one(r"a 7-player knack game of 40 hands \| \*\*(\d+) bytes\*\* \(Swedish\), (\d+) \(English\)",
                 "docs/BENCH.md")
    assert int(sv) == len(Sheet("0000").body(web._App(series, "sv")))
    assert int(en) == len(Sheet("0000").body(web._App(series, "en")))


def test_the_charts_hands_and_the_roster_as_the_user_guide_states_them():
    from firmware.ui import gameplan
    from firmware.ui.screens import chart

    assert int(one(r"\*\*Chart\*\* \(the last (\d+) hands", "docs/USER_GUIDE.md")) == chart.CHART_HANDS
    assert int(one(r"\*\*Diagram\*\* \(de (\d+) senaste givarna", "docs/USER_GUIDE.md")) == chart.CHART_HANDS
    assert int(one(r"remembers the names it has seen \(up to (\d+)\)", "docs/USER_GUIDE.md")) == gameplan.ROSTER_MAX
    assert int(one(r"minns namnen den sett \(upp till (\d+)\)", "docs/USER_GUIDE.md")) == gameplan.ROSTER_MAX


def test_the_phone_views_timings_and_limits_as_docs_phones_states_them():
    from firmware.web import phones

    with open(os.path.join(ROOT, "firmware", "web", "page.html"), encoding="utf-8") as f:
        poll_ms = int(re.search(r"setTimeout\(poll,(\d+)\)", f.read()).group(1))
    assert int(one(r"Every (\d+) seconds the page asks for `/state\.json`", "docs/PHONES.md")) * 1000 == poll_ms
    assert int(one(r"nothing until (\d+) s have passed, then `408`", "docs/PHONES.md")) * 1000 == phones.HEAD_MS
    assert int(one(r"sends a header over (\d+) KB \(a 10 KB one\) \| `431`", "docs/PHONES.md")) * 1024 \
        == phones.MAX_HEAD
    assert int(one(r"comes when (\d+) connections are open \| `503`", "docs/PHONES.md")) == phones.MAX_OPEN
    assert float(one(r"let go after (\d\.\d) s \(the longest", "docs/PHONES.md")) == phones.SEND_S
    assert int(one(r"the device starts it again every (\d+) s until it works", "docs/PHONES.md")) * 1000 \
        == phones.RETRY_MS
    down, idle = loop_sleeps_ms()
    assert one(r"where code\.py's loop pauses \((\d+) ms while a key is held, else (\d+) ms\)", "docs/PHONES.md") \
        == (str(down), str(idle))


# ---------------------------------------------------------------------------- presses


def test_the_presses_per_typical_hand_and_of_the_setup_as_docs_bench_states_them():
    from tools.bench import ui

    typical = ui.typical_presses()
    stated = one(r"`fem` 4 players \*\*(\d\.\d\d)\*\*, `fem` 6 players \*\*(\d\.\d\d)\*\*, `bud` 5 players "
                 r"\*\*(\d\.\d\d)\*\*, `knack` 5 players \*\*(\d\.\d\d)\*\*; holds per hand (\d\.\d\d), (\d\.\d\d), "
                 r"(\d\.\d\d), (\d\.\d\d)", "docs/BENCH.md")
    tables = ("fem-4", "fem-6", "bud-5", "knack-5")
    assert list(stated[:4]) == ["%.2f" % (typical[t][1] / typical[t][0]) for t in tables]
    assert list(stated[4:]) == ["%.2f" % (typical[t][2] / typical[t][0]) for t in tables]
    setup = dict(ui.setup_presses())
    stated = one(r"the same table again \*\*(\d+)\*\* \(Start!\); a known table of 4 as it sat \*\*(\d+)\*\*; "
                 r"4 known names seated anew (\d+); one new name spelled \(Göran\) (\d+)", "docs/BENCH.md")
    assert [int(n) for n in stated] == [setup["the same table again (next dealer)"],
                                        setup["a known table of 4 (as it sat before)"],
                                        setup["4 known names, seated anew"],
                                        setup["a table with a new name (Göran)"]]


# ---------------------------------------------------------------------------- how long things take


def make_help():
    p = subprocess.run(["make", "--no-print-directory", "-s", "-C", ROOT, "help"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    return {m.group(1): m.group(2) for m in re.finditer(r"^make (\w+) +(.*)$", p.stdout, re.M)}


def test_the_durations_the_docs_give_are_make_helps_and_the_benchs_own():
    from tools.bench import EVERY_S, duration
    from tools.bench import __main__ as bench

    helped = make_help()
    bench_total = duration(sum(seconds for _n, _w, seconds in bench.PARTS))
    assert EVERY_S == 30  # the docs' "every 30 s"
    assert helped["bench"].endswith("about %s" % bench_total)
    test, bench_said, soak = one(r"`make test` takes about ([\d-]+) minutes, `make bench` about ([\dh min]+) \(it "
                                 r"says how long at its start, and what it does every 30 s\), `make soak` about "
                                 r"([\d-]+) minutes", "README.md")
    assert helped["test"].endswith("about %s min" % test)
    assert bench_said == bench_total
    assert helped["soak"].endswith("about %s min" % soak)
    assert one(r"it takes about ([\d-]+) minutes, nearly all of it pytest", "docs/TESTING.md") == test
    assert one(r"their usual lengths on this machine \(2 cores, shared with other work\), about ([\dh min]+) in all",
               "docs/BENCH.md") == bench_total
    low, high = (int(n) for n in soak.split("-"))
    soak_doc = one(r"\*\*(\d+) minutes\*\* on this machine \(2 cores\) when nothing else runs, (\d+) beside",
                   "docs/BENCH.md")
    assert (int(soak_doc[0]), int(soak_doc[1])) == (low, high)


# ---------------------------------------------------------------------------- the layers


def test_the_layer_table_names_every_module_of_firmware():
    table = dict(re.findall(r"^\| `firmware/(\w+)/` \| (.*) \|$", raw("docs/ARCHITECTURE.md"), re.M))
    for layer in sorted(os.listdir(os.path.join(ROOT, "firmware"))):
        folder = os.path.join(ROOT, "firmware", layer)
        if not os.path.isdir(folder) or layer == "__pycache__":
            continue
        assert layer in table, "docs/ARCHITECTURE.md's layer table has no row for firmware/%s/" % layer
        for name in sorted(os.listdir(folder)):
            stem = name[:-3] if name.endswith(".py") else name + "/" if os.path.isdir(os.path.join(folder, name)) \
                else None
            if stem in (None, "__init__", "__pycache__/"):
                continue
            assert "`%s`" % stem in table[layer], "docs/ARCHITECTURE.md's row of firmware/%s/ leaves out %s" % (
                layer, stem)

