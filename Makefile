# Everything installs into a local .venv from pyproject.toml, so a fresh machine
# with Python 3.11+ needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench web clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m game.bench

clean:
	rm -rf $(VENV) build/web
