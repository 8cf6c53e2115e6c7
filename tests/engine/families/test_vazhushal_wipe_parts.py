"""Vazhushal's wipe (RULES.md §7): two ways to make the same new meld that
leave different pure sequences are two plans, not one."""

from __future__ import annotations

from game.engine.cards import parse_cards, parse_kind
from game.families.vazhushal.melds import negative_wilds, wipe_plans


def test_the_same_meld_with_different_pure_sequences_left_is_two_plans():
    # negative joker 7♥: 7♠ and 7♣ are wild (with the printed joker).  A player
    # with no melds wipes 5♠ (the lowest card taken) and must lay a pure
    # sequence with the new meld.  5♠ 5♥ and a wild card make the set of fives
    # 5♠ 5♥ 5♦ two ways: with the joker, 6♣ 7♣ 8♣ (7♣ as itself) stays pure
    # beside 2♦ 3♦ 4♦; with 7♣ standing as 5♦, only 2♦ 3♦ 4♦ is pure.
    wild = negative_wilds(parse_kind("7H"))
    assert sorted(wild) == [parse_kind("7S"), parse_kind("7C")]
    cards = parse_cards("5S 5H JK 7C 6C 8C 2D 3D 4D")
    lowest, hand = cards[0], cards[1:]
    fives = tuple(parse_kind(t) for t in ("5S", "5H", "5D"))
    ways = {(tuple(sorted(str(c) for c in p.meld.cards)),
             tuple(sorted(str(c) for c in p.pure_sequence.cards)))
            for p in wipe_plans(lowest, [lowest], hand, wild)
            if p.meld.stands_for == fives}
    assert ways == {(("5H", "5S", "JK"), ("6C", "7C", "8C")),
                    (("5H", "5S", "7C"), ("2D", "3D", "4D"))}
