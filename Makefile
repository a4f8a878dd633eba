# Rödskägg scorekeeper. `make run` tries the product, `make test` runs every check.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STUBS := .venv-stubs
BOARD ?= pico

.PHONY: run test lint typecheck pytest mptest bench bundle deploy gallery clean

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

$(STUBS)/.installed: requirements-typecheck.txt
	$(PY) -m venv $(STUBS)
	$(STUBS)/bin/pip install -q --disable-pip-version-check -r requirements-typecheck.txt
	touch $@

run: $(BIN)/.installed
	$(BIN)/python -m tools.sim

test: lint typecheck pytest mptest

lint: $(BIN)/.installed
	$(BIN)/ruff check .

typecheck: $(STUBS)/.installed
	$(STUBS)/bin/python tools/check/typecheck.py

pytest: $(BIN)/.installed $(NODE_DEPS)
	$(BIN)/python -m pytest -q -rs host_tests

mptest: $(BIN)/.installed
	$(BIN)/python tools/vm/mptest.py

bench: $(BIN)/.installed $(NODE_DEPS)
	$(BIN)/python -m tools.bench

bundle: $(BIN)/.installed
	$(BIN)/python -m tools.build.bundle --board $(BOARD)

deploy: bundle
	$(BIN)/python -m tools.build.deploy $(if $(DRIVE),--drive $(DRIVE),)

gallery: $(BIN)/.installed
	$(BIN)/python -m tools.drawings.gallery

clean:
	rm -rf build .pytest_cache .mypy_cache .hypothesis
