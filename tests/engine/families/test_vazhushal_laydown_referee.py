"""The hand-worked lay-downs of ``test_vazhushal_laydown_parts.py`` (those
of ten cards or fewer, and the table positions) judged again by the
independent brute force of ``test_vazhushal_melds_referee.py`` (every
partition of the cards into melds tried against the rules): a slip in working
a score out by hand shows here, and the search must agree with both.  (The
five larger hands, 11 to 14 cards, were checked against the same brute force
once: 0.4 to 33 s each, too slow to keep.)"""

from __future__ import annotations

import pytest

from game.engine.cards import parse_cards
from game.families.vazhushal.laydown import best_laydown
from game.families.vazhushal.melds import SEQUENCE, SET
from tests.engine.families.test_vazhushal_laydown_parts import LAYDOWNS, deal
from tests.engine.families.test_vazhushal_melds import W
from tests.engine.families.test_vazhushal_melds_referee import _ref_search

SMALL = [case for case in LAYDOWNS if len(case[0].split()) <= 10]


@pytest.mark.parametrize("hand, cut, pure_on_table, score", SMALL)
def test_hand_worked_scores_agree_with_the_brute_force(hand, cut, pure_on_table, score):
    wild = W(cut)
    cards = parse_cards(hand)
    assert _ref_search(cards, wild, pure_on_table=pure_on_table) == score
    assert best_laydown(cards, wild, has_pure_on_table=pure_on_table).score == score


TABLES = [
    ("4S", "2S", (("2S 3S 4S", SEQUENCE, "2S 3S 4S"), ("JK 2S JK", SEQUENCE, "AS 2S 3S")), 28),
    ("JK 2C", "JK", (("5H 6H 7H", SEQUENCE, "5H 6H 7H"), ("9S JK JS", SEQUENCE, "9S TS JS")), 55),
    ("5S JK", "JK", (("5S 6S 7S", SEQUENCE, "5S 6S 7S"),), -7),
    ("AS JK JK", "JK", (("9S 9H 9D", SET, "9S 9H 9D"),), 57),
]


@pytest.mark.parametrize("hand, cut, table, score", TABLES)
def test_table_scores_agree_with_the_brute_force(hand, cut, table, score):
    wild = W(cut)
    cards, melds = deal(hand, table)
    table_cards = [c for m in melds for c in m.cards]
    assert _ref_search(cards, wild, table_cards) == score
    assert best_laydown(cards, wild, melds).score == score
