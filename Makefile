# One command to set up and start, one to set up and test. Everything installs into .venv, at the
# exact versions in requirements/*.txt (every transitive dependency locked, with hashes): a game
# that lasts a week must not change under an upgrade of a library we never named.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
# uv only resolves the locks (`make lock`); installs go through pip and the lock files.
UV_VERSION := 0.13.9
# uv keeps every version already in the lock unless pyproject.toml asks otherwise; UPGRADE=1
# moves all transitive dependencies to their newest releases.
LOCK_FLAGS := --python-version 3.11 --python-platform linux --generate-hashes --no-header --quiet \
	$(if $(UPGRADE),--upgrade)

.PHONY: start test lint bench lock clean

# The lock installs first, hash-checked; then the project itself without dependencies (pip cannot
# hash an editable checkout). `pip check` fails if pyproject.toml names a dependency the lock
# lacks, that is when `make lock` was forgotten.
$(STAMP): pyproject.toml requirements/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements/dev.txt
	$(BIN)/pip install --quiet --no-deps -e .
	$(BIN)/pip check
	touch $(STAMP)

# RLCard and numpy are only the benchmark's yardstick: no bot host or test run installs them.
$(BENCH_STAMP): $(STAMP) requirements/bench.txt
	$(BIN)/pip install --quiet --require-hashes -r requirements/bench.txt
	$(BIN)/pip check
	touch $(BENCH_STAMP)

## start: set up and start the bot (or, without a token, the terminal table)
start: $(STAMP)
	$(BIN)/tischrunde start

## test: set up and run the whole test suite (PostgreSQL's server binaries are installed first
## where they are missing: the storage tests start throw-away servers)
test: $(STAMP)
	tools/ensure_postgres.sh
	$(BIN)/python -m pytest

## lint: ruff and mypy (strict for games.core, tables and storage; see pyproject.toml), as CI runs it
# Every bench script is checked, in two groups. Mypy puts a script's folder first on its path:
# right for these, which import each other (peeking.py imports strength.py) ...
TYPED_BENCH := bench/strength.py bench/peeking.py bench/engines.py bench/pairing.py \
	bench/scherbia_actions.py bench/search_picks.py bench/stardust_engine.py \
	bench/stardust_strategy.py bench/coppertwaddle_balance.py bench/restamp_record.py \
	bench/coppertwaddle_questions.py bench/search_budget.py
# ... wrong for these, named like the packages they measure or importing those (bench/storage.py
# would be taken for the package storage): they are checked as modules of the folder bench
# (--explicit-package-bases), where `storage` is the package.
PACKAGE_NAMED_BENCH := bench/storage.py bench/pictures.py bench/click.py bench/clocks.py \
	bench/service.py bench/startup.py bench/retention.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/mypy $(TYPED_BENCH)
	$(BIN)/mypy --explicit-package-bases $(PACKAGE_NAMED_BENCH)

## bench: engine, storage, picture, service, click, start-up and retention benchmarks (RLCard, a benchmark-only extra, is the yardstick)
bench: $(BENCH_STAMP)
	$(BIN)/python bench/engines.py
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/pictures.py
	$(BIN)/python bench/clocks.py
	$(BIN)/python bench/service.py
	$(BIN)/python bench/click.py
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/retention.py

## lock: re-resolve requirements/*.txt from pyproject.toml (after changing a pin there)
# bench.txt is resolved first and constrains the other two, so all three agree on every version.
lock: $(STAMP)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(BIN)/uv pip compile pyproject.toml --extra dev --extra bench $(LOCK_FLAGS) \
		-o requirements/bench.txt
	$(BIN)/uv pip compile pyproject.toml --extra dev $(LOCK_FLAGS) \
		-c requirements/bench.txt -o requirements/dev.txt
	$(BIN)/uv pip compile pyproject.toml $(LOCK_FLAGS) \
		-c requirements/bench.txt -o requirements/runtime.txt

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
