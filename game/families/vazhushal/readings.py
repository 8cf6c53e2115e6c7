"""Vazhushal (Wipe), RULES.md §7: what cards make one meld, and how each
reading of them stands.  Pure Python (it also runs in the browser build).

Melds live on the table, so a meld is a concrete object: :class:`TableMeld`
holds the physical cards and, card by card, the kind each one *stands for*
(its own kind for a natural card).  The value of a meld at a stock-out and its
purity both depend on that reading, so the reading is part of the meld rather
than recomputed: ``2S 3S 4S`` with 2♠ wild is a pure sequence worth 9 read as
itself, or an impure 3-4-5 worth 12 with the 2♠ standing for 5♠, and the
player (or the search) picks one.

Rule reading decided here (the seed is ``seeds/000_…`` , catsatcards): "at
least one card in every meld stands as itself": a designated wild card used
as itself counts ("if one of the cards in the meld is a wild card (not an
actual printed Joker) that is used to represent itself ..., that card is
considered a natural card"), so ``7S JK JK`` with 7♠ wild is a valid
(impure) meld when the 7♠ is read as 7♠.

The rule option ``all_wild_melds`` (RULES.md §1: off by default) allows a
meld of wild cards only (``all_wild`` below).  Such a meld is worth what
its cards stand for and never pure; what they stand for matters for
nothing else (a lay-off reads the meld again), so :func:`readings` offers
the readings worth most (:func:`wild_only_readings`), and any other
reading is valid when named (:func:`meld_reason`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from game.engine.cards import JOKER_KIND, Card, kind_text
from game.families.vazhushal.cards import is_wild, kind_value, pos_kind

SEQUENCE = "sequence"
SET = "set"


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: physical cards and, for each, the kind it stands
    for (its own kind when it is natural).  Also the reading returned by
    :func:`check_meld`."""

    cards: tuple[Card, ...]
    kind: str  # SEQUENCE or SET
    stands_for: tuple[int, ...]

    @property
    def pure(self) -> bool:
        """No card stands in for another (a wild card used as itself is natural)."""
        return all(c.kind == k for c, k in zip(self.cards, self.stands_for, strict=True))

    @property
    def value(self) -> int:
        """Stock-out value: every card is worth what it stands for."""
        return sum(kind_value(k) for k in self.stands_for)

    @property
    def signature(self) -> tuple:
        """What makes two melds identical: the same kinds represented."""
        return (self.kind, tuple(sorted(self.stands_for)))

    @property
    def is_pure_sequence(self) -> bool:
        return self.kind == SEQUENCE and self.pure

    def __str__(self) -> str:
        parts = []
        for c, k in zip(self.cards, self.stands_for, strict=True):
            parts.append(str(c) if c.kind == k else f"{c}={kind_text(k)}")
        return ("pure " if self.pure else "") + f"{self.kind} [" + " ".join(parts) + "]"


MeldReading = TableMeld  # a reading of some cards is the meld they make


def _roles(cards: Sequence[Card], wild: frozenset[int]):
    """Every choice of which designated wild cards stand as themselves:
    yields (natural indices, wild indices)."""
    flex = [i for i, c in enumerate(cards) if c.kind != JOKER_KIND and c.kind in wild]
    fixed = [i for i, c in enumerate(cards) if c.kind != JOKER_KIND and c.kind not in wild]
    jokers = [i for i, c in enumerate(cards) if c.kind == JOKER_KIND]
    for roles in product((True, False), repeat=len(flex)):
        nat = sorted(fixed + [i for i, r in zip(flex, roles, strict=True) if r])
        wl = sorted(jokers + [i for i, r in zip(flex, roles, strict=True) if not r])
        yield nat, wl


def _sequence_windows(kinds: list[int], n: int):
    """Windows (suit, lo, hi) of n positions holding all these natural kinds."""
    suits = {k // 13 for k in kinds}
    if len(suits) != 1 or n > 13:
        return
    suit = suits.pop()
    ranks = [k % 13 + 1 for k in kinds]
    if len(set(ranks)) != len(ranks):
        return
    seen = set()
    for ace in (1, 14) if 1 in ranks else (1,):
        pos = [ace if r == 1 else r for r in ranks]
        lo_min = max(1, max(pos) - n + 1)
        lo_max = min(min(pos), 15 - n)
        for lo in range(lo_min, lo_max + 1):
            hi = lo + n - 1
            if (lo == 1 and hi == 14) or (lo, hi) in seen:
                continue
            seen.add((lo, hi))
            yield suit, lo, hi


def readings(cards: Sequence[Card], wild: frozenset[int], *,
             all_wild: bool = False) -> list[TableMeld]:
    """Every valid reading of ``cards`` as one meld (one per distinct
    assignment of what the wild cards stand for; wild cards take the free
    places in the order given).  ``all_wild``: melds of wild cards only are
    allowed (those read as :func:`wild_only_readings` says)."""
    cards = tuple(cards)
    n = len(cards)
    out: list[TableMeld] = []
    if n < 3:
        return out
    seen = set()
    for nat, wl in _roles(cards, wild):
        if not nat:  # every card stands in for another: a meld of wild cards only
            if all_wild:
                for r in wild_only_readings(cards):
                    _add(out, seen, cards, r.kind, list(r.stands_for))
            continue
        kinds = [cards[i].kind for i in nat]
        for suit, lo, hi in _sequence_windows(kinds, n):
            own = {}
            for i in nat:
                r = cards[i].kind % 13 + 1
                own[14 if r == 1 and hi == 14 else r] = i
            free = [p for p in range(lo, hi + 1) if p not in own]
            sf = [0] * n
            for i in own.values():
                sf[i] = cards[i].kind
            for i, p in zip(wl, free, strict=True):
                sf[i] = pos_kind(suit, p)
            _add(out, seen, cards, SEQUENCE, sf)
        ranks = {k % 13 for k in kinds}
        suits = [k // 13 for k in kinds]
        if n <= 4 and len(ranks) == 1 and len(set(suits)) == len(suits):
            r0 = ranks.pop()
            missing = [s for s in range(4) if s not in suits]
            for chosen in combinations(missing, len(wl)):
                sf = [0] * n
                for i in nat:
                    sf[i] = cards[i].kind
                for i, s in zip(wl, chosen, strict=True):
                    sf[i] = s * 13 + r0
                _add(out, seen, cards, SET, sf)
    return out


def wild_only_readings(cards: Sequence[Card]) -> list[TableMeld]:
    """The readings of wild cards alone worth the most: a sequence up to the
    Ace in each suit and, for 3 or 4 cards, a set of Aces in each choice of
    suits (wild cards take the places in the order given).  Eight readings
    at most: enough to find one unlike the player's other melds."""
    cards = tuple(cards)
    n = len(cards)
    out = []
    if 3 <= n <= 13:
        for suit in range(4):
            sf = tuple(pos_kind(suit, p) for p in range(15 - n, 15))
            out.append(TableMeld(cards, SEQUENCE, sf))
    if 3 <= n <= 4:
        for suits in combinations(range(4), n):
            out.append(TableMeld(cards, SET, tuple(s * 13 for s in suits)))
    return out


def wild_only_melds(cards: Sequence[Card], taken: set) -> list[TableMeld]:
    """Wild cards (none, or three or more) as melds of their own of 3 to 5
    cards, 10 a card: each read the most valuable way whose signature is not
    in ``taken`` (the player's other melds; it grows with these)."""
    out = []
    rest = tuple(cards)
    while rest:
        size = len(rest) if len(rest) <= 5 else 3
        part, rest = rest[:size], rest[size:]
        kind, sf = next(r for r in _wild_only_reps(size)
                        if (r[0], tuple(sorted(r[1]))) not in taken)
        out.append(TableMeld(part, kind, sf))
        taken.add(out[-1].signature)
    return out


@lru_cache(maxsize=16)
def _wild_only_reps(n: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every reading of ``n`` wild cards alone, (kind, kinds stood for), most
    valuable first (sequences before sets)."""
    reps = []
    for hi in range(14, n - 1, -1):
        lo = hi - n + 1
        if not (lo == 1 and hi == 14):
            reps += [(SEQUENCE, tuple(pos_kind(suit, p) for p in range(lo, hi + 1)))
                     for suit in range(4)]
    if n <= 4:
        reps += [(SET, tuple(s * 13 + r0 for s in suits))
                 for r0 in range(13) for suits in combinations(range(4), n)]
    return tuple(sorted(reps, key=lambda r: -sum(kind_value(k) for k in r[1])))


def _add(out, seen, cards, kind, sf) -> None:
    key = (kind, tuple(sf))
    if key not in seen:
        seen.add(key)
        out.append(TableMeld(cards, kind, tuple(sf)))


def check_meld(cards: Sequence[Card], wild: frozenset[int],
               prefer_pure: bool = False, *, all_wild: bool = False) -> TableMeld | None:
    """The reading of ``cards`` worth most (ties: pure, then sequence), or
    None when they make no meld.  ``prefer_pure`` takes a pure reading when
    there is one, whatever it is worth (a first meld, or the pure meld a
    player must keep): ``2S 3S 4S`` with 2♠ wild is 3-4-5 (12) by default,
    the pure 2-3-4 (9) with ``prefer_pure``.  ``all_wild``: see
    :func:`readings`."""
    best = None
    best_key = None
    for r in readings(cards, wild, all_wild=all_wild):
        key = (r.value, r.pure, r.kind == SEQUENCE)
        if prefer_pure:
            key = (r.pure, *key)
        if best_key is None or key > best_key:
            best, best_key = r, key
    return best


def pure_sequence_reading(cards: Sequence[Card], wild: frozenset[int]) -> TableMeld | None:
    """The cards read as a pure sequence (every card as itself), or None."""
    for r in readings(cards, wild):
        if r.is_pure_sequence:
            return r
    return None


def reason_not_meld(cards: Sequence[Card], wild: frozenset[int], *,
                    all_wild: bool = False) -> str | None:
    """Why ``cards`` make no meld (None when they do), for the player."""
    cards = tuple(cards)
    if check_meld(cards, wild, all_wild=all_wild) is not None:
        return None
    n = len(cards)
    if n < 3:
        return "a meld needs at least 3 cards"
    fixed = [c.kind for c in cards if not is_wild(c.kind, wild)]
    if not fixed:
        return "a meld needs at least one card standing as itself, not wild cards only"
    ranks = [k % 13 + 1 for k in fixed]
    suits = [k // 13 for k in fixed]
    if len(set(ranks)) == 1:
        if n > 4 and len(set(suits)) == 1 and len(fixed) > 1:
            return "a set has at most 4 cards, and a sequence cannot repeat a rank"
        if n > 4:
            return "a set has at most 4 cards"
        return "a set needs different suits"
    if len(set(suits)) != 1:
        return "a meld is one suit in sequence, or one rank in different suits"
    if len(set(ranks)) != len(ranks):
        return "a sequence cannot hold the same rank twice"
    if n > 13:
        return "a sequence has at most 13 cards"
    others = [r for r in ranks if r != 1]
    if 1 in ranks and any(r <= n for r in others) and any(r >= 15 - n for r in others):
        # it would fit only around the corner, e.g. K-A-2 or Q-JK-A-2
        return "the Ace may not sit in the middle of a sequence (no K-A-2)"
    return "not enough wild cards to fill the gaps of the sequence"


def meld_reason(meld: TableMeld, wild: frozenset[int], *, all_wild: bool = False) -> str | None:
    """Why a concrete meld (cards and reading) is not valid, or None.
    ``all_wild``: a meld of wild cards only is allowed (the rule option)."""
    cards, sf = meld.cards, meld.stands_for
    if len(cards) != len(sf):
        return "every card of a meld needs a reading"
    if len(cards) < 3:
        return "a meld needs at least 3 cards"
    for c, k in zip(cards, sf, strict=True):
        if not 0 <= k < 52:
            return f"{c} must stand for a card"
        if k != c.kind and not is_wild(c.kind, wild):
            return f"{c} is not wild and can only stand for itself"
    if not all_wild and not any(c.kind == k for c, k in zip(cards, sf, strict=True)):
        return "a meld needs at least one card standing as itself, not wild cards only"
    ranks = [k % 13 + 1 for k in sf]
    suits = [k // 13 for k in sf]
    if meld.kind == SET:
        if len(set(ranks)) != 1:
            return "a set is one rank"
        if len(cards) > 4:
            return "a set has at most 4 cards"
        if len(set(suits)) != len(suits):
            return "a set needs different suits"
        return None
    if meld.kind != SEQUENCE:
        return f"no such meld kind: {meld.kind!r}"
    if len(set(suits)) != 1:
        return "a sequence is one suit"
    if len(set(ranks)) != len(ranks):
        return "a sequence cannot hold the same rank twice"
    for ace in (1, 14):
        pos = sorted(ace if r == 1 else r for r in ranks)
        if pos[-1] - pos[0] + 1 == len(pos):
            return None
    if 1 in ranks and 2 in ranks and 13 in ranks:
        return "the Ace may not sit in the middle of a sequence (no K-A-2)"
    return "a sequence is consecutive ranks"
