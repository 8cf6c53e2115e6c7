"""Which discards leave a valid show: the cached query bots, hints and the
table use, so that ``legal_actions`` never runs the solver per card.

The question is asked of a seat's position as it may know it (the rule set,
the decks, its hand, the wild kinds it may use and its part of the family's
state): ``showable_thought(view)`` for a bot or the table, ``showable_for``
for the engine itself, which under ``invalid_declaration=refuse`` offers only
the declarations that are valid shows (a refused one may not be offered).
Both ask the family's ``iter_showable`` once per position and share the
cache."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.engine.actions import Declare
from game.engine.cards import Card
from game.engine.family import family_of, run_steps
from game.engine.rules import RuleSet

if TYPE_CHECKING:
    from game.engine.state import GameState
    from game.engine.view import PlayerView

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 512


def showable_position(rules: RuleSet, decks: int, hand: tuple[Card, ...],
                      wild: frozenset[int], extra: Any) -> Generator[None, None, frozenset[int]]:
    """Kinds in ``hand`` whose discard leaves a valid show, for a seat that
    knows ``wild`` and sees ``extra`` of the family's state; a generator
    yielding between solver calls (its return value is the set), cached."""
    key = (rules, decks, tuple(sorted(c.kind for c in hand)), wild, extra)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    found = yield from family_of(rules).iter_showable(rules, decks, tuple(hand), wild, extra)
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def showable_for(state: GameState, seat: int) -> frozenset[int]:
    """``showable_position`` of ``seat``'s position in ``state``: what its
    view would answer."""
    fam = family_of(state.rules)
    return run_steps(showable_position(state.rules, state.decks, state.hands[seat],
                                  fam.wild_for(state, seat), fam.view_extra(state, seat)))


def showable_thought(view: PlayerView) -> Generator[None, None, frozenset[int]]:
    """Kinds in ``view.hand`` whose discard leaves a valid show for this seat;
    a generator yielding between solver calls (its return value is the set)."""
    return (yield from showable_position(view.rules, view.decks, tuple(view.hand), view.wild,
                                         view.extra))


def showable_kinds(view: PlayerView) -> frozenset[int]:
    return run_steps(showable_thought(view))


def declarations_thought(view: PlayerView) -> Generator[None, None, list[Declare]]:
    """The declarations in ``view.legal`` that are valid shows, in legal
    order (sliced like ``showable_thought``)."""
    declares = [a for a in view.legal if isinstance(a, Declare)]
    if not declares:
        return []
    kinds = yield from showable_thought(view)
    return [a for a in declares if a.card.kind in kinds]


def valid_declarations(view: PlayerView) -> list[Declare]:
    return run_steps(declarations_thought(view))


