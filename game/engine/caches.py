"""Bounded caches that forget a little at a time, caches the young garbage
collections never walk, tables kept for the latest few cuts, and keys that
hash once."""

from __future__ import annotations

from dataclasses import fields
from itertools import islice
from typing import Any


def trim(cache: dict, most: int) -> None:
    """Keep ``cache`` (a dict: its oldest entries come first) near ``most``
    entries: past that, forget its oldest sixty-fourth.  Clearing a
    solver's 50,000 entries at once took 7-10 ms, inside a bot's think
    slice; dropping an eighth of them still took about 3 ms on a slow day
    (a search bot's longest slices came every 68 decisions), a
    sixty-fourth takes 0.3 ms: the same work, in smaller pieces."""
    if len(cache) > most:
        for key in list(islice(cache, max(1, most // 64))):
            del cache[key]


class Memo(dict):
    """A dict for a long-lived cache (with ``trim``): the collector never
    walks it in a young collection.

    A full collection (``game.memory.settle`` at each deal's end) untracks a
    plain dict whose keys and values are all untracked (bytes, ints, tuples
    of them), and its next insertion of a new tuple tracks it again as a
    young object: the next two young collections then walked every entry.
    A solver's ``functools.lru_cache(maxsize=32768)`` did that: 2-3 ms a
    collection, twice a deal, inside a search bot's think slices (every
    young collection over 1.5 ms in 300 of its decisions had that dict in
    it).  The collector untracks exact dicts only, so this subclass stays
    tracked and, once old (or frozen), is not walked again.  It keeps about
    ``most`` entries (``trim``)."""

    __slots__ = ("most",)

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def keep(self, key: Any, value: Any) -> Any:
        """Remember ``value`` for ``key``, forgetting the oldest past
        ``most``; returns ``value``."""
        self[key] = value
        trim(self, self.most)
        return value


# tables a cache let go of, freed at the next quiet moment (``release_pending``:
# ``game.memory`` calls it at each deal's end), not in a bot's think slice
_PENDING: list[Any] = []
# held at most, for a process that never reaches a quiet moment (a test, a
# tool): past that the oldest is freed at once
_PENDING_MOST = 4


def keep_latest(tables: dict, kept: int) -> None:
    """Keep only the ``kept`` tables made last in ``tables`` (a dict in the
    order they were made), called when one is added.  A solver keeps its
    tables per cut (the wild kinds): a deal plays one cut, and tables kept for
    every cut a process had met grew without end (30 Points deals of four
    search bots: 301 MB; with four cuts kept, 135 MB).  The tables let go are
    freed later (``release_pending``): freeing one cut's table of a search
    bot (15,700 entries) took 22 ms, too long for a think slice."""
    while len(tables) > kept:
        _PENDING.append(tables.pop(next(iter(tables))))
        if len(_PENDING) > _PENDING_MOST:
            del _PENDING[0]


def release_pending() -> None:
    """Free the tables ``keep_latest`` let go of (at a quiet moment)."""
    _PENDING.clear()


def keep_hash(value: Any) -> int:
    """The hash of a frozen dataclass's fields, kept on the instance: for a
    value in cache keys, whose generated hash built a tuple of its fields at
    every lookup.  Its class's ``__hash__`` returns ``self._hash`` and calls
    this the first time (an unpickled or ``replace``d value too).  Each class
    keeps that two-line method of its own: one function shared by several
    classes measured a fifth slower (its attribute lookup is specialised for
    one class at a time)."""
    h = hash(tuple([getattr(value, f.name) for f in fields(value)]))
    object.__setattr__(value, "_hash", h)
    return h
