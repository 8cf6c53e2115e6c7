"""While a match is on, no automatic full garbage collection lands in a
frame or a think slice (``game.memory``): within a deal a bot's caches grow
by tens of thousands of objects, and a full collection of them took 7-27 ms
inside a slice."""

import gc
import json
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from game.engine.caches import keep_latest
from game.families import preset
from game.memory import refresh, settle
from game.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.real_memory  # the collector itself, not the suite's stand-in


@pytest.fixture
def collections():
    seen: list[int] = []

    def note(phase, info):
        if phase == "start":
            seen.append(info["generation"])

    before = gc.get_threshold()
    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)
    gc.set_threshold(*before)
    gc.unfreeze()
    gc.collect()


@pytest.mark.parametrize("quiet", [settle, refresh])
def test_a_match_collects_the_middle_generation_every_third_young_collection(quiet):
    before = gc.get_threshold()
    try:
        quiet()
        # a middle collection scans what three young ones kept, not ten's
        assert gc.get_threshold()[1] == 3
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


@pytest.mark.parametrize("quiet", [settle, refresh])
def test_after_a_quiet_moment_a_growing_cache_starts_no_full_collection(collections, quiet):
    quiet()
    collections.clear()  # refresh's own full collection is the quiet moment's
    cache = [[i] for i in range(400_000)]  # long-lived containers, as a solver's tables
    assert len(cache) == 400_000
    assert 1 in collections  # the young collections still ran and promoted them
    assert 2 not in collections


def test_a_simulation_collects_fully_only_at_deal_ends_and_puts_the_settings_back(
        collections):
    gc.set_threshold(700, 10, 1)  # Python would start a full collection very often
    simulate(preset("points"), 2, 3, 1, ["greedy"])
    # one full collection as the batch starts (refresh), one at each of the
    # three deals' ends (settle), none started by Python itself
    assert collections.count(2) == 1 + 3
    assert gc.get_threshold() == (700, 10, 1)
    assert gc.get_freeze_count() == 0


class _Table(dict):
    """A cut's table that a weak reference can watch."""


@pytest.mark.parametrize("quiet", [settle, refresh])
def test_the_quiet_moment_frees_the_tables_a_solver_let_go(quiet):
    # freeing a search bot's table of one cut (15,700 entries) took 22 ms:
    # done at a deal's end (settle) or a match's start (refresh), not when
    # the next cut's table is made, inside a think slice
    before = gc.get_threshold()
    tables = {cut: _Table() for cut in "ab"}
    gone = weakref.ref(tables["a"])
    keep_latest(tables, 1)
    try:
        assert gone() is not None
        quiet()
        assert gone() is None
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def test_after_a_deal_no_large_cache_is_left_to_turn_young_again():
    # a deal's full collection untracks an exact dict of untracked entries,
    # and an insertion of a new tuple makes it young: every young collection
    # after it walks it (2-3 ms for 32,768 entries, inside think slices).
    # In a process of its own, so that what other tests ran does not count.
    run = subprocess.run([sys.executable, "-m", "tests.engine.young_tables"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.splitlines()[-1])
    assert report["large"] >= 20  # the deals filled the caches it looks at
    assert report["turn_young"] == []
