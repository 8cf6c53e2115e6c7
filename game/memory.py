"""Garbage collection kept out of frames and bot slices.

The solver and bot caches hold many long-lived objects; a full collection
of them takes tens of milliseconds (measured: ~90 ms for 117,000 objects on
this machine), which is a visible hitch when it lands inside a frame or a
bot's think slice.  At a quiet moment (a deal boundary) ``settle()`` collects
what the deal made and freezes everything alive, so later collections only
scan what is new.  ``refresh()`` (between matches) unfreezes
and collects everything, so cyclic garbage frozen earlier is not kept.  Both
also free the tables the solvers let go of (a cut no longer played:
``game.engine.caches.keep_latest``), whose freeing took tens of
milliseconds.

Within a deal the bots' caches grow by tens of thousands of objects, and an
automatic full collection of just those still took 7-27 ms inside a think
slice (a search bot at four players, measured with ``gc.callbacks``).  So
while a match is on, full collections happen only here: ``settle()`` and
``refresh()`` raise the oldest generation's threshold out of reach, and
``settle()`` collects what the deal left (only the objects made since the
last freeze are scanned).  Young collections still run as usual, and the
middle generation is collected after every third young collection (not
Python's tenth), so that each of those scans fewer objects.  A long-lived
cache of plain values is a ``caches.Memo``: the full collection here untracks
an exact dict of such values, and its next insertion made it young again.

A run of deals with nothing on screen (a simulation, a ladder) gains from the
same: its caches grow for the whole run, and the automatic full collections
that scanned them took a tenth of a greedy simulation's time (8 in 300
deals).  ``batch()`` holds them off for such a run, whose caller ``settle()``s
at each deal's end, and puts Python's own settings back after it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from game.engine.caches import release_pending

YOUNG = gc.get_threshold()[0]
# a middle collection after every third young one, not Python's tenth: it
# scans the objects three young collections kept, not ten's (measured in a
# search bot's think slices: its longest pause 2.45 -> 1.03 ms, and 6-8 ms on
# a slow day; the time spent in young and middle collections the same)
MIDDLE = 3
NO_AUTOMATIC_FULL = 1 << 30


def _no_full_collections() -> None:
    gc.set_threshold(YOUNG, MIDDLE, NO_AUTOMATIC_FULL)


def settle() -> None:
    # a full collection, but of what this deal made only (the rest is
    # frozen): the deal's cyclic garbage goes here, at the deal's end, since
    # no automatic full collection will come for it; the tables the solvers
    # let go of (a cut no longer played) are freed here too
    release_pending()
    gc.collect()
    gc.freeze()
    _no_full_collections()


def refresh() -> None:
    release_pending()
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _no_full_collections()


@contextmanager
def batch() -> Iterator[None]:
    """A run of deals, ``settle()`` called at each one's end: no automatic
    full collection while it lasts, and afterwards nothing frozen and the
    thresholds as they were."""
    saved = gc.get_threshold()
    refresh()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*saved)
