# Two commands for a fresh machine: `make run` runs the bot, `make test` runs every check.
# Both create .venv and install what they need on first use (again when pyproject.toml changes).
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: run test bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/python bot.py $(ARGS)

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

bench: $(STAMP)
	$(VENV)/bin/python scripts/bench.py
