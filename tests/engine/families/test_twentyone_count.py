"""The two shortcuts the 21/27-card family adds to the evaluator, checked
against the evaluator itself on seeded hands built mostly from runs (so
that many are near a show):

- ``count_21(kinds, wild, opts, below)``: ``evaluate_21(...).count``
  without the arrangement, and with ``below`` None whenever the count is
  not under it (the greedy bot's bounded comparisons, ``Family.count_kinds``);
- ``show_possible(cards, wild, opts)``: whether some discard from a hand
  before its discard leaves a show, in one search (``iter_showable`` runs
  the per-card ``shows`` only when it says so)."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import build_shoe, parse_cards, parse_kind
from game.families.twentyone.cards import wild_kinds_21
from game.families.twentyone.solver import (
    WideOptions,
    clear_caches,
    count_21,
    evaluate_21,
    show_possible,
    shows,
)


def _hands(seed: int, form: int, size: int, n: int):
    """``n`` hands of ``size`` cards from the real shoe: mostly short runs of
    one suit, some random cards, a random cut (any-suit a third of the time)."""
    rng = random.Random(seed)
    for _ in range(n):
        shoe = build_shoe(3, 1)
        cut = rng.choice(shoe)
        shoe.remove(cut)
        wild = wild_kinds_21(cut.kind, rng.random() < 0.3, form)
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
        yield tuple(hand), wild


@pytest.mark.parametrize("form", [21, 27])
def test_count_21_agrees_with_the_evaluator(form):
    opts = WideOptions(form=form)
    checked = 0
    for i, (hand, wild) in enumerate(_hands(form, form, form, 120)):
        want = evaluate_21(hand, wild, opts).count
        kinds = tuple(sorted(c.kind for c in hand))
        if i % 3 == 0:
            clear_caches()  # also from scratch, not only from the remembered floors
        for below in (None, 2, 3, want, want + 1, max(0, want - 1), 60, 200):
            expected = want if below is None or want < below else None
            assert count_21(kinds, wild, opts, below) == expected, (form, below, want)
            checked += 1
    assert checked == 960


def test_count_21_examples_by_hand():
    opts = WideOptions()
    # RULES §1 points, no pure sequence: 2 + 5 + 9 + 10 + 7 = 33
    kinds = tuple(sorted(parse_kind(t) for t in "2S 5H 9D KC 7S".split()))
    assert count_21(kinds, frozenset(), opts) == 33
    assert count_21(kinds, frozenset(), opts, below=33) is None
    assert count_21(kinds, frozenset(), opts, below=34) == 33
    # 156 points, capped at 120: under any bound above the cap it is 120
    high = "KS JS 9S 7S 5S 3S KH JH 9H 7H 5H 3H QD TD 8D 6D 4D 2D QC TC 8C"
    kinds = tuple(sorted(c.kind for c in parse_cards(high)))
    assert count_21(kinds, frozenset(), opts, below=200) == 120
    assert count_21(kinds, frozenset(), opts, below=120) is None


@pytest.mark.parametrize("form", [21, 27])
def test_show_possible_is_trying_every_discard(form):
    opts = WideOptions(form=form)
    shown = 0
    for hand, wild in _hands(100 + form, form, form + 1, 150):
        brute = any(shows(hand[:i] + hand[i + 1:], wild, opts) is not None
                    for i in range(len(hand)))
        assert show_possible(hand, wild, opts) == brute
        shown += brute
    assert 20 <= shown <= 140  # both answers are well represented


def test_a_losers_words_name_the_tunnela_among_its_pure_sequences():
    # cut 5♣ (5♣ 6♣ 4♣ wild; none held): 8♦ 8♦ 8♦ is a tunnela, 2-3-4♥ and
    # 9-10-J♠ pure runs, K♥ K♦ K♠ and 7♥ 7♠ 7♦ sets; loose Q♥ 2♠ 9♣ = 10 + 2 + 9
    hand = parse_cards("8D 8D 8D 2H 3H 4H 9S TS JS KH KD KS 7H 7S 7D QH 2S 9C")
    ev = evaluate_21(hand, wild_kinds_21(parse_kind("5C"), False, 21))
    assert ev.count == 21
    assert ev.why == "three pure sequences (a tunnela among them): only the deadwood counts (21)"
    # two pure runs without the tunnela: the middle rung, every card outside counts
    short = parse_cards("2H 3H 4H 9S TS JS KH KD KS QH 2S 9C")
    ev = evaluate_21(short, wild_kinds_21(parse_kind("5C"), False, 21))
    assert ev.why == "two pure sequences: cards outside them count (51)"  # 30 + 21
