# Rödskägg scorekeeper. `make run` tries the product, `make test` runs every check.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STUBS := .venv-stubs
BOARD ?= pico

.PHONY: run test lint typecheck pytest mptest bench soak bundle release openscad deploy gallery clean browser

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

run: $(BIN)/.installed
	$(BIN)/python -m tools.sim --board $(BOARD)

test: lint typecheck pytest mptest

lint: $(BIN)/.installed
	$(BIN)/ruff check .

typecheck: $(STUBS)/.installed
	$(STUBS)/bin/python tools/check/typecheck.py

# one worker per core (pytest-xdist), a test file per worker at a time: the board tier's module-wide
# fixtures run once, and its emulated boards share the machine with the other files' tests
pytest: $(BIN)/.installed $(NODE_DEPS) openscad browser
	$(BIN)/python -m pytest -q -rs -n auto --dist loadfile host_tests

mptest: $(BIN)/.installed
	$(BIN)/python tools/vm/mptest.py

bench: $(BIN)/.installed $(NODE_DEPS)
	$(BIN)/python -m tools.bench

# An evening on the emulated Pico (tools/bench/soak.py): three 7-player games; not part of make test.
soak: $(BIN)/.installed $(NODE_DEPS)
	$(BIN)/python -m tools.bench.soak

bundle: $(BIN)/.installed
	$(BIN)/python -m tools.build.bundle --board $(BOARD)

# What a builder copies (tools/build/release.py): per board profile a .mpy zip (CircuitPython's
# mpy-cross, where found) and a .py zip for the CIRCUITPY drive, the enclosures as STL (OpenSCAD).
release: $(BIN)/.installed openscad
	$(BIN)/python -m tools.build.release

# OpenSCAD renders the enclosures (make release, host_tests/test_wiring_enclosure.py): Debian's
# package, installed when missing and we are root (the lists fetched first when apt knows none);
# otherwise make release and the test each say in one line that the STL is skipped.
openscad:
	@command -v openscad >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1 \
		|| apt-get install -y -q --no-install-recommends openscad >/dev/null 2>&1 \
		|| { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends openscad >/dev/null 2>&1; } \
		|| true

deploy: bundle
	$(BIN)/python -m tools.build.deploy $(if $(DRIVE),--drive $(DRIVE),)

gallery: $(BIN)/.installed browser
	$(BIN)/python -m tools.drawings.gallery
	$(BIN)/python -m tools.drawings.phones

clean:
	rm -rf build .pytest_cache .mypy_cache .hypothesis
