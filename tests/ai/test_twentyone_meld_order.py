"""The 21/27-card evaluator's search tries a kind's melds in the order of a
stable sort (most naturals first, then fewest wild cards), and makes the
variants of impure runs that leave naturals out only when a search reaches
them (``game/families/twentyone/meld_order.py``): the order, and so every
search's answer and the nodes it spends, must be the same as with every
variant made at once.  The evaluator's questions yield between making a
hand and searching it, so that the two costs fall in different slices, and
the test of pure runs at each node adds up what each suit holds.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.engine.cards import JOKER_KIND
from game.engine.meldtypes import IMPURE, PURE, SET
from game.families import preset
from game.families.twentyone import meld_order, solver_search
from game.families.twentyone.cards import pure_runs_reach, runs_possible
from game.families.twentyone.meld_order import Lazy, ordered, skip_block
from game.families.twentyone.search_eval import Evaluator
from game.families.twentyone.solver_search import BoundedHand, Hand, OutOfNodes

from .positions import kind

OPTS27 = preset("27card").solver_options()
# a 27-card hand (one over its size) with seven wild cards: A♥ 2♥ 3♥ 4♥ 5♥
# are wild (the cut 3♥: RULES.md §5), two jokers; 3,480 variants at its first kind
MANY_WILD = ("AS 2S 2S 3S 4S 4S 5S 7S 8S 9S TS JS QS KS AH AH 4H 5H 5H 2D 2D 3D 4D 5D "
             "3C 4C JK JK")
WILD = frozenset(kind(t) for t in "AH 2H 3H 4H 5H".split())


def _option(m: tuple) -> tuple:
    return (m, m[1], m[6], m[2] + m[3], m[0] == PURE)


def _everything_sorted(melds: list, blocks: list, pts: list[int]) -> list:
    """Every variant made where it was found (after the melds listed before
    its block), then a stable sort by (-naturals, wild cards)."""
    flat = []
    for p in range(len(melds) + 1):
        for b in sorted((b for b in blocks if b[1] == p), key=lambda b: b[3]):
            nats, elig, size, cost, lo, hi, gain = b[4]
            for drop in combinations(elig, size):
                kept = tuple(n for i, n in enumerate(nats) if i not in drop)
                flat.append((IMPURE, kept, 0, cost, lo, hi,
                             gain - sum(pts[nats[i]] for i in drop)))
        if p < len(melds):
            flat.append(melds[p])
    flat.sort(key=lambda m: (-len(m[1]), m[3]))
    return [_option(m) for m in flat]


@pytest.mark.parametrize("eager_most", [0, 10 ** 9])
def test_the_order_is_the_stable_sort_of_every_variant(monkeypatch, eager_most):
    monkeypatch.setattr(meld_order, "EAGER_MOST", eager_most)
    rng = random.Random(23)
    pts = [rng.randint(0, 10) for _ in range(52)]
    for _ in range(300):
        melds, blocks = [], []
        for _ in range(rng.randint(0, 6)):
            if rng.random() < 0.4:  # a run's variants, found after the run itself
                nats = tuple(rng.sample(range(52), rng.randint(3, 6)))
                w = rng.randint(0, 1)
                melds.append((IMPURE, nats, 0, w, 1, len(nats) + w, sum(pts[n] for n in nats)))
                elig = sorted(rng.sample(range(1, len(nats) - 1), rng.randint(1, len(nats) - 2)))
                for size in range(1, rng.randint(1, len(elig)) + 1):
                    skip_block(blocks, len(melds), nats, elig, size, w + size, 1,
                               len(nats) + w, melds[-1][6])
            else:  # few sizes and costs: equal keys are common
                nats = tuple(rng.sample(range(52), rng.randint(1, 4)))
                melds.append((rng.choice((PURE, IMPURE, SET)), nats, 0, rng.randint(0, 2), 1, 3,
                              sum(pts[n] for n in nats)))
        expected = _everything_sorted(melds, blocks, pts)
        got = ordered(list(melds), list(blocks), pts)
        assert isinstance(got, Lazy) == (bool(blocks) and len(expected) > len(melds) + eager_most)
        assert list(got) == expected


def test_a_lazy_sequence_reads_alike_from_walks_taken_together():
    made = []

    def rest():
        for i in range(10):
            made.append(i)
            yield i

    seq = Lazy(rest())
    a, b = iter(seq), iter(seq)
    assert [next(a), next(a), next(a)] == [0, 1, 2]
    assert [next(b), next(b)] == [0, 1]  # the second walk reads what the first made
    assert list(a) == list(range(3, 10))
    assert list(b) == list(range(2, 10))
    assert list(seq) == list(range(10))
    assert made == list(range(10))  # each option made once


def _kinds(text: str) -> list[int]:
    return [kind(t) for t in text.split()]


def _random_hands(count: int) -> list[list[int]]:
    """28-card hands from a 27-card game's three decks, each with four to
    nine wild cards (the wild kinds of ``WILD`` and jokers)."""
    rng = random.Random(5)
    deck = [k for k in range(52) for _ in range(3)] + [JOKER_KIND] * 3
    wild = [k for k in deck if k in WILD or k == JOKER_KIND]
    plain = [k for k in deck if k not in WILD and k != JOKER_KIND]
    hands = []
    for _ in range(count):
        n = rng.randint(4, 9)
        hands.append(rng.sample(wild, n) + rng.sample(plain, 28 - n))
    return hands


def _answers(monkeypatch, eager_most: int, hands: list[list[int]]) -> list:
    """Each hand's bounded show and count, the nodes each search left, with
    the search's tables made afresh."""
    monkeypatch.setattr(meld_order, "EAGER_MOST", eager_most)
    monkeypatch.setattr(solver_search, "_MELDS", {})
    ev = Evaluator(WILD, OPTS27)
    out = []
    for hand in hands:
        h = ev.hand(hand, ev.show_nodes)
        try:
            found = h.search(must=True, min_pure=h.rules.pure_needed, spare=1)
        except OutOfNodes:
            found = "stopped"
        out.append((found, h.nodes, ev.count(hand[:-1])))
    return out


def test_searches_answer_alike_and_spend_the_same_nodes_either_way(monkeypatch):
    hands = _random_hands(40) + [_kinds(MANY_WILD)]
    eager = _answers(monkeypatch, 10 ** 9, hands)
    lazy = _answers(monkeypatch, 0, hands)
    assert lazy == eager
    assert any(found == "stopped" for found, _left, _count in eager)  # budgets bind


def test_a_bounded_search_makes_only_the_variants_it_reaches(monkeypatch):
    monkeypatch.setattr(solver_search, "_MELDS", {})
    ev = Evaluator(WILD, OPTS27)
    h = ev.hand(_kinds(MANY_WILD), ev.show_nodes)
    with pytest.raises(OutOfNodes):  # no show, found only by a search past its budget
        h.search(must=True, min_pure=h.rules.pure_needed, spare=1)
    lazy = [o for o in h.opt_caches[1].values() if isinstance(o, Lazy)]
    assert lazy
    made = sum(len(o._made) for o in lazy)
    every = sum(len(list(o)) for o in lazy)
    assert every >= 3480
    assert made * 10 < every


def _searches_seen(monkeypatch) -> list[int]:
    seen: list[int] = []

    def search(self, *args, **kw):
        seen.append(1)
        return Hand.search(self, *args, **kw)

    monkeypatch.setattr(BoundedHand, "search", search)
    return seen


def test_the_show_question_yields_between_making_the_hand_and_searching_it(monkeypatch):
    seen = _searches_seen(monkeypatch)
    ev = Evaluator(WILD, OPTS27)
    steps = ev.show_possible_steps(_kinds(MANY_WILD))
    next(steps)  # the hand made, not yet searched
    assert seen == []
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert seen == [1] and done.value.value is False
    # no suit with three in a row: no pure sequence, so no search and no slice
    steps = ev.show_possible_steps(_kinds("AS 3S 5S 7S 9S JS KS AD 3D 5D 7D 9D JD KD AC 3C "
                                          "5C 7C 9C JC KC 6H 8H TH QH 6H 8H TH"))
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert seen == [1] and done.value.value is False


def test_the_count_yields_before_each_of_its_searches(monkeypatch):
    seen = _searches_seen(monkeypatch)
    ev = Evaluator(WILD, OPTS27)
    # four pure sequences (27 cards need them), three wild cards, far from
    # melding every card: both searches
    hand = _kinds("AS 2S 3S 4S 5S 7S 8S 9S JS KS AH 4H 2D 3D 4D 8D TD QD 3C 4C 5C 7C 9C JC KC "
                  "7H JK")
    assert ev.rules.pure_needed == 4
    steps = ev.count_steps(hand)
    at_yields = []
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
            at_yields.append(len(seen))
    assert at_yields == [0, 1]
    assert len(seen) == 2
    seen.clear()
    assert done.value.value == ev.count(hand) and len(seen) == 2


def test_pure_runs_reach_is_the_suits_runs_added_up():
    rng = random.Random(11)
    for _ in range(2000):
        counts = bytes(rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(52))
        suit, most = rng.randrange(4), rng.randint(1, 5)
        added = sum(runs_possible(counts[t:t + 13], most) for t in range(suit * 13, 52, 13))
        assert pure_runs_reach(counts, suit, most) == (added >= most)
