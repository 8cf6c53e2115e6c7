"""Indian Marriage's arrangement search (RULES.md §6), the parts
``test_marriage_hand.py`` left open: ``most_melds`` (the engine's quick
filter before it tries every discard for a show), the score ``can_see``
ranks its choices by, and hands whose best arrangement the walk back
through the memo must still find.  Every expected value is worked out by
hand beside it."""

from __future__ import annotations

import pytest

from game.engine.cards import parse_cards, parse_kind
from game.families.marriage.arrange import best_arrangement, display_order, most_melds
from game.families.marriage.hand import can_see, classify_meld, marriage_wilds

NONE: frozenset[int] = frozenset()


def W(tiplu: str) -> frozenset[int]:
    """The wild kinds of a player who has seen this tiplu."""
    return marriage_wilds(parse_kind(tiplu))


def check(arr, cards, wild) -> None:
    """Every card once, in a meld of the name given or left over."""
    got = [c for m in arr.melds for c in m.cards] + list(arr.leftovers)
    assert sorted(c.uid for c in got) == sorted(c.uid for c in cards)
    for m in arr.melds:
        assert len(m.cards) == 3 and classify_meld(m.cards, wild) == m.name


# ------------------------------------------------------------ most_melds
def test_most_melds_counts_the_melds_of_the_best_arrangement():
    # unseen: 7♥ 8♥ 9♥ (pure) + 9♦ 9♣ 9♠ (trial), 2♣ 3♣ left: 2 melds
    assert most_melds(parse_cards("7H 8H 9H 9D 9C 9S 2C 3C"), NONE) == 2
    # nothing melds (2♣ 3♣ lack a third club): 0, not a refusal
    assert most_melds(parse_cards("2C 3C 7H"), NONE) == 0


def test_most_melds_sees_the_ace_of_spades():
    # A♠ A♥ A♦: a trial; 5♣ left
    assert most_melds(parse_cards("AS AH AD 5C"), NONE) == 1


def test_most_melds_one_wild_card_is_not_two():
    # seen, tiplu 5♠: 5♥ is wild, 2♣ and K♦ far apart; a card needs two
    # wild cards beside it, so no meld
    assert most_melds(parse_cards("2C 5H KD"), W("5S")) == 0
    # with 5♦ too: 2♣ 5♥ 5♦ is "any card with two wild"
    assert most_melds(parse_cards("2C 5H KD 5D"), W("5S")) == 1


# ------------------------------------------------------------ seeing's ranking
def test_seeing_keeps_the_ace_of_spades_in_a_trial():
    # A♠ 2♠ 3♠ or 2♠ 3♠ 4♠ with 5♦ 6♦ 7♦ and 9♣ 10♣ J♣: laying 2♠-4♠
    # keeps A♠ A♥ A♦ (a trial) in hand; laying A♠-3♠ keeps 4♠ A♥ A♦ (none)
    hand = parse_cards("AS 2S 3S 4S AH AD 5D 6D 7D 9C TC JC")
    res = can_see(hand, dublees=False)
    assert sorted(" ".join(str(c) for c in g) for g in res.groups) == [
        "2S 3S 4S", "5D 6D 7D", "9C TC JC"]


# ------------------------------------------------------------ the walk
def test_best_arrangement_of_two_trials_and_two_wild_cards():
    # seen, tiplu K♠ (wild: every king, Q♠, A♠): 7♠ 7♥ 7♦ is a trial and
    # A♥ with A♠ and K♣ (both wild) a meld; 8 cards give 2 melds at most,
    # none pure (no run, no tunnela): 2 melds, 2 cards left
    cards = parse_cards("AS 7S AH AH 7H 7D 7D KC")
    arr = best_arrangement(cards, W("KS"))
    check(arr, cards, W("KS"))
    assert len(arr.melds) == 2 and len(arr.leftovers) == 2 and arr.pures == 0


# ------------------------------------------------------------ the leaf's spare wild cards
def test_spare_wild_cards_meld_three_together():
    # seen, tiplu 5♠: 5♥ 5♦ 6♠ are all wild and make no natural meld
    # (two fives, one six): as three wild cards they are one meld
    cards = parse_cards("5H 5D 6S")
    arr = best_arrangement(cards, W("5S"))
    check(arr, cards, W("5S"))
    assert len(arr.melds) == 1 and not arr.leftovers
    assert most_melds(cards, W("5S")) == 1


def test_a_tie_melds_the_natural_card_and_leaves_a_wild_one():
    # seen, tiplu 5♠: 9♥ 5♥ 5♦ 5♣ make one meld either way, 5♥ 5♦ 5♣
    # (a trial) leaving 9♥, or 9♥ with two wild fives leaving a five; the
    # tie keeps more non-wild cards melded: 9♥ is in the meld
    cards = parse_cards("9H 5H 5D 5C")
    arr = best_arrangement(cards, W("5S"))
    check(arr, cards, W("5S"))
    assert len(arr.melds) == 1 and "9H" in [str(c) for c in arr.melds[0].cards]
    assert [str(c)[0] for c in arr.leftovers] == ["5"]


def test_natural_pure_melds_are_listed_first():
    # unseen: 7♥ 8♥ 9♥ (pure) and 9♠ 9♦ 9♣ (trial); the trial holds the
    # lower card (9♠ is the first suit) yet the pure sequence comes first
    cards = parse_cards("9S 9D 9C 7H 8H 9H")
    assert [m.name for m in best_arrangement(cards, NONE).melds] == ["pure sequence", "trial"]


@pytest.mark.parametrize("text", ["AH QH 5D", "AH KH 5D", "QD AD 5C", "KC AC 5H"])
def test_an_ace_melds_with_its_own_queen_or_king_and_a_wild_card(text):
    # seen, tiplu 5♠: Q-A or K-A of one suit with a wild five is a dirty
    # sequence (Q-K-A with a card standing in), whatever the suit
    cards = parse_cards(text)
    arr = best_arrangement(cards, W("5S"))
    check(arr, cards, W("5S"))
    assert [m.name for m in arr.melds] == ["dirty sequence"] and not arr.leftovers
    assert most_melds(cards, W("5S")) == 1


# ------------------------------------------------------------ display order
@pytest.mark.parametrize("text, shown", [
    ("3S AS 2S", "AS 2S 3S"),  # no Q or K: the Ace is low
    ("AS KS QS", "QS KS AS"),  # Q-K-A: the Ace after the King
    ("AH QH 5D", "5D QH AH"),  # a queen alone makes the Ace high
    ("AH KH 5D", "5D KH AH"),  # a king alone too
    ("JK 3H 2H", "2H 3H JK"),  # printed jokers last
])
def test_display_order(text, shown):
    assert " ".join(str(c) for c in display_order(tuple(parse_cards(text)))) == shown
