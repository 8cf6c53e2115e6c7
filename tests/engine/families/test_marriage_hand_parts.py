"""Indian Marriage's seeing and show judge (RULES.md §6), the parts
``test_marriage_hand.py`` left open: the refusals in words, printed jokers
and the Q-K corner in the natural-meld finder, a tunnela whose kind another
run also holds, four printed jokers, and how the dublee show counts shown,
exposed and laid-down groups.  Every expected value is worked out by hand
beside it."""

from __future__ import annotations

import pytest

from game.engine.cards import parse_cards, parse_kind
from game.families.marriage.hand import (
    can_see,
    count_dublees,
    dublee_pairs,
    has_natural_pures,
    marriage_wilds,
    winning_show,
)

NONE: frozenset[int] = frozenset()
W5S = marriage_wilds(parse_kind("5S"))  # 5♠ 5♥ 5♦ 5♣, poplu 6♠, jhiplu 4♠


def groups_text(res) -> list[str]:
    return sorted(" ".join(str(c) for c in g) for g in res.groups)


# ------------------------------------------------------------ refusals in words
def test_refusals_say_what_is_wrong():
    with pytest.raises(ValueError, match=r"^a negative number of exposed tunnelas$"):
        can_see(parse_cards("2C 3C 4C"), -1)
    with pytest.raises(ValueError, match=r"^an exposed group is not a tunnela: 8D 8D 8H$"):
        can_see(parse_cards("2C 3C 4C"), [parse_cards("8D 8D 8H")])
    laid = [parse_cards("2C 3C 9S"), parse_cards("5D 6D 7D"), parse_cards("9S TS JS")]
    hand = parse_cards("8H 8H 8H QH KH AH 4S 4D 5H 8C 9C 5C")
    with pytest.raises(ValueError, match=r"^a laid-down group is no meld: 2C 3C 9S$"):
        winning_show(hand, W5S, laid)
    with pytest.raises(ValueError, match=r"^unknown route 'rummy'$"):
        winning_show(hand, W5S, laid, route="rummy")


# ------------------------------------------------------------ natural melds to see
def test_a_printed_joker_in_hand_is_no_natural_card():
    # unseen, printed jokers in play: the three runs are still found, and the
    # joker (no rank, no suit) makes no natural run with anything
    hand = parse_cards("JK 2C 3C 4C 5D 6D 7D 9S TS JS JK KH")
    assert groups_text(can_see(hand, dublees=False)) == ["2C 3C 4C", "5D 6D 7D", "9S TS JS"]
    assert has_natural_pures(parse_cards("JK JK QS KS 9H"), 1) is False


def test_queen_king_and_the_next_suits_ace_are_no_run():
    # Q♠ K♠ A♥: three suits' worth of order, but two suits; no run (RULES §1)
    hand = parse_cards("QS KS AH 2C 3C 4C 5D 6D 7D")
    assert has_natural_pures(hand, 2)
    assert not has_natural_pures(hand, 3)
    assert can_see(hand, dublees=False) is None
    # K♠ A♥ 2♥ is no run either (Q♠ absent, K♠ the lowest)
    assert not has_natural_pures(parse_cards("KS AH 2H"), 1)


def test_a_tunnela_whose_kind_a_failed_run_took_is_found():
    # 2♠ 3♠ 3♠ 3♠ 4♠ 5♠ 6♠ 4♥ 5♥ 6♥: taking 2♠-3♠-4♠ first leaves 3♠ 3♠
    # 5♠ 6♠ 4♥ 5♥ 6♥, one run only; the answer is 3♠ 3♠ 3♠ (tunnela) +
    # 4♠-5♠-6♠ + 4♥-5♥-6♥, 2♠ left in hand
    hand = parse_cards("2S 3S 3S 3S 4S 5S 6S 4H 5H 6H")
    assert has_natural_pures(hand, 3)
    assert groups_text(can_see(hand, dublees=False)) == ["3S 3S 3S", "4H 5H 6H", "4S 5S 6S"]


# ------------------------------------------------------------ dublees
def test_four_printed_jokers_are_two_dublees():
    # "two printed jokers form a dublee" (RULES §1): four are two, three one
    assert count_dublees(parse_cards("JK JK JK JK")) == 2
    assert count_dublees(parse_cards("JK JK JK")) == 1
    pairs = dublee_pairs(parse_cards("JK JK JK JK JK 7H"))
    assert len(pairs) == 2 and len({c.uid for p in pairs for c in p}) == 4


SHOWN = [tuple(parse_cards(f"{k} {k}")) for k in "2C 5D 7H 9S JD KC QH".split()]


def test_the_shown_dublees_come_first_in_the_show():
    # 7 shown + 3♠ 3♠ in hand: 8 dublees, the shown ones first in the order
    # they were shown (not sorted by kind), then the hand's
    hand = parse_cards("3S 3S 6D 8C 4H 4D TC")
    res = winning_show(hand, W5S, SHOWN, route="dublees")
    assert res.dublees[:7] == tuple(SHOWN)
    assert [str(c) for c in res.dublees[7]] == ["3S", "3S"]
    assert sorted(str(c) for c in res.free) == ["4D", "4H", "6D", "8C", "TC"]


def test_two_different_cards_shown_together_are_no_dublee():
    # six dublees shown, then 3♠ 4♠ laid as if a seventh: with 6♦ 6♦ in
    # hand that is 6 + 1 = 7 dublees, not 8
    laid = SHOWN[:6] + [tuple(parse_cards("3S 4S"))]
    hand = parse_cards("6D 6D 8C 4H 4D TC 5C")
    assert winning_show(hand, W5S, laid, route="dublees") is None
    # the same with 3♠ 3♠ laid: 8 dublees
    laid[6] = tuple(parse_cards("3S 3S"))
    assert winning_show(hand, W5S, laid, route="dublees") is not None


def test_an_exposed_tunnela_counts_one_dublee_as_a_count_or_as_cards():
    # 6 shown (12 cards) + one exposed tunnela (3) + 6 in hand = 21
    shown = SHOWN[:6]
    one_pair = parse_cards("6D 6D 8C 4H 4D TC")  # 6 + 1 + 1 = 8
    no_pair = parse_cards("6D 3D 8C 4H 4D TC")  # 6 + 1 = 7
    assert winning_show(one_pair, W5S, shown, 1, route="dublees") is not None
    assert winning_show(no_pair, W5S, shown, 1, route="dublees") is None
    tunnela = [parse_cards("8H 8H 8H")]
    res = winning_show(one_pair, W5S, shown, tunnela, route="dublees")
    assert res is not None and len(res.dublees) == 8
    # the tunnela's third 8♥ is free: 8♣ 4♥ 4♦ 10♣ 8♥
    assert sorted(str(c) for c in res.free) == ["4D", "4H", "8C", "8H", "TC"]
    assert winning_show(no_pair, W5S, shown, tunnela, route="dublees") is None


def test_laid_down_tunnelas_are_one_dublee_each_on_the_dublee_route():
    # laid to see: 8♥ 8♥ 8♥, 9♦ 9♦ 9♦, 2♣ 3♣ 4♣; six pairs in hand that make
    # no meld unseen (six ranks, no runs).  Sequences fail; the dublees are
    # the six pairs + one 8♥ pair + one 9♦ pair = 8, every one two cards, and
    # the free cards the third 8♥, the third 9♦ and the run
    laid = [parse_cards("8H 8H 8H"), parse_cards("9D 9D 9D"), parse_cards("2C 3C 4C")]
    hand = parse_cards("2S 2S 5H 5H 7D 7D JC JC KS KS QD QD")
    res = winning_show(hand, NONE, laid, route=None)
    assert res is not None and res.route == "dublees"
    assert len(res.dublees) == 8 and all(len(p) == 2 for p in res.dublees)
    assert sorted(str(c) for c in res.free) == ["2C", "3C", "4C", "8H", "9D"]


# ------------------------------------------------------------ sequences
def test_an_exposed_tunnela_given_as_cards_counts_once():
    # one pure run laid + one exposed tunnela = two natural pures: the 15
    # cards in hand must hold the third.  These meld only with wild cards
    # (tiplu 5♠): 4♠ 4♦ 5♥, J♣ Q♣ 5♣, 7♥ 7♦ 7♣, 2♥ 2♦ 5♦, 9♥ 9♣ 9♠: none
    # natural pure, so no show
    laid = [parse_cards("2C 3C 4C")]
    exposed = [parse_cards("8H 8H 8H")]
    hand = parse_cards("4S 4D 5H JC QC 5C 7H 7D 7C 2H 2D 5D 9H 9C 9S")
    assert winning_show(hand, W5S, laid, exposed) is None
    # with 9♥ 10♥ J♥ (a pure run) for the 9♥ 9♣ 9♠ trial: three, a show
    third = parse_cards("4S 4D 5H JC QC 5C 7H 7D 7C 2H 2D 5D 9H TH JH")
    res = winning_show(third, W5S, laid, exposed)
    assert res is not None and res.natural_pures == 3 and len(res.melds) == 7
