"""A bounded solver cache forgets its oldest entries a sixty-fourth at a
time (``game.engine.caches.trim``), never all at once inside a think slice."""

from game.engine.caches import trim


def test_a_cache_past_its_size_forgets_its_oldest_sixty_fourth():
    cache = {k: k * k for k in range(700)}
    trim(cache, 640)  # 700 > 640: the oldest 640 // 64 = 10 go
    assert list(cache) == list(range(10, 700))
    assert cache[699] == 488601


def test_a_small_cache_past_its_size_forgets_one():
    cache = {k: None for k in range(9)}
    trim(cache, 8)  # 8 // 64 = 0: still the oldest one goes
    assert list(cache) == list(range(1, 9))


def test_a_cache_within_its_size_keeps_everything():
    cache = {k: None for k in range(80)}
    trim(cache, 80)
    assert len(cache) == 80


def test_an_entry_written_again_keeps_its_place_by_first_writing():
    # dict order is first insertion: a rewrite does not make an entry young
    cache = {k: 0 for k in range(9)}
    cache[0] = 1
    trim(cache, 8)  # 9 > 8: the oldest one goes
    assert 0 not in cache and len(cache) == 8
