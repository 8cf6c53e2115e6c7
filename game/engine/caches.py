"""Bounded caches that forget a little at a time, and keys that hash once."""

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
