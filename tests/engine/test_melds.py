"""Table-driven meld rules of RULES.md §1."""

import pytest

from game.engine import parse_cards
from game.engine.melds import classify, meld_name
from game.engine.meldtypes import MeldOptions
from tests.engine.helpers import wild_rank

CASES = [
    # cards, wild rank, options, expected
    ("KH AH 2H", None, {}, "invalid"),  # no wrap-around
    ("AH 2H 3H", None, {}, "pure sequence"),
    ("QH KH AH", None, {}, "pure sequence"),
    ("JH QH KH AH", None, {}, "pure sequence"),
    ("QH KH AH 2H", None, {}, "invalid"),
    ("7C 7C 7H", None, {}, "invalid"),  # two clubs: never a set
    ("7C 7C 7H JK", None, {}, "invalid"),  # and no wild card makes it one
    ("7C 7D 7H", None, {}, "set"),
    ("7C 7D 7H 7S", None, {}, "set"),
    ("7C 7D 7H 7S JK", None, {}, "invalid"),  # at most 4 cards
    ("7C 7D JK", None, {}, "set"),
    ("7H 8H 9H", "8S", {}, "pure sequence"),  # a wild card as itself keeps it pure
    ("7H 8D 9H", "8S", {}, "sequence"),  # 8D stands in for 8H
    ("7H JK 9H", None, {}, "sequence"),
    ("7H 9H JK", None, {}, "sequence"),
    ("7H 8S 9H", None, {}, "invalid"),
    ("4S 4S 4S", None, {"tanala": True}, "tanala"),
    ("4S 4S 4S", None, {}, "invalid"),  # tanala only with 3+ decks
    ("JK JK JK", None, {}, "invalid"),
    ("JK JK JK", None, {"all_wild_melds": True}, "wild group"),
    ("5H JK JK", None, {}, "sequence"),
    ("5H JK JK 8H", None, {}, "sequence"),
    ("5H JK JK 8H", None, {"one_wild_per_impure": True}, "invalid"),
    ("5H JK 7H 8H", None, {"one_wild_per_impure": True}, "sequence"),
    ("AH 2H", None, {}, "invalid"),
    ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", None, {}, "pure sequence"),
]


@pytest.mark.parametrize("cards, wild, opts, expected", CASES)
def test_meld(cards, wild, opts, expected):
    t = classify(parse_cards(cards), wild_rank(wild), MeldOptions(**opts))
    assert meld_name(t) == expected
