"""Hands as sorted tuples of card kinds, and how two kinds stand to each other.

Bots judge a hand by its kinds (``Card.kind``: 0..51 by suit and rank, 52 the
printed joker), never by its physical cards: decks repeat cards, and copies
of a kind leave the same hand.  A hand of kinds is a sorted tuple, so that
it can key a memo and two orders of the same cards meet in it.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.cards import Card


def kinds_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """The sorted kinds of ``cards``."""
    return tuple(sorted(c.kind for c in cards))


def without(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``kinds`` less one copy of ``kind`` (the order kept)."""
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


def adding(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``kinds`` with one copy of ``kind`` more, sorted."""
    return tuple(sorted(kinds + (kind,)))


def relation(k: int, j: int) -> str | None:
    """How natural kind ``j`` stands to natural kind ``k``: ``"same"``,
    ``"r1"``/``"r2"`` (one or two places apart in a suit; the ace sits
    both below the two and above the king), ``"set"`` or None."""
    if j == k:
        return "same"
    sk, rk = divmod(k, 13)
    sj, rj = divmod(j, 13)
    if sk != sj:
        return "set" if rk == rj else None
    gap = abs(rk - rj)
    if rk == 0 or rj == 0:
        gap = min(gap, 13 - gap)  # the ace also follows the king
    return {1: "r1", 2: "r2"}.get(gap)
