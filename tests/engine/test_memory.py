"""While a match is on, no automatic full garbage collection lands in a
frame or a think slice (``game.memory``): within a deal a bot's caches grow
by tens of thousands of objects, and a full collection of them took 7-27 ms
inside a slice."""

import gc

import pytest

from game.memory import refresh, settle


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
def test_after_a_quiet_moment_a_growing_cache_starts_no_full_collection(collections, quiet):
    quiet()
    collections.clear()  # refresh's own full collection is the quiet moment's
    cache = [[i] for i in range(400_000)]  # long-lived containers, as a solver's tables
    assert len(cache) == 400_000
    assert 1 in collections  # the young collections still ran and promoted them
    assert 2 not in collections
