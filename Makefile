# Everything installs into a local .venv from pyproject.toml, so a fresh machine
# with Python 3.11+ needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# the suite runs in this many processes (pytest-xdist): one per core here
TEST_WORKERS ?= 2

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
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(TEST_WORKERS)

bench: $(STAMP)
	$(PY) -m game.bench

# The browser build: pygbag goes into the same venv (it has no dependencies, so
# no black that could reformat the code); tools/web_build.py packs a copy of the
# game offline, under a time limit, into $(WEB_OUT).
WEB_OUT ?= build/web
WEB_STAMP := $(VENV)/.web-installed

$(WEB_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[web]'
	touch $(WEB_STAMP)

web: $(WEB_STAMP)
	$(PY) tools/web_build.py --out '$(WEB_OUT)'

clean:
	rm -rf $(VENV) build/web

# Install and play offline: builds the site, installs playwright (the [offline] extra)
# into .venv, and checks in headless Chromium that the page, loaded once, starts again
# with its servers stopped (tools/offline_check.py; pygbag's CDN is a local stand-in).
# The browser is Debian's chromium: --install-browser runs `apt-get install chromium`
# when no Chromium is found (as root); playwright's own browser download is not used.
.PHONY: check-offline
OFFLINE_STAMP := $(VENV)/.offline-installed

$(OFFLINE_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[offline]'
	touch $(OFFLINE_STAMP)

check-offline: web $(OFFLINE_STAMP)
	$(PY) tools/offline_check.py --install-browser --site '$(WEB_OUT)' --screenshot build/offline-check.png
