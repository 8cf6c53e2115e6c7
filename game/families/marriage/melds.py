"""Indian Marriage's cards and melds (RULES.md §6): the tiplu's wild cards
and what three cards make.

Pure Python (no pygame, numpy or threads) so it also runs in the browser.

Every meld is exactly three cards.  Wild cards exist only for a player who has
seen the tiplu: every function takes the player's ``wild`` set of kinds, and an
unseen player passes ``frozenset()``.  A wild card may always stand as itself.
The search for arrangements is in ``arrange.py``, seeing and showing in
``hand.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from game.engine.cards import JOKER_KIND, Card

NKINDS = 53  # 52 natural kinds + printed joker

TUNNELA = "tunnela"
PURE_SEQUENCE = "pure sequence"
TRIAL = "trial"
DIRTY_SEQUENCE = "dirty sequence"
DIRTY_TRIAL = "dirty trial"
NATURAL_PURE = frozenset((TUNNELA, PURE_SEQUENCE))

ROUTES = ("sequences", "dublees")


# ------------------------------------------------------------ wild cards
def _kind(x: int | Card) -> int:
    return x.kind if isinstance(x, Card) else int(x)


def tiplu_kind(tiplu: int | Card) -> int:
    """The tiplu's kind, checked: a natural card (never a printed joker)."""
    k = _kind(tiplu)
    if k == JOKER_KIND:
        raise ValueError("a printed joker cannot be the tiplu (RULES §6 defines none); "
                         "set another card aside")
    if not 0 <= k < 52:
        raise ValueError(f"no such card kind: {k}")
    return k


def poplu(tiplu: int | Card) -> int:
    """The kind one rank above the tiplu in its suit (K -> A: Ace is above King)."""
    k = tiplu_kind(tiplu)
    s, r = divmod(k, 13)
    return s * 13 + (r + 1) % 13


def jhiplu(tiplu: int | Card) -> int:
    """The kind one rank below the tiplu in its suit (A -> K)."""
    k = tiplu_kind(tiplu)
    s, r = divmod(k, 13)
    return s * 13 + (r - 1) % 13


def marriage_wilds(tiplu: int | Card, printed_jokers: bool = False) -> frozenset[int]:
    """The wild kinds for a player who has seen: all four suits of the tiplu's
    rank (ordinary jokers, the tiplu included), the poplu and the jhiplu, and
    JOKER_KIND when printed jokers are in play."""
    k = tiplu_kind(tiplu)
    r = k % 13
    kinds = {s * 13 + r for s in range(4)} | {poplu(k), jhiplu(k)}
    if printed_jokers:
        kinds.add(JOKER_KIND)
    return frozenset(kinds)


# ------------------------------------------------------------ one meld
def _is_natural_run(kinds: Sequence[int]) -> bool:
    """Three natural cards of one suit in consecutive rank; Ace low or high,
    never K-A-2."""
    if JOKER_KIND in kinds or len({k // 13 for k in kinds}) != 1:
        return False
    ranks = sorted(k % 13 + 1 for k in kinds)
    return ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1 or ranks == [1, 12, 13]


def _is_natural_trial(kinds: Sequence[int]) -> bool:
    return (JOKER_KIND not in kinds and len({k % 13 for k in kinds}) == 1
            and len({k // 13 for k in kinds}) == 3)


def _pair_fits_run(a: int, b: int) -> bool:
    """Two natural cards that a third (wild) card makes a 3-card run."""
    if JOKER_KIND in (a, b) or a // 13 != b // 13:
        return False
    lo, hi = sorted((a % 13 + 1, b % 13 + 1))
    if lo == hi:
        return False
    return hi - lo <= 2 or (lo == 1 and 14 - hi <= 2)


def _pair_fits_trial(a: int, b: int) -> bool:
    return JOKER_KIND not in (a, b) and a % 13 == b % 13 and a // 13 != b // 13


def classify_meld(cards: Sequence[Card], wild: frozenset[int]) -> str | None:
    """The strongest reading of a 3-card group, or None if it is no meld.

    Natural readings first (tunnela, pure sequence, trial: no card stands in
    for another, so they need no wild set), then one wild card (dirty
    sequence, dirty trial), then two (any card with two wild cards; three
    wild cards are such a meld too, one of them standing as itself).  Two
    identical cards plus a wild card is no meld: a wild card never completes
    a tunnela.
    """
    if len(cards) != 3:
        return None
    kinds = [c.kind for c in cards]
    if kinds[0] == kinds[1] == kinds[2]:
        return TUNNELA
    if _is_natural_run(kinds):
        return PURE_SEQUENCE
    if _is_natural_trial(kinds):
        return TRIAL
    flexible = [i for i, k in enumerate(kinds) if k in wild]
    found = None
    for i in flexible:  # one wild card
        a, b = (kinds[j] for j in range(3) if j != i)
        if _pair_fits_run(a, b):
            return DIRTY_SEQUENCE
        if _pair_fits_trial(a, b):
            found = DIRTY_TRIAL
    if found:
        return found
    for i, j in combinations(flexible, 2):  # two wild cards and any card
        (rest,) = (kinds[m] for m in range(3) if m not in (i, j))
        if rest != JOKER_KIND or rest in wild:
            return DIRTY_SEQUENCE
    return None


def is_natural_pure(cards: Sequence[Card]) -> bool:
    """A tunnela or a pure sequence with no card standing in for another: what
    a player lays down to see (and what counts toward the three in a show)."""
    return classify_meld(cards, frozenset()) in NATURAL_PURE


@dataclass(frozen=True)
class MarriageMeld:
    cards: tuple[Card, ...]
    name: str

    @property
    def natural_pure(self) -> bool:
        return self.name in NATURAL_PURE


@dataclass(frozen=True)
class Arrangement:
    """Melds and the cards left over (empty for a full arrangement)."""

    melds: tuple[MarriageMeld, ...]
    leftovers: tuple[Card, ...]

    @property
    def pures(self) -> int:
        return sum(m.natural_pure for m in self.melds)

    @property
    def melded(self) -> int:
        return 3 * len(self.melds)
