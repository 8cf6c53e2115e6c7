"""A bounded solver cache forgets its oldest entries a sixty-fourth at a
time (``game.engine.caches.trim``), never all at once inside a think slice;
the tables a solver keeps per cut are the latest few (``keep_latest``), and
those let go are freed later (``release_pending``, at a deal's end:
``tests/engine/test_memory.py``); a ``Memo`` stays tracked by the garbage
collector, so a young collection never walks it again."""

import gc
import weakref

from game.engine.caches import Memo, keep_latest, release_pending, trim


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


class _Table(dict):
    """A cut's table that a weak reference can watch."""


def test_only_the_latest_tables_are_kept_and_those_let_go_live_until_released():
    release_pending()
    tables = {cut: _Table() for cut in "abcde"}
    watch = {cut: weakref.ref(t) for cut, t in tables.items()}
    keep_latest(tables, 3)  # 5 > 3: the two made first, a and b, go
    assert list(tables) == ["c", "d", "e"]
    assert watch["a"]() is not None and watch["b"]() is not None  # not freed yet
    release_pending()
    assert watch["a"]() is None and watch["b"]() is None
    assert all(watch[cut]() is tables[cut] for cut in "cde")


def test_tables_let_go_without_a_quiet_moment_are_held_four_at_most():
    release_pending()
    tables = {n: _Table() for n in range(7)}
    watch = [weakref.ref(t) for t in tables.values()]
    keep_latest(tables, 1)  # 0-5 let go; past four held, the oldest freed at once
    assert [w() is None for w in watch] == [True, True, False, False, False, False, False]
    release_pending()


def test_a_memo_of_untracked_entries_is_not_young_again_after_a_full_collection():
    # a plain dict of the same entries is untracked by a full collection and
    # tracked again, as a young object, by its next insertion of a new tuple:
    # every young collection after it walks its entries (the case Memo avoids)
    plain, memo = {}, Memo(1000)
    for d in (plain, memo):
        for i in range(100):
            d[(i.to_bytes(2, "little"), i % 5)] = i
    gc.collect()
    assert not gc.is_tracked(plain)
    assert gc.is_tracked(memo)
    for d in (plain, memo):
        d[(bytes([9, 9]), len(d))] = 1  # a tuple made now: tracked
    young = {id(o) for o in gc.get_objects(0)}
    assert id(plain) in young
    # neither the memo nor a dict holding its entries is young
    held = [memo, *(r for r in gc.get_referents(memo) if isinstance(r, dict))]
    assert not any(id(o) in young for o in held)
    assert len(memo) == 101 and memo[(b"\x07\x00", 2)] == 7


def test_a_memo_keeps_what_it_is_given_and_forgets_its_oldest_past_its_size():
    memo = Memo(128)
    for i in range(129):
        assert memo.keep(i, i * i) == i * i
    # 129 entries, past 128: the oldest 128 // 64 = 2 forgotten
    assert len(memo) == 127 and 0 not in memo and 1 not in memo
    assert memo[2] == 4 and memo[128] == 128 * 128
