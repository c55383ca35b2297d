# The two set-up commands: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BASE := $(VENV)/.installed-base
FULL := $(VENV)/.installed

.PHONY: install run play test lint typecheck unit bench clean

# `make run` needs only the package; `make test` adds the test tools and the optional extras
# (reports, research interfaces, Ray), so that playing stays a light install.
$(BASE): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(BASE)

$(FULL): $(BASE)
	$(BIN)/python -m pip install --quiet -e '.[dev,report,research,ray]'
	touch $(FULL)

install: $(FULL)

run: $(BASE)
	$(BIN)/warroom serve

play: $(BASE)
	$(BIN)/warroom play kessen --bot heuristic

lint: $(FULL)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(FULL)
	$(BIN)/mypy

unit: $(FULL)
	$(BIN)/pytest -n 2

test: lint typecheck unit

bench: $(FULL)
	$(BIN)/warroom bench
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
