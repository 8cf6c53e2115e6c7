"""What one explicit group of cards is: a pure sequence, a sequence, a set,
a tanala, or nothing.  Used to label the groups a player arranges by hand and
as the independent referee in the evaluator's brute-force tests."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from game.engine.cards import JOKER_KIND, Card
from game.engine.meldtypes import ALLWILD, IMPURE, MELD_NAMES, PURE, SET, TANALA, MeldOptions

# Best first: a group that can be read several ways is read as the strongest.
_PREFERENCE = (TANALA, PURE, IMPURE, ALLWILD, SET)


def classify(cards: list[Card] | tuple[Card, ...], wild: frozenset[int],
             opts: MeldOptions = MeldOptions()) -> int | None:
    """The strongest meld type the group can be, or None."""
    found = meld_types(cards, wild, opts)
    for t in _PREFERENCE:
        if t in found:
            return t
    return None


def meld_name(t: int | None) -> str:
    return "invalid" if t is None else MELD_NAMES[t]


def meld_types(cards, wild: frozenset[int], opts: MeldOptions = MeldOptions()) -> set[int]:
    n = len(cards)
    if n < 3:
        return set()
    kinds = [c.kind for c in cards]
    found: set[int] = set()
    if opts.tanala and n == 3 and kinds[0] != JOKER_KIND and kinds.count(kinds[0]) == 3:
        found.add(TANALA)
    flexible = [i for i, k in enumerate(kinds) if k != JOKER_KIND and k in wild]
    # each designated wild card is either itself or a wild card
    for roles in product((True, False), repeat=len(flexible)):
        as_wild = {i for i, r in zip(flexible, roles, strict=True) if not r}
        naturals = [k for i, k in enumerate(kinds) if k != JOKER_KIND and i not in as_wild]
        wilds = n - len(naturals)
        if not naturals:
            if opts.all_wild_melds:
                found.add(ALLWILD)
            continue
        if _is_set(naturals, n):
            found.add(SET)
        if _is_run(naturals, n) and not (opts.one_wild_per_impure and wilds > 1):
            found.add(PURE if wilds == 0 else IMPURE)
    return found


def _is_set(naturals: list[int], n: int) -> bool:
    if n > 4:
        return False
    ranks = {k % 13 for k in naturals}
    suits = [k // 13 for k in naturals]
    return len(ranks) == 1 and len(set(suits)) == len(suits)


def _is_run(naturals: list[int], n: int) -> bool:
    if len({k // 13 for k in naturals}) != 1 or n > 13:
        return False
    ranks = [k % 13 + 1 for k in naturals]
    if len(set(ranks)) != len(ranks):
        return False
    for positions in (ranks, [14 if r == 1 else r for r in ranks]):
        lo, hi = min(positions), max(positions)
        if hi - lo + 1 > n:
            continue
        # the window of n cards must fit in 1..13 or 2..14
        start_min = max(1, hi - n + 1)
        start_max = min(lo, 14 - n + 1)
        for start in range(start_min, start_max + 1):
            if not (start == 1 and start + n - 1 == 14):
                return True
    return False


@dataclass(frozen=True)
class GroupLabel:
    name: str  # "pure sequence", "sequence", "set", "tanala", "invalid"
    valid: bool
    points: int  # what the group's cards count if it is not a meld
    text: str = ""  # the label in a family's own words, in place of the usual
    # a meld whose cards count all the same: the hand lacks the lives that
    # free it (13 cards: no pure sequence yet, or a set with no second sequence)
    counts: bool = False

    @property
    def title(self) -> str:
        """How the group is labelled everywhere (the hand, the declare check):
        "Pure sequence", or "Invalid · 8" for any group that is not a meld."""
        if self.text or not self.name:
            return self.text
        return self.name.capitalize() if self.valid else f"Invalid · {self.points}"

    @property
    def short(self) -> str:
        """The title for a group too narrow to show it whole (a lone card on
        a phone): "12 pts" (in the invalid colour) or the meld's first word."""
        if self.text or not self.name:
            return self.text
        return self.name.split()[0].capitalize() if self.valid else f"{self.points} pts"
