# Rödskägg scorekeeper. `make run` tries the product, `make test` runs every check.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STUBS := .venv-stubs
BOARD ?= pico

.PHONY: setup help run test lint typecheck pytest mptest bench soak bundle release openscad deploy gallery clean browser

# `make` alone sets up .venv, as it always has (docs/BENCH.md's commands and a newcomer's first step
# need it, and it runs nothing long), then points at `make help`.
.DEFAULT_GOAL := setup
## make            set up .venv (the Python tools every target uses): about 1 min the first time, then nothing
setup: $(BIN)/.installed
	@echo ".venv is ready; make help lists every target"

# Every target a user runs, one line each (the lines starting "## make" in this file), with how long
# it usually takes on the development machine (2 cores; longer when other work shares them).
## make help       this list; instant
help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

$(BIN)/.installed: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

# The board tier's Node side (rp2040js, pinned by tools/board/package-lock.json), where npm exists;
# without it the board tier's tests skip, saying so.
NODE_DEPS := tools/board/node_modules/.installed
$(NODE_DEPS): tools/board/package-lock.json
	@if command -v npm >/dev/null 2>&1; then cd tools/board && npm ci --silent --no-audit --no-fund && touch node_modules/.installed; \
	else echo "npm not found: the board tier (tools/board) will be skipped"; fi

# The phone view's browser tests (host_tests/test_web_browser.py): Debian's chromium, driven by
# Playwright, and Safari's engine, Debian's webkit2gtk-driver (WebKitWebDriver and its MiniBrowser)
# driven by Selenium in an Xvfb display (requirements-dev.txt); installed when missing and root,
# else that engine's tests skip, saying so.
## make browser    install Debian's chromium and webkit2gtk-driver for the phone view's browser tests, when missing and root (a minute or two; else nothing)
BROWSER_PACKAGES := chromium webkit2gtk-driver xvfb xauth
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/WebKitWebDriver ] && command -v Xvfb >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null \
	  || echo "$(BROWSER_PACKAGES) could not be installed: the browser tests of those missing will be skipped"; \
	else echo "chromium or webkit2gtk-driver not found (not root, or no apt-get): their browser tests will be skipped"; fi

$(STUBS)/.installed: requirements-typecheck.txt
	$(PY) -m venv $(STUBS)
	$(STUBS)/bin/pip install -q --disable-pip-version-check -r requirements-typecheck.txt
	touch $@

## make run        the device in your terminal: the simulator (BOARD=pico_242 etc.); opens in a few seconds
run: $(BIN)/.installed
	$(BIN)/python -m tools.sim --board $(BOARD)

## make test       every check: lint, typecheck, pytest, mptest; about 12-13 min
test: lint typecheck pytest mptest

## make lint       ruff over the tree; about 1 s
lint: $(BIN)/.installed
	$(BIN)/ruff check .

## make typecheck  mypy over firmware/, code.py, boot.py; about 10 s (40 s the first time: its own .venv-stubs)
typecheck: $(STUBS)/.installed
	$(STUBS)/bin/python tools/check/typecheck.py

# one worker per core (pytest-xdist), a test file per worker at a time: the board tier's module-wide
# fixtures run once, and its emulated boards share the machine with the other files' tests
## make pytest     the host, VM and board tiers (host_tests/, a worker per core); about 9-10 min
pytest: $(BIN)/.installed $(NODE_DEPS) openscad browser
	$(BIN)/python -m pytest -q -rs -n auto --dist loadfile host_tests

## make mptest     the portable tests on MicroPython and CircuitPython's VM; about 30 s
mptest: $(BIN)/.installed
	$(BIN)/python tools/vm/mptest.py

## make bench      every figure of docs/BENCH.md, per part (python -m tools.bench PART runs one); about 1 h 50 min
bench: $(BIN)/.installed $(NODE_DEPS)
	$(BIN)/python -m tools.bench

# An evening on the emulated Pico (tools/bench/soak.py): three 7-player games; not part of make test.
## make soak       an evening of three 7-player games on the emulated Pico; about 15-23 min
soak: $(BIN)/.installed $(NODE_DEPS)
	$(BIN)/python -m tools.bench.soak

## make bundle     build/CIRCUITPY/ for BOARD (default pico), checked; about 5-10 s
bundle: $(BIN)/.installed
	$(BIN)/python -m tools.build.bundle --board $(BOARD)

# What a builder copies (tools/build/release.py): per board profile a .mpy zip (CircuitPython's
# mpy-cross, where found) and a .py zip for the CIRCUITPY drive, the enclosures as STL (OpenSCAD).
## make release    build/release/: the zips of every profile and the enclosures' STL files; about 1 min
release: $(BIN)/.installed openscad
	$(BIN)/python -m tools.build.release

# OpenSCAD renders the enclosures (make release, host_tests/test_wiring_enclosure.py): Debian's
# package, installed when missing and we are root (the lists fetched first when apt knows none);
# otherwise make release and the test each say in one line that the STL is skipped.
## make openscad   install OpenSCAD (the enclosures' STL), when missing and root (a minute or two; else nothing)
openscad:
	@command -v openscad >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1 \
		|| apt-get install -y -q --no-install-recommends openscad >/dev/null 2>&1 \
		|| { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends openscad >/dev/null 2>&1; } \
		|| true

## make deploy     make bundle, then copy it onto a mounted CIRCUITPY drive (DRIVE=path); about 10 s
deploy: bundle
	$(BIN)/python -m tools.build.deploy $(if $(DRIVE),--drive $(DRIVE),)

## make gallery    docs/gallery/ and docs/GALLERY.md from scripted simulator runs; about 40 s
gallery: $(BIN)/.installed browser
	$(BIN)/python -m tools.drawings.gallery
	$(BIN)/python -m tools.drawings.phones

## make clean      remove build/ and the caches (not .venv); instant
clean:
	rm -rf build .pytest_cache .mypy_cache .hypothesis
