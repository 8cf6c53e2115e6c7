"""Counting and declaration rules of RULES.md §2 on whole hands."""

import pytest

from game.engine.cards import parse_cards, parse_kind
from game.engine.family import run_steps
from game.families import preset
from game.families.thirteen.family import FAMILY
from game.families.thirteen.solver import clear_caches, count_tier
from tests.engine.helpers import ev

PAGAT = "TH JH QH KH 7S 8S 8D 4C 4D 4S 4S 2D 2D"


def test_pagat_example_43():
    e = ev(PAGAT, wild="5H")
    # pure run in hearts, no second sequence: 7+8+8+4+4+4+4+2+2
    assert e.count == 43 and e.tier == "pure" and not e.declarable


def test_pagat_example_with_wild_for_8d_is_8():
    e = ev(PAGAT.replace("8D", "5C"), wild="5H")
    # 7S 8S +wild is the second life, 4C 4D 4S a set: 4S 2D 2D count
    assert e.count == 8 and e.tier == "lives"
    assert sorted(str(c) for c in e.deadwood) == ["2D", "2D", "4S"]


def test_no_pure_sequence_counts_every_card():
    e = ev("7H JK 9H 3C 3D 3S 5S 6D 8C KC QD 2S 2H")
    assert e.tier == "none"
    assert e.count == 7 + 9 + 3 * 3 + 5 + 6 + 8 + 10 + 10 + 2 + 2


def test_second_sequence_frees_sets_too():
    e = ev("AH 2H 3H 5S 6S JK KD KC KH 9D 4D 7C 8H")
    # pure A23, impure 5S 6S JK, set of kings; 9+4+7+8 remain
    assert e.count == 28 and e.tier == "lives"


def test_best_arrangement_beats_greedy():
    # Taking the long run 3-7 leaves 8 9 of spades loose; splitting it as
    # 3-5 pure + 6-9 pure melds everything.
    e = ev("3S 4S 5S 6S 7S 8S 9S KD KC KH 2C 2D 2H")
    assert e.declarable and e.count == 0


VALID = [
    ("AH 2H 3H 5S 6S 7S 8C 8D 8H KS KD KC 9C", None, {}, False),  # 9C loose
    ("AH 2H 3H 5S 6S 7S 8C 8D 8H KS KD KC KH", None, {}, True),
    ("AH 2H 3H 5S JK 7S 8C 8D 8H KS KD KC KH", None, {}, True),  # pure + impure
    ("AH JK 3H 5S JK 7S 8C 8D 8H KS KD KC KH", None, {}, False),  # no pure sequence
    ("AH 2H 3H 8C 8D 8H KS KD KC 5C 5D 5H 5S", None, {}, False),  # one sequence only
    ("AH 2H 3H 4H 5S JK 7S 8C 8D 8H KS KD KC", None, {"four_card_life": True}, True),
    ("AH 2H 3H 5S JK 7S 8C 8D 8H KS KD KC KH", None, {"four_card_life": True}, False),
    ("4S 4S 4S 5D JK 7D 8C 8D 8H KS KD KC KH", None, {"tanala": True}, True),
    ("4S 4S 4S 5D JK 7D 8C 8D 8H KS KD KC KH", None, {}, False),
    ("AH 2H 3H 5S JK JK 8S 8C 8D 8H KS KD KC", None, {"one_wild_per_impure": True}, False),
    ("AH 2H 3H 5S JK JK 8S 8C 8D 8H KS KD KC", None, {}, True),
    ("AH 2H 3H 4S 5S 6S JK JK JK KS KD KC KH", None, {}, True),  # spare jokers join melds
    # 9C JK JK would be a second life, but not with one wild per sequence ...
    ("AH 2H 3H JK JK JK 9C 9D 9H KS KD KC KH", None, {}, True),
    ("AH 2H 3H JK JK JK 9C 9D 9H KS KD KC KH", None, {"one_wild_per_impure": True}, False),
    # ... unless three jokers may form a group of their own
    ("AH 2H 3H JK JK JK 9C 9D 9H KS KD KC KH", None,
     {"one_wild_per_impure": True, "all_wild_melds": True}, True),
    ("AH 2H 3H 5S 6S 7C 8C 8D 8H KS KD KC KH", "7H", {}, True),  # 7C as the wild
    # three spare wild aces: one makes a 4-card life, but then two are left
    # that fit nowhere (one wild per sequence) and are too few for a group
    ("9D TD JD 3D 4D 5D AS AS AS", "AH",
     {"four_card_life": True, "one_wild_per_impure": True, "all_wild_melds": True}, False),
    ("9D TD JD 3D 4D 5D AS AS AS", "AH", {"four_card_life": True}, True),
]


@pytest.mark.parametrize("hand, wild, opts, declarable", VALID)
def test_declarations(hand, wild, opts, declarable):
    assert ev(hand, wild, **opts).declarable is declarable


def test_ace_as_eleven_option():
    assert ev("AH 5C 9D").count == 24
    assert ev("AH 5C 9D", ace_points=11).count == 25


def test_wild_cards_count_zero():
    assert ev("JK 5C 5D 9S KH", wild="5S").count == 19


@pytest.mark.parametrize("text, count, tier", [
    # every rank once, no three of a suit in a row: every card counts
    ("2S 5H 9D KC 7S JH 4D 8C QS 6H TD AC 3H", 94, "none"),
    # A23 of spades is pure; nothing else melds: 5+9+10+7+10+4+8+10+6+10
    ("AS 2S 3S 5H 9D KC 7S JH 4D 8C QS 6H TD", 79, "pure"),
    # A23S pure, 567H the second sequence, three nines: KC QD 4D 8C count
    ("AS 2S 3S 5H 6H 7H 9D 9C 9S KC QD 4D 8C", 32, "lives"),
])
def test_the_count_and_tier_alone_are_the_evaluations(text, count, tier):
    """``count_tier``, which a show question asks instead of a whole
    evaluation (no cards placed in melds), gives the same two answers."""
    clear_caches()
    kinds = tuple(sorted(parse_kind(t) for t in text.split()))
    assert count_tier(kinds, frozenset()) == (count, tier)
    e = ev(text)
    assert (e.count, e.tier) == (count, tier)


def test_a_hand_one_king_from_a_show_is_asked_each_discard():
    """The show question first rules out a hand counting more than 10 (a
    card thrown takes at most 10 points away): a hand counting exactly 10,
    its king loose, is asked each discard, and only the king leaves a show."""
    rules = preset("points")
    hand = tuple(parse_cards("AS 2S 3S 4S 5H 6H 7H 9D 9C 9S QD QC QH KC"))
    clear_caches()
    found = run_steps(FAMILY.iter_showable(rules, 2, hand, frozenset(), None))
    assert found == frozenset({parse_kind("KC")})
    # the jack of hearts instead of the king (it melds with nothing here):
    # the count is 10 again, and only the jack leaves a show
    hand = tuple(parse_cards("AS 2S 3S 4S 5H 6H 7H 9D 9C 9S QD QC QH JH"))
    assert run_steps(FAMILY.iter_showable(rules, 2, hand, frozenset(), None)) == \
        frozenset({parse_kind("JH")})
