"""The order in which the evaluator's search tries the melds of a kind,
with the variants of impure runs made only when a search reaches them.

``solver_search.Hand._melds_with`` lists the melds holding a kind, most
naturals first, then fewest wild cards, the rest in the order they were
found (a stable sort).  An impure run may also leave interior naturals out,
wild cards in their places, for a pure run to take (``Hand._skips``): with e
naturals eligible and b wild cards to spare that is C(e, 1) + ... + C(e, b)
variants of one run.  A 28-card hand with seven wild cards had 3,480 at one
kind, about 6 ms of making, of which a search bounded at 300 nodes visited
a few dozen.  So the variants of a run that leave out the same number of
naturals (a block: they share their place in the order) stay a recipe until
an iteration reaches them, and the order is still the stable sort's.

Pure Python (no pygame, numpy or threads): it also runs in the browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb
from operator import itemgetter

from game.engine.meldtypes import IMPURE, PURE

# variants made at once when a kind has no more than this many (a list is
# the quickest to walk; a recipe pays off once most variants go unvisited)
EAGER_MOST = 64

# an option of the search: (meld, its naturals, its points, the wild cards it
# takes (a designated one standing as itself too), whether it is pure)
Option = tuple


def big_first(m: tuple) -> int:
    """The order of a kind's melds: most naturals first, then fewest wild
    cards (fewer than 64 in any hand)."""
    return m[3] - 64 * len(m[1])


def option(m: tuple) -> Option:
    return (m, m[1], m[6], m[2] + m[3], m[0] == PURE)


def skip_block(blocks: list, made: int, nats: tuple, elig: list[int], size: int,
               cost: int, lo: int, hi: int, gain: int) -> None:
    """Add the recipe of the variants of the impure run ``nats`` (``cost``
    wild cards, ``gain`` points, spanning ``lo``..``hi``) leaving out
    ``size`` of the naturals at the places ``elig``; ``made``: the melds
    listed before it (its place among them)."""
    key = cost - 64 * (len(nats) - size)
    blocks.append((key, made, 0, len(blocks), (nats, elig, size, cost, lo, hi, gain)))


def ordered(melds: list, blocks: list, pts: list[int]) -> list[Option] | Lazy:
    """The options of ``melds`` and the variants of ``blocks`` in the order
    of a stable sort by ``big_first`` of the whole list, as a list or, when
    the variants are many, as options made as they are first reached."""
    if not blocks:
        melds.sort(key=big_first)
        return [option(m) for m in melds]
    # a block comes after the melds listed before it, before those after it
    entries = [(big_first(m), i, 1, 0, m) for i, m in enumerate(melds)]
    entries += blocks
    entries.sort(key=itemgetter(0, 1, 2, 3))
    steps = _expand(entries, pts)
    if sum(comb(len(b[4][1]), b[4][2]) for b in blocks) <= EAGER_MOST:
        return list(steps)
    return Lazy(steps)


def _expand(entries: list, pts: list[int]) -> Iterator[Option]:
    for e in entries:
        if e[2]:
            yield option(e[4])
            continue
        nats, elig, size, cost, lo, hi, gain = e[4]
        for drop in combinations(elig, size):
            kept = ()
            lost = at = 0
            for i in drop:
                kept += nats[at:i]
                lost += pts[nats[i]]
                at = i + 1
            kept += nats[at:]
            yield ((IMPURE, kept, 0, cost, lo, hi, gain - lost), kept, gain - lost, cost, False)


class Lazy:
    """A sequence of options made as iterations first reach them; any
    number of iterations may walk it, each from the start."""

    __slots__ = ("_made", "_rest")

    def __init__(self, rest: Iterator[Option]) -> None:
        self._made: list[Option] = []
        self._rest = rest

    def __iter__(self) -> Iterator[Option]:
        made = self._made
        i = 0
        while True:
            if i < len(made):
                yield made[i]
            else:
                nxt = next(self._rest, None)
                if nxt is None:
                    return
                made.append(nxt)
                yield nxt
            i += 1
