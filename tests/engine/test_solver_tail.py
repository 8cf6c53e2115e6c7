"""Regression tests for the evaluator's search machinery on whole hands.

The search cuts states with bounds kept in a transposition table, merges
equivalent "lives so far" summaries, gives up on states where the lives are
out of reach, and filters the melds of a kind found once for the whole hand.
None of that may change a result.  Two referees:

- the brute force of bruteforce.py on small hands rich in wild cards and
  identical cards (three decks, tanalas), which the property test of
  test_solver_exact.py draws rarely;
- on 13-card hands, a plain memoised search over kind counts with no bound
  at all: every meld _melds_with offers for the cards actually left, every
  kind also tried as deadwood, lives judged from the melds' types at the end.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.engine.cards import JOKER_KIND, build_shoe, card_points
from game.engine.melds import classify
from game.engine.meldtypes import IMPURE, PURE, TANALA, MeldOptions
from game.families.thirteen.solver import (
    _declarable_kinds,
    _evaluate_kinds,
    _Search,
    evaluate,
    is_declarable,
)
from tests.engine.bruteforce import brute

NONE = -(10**9)


def _options(rng: random.Random, decks: int) -> MeldOptions:
    return MeldOptions(
        ace_points=rng.choice([10, 11]),
        tanala=decks >= 3 or rng.random() < 0.2,
        four_card_life=rng.random() < 0.3,
        one_wild_per_impure=rng.random() < 0.3,
        all_wild_melds=rng.random() < 0.3,
    )


def _hand(rng: random.Random, shoe, size: int, n_wild: int, wild: frozenset[int],
          suits: int = 4, ranks: int = 13):
    """``size`` cards of which ``n_wild`` wild, the natural ones drawn from a
    few suits and ranks (with several decks: identical cards are common)."""
    keep_suits = rng.sample(range(4), suits)
    first = rng.randrange(13)
    keep_ranks = {(first + i) % 13 for i in range(ranks)}
    natural = [c for c in shoe if c.kind != JOKER_KIND and c.kind not in wild
               and c.kind // 13 in keep_suits and c.kind % 13 in keep_ranks]
    wilds = [c for c in shoe if c.kind == JOKER_KIND or c.kind in wild]
    n_wild = min(n_wild, len(wilds), size)
    return rng.sample(natural, min(size - n_wild, len(natural))) + rng.sample(wilds, n_wild)


def _clear():
    _evaluate_kinds.cache_clear()
    _declarable_kinds.cache_clear()


# ------------------------------------------------------------ small hands


def _small_cases(seed: int, n: int):
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        decks = rng.choice([2, 3, 3])
        shoe = build_shoe(decks, 2)
        rank = rng.randrange(13)
        wild = frozenset(s * 13 + rank for s in range(4)) if rng.random() < 0.8 else frozenset()
        size = rng.choice([5, 6, 7, 7])
        hand = _hand(rng, shoe, size, rng.choice([1, 2, 3, 4]), wild,
                     suits=rng.choice([1, 2]), ranks=rng.choice([3, 4, 5]))
        cases.append((hand, wild, _options(rng, decks)))
    return cases


@pytest.mark.parametrize("seed", range(4))
def test_wild_rich_small_hands_match_brute_force(seed):
    for cards, wild, opts in _small_cases(seed, 50):
        _clear()
        ev = evaluate(cards, wild, opts, loose=True)
        count, declarable, loose = brute(cards, wild, opts)
        assert (ev.count, ev.declarable, ev.loose_count) == (count, declarable, loose), (
            cards, wild, opts)
        assert is_declarable(cards, wild, opts) == declarable


# --------------------------------------------------------- 13-card hands


def _lives_ok(summary, left: int, opts: MeldOptions) -> bool:
    """RULES.md §2 lives, from the melds' types (as _Search._leaf judges)."""
    pure_runs, tanalas, impure, long_pure, long_impure = summary
    pures = pure_runs + tanalas
    if not pures:
        return False
    all_wild = opts.all_wild_melds and left >= 3
    if pures + impure < 2 and not all_wild:
        return False
    if not opts.four_card_life or long_pure or long_impure:
        return True
    if left >= 1 and (impure and not opts.one_wild_per_impure or pure_runs and pures >= 2):
        return True
    return opts.all_wild_melds and left >= 4


def _with(summary, t: int, length: int):
    pure_runs, tanalas, impure, long_pure, long_impure = summary
    if t == PURE:
        return min(pure_runs + 1, 2), tanalas, impure, long_pure or length >= 4, long_impure
    if t == IMPURE:
        return pure_runs, tanalas, min(impure + 1, 2), long_pure, long_impure or length >= 4
    if t == TANALA:
        return pure_runs, min(tanalas + 1, 2), impure, long_pure, long_impure
    return summary


def _reference(cards, wild: frozenset[int], opts: MeldOptions, lives: bool) -> int:
    """The most points the naturals can meld (with valid lives if asked), by
    a search with no bounds; NONE if no arrangement has valid lives."""
    search = _Search.of(tuple(sorted(c.kind for c in cards)), wild, opts)
    pts = [0 if k in wild else card_points(k, opts.ace_points) for k in range(52)]

    @cache
    def best(counts: tuple[int, ...], budget: int, summary) -> int:
        k = next((i for i, n in enumerate(counts) if n), None)
        if k is None:
            return 0 if not lives or _lives_ok(summary, budget, opts) else NONE
        out = NONE
        for meld in search._melds_with(k, budget, list(counts)):
            t, length, w, naturals = meld[:4]
            cost = w + sum(n in wild for n in naturals)  # a wild card as itself
            if cost > budget:
                continue
            rest = list(counts)
            for n in naturals:
                rest[n] -= 1
            after = best(tuple(rest), budget - cost, _with(summary, t, length))
            if after > NONE:
                out = max(out, sum(pts[n] for n in naturals) + after)
        rest = list(counts)
        rest[k] = 0  # deadwood (a designated wild card: a wild card after all)
        return max(out, best(tuple(rest), budget, summary))

    return best(tuple(search.c), search.jokers + search.designated, (0, 0, 0, False, False))


def _best_pure(cards, wild: frozenset[int], opts: MeldOptions) -> int | None:
    """Points of the best single pure sequence or tanala, None if none."""
    kinds = [c.kind for c in cards if c.kind != JOKER_KIND]
    pts = {k: 0 if k in wild else card_points(k, opts.ace_points) for k in kinds}
    best = None
    for s in range(4):
        ranks = [s * 13 + r for r in range(13)] + [s * 13]  # Ace low and high
        for lo in range(13):
            total = 0
            for hi in range(lo, 14):
                if ranks[hi] not in pts:
                    break
                total += pts[ranks[hi]]
                if hi - lo >= 2 and (best is None or total > best):
                    best = total
    if opts.tanala:
        for k in set(kinds):
            if kinds.count(k) >= 3 and (best is None or 3 * pts[k] > best):
                best = 3 * pts[k]
    return best


def _big_cases(seed: int, n: int):
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        decks = rng.choice([2, 3])
        shoe = build_shoe(decks, 2)
        rank = rng.randrange(13)
        wild = frozenset(s * 13 + rank for s in range(4))
        n_wild = rng.choice([0, 2, 4, 4, 6])
        if rng.random() < 0.5:
            hand = _hand(rng, shoe, 13, n_wild, wild)
        else:  # crowded: melds, near-melds and identical cards everywhere
            hand = _hand(rng, shoe, 13, n_wild, wild, suits=rng.choice([2, 3]),
                         ranks=rng.choice([5, 6, 7]))
        opts = _options(rng, decks) if rng.random() < 0.4 else MeldOptions(tanala=decks >= 3)
        cases.append((hand, wild, opts))
    return cases


@pytest.mark.parametrize("seed", range(3))
def test_13_card_hands_match_unbounded_search(seed):
    for cards, wild, opts in _big_cases(100 + seed, 80):
        _clear()
        ev = evaluate(cards, wild, opts, loose=True)
        total = sum(0 if c.kind == JOKER_KIND or c.kind in wild
                    else card_points(c.kind, opts.ace_points) for c in cards)
        assert ev.total == total
        pure = _best_pure(cards, wild, opts)
        with_lives = _reference(cards, wild, opts, lives=True)
        if pure is None:
            assert with_lives == NONE
            count, tier = total, "none"
        else:
            count = total - max(pure, with_lives)
            tier = "lives" if with_lives > pure or ev.declarable else "pure"
        assert (ev.count, ev.tier) == (count, tier), (cards, wild, opts)
        assert ev.loose_count == total - max(_reference(cards, wild, opts, lives=False), 0)
        assert ev.declarable == is_declarable(cards, wild, opts)
        if ev.declarable:
            assert with_lives == total
        # the arrangement is real and accounts for every card
        placed = [c for m in ev.melds for c in m.cards] + list(ev.deadwood)
        assert sorted(placed) == sorted(cards)
        for m in ev.melds:
            assert classify(m.cards, wild, opts) is not None, m


def test_bounded_count_agrees_with_the_exact_count():
    """hand_count(below=L) is the count when it is under L and None when not,
    on random hands and limits around the true count."""
    from game.families.thirteen.solver import hand_count

    rng = random.Random(41)
    shoe = build_shoe(2, 2)
    for _ in range(300):
        hand = rng.sample(shoe, 13)
        rank = rng.randrange(13)
        wild = frozenset(s * 13 + rank for s in range(4))
        opts = MeldOptions(tanala=rng.random() < 0.3)
        kinds = tuple(sorted(c.kind for c in hand))
        exact = evaluate(hand, wild, opts).count
        for limit in (exact - 5, exact, exact + 1, exact + 20):
            got = hand_count(kinds, wild, opts, below=limit)
            assert got == (exact if exact < limit else None), (kinds, limit)
