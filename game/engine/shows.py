"""Which discards leave a valid show: the cached query bots, hints and the
table use, so that ``legal_actions`` never runs the solver per card."""

from __future__ import annotations

from collections import OrderedDict

from .actions import Declare
from .families import family_of
from .view import PlayerView

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 512


def showable_kinds(view: PlayerView) -> frozenset[int]:
    """Kinds in ``view.hand`` whose discard leaves a valid show for this seat."""
    hand = view.hand
    key = (view.rules, view.decks, tuple(sorted(c.kind for c in hand)), view.wild, view.extra)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    found = family_of(view.rules).showable_kinds(view.rules, view.decks, tuple(hand),
                                                 view.wild, view.extra)
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def valid_declarations(view: PlayerView) -> list[Declare]:
    """The declarations in ``view.legal`` that are valid shows, in legal order."""
    declares = [a for a in view.legal if isinstance(a, Declare)]
    if not declares:
        return []
    kinds = showable_kinds(view)
    return [a for a in declares if a.card.kind in kinds]
