# One command to set up and start, one to set up and test. Everything installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: start test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	touch $(STAMP)

## start: set up and start the bot (or, without a token, the terminal table)
start: $(STAMP)
	$(BIN)/tischrunde start

## test: set up and run the whole test suite
test: $(STAMP)
	$(BIN)/python -m pytest

## lint: ruff, as CI runs it
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## bench: engine, storage, picture, service, click and start-up benchmarks (RLCard, a benchmark-only extra, is the yardstick)
bench: $(STAMP)
	$(BIN)/python bench/engines.py
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/pictures.py
	$(BIN)/python bench/clocks.py
	$(BIN)/python bench/service.py
	$(BIN)/python bench/click.py
	$(BIN)/python bench/startup.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
