"""The shortcuts that make the greedy bot's questions cheap (issue 23): an
exact count of a whole hand tells the counts of the hands one card less
(at least the count less the card's points; exactly that when the card is
loose in the arrangement found), and the evaluators' tables of melds are
shared by the hands a bot compares.  Every answer must stay the one the
evaluator gives from scratch: checked on seeded hands, and by hand."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import build_shoe, make_card, parse_kind
from game.engine.meldtypes import MeldOptions
from game.families.thirteen import solver as thirteen
from game.families.thirteen.solver import hand_count, is_declarable
from game.families.twentyone import solver as twentyone
from game.families.twentyone.cards import wild_kinds_21
from game.families.twentyone.solver import WideOptions, count_21, evaluate_21


def _kinds(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_kind(t) for t in text.split()))


def _less(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


def _runs_hand(rng: random.Random, shoe, size: int):
    """``size`` cards, mostly short runs of one suit (hands near a show)."""
    shoe = list(shoe)
    hand = []
    while len(hand) < size:
        if rng.random() < 0.6:
            s, r = rng.randrange(4), rng.randrange(1, 12)
            for q in range(r, r + rng.choice((2, 3, 3, 4))):
                card = next((c for c in shoe if c.kind == s * 13 + q % 13), None)
                if card is not None and len(hand) < size:
                    hand.append(card)
                    shoe.remove(card)
        else:
            card = rng.choice(shoe)
            shoe.remove(card)
            hand.append(card)
    return tuple(sorted(c.kind for c in hand))


# ------------------------------------------------------------------ 13 cards


def test_thirteen_children_by_hand():
    # RULES §2: two pure sequences (5H 6H 7H, 8S 9S TS) and a set of 2s make
    # lives; KC QD 4C 9H JD are loose: 10 + 10 + 4 + 9 + 10 = 43
    whole = _kinds("5H 6H 7H 8S 9S TS 2C 2D 2S KC QD 4C 9H JD")
    opts = MeldOptions()
    thirteen.clear_caches()
    assert hand_count(whole, frozenset(), opts) == 43
    # the King was loose: 33 exactly
    assert hand_count(_less(whole, parse_kind("KC")), frozenset(), opts, below=34) == 33
    assert hand_count(_less(whole, parse_kind("KC")), frozenset(), opts, below=33) is None
    # without the 5H only one sequence is left (8S 9S TS, 27): every other
    # card counts, 6 + 7 + 2 + 2 + 2 + 43 = 62
    no_five = _less(whole, parse_kind("5H"))
    assert hand_count(no_five, frozenset(), opts, below=62) is None
    assert hand_count(no_five, frozenset(), opts, below=63) == 62
    assert hand_count(no_five, frozenset(), opts) == 62
    # a hand counting 43 is not declarable, nor is one card less of it
    assert not is_declarable(_cards(no_five), frozenset(), opts)


def _cards(kinds):
    seen: dict[int, int] = {}
    out = []
    for k in kinds:
        out.append(make_card(k, seen.get(k, 0)))
        seen[k] = seen.get(k, 0) + 1
    return out


@pytest.mark.parametrize("decks", [2, 3])
def test_thirteen_children_agree_with_a_fresh_evaluation(decks):
    rng = random.Random(decks)
    opts = MeldOptions(tanala=decks >= 3)
    shoe = build_shoe(decks, 2)
    checked = 0
    for _ in range(60):
        rank = rng.randrange(13)
        wild = frozenset(s * 13 + rank for s in range(4)) if rng.random() < 0.8 else frozenset()
        whole = _runs_hand(rng, shoe, 14)
        children = {k: _less(whole, k) for k in set(whole)}
        thirteen.clear_caches()
        truth = {k: thirteen._evaluate_kinds(kids, wild, opts, False)[1]
                 for k, kids in children.items()}
        thirteen.clear_caches()
        hand_count(whole, wild, opts)  # the whole hand first, as the greedy bot asks
        for k, kids in children.items():
            want = truth[k]
            for below in (want, want + 1, max(1, want - 3), 80):
                expected = want if want < below else None
                assert hand_count(kids, wild, opts, below) == expected, (whole, k, below)
                checked += 1
            assert hand_count(kids, wild, opts) == want
    assert checked > 1000


# --------------------------------------------------------------- 21/27 cards


def test_twentyone_children_by_hand():
    # RULES §4: three pure sequences (AS 2S 3S, 4H 5H 6H, 7D 8D 9D TD JD QD)
    # and a set of 4s (4C 4D 4S); 22 cards, no wild card
    whole = _kinds("AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD QD 4C 4D 4S "
                   "2C 5C 9C KC QH JH 7S")
    opts = WideOptions()
    twentyone.clear_caches()
    # deadwood: 2C 5C 9C KC QH JH 7S = 2 + 5 + 9 + 10 + 10 + 10 + 7 = 53
    assert count_21(whole, frozenset(), opts) == 53
    # the King of clubs was loose: 43 exactly; the seven of spades: 46
    assert count_21(_less(whole, parse_kind("KC")), frozenset(), opts, below=44) == 43
    assert count_21(_less(whole, parse_kind("KC")), frozenset(), opts, below=43) is None
    assert count_21(_less(whole, parse_kind("7S")), frozenset(), opts) == 46
    # without the 8D, 9D TD JD QD is still a pure sequence (three are
    # left) and the 7D is loose: 53 + 7 = 60, though the 8D was melded
    assert count_21(_less(whole, parse_kind("8D")), frozenset(), opts, below=60) is None
    assert count_21(_less(whole, parse_kind("8D")), frozenset(), opts) == 60


@pytest.mark.parametrize("form", [21, 27])
def test_twentyone_children_agree_with_a_fresh_evaluation(form):
    rng = random.Random(form)
    opts = WideOptions(form=form)
    shoe = build_shoe(3, 1)
    checked = 0
    for _ in range(25):
        cut = rng.choice(shoe)
        wild = wild_kinds_21(cut.kind, rng.random() < 0.3, form)
        pool = [c for c in shoe if c is not cut]
        whole = _runs_hand(rng, pool, form + 1)
        children = {k: _less(whole, k) for k in set(whole)}
        twentyone.clear_caches()
        truth = {k: evaluate_21(_cards(kids), wild, opts).count for k, kids in children.items()}
        twentyone.clear_caches()
        count_21(whole, wild, opts)  # the whole hand first, as the greedy bot asks
        for k, kids in children.items():
            want = truth[k]
            for below in (want, want + 1, max(1, want - 3), 200):
                expected = want if want < below else None
                assert count_21(kids, wild, opts, below) == expected, (whole, k, below)
                checked += 1
            assert count_21(kids, wild, opts) == want
    assert checked > 500
