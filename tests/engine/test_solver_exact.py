"""The evaluator never misses a cheaper arrangement: property test against
a brute-force search over every partition of small hands."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.cards import JOKER_KIND, make_card
from game.engine.meldtypes import MeldOptions
from game.families.thirteen.solver import evaluate
from tests.engine.bruteforce import brute

# A narrow band of ranks and suits makes melds (and near-melds) frequent.
KINDS = [s * 13 + r for s in range(3) for r in (0, 1, 2, 3, 4, 10, 11, 12)] + [JOKER_KIND]


@st.composite
def _meldish(draw):
    """Kinds that form, or nearly form, one meld."""
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        start = draw(st.integers(0, 11))
        length = draw(st.integers(3, 4))
        kinds = [suit * 13 + (start + i) % 13 for i in range(length)]
    else:
        rank = draw(st.sampled_from([0, 2, 4, 9, 12]))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
        kinds = [s * 13 + rank for s in suits]
    if draw(st.booleans()):
        kinds[draw(st.integers(0, len(kinds) - 1))] = JOKER_KIND
    return kinds


@st.composite
def hands(draw, max_cards=8):
    kinds = []
    for _ in range(draw(st.integers(0, 2))):
        kinds += draw(_meldish())
    kinds += draw(st.lists(st.sampled_from(KINDS), min_size=max(0, 3 - len(kinds)), max_size=3))
    kinds = kinds[:max_cards]
    seen = {}
    cards = []
    for k in kinds:
        n = seen.get(k, 0)
        if n >= 3:
            continue
        seen[k] = n + 1
        cards.append(make_card(k, n // 2, n % 2) if k == JOKER_KIND else make_card(k, n))
    wild_rank = draw(st.sampled_from([None, 0, 2, 11]))
    wild = frozenset() if wild_rank is None else frozenset(s * 13 + wild_rank for s in range(4))
    opts = MeldOptions(
        ace_points=draw(st.sampled_from([10, 11])),
        tanala=draw(st.booleans()),
        four_card_life=draw(st.booleans()),
        one_wild_per_impure=draw(st.booleans()),
        all_wild_melds=draw(st.booleans()),
    )
    return cards, wild, opts


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_evaluator_matches_brute_force(case):
    cards, wild, opts = case
    ev = evaluate(cards, wild, opts, loose=True)
    count, declarable, loose = brute(cards, wild, opts)
    assert ev.count == count
    assert ev.declarable == declarable
    assert ev.loose_count == loose


@settings(max_examples=300, deadline=None)
@given(hands())
def test_arrangement_is_consistent(case):
    """The melds returned are real melds and every card is accounted for."""
    from game.engine.melds import classify

    cards, wild, opts = case
    ev = evaluate(cards, wild, opts)
    placed = [c for m in ev.melds for c in m.cards] + list(ev.deadwood)
    assert sorted(placed) == sorted(cards)
    for m in ev.melds:
        assert classify(m.cards, wild, opts) is not None, m
