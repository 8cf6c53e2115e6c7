"""Indian Marriage's meld reading (RULES.md §6), the parts the mutation run of
``melds.py`` found unchecked: a tiplu that is a printed joker refused in
words, an ace and a jack with one wild card, and a printed joker that is not
wild beside two wild cards."""

from __future__ import annotations

import pytest

from game.engine.cards import JOKER_KIND, parse_cards, parse_kind
from game.families.marriage.melds import (
    DIRTY_SEQUENCE,
    classify_meld,
    marriage_wilds,
    tiplu_kind,
)


def test_a_printed_joker_is_refused_as_tiplu_in_words():
    with pytest.raises(ValueError, match=r"^a printed joker cannot be the tiplu \(RULES §6 "
                                         r"defines none\); set another card aside$"):
        tiplu_kind(JOKER_KIND)
    with pytest.raises(ValueError, match=r"^no such card kind: 53$"):
        tiplu_kind(53)


def test_an_ace_and_a_jack_with_one_wild_card_are_no_run():
    # tiplu 5♥: 5♠ 5♥ 5♦ 5♣, 6♥, 4♥ wild.  A♠ J♠ need both Q♠ and K♠ between
    # them (J-Q-K-A), two places, and one wild card fills one: no meld.
    wild = marriage_wilds(parse_kind("5H"))
    assert classify_meld(parse_cards("AS JS 5D"), wild) is None
    # A♠ Q♠ with the wild card as K♠: Q-K-A, a dirty sequence (RULES §6:
    # "2 of a suit in sequence with one wild"; ace high)
    assert classify_meld(parse_cards("AS QS 5D"), wild) == DIRTY_SEQUENCE
    # A♠ 3♠ with the wild card as 2♠: A-2-3 (ace low)
    assert classify_meld(parse_cards("AS 3S 5D"), wild) == DIRTY_SEQUENCE


def test_a_printed_joker_that_is_not_wild_melds_with_nothing():
    # tiplu 5♥ without printed jokers among the wild kinds: a printed joker
    # has no rank or suit, so 5♦ 5♣ (two wild cards) cannot stand around it
    wild = marriage_wilds(parse_kind("5H"))
    assert JOKER_KIND not in wild
    assert classify_meld(parse_cards("JK 5D 5C"), wild) is None
    # with printed jokers wild, the same three are "any card with two wild"
    # (three wild cards, one standing as itself)
    wild_jk = marriage_wilds(parse_kind("5H"), printed_jokers=True)
    assert classify_meld(parse_cards("JK 5D 6H"), wild_jk) == DIRTY_SEQUENCE
