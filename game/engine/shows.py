"""Which discards leave a valid show: the cached query bots, hints and the
table use, so that ``legal_actions`` never runs the solver per card."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Generator

from game.engine.actions import Declare
from game.engine.family import family_of
from game.engine.view import PlayerView

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 512


def showable_thought(view: PlayerView) -> Generator[None, None, frozenset[int]]:
    """Kinds in ``view.hand`` whose discard leaves a valid show for this seat;
    a generator yielding between solver calls (its return value is the set)."""
    key = (view.rules, view.decks, tuple(sorted(c.kind for c in view.hand)), view.wild,
           view.extra)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    found = yield from family_of(view.rules).iter_showable(
        view.rules, view.decks, tuple(view.hand), view.wild, view.extra)
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def showable_kinds(view: PlayerView) -> frozenset[int]:
    thought = showable_thought(view)
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return done.value


def declarations_thought(view: PlayerView) -> Generator[None, None, list[Declare]]:
    """The declarations in ``view.legal`` that are valid shows, in legal
    order (sliced like ``showable_thought``)."""
    declares = [a for a in view.legal if isinstance(a, Declare)]
    if not declares:
        return []
    kinds = yield from showable_thought(view)
    return [a for a in declares if a.card.kind in kinds]


def valid_declarations(view: PlayerView) -> list[Declare]:
    thought = declarations_thought(view)
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return done.value
