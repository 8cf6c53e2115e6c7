"""A pytest plugin for mutation testing only (``make mutation``, TESTING.md;
loaded through ``[tool.mutmut]``'s ``pytest_add_cli_args``, never by ``make
test``): every test starts with the caches of the mutated module empty.

mutmut learns which tests reach a function by running the selection once,
then runs only those tests against the function's mutants.  A cached
function is reached only by the first test that fills its cache: the
engine's action table (``core_specs``, cached per family in ``_TABLES``) by
the first test of each family, an evaluator's memoised search by whichever
test met the hand first.  Its mutants were then run against one unrelated
test and "survived" while the pool tests, say, fail on any of them.  With the
caches emptied before each test, every test that uses the function reaches
it, and each mutant meets the tests that can catch it."""

from __future__ import annotations

import importlib
import os

import pytest

# the module under mutation, as ``make mutation`` names it (game/x/y.py)
MODULE = os.environ.get("MUTATION_MODULE", "")


# each private upper-case dict of the modules as first seen, before any test:
# a cache is empty then, a table of constants (``_OWED_WHY``) is not
_FIRST_SEEN: dict[str, dict[str, dict]] = {}


def _reset(name: str) -> None:
    """Empty every memoised function of module ``name`` and put each of its
    private upper-case dicts (``_TABLES``, ``_COUNT_FLOOR``...) back to what it
    held when first seen."""
    module = importlib.import_module(name)
    dicts = {attr: value for attr, value in vars(module).items()
             if isinstance(value, dict) and attr.startswith("_") and attr.isupper()}
    first = _FIRST_SEEN.setdefault(name, {attr: dict(d) for attr, d in dicts.items()})
    for value in vars(module).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()
    for attr, d in dicts.items():
        d.clear()
        d.update(first.get(attr, {}))


# the engine's action tables, and the module under mutation (game/x/y.py)
MODULES = ["game.engine.game"]
if MODULE.endswith(".py") and MODULE[:-3].replace("/", ".") not in MODULES:
    MODULES.append(MODULE[:-3].replace("/", "."))


@pytest.fixture(autouse=True)
def _fresh_caches():
    for name in MODULES:
        _reset(name)
    yield
