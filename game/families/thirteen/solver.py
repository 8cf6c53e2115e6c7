"""Exact hand evaluator: the best arrangement of a hand into melds.

The search works on card *kinds* (rank, suit) with counts, never on permutations
of identical cards.  It takes the lowest remaining kind and either puts one copy
into a meld with higher kinds (and wild cards), or sends every remaining copy of
it to the deadwood.  Wild cards are fungible: a meld only records how many it
needs, and the search keeps a budget of them (printed jokers plus designated
wild cards, less those used as themselves).  A branch is cut when even melding
every remaining card it could meld cannot beat the best arrangement found.

What makes it fast, without changing a result (not even which of two equally
good arrangements is returned; see _Search._rec):
- a state is the cards left, the budget and a summary of the lives so far;
  the same state is reached by many orders of the same melds, so a
  transposition table keeps, for each state, an upper bound on what it can
  still meld (found by searching it, or by the first estimate of _bound);
- summaries of the lives that no further melds can tell apart are merged
  (``lives.life_table``), and a state with no way left to make the lives is cut
  (_Search._lives_possible);
- the melds of a kind are found once for the whole hand and filtered
  (_Search._moves), and shared by hands holding the same cards they read;
- an exact count of a hand bounds the counts of the hands one card less
  (fixes them, for a loose card): a bot weighing its discards asks the
  whole hand first (_remember_parent).

Settlement (RULES.md §2) has three tiers, and the count of a hand is the least:
  no pure sequence              -> every card counts
  a pure sequence only          -> every card outside the best pure sequence
  pure + second sequence (life) -> only the deadwood
"""

from __future__ import annotations

from functools import lru_cache

from game.engine.caches import trim
from game.engine.cards import JOKER_KIND, Card
from game.engine.meldtypes import (
    ALLWILD,
    IMPURE,
    MELD_NAMES,
    PURE,
    SET,
    TANALA,
    Evaluation,
    Meld,
    MeldOptions,
)
from game.families.thirteen.solver_search import (
    _ALL_MOVES,
    _points,
    _Search,
    _wild_room,
    spare_plan,
)

__all__ = [
    "ALLWILD", "IMPURE", "MELD_NAMES", "PURE", "SET", "TANALA", "Evaluation", "Meld",
    "MeldOptions", "clear_caches", "count_tier", "evaluate", "hand_count", "is_declarable",
    "loose_kinds", "paid_count", "spare_plan",
]


# ---------------------------------------------------------------- public API


def evaluate(cards: list[Card] | tuple[Card, ...], wild: frozenset[int],
             opts: MeldOptions = MeldOptions(), loose: bool = False) -> Evaluation:
    """Best arrangement of ``cards`` when the kinds in ``wild`` (and printed
    jokers) are wild.  ``loose`` also computes the no-life count (first-turn
    rummy); otherwise ``loose_count`` equals ``count``."""
    key = tuple(sorted(c.kind for c in cards))
    raw = _evaluate_kinds(key, wild, opts, loose)
    _know(key, wild, opts, raw)
    return _materialise(cards, wild, opts, raw)


def hand_count(kinds: tuple[int, ...], wild: frozenset[int],
               opts: MeldOptions = MeldOptions(), below: int | None = None) -> int | None:
    """``evaluate(...).count`` for a hand given as sorted kinds, without
    building the arrangement (bots that only compare counts).  With
    ``below``, only a count under it is wanted: None says the count is at
    least ``below``, and the search skips every arrangement that could not
    get under it, which is far cheaper when most candidates lose."""
    key = (kinds, wild, opts)
    known = _COUNT_FLOOR.get(key)
    if below is None:
        if known is not None and known[0] is not None:
            return known[0]
        raw = _evaluate_kinds(kinds, wild, opts, False)
        _know(kinds, wild, opts, raw)
        return raw[1]
    if known is not None:
        exact, at_least = known
        if exact is not None:
            return exact if exact < below else None
        if at_least >= below:
            return None
    s = _Search.of(kinds, wild, opts)
    total = s.total
    count = total
    pure_pts, pure_meld = s.best_pure_points()
    if pure_meld is not None:
        count = total - pure_pts
        s.run(lives=True, floor=max(pure_pts, total - below))
        if s.best_melds is not None:
            count = min(count, total - s.best)
    trim(_COUNT_FLOOR, _COUNT_KEPT)
    if count < below:
        _COUNT_FLOOR[key] = (count, count)
        return count
    _COUNT_FLOOR[key] = (None, below)
    return None


def known_count(kinds: tuple[int, ...], wild: frozenset[int],
                opts: MeldOptions = MeldOptions()) -> int | None:
    """``hand_count`` when an earlier count left it known exactly, else None
    (no search)."""
    known = _COUNT_FLOOR.get((kinds, wild, opts))
    return None if known is None else known[0]


def loose_kinds(kinds: tuple[int, ...], wild: frozenset[int],
                opts: MeldOptions = MeldOptions()) -> tuple[int, frozenset[int]]:
    """``hand_count`` of a hand given as sorted kinds, and the natural kinds
    its best arrangement leaves out of its melds: the loss of one of them
    lowers the count by exactly its points (``_remember_parent``)."""
    raw = _evaluate_kinds(kinds, wild, opts, False)
    _know(kinds, wild, opts, raw)
    return raw[1], _loose_of(kinds, wild, raw[4])


def paid_count(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions,
               cap: int | None) -> int:
    """What a losing hand pays in points, the cap included: only a count
    under the cap is searched for (``min(hand_count(...), cap)`` for about a
    quarter less work over the losers of hard's rollouts)."""
    if cap is None:
        return hand_count(kinds, wild, opts)
    n = hand_count(kinds, wild, opts, cap)
    return cap if n is None else n


def count_tier(kinds: tuple[int, ...], wild: frozenset[int],
               opts: MeldOptions = MeldOptions()) -> tuple[int, str]:
    """``evaluate(...)``'s count and tier for a hand given as sorted kinds,
    without placing its cards into melds (a show question asks only these)."""
    raw = _evaluate_kinds(kinds, wild, opts, False)
    _know(kinds, wild, opts, raw)
    return raw[1], raw[2]


# (kinds, wild, opts) -> (exact count or None, a floor the count is known to reach)
_COUNT_FLOOR: dict[tuple, tuple[int | None, int]] = {}
_COUNT_KEPT = 50000


def _know(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions, raw: tuple) -> None:
    """Keep an exact evaluation's count, and what it says of each hand one
    card less (once a hand)."""
    key = (kinds, wild, opts)
    known = _COUNT_FLOOR.get(key)
    if known is None or known[0] is None:
        _remember_parent(kinds, wild, opts, raw)
        _COUNT_FLOOR[key] = (raw[1], raw[1])


def _remember_parent(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions,
                     raw: tuple) -> None:
    """What the exact evaluation of ``kinds`` says of each hand one card
    less: a bot weighing its discards asks the whole hand first, then each
    hand less one card, mostly whether it is lower than the best so far.

    Whatever a hand makes, the hand with a card b added makes too, b in the
    deadwood (a spare wild card more never breaks lives: ``lives.lives_ok`` only asks
    for at least 1, 3 or 4), in each tier (RULES.md §2): so count(hand - b)
    >= count(hand) - points(b).  When b is a natural card (not wild) left in
    the deadwood of the arrangement found, that arrangement less b stands in
    the same tier, so count(hand - b) <= count(hand) - points(b): the count
    is known exactly."""
    trim(_COUNT_FLOOR, _COUNT_KEPT)
    count = raw[1]
    loose = _loose_of(kinds, wild, raw[4])
    pts = _points(opts.ace_points)
    for i, b in enumerate(kinds):
        if i and kinds[i - 1] == b:
            continue
        key = (kinds[:i] + kinds[i + 1:], wild, opts)
        floor = count if b == JOKER_KIND or b in wild else count - pts[b]
        if b in loose:
            _COUNT_FLOOR[key] = (floor, floor)
            continue
        known = _COUNT_FLOOR.get(key)
        if floor > 0 and (known is None or (known[0] is None and known[1] < floor)):
            _COUNT_FLOOR[key] = (None, floor)


def _loose_of(kinds: tuple[int, ...], wild: frozenset[int], melds: tuple) -> frozenset[int]:
    """The natural kinds of a hand (sorted kinds) that an arrangement's
    melds leave a copy of outside them."""
    left = list(kinds)
    for meld in melds:
        for n in meld[3]:
            left.remove(n)
    return frozenset(k for k in left if k != JOKER_KIND and k not in wild)


@lru_cache(maxsize=20000)
def _evaluate_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions,
                    loose: bool):
    s = _Search.of(kinds, wild, opts)
    total = s.total
    pure_pts, pure_meld = s.best_pure_points()
    tier, count, melds = "none", total, []
    declarable = False
    if pure_meld is not None:
        tier, count, melds = "pure", total - pure_pts, [pure_meld]
        s.run(lives=True, floor=pure_pts)
        if s.best_melds is not None:
            tier, count, melds = "lives", total - s.best, s.best_melds
        declarable = s.declarable
        if declarable:
            tier, melds = "lives", s.decl_melds
    loose_count = count
    if loose:
        s.run(lives=False)
        loose_count = total - max(s.best, 0)
        if tier == "none" and s.best_melds is not None:
            melds = s.best_melds
    return total, count, tier, declarable, tuple(melds), loose_count


def _materialise(cards, wild, opts, raw) -> Evaluation:
    total, count, tier, declarable, melds, loose_count = raw
    by_kind: dict[int, list[Card]] = {}
    for card in cards:
        by_kind.setdefault(card.kind, []).append(card)
    out_melds: list[list[Card]] = []
    kinds_of: list[int] = []
    for m in melds:
        t, length, w, nats, s, lo = m
        naturals = [by_kind[n].pop() for n in nats]
        group: list[Card | None]
        if t in (PURE, IMPURE):
            group = [None] * length
            for card in naturals:
                pos = card.rank
                if pos == 1 and not lo <= 1:
                    pos = 14
                group[pos - lo] = card
        else:
            group = list(naturals) + [None] * w
        out_melds.append(group)  # None = a wild card still to be placed
        kinds_of.append(t)
    spare = [c for k in sorted(by_kind) for c in by_kind[k] if k == JOKER_KIND or k in wild]
    deadwood = [c for k in sorted(by_kind) for c in by_kind[k]
                if not (k == JOKER_KIND or k in wild)]
    for group in out_melds:
        for i, card in enumerate(group):
            if card is None:
                group[i] = spare.pop()
    if declarable:
        _place_spares(out_melds, kinds_of, spare, opts)
    deadwood.extend(spare)
    final = tuple(Meld(t, tuple(g)) for t, g in zip(kinds_of, out_melds, strict=True))
    return Evaluation(count, declarable, final, tuple(deadwood), loose_count, tier, total)


def _place_spares(groups, kinds_of, spare, opts) -> None:
    """Put leftover wild cards into the melds of a declared hand, following
    the plan that made it declarable."""
    if not spare:
        return
    plan = spare_plan([(t, len(g)) for t, g in zip(kinds_of, groups, strict=True)],
                      len(spare), opts)
    if plan is None:
        return
    mode, keep, extend = plan
    if mode == "group":
        groups.append(list(spare))
        kinds_of.append(ALLWILD)
        spare.clear()
        return
    order = ([extend] if extend is not None else []) + list(range(len(groups)))
    for i in order:
        if i == keep:
            continue
        room = _wild_room(kinds_of[i], len(groups[i]), opts.one_wild_per_impure)
        while spare and room > 0:
            groups[i].append(spare.pop())
            room -= 1
            if kinds_of[i] == PURE:
                kinds_of[i] = IMPURE


def is_declarable(cards, wild: frozenset[int], opts: MeldOptions = MeldOptions()) -> bool:
    """Whether every card can be melded with valid lives (faster than evaluate)."""
    kinds = tuple(sorted(c.kind for c in cards))
    known = _COUNT_FLOOR.get((kinds, wild, opts))
    if known is not None and known[1] > 0:
        return False  # a declarable hand counts 0 (everything melded, valid lives)
    return _declarable_kinds(kinds, wild, opts)


@lru_cache(maxsize=20000)
def _declarable_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions) -> bool:
    s = _Search.of(kinds, wild, opts)
    s._pure_cores()
    if not s.cores:  # no pure sequence
        return False
    s.run(lives=True, must_meld=True)
    return s.declarable


def clear_caches() -> None:
    """Forget every cached result (benchmarks solve each hand from scratch)."""
    _evaluate_kinds.cache_clear()
    _declarable_kinds.cache_clear()
    _COUNT_FLOOR.clear()
    _ALL_MOVES.clear()
