"""Bounded caches that forget a little at a time."""

from __future__ import annotations

from itertools import islice


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
