"""What the evaluators share: meld types and names, the meld options of a
rule set, and the result of evaluating a hand."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.caches import keep_hash
from game.engine.cards import Card

PURE, IMPURE, SET, TANALA, ALLWILD = range(5)
MELD_NAMES = ("pure sequence", "sequence", "set", "tanala", "wild group")


@dataclass(frozen=True)
class MeldOptions:
    """The part of a rule set that decides what a meld and a life are."""

    ace_points: int = 10
    tanala: bool = False  # three identical cards (3+ decks)
    four_card_life: bool = False
    one_wild_per_impure: bool = False
    all_wild_melds: bool = False

    def __hash__(self) -> int:  # every solver cache key holds the options
        try:
            return self._hash  # type: ignore[has-type]
        except AttributeError:
            return keep_hash(self)


@dataclass(frozen=True)
class Meld:
    kind: int  # PURE, IMPURE, SET, TANALA, ALLWILD
    cards: tuple[Card, ...]

    @property
    def name(self) -> str:
        return MELD_NAMES[self.kind]

    @property
    def is_sequence(self) -> bool:
        return self.kind in (PURE, IMPURE, TANALA, ALLWILD)

    @property
    def is_pure(self) -> bool:
        return self.kind in (PURE, TANALA)


@dataclass(frozen=True)
class Evaluation:
    count: int  # what the hand pays as a non-winner (uncapped)
    declarable: bool  # every card melded with valid lives
    melds: tuple[Meld, ...]  # the arrangement behind ``count``
    deadwood: tuple[Card, ...]
    loose_count: int  # points of cards in no meld at all, lives ignored
    tier: str  # "none", "pure" or "lives"
    total: int  # points of every card
