"""The suit order of a 21/27-card search: renaming suits changes no meld,
and searching first the suit that holds most designated wild kinds spends
the wild cards its pure runs take as themselves early.  ``prepare`` builds
the hand a search asks in that order; ``unmap`` names its melds' kinds in the
real suits again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.caches import trim
from game.engine.cards import JOKER_KIND
from game.families.twentyone.solver_search import _MELDS_KEPT, Hand

if TYPE_CHECKING:
    from game.families.twentyone.solver import WideOptions


def prepare(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
            kind: type[Hand] = Hand):
    """The hand (a ``kind``) with its suits renumbered so that the suit
    holding most designated wild kinds is searched first: the wild cards its
    pure runs take as themselves leave the budget early (renaming suits
    changes no meld).  Returns the hand and the map back to the real
    suits."""
    held = [0, 0, 0, 0]
    for k in set(kinds) & wild:
        held[k // 13] += 1
    # the renumbering depends only on how many wild kinds each suit holds:
    # made once, with the renamed wild kinds as one set (the solver's tables
    # are keyed by it)
    key = (wild, *held)
    known = _RENAMES.get(key)
    if known is None:
        order, to = suit_renaming(held)
        if order == [0, 1, 2, 3]:
            known = (order, None, wild)
        else:
            known = (order, to, frozenset(to[k] for k in wild))
        trim(_RENAMES, _MELDS_KEPT)
        _RENAMES[key] = known
    order, to, renamed = known
    if to is None:
        return kind(kinds, wild, opts), order
    return kind(tuple(sorted([to[k] for k in kinds])), renamed, opts), order


def suit_renaming(held: list[int]) -> tuple[list[int], list[int]]:
    """The suits in the order a search takes them, the one holding most of
    ``held`` (wild kinds per suit) first (``order[new] = old``), and each
    kind's name in that order (the printed joker keeps its own)."""
    order = sorted(range(4), key=lambda s: -held[s])
    perm = [order.index(s) for s in range(4)]
    return order, [perm[k // 13] * 13 + k % 13 for k in range(52)] + [JOKER_KIND]


# (wild kinds, wild kinds held per suit) -> prepare's suit order, the kinds
# renamed and the wild kinds renamed
_RENAMES: dict[tuple, tuple] = {}


def unmap(melds, order: list[int]) -> tuple:
    return tuple((m[0], tuple(k if k == JOKER_KIND else order[k // 13] * 13 + k % 13
                              for k in m[1]), *m[2:]) for m in melds)
