"""A bounded solver cache forgets its oldest entries an eighth at a time
(``game.engine.caches.trim``), never all at once inside a think slice."""

from game.engine.caches import trim


def test_a_cache_past_its_size_forgets_its_oldest_eighth():
    cache = {k: k * k for k in range(100)}
    trim(cache, 80)  # 100 > 80: the oldest 80 // 8 = 10 go
    assert list(cache) == list(range(10, 100))
    assert cache[99] == 9801


def test_a_cache_within_its_size_keeps_everything():
    cache = {k: None for k in range(80)}
    trim(cache, 80)
    assert len(cache) == 80


def test_an_entry_written_again_keeps_its_place_by_first_writing():
    # dict order is first insertion: a rewrite does not make an entry young
    cache = {k: 0 for k in range(9)}
    cache[0] = 1
    trim(cache, 8)  # 9 > 8: the oldest 8 // 8 = 1 goes
    assert 0 not in cache and len(cache) == 8
