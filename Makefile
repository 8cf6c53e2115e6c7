# Everything installs into a local .venv from pyproject.toml, so a fresh machine
# with Python 3.11+ needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
WEB_STAMP := $(VENV)/.web-installed
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

# the browser build's tools are installed before the suite starts: two of its
# tests build the page, and in two processes they raced to install them (pip
# failed on a fresh checkout)
test: $(STAMP) $(WEB_STAMP)
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(TEST_WORKERS)

bench: $(STAMP)
	$(PY) -m game.bench

# The browser build: pygbag goes into the same venv (it has no dependencies, so
# no black that could reformat the code); tools/web_build.py packs a copy of the
# game offline, under a time limit, into $(WEB_OUT).
WEB_OUT ?= build/web

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

# Mutation testing (TESTING.md), slow and so outside `make test`:
#   make mutation MODULE=game/families/thirteen/settle.py [TESTS="tests/..."] [MUTATION_JOBS=2]
#                 [MUTANTS="game.engine.game.x_core_specs*"]  (only these mutants)
# mutmut (the [mutation] extra) mutates that one module in a copy of the tree,
# build/mutation/<module>/, and runs against each mutant the tests of TESTS that
# reach the mutated function, fastest first, up to the first failure. TESTS
# defaults to the tests of the module's family (or the engine's); the survivors
# are listed at the end, and `cd build/mutation/<module> && ../../../.venv/bin/mutmut
# show NAME` shows one.
.PHONY: mutation
MUTATION_STAMP := $(VENV)/.mutation-installed
MUTATION_JOBS ?= 1
MUTATION_TESTS_thirteen := tests/engine/test_settlement.py tests/engine/test_settlement_result.py \
	tests/engine/test_solver_exact.py tests/engine/test_solver_tail.py tests/engine/test_evaluate.py \
	tests/engine/test_melds.py tests/engine/test_match_formats.py tests/engine/test_regression_seeds.py \
	tests/engine/test_count_speed.py
MUTATION_TESTS_twentyone := $(filter-out %_simulation.py,$(wildcard tests/engine/families/test_twentyone_*.py)) \
	tests/engine/test_count_speed.py
MUTATION_TESTS_marriage := $(filter-out %_play.py,$(wildcard tests/engine/families/test_marriage_*.py))
MUTATION_TESTS_vazhushal := $(filter-out %_simulation.py,$(wildcard tests/engine/families/test_vazhushal_*.py))
MUTATION_TESTS_engine := tests/engine/test_action_table.py tests/engine/test_every_move.py \
	tests/engine/test_reasons_in_words.py tests/engine/families/test_family_hooks.py \
	tests/engine/test_match_formats.py \
	tests/engine/test_settlement.py tests/engine/test_regression_seeds.py tests/families/tiny
MUTATION_FAMILY = $(if $(filter game/families/%,$(MODULE)),$(word 3,$(subst /, ,$(MODULE))),engine)
TESTS ?= $(MUTATION_TESTS_$(MUTATION_FAMILY))
MUTATION_DIR = build/mutation/$(subst /,.,$(basename $(MODULE)))

$(MUTATION_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[mutation]'
	touch $(MUTATION_STAMP)

# The copy gets [tool.mutmut]'s only_mutate and test selection set to MODULE and TESTS.
mutation: $(MUTATION_STAMP)
	@test -f '$(MODULE)' || { echo 'usage: make mutation MODULE=game/<path>.py [TESTS="tests/..."]'; exit 2; }
	rm -rf '$(MUTATION_DIR)' && mkdir -p '$(MUTATION_DIR)'
	cp -r game tests tools assets pyproject.toml '$(MUTATION_DIR)/'
	find '$(MUTATION_DIR)' -name __pycache__ -prune -exec rm -rf {} +
	sed -i -e 's|^only_mutate = .*|only_mutate = ["$(MODULE)"]|' \
		-e 's|^pytest_add_cli_args_test_selection = .*|pytest_add_cli_args_test_selection = [$(foreach t,$(TESTS),"$(t)",)]|' \
		'$(MUTATION_DIR)/pyproject.toml'
	start=$$(date +%s); cd '$(MUTATION_DIR)' && MUTATION_MODULE='$(MODULE)' '$(abspath $(VENV))/bin/mutmut' run \
		--max-children $(MUTATION_JOBS) $(MUTANTS); echo "mutation: $$(( $$(date +%s) - start )) s"
	cd '$(MUTATION_DIR)' && '$(abspath $(VENV))/bin/mutmut' results
