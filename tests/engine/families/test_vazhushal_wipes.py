"""Vazhushal's wipe (RULES.md §7): taking cards off the discard line into a
meld, what a wipe may and may not make, and how the line and the hand change."""

from __future__ import annotations

from game.engine import (
    Discard,
    DrawStock,
    Phase,
    legal_actions,
)
from game.families.vazhushal.actions import (
    Wipe,
    Wiped,
)
from game.families.vazhushal.melds import (
    SET,
)
from tests.engine.families.test_vazhushal_family import (
    _one_card_left,
    best,
    cards,
    deal,
    kinds_of,
    line,
    reading,
    refused,
    table_ok,
)
from tests.engine.helpers import card, play

# ------------------------------------------------------------------ wipes


def test_wipe_to_make_a_pure_sequence():
    # line [7♥]; seat 1 holds 8♥ 9♥ and has no meld: 7-8-9♥ is a pure sequence
    hand = "8H 9H 5S 6S 7S KD KC 3C 4D TC JD QH 9S"
    s, _ = deal({1: hand}, upcard="7H")
    s, events = play(s, Wipe(s.discard[0]))
    assert s.phase == Phase.DISCARD and s.discard == ()
    assert [kinds_of(m) for m in s.extra.melds[1]] == [["7H", "8H", "9H"]]
    assert len(s.hands[1]) == 13 + 1 - 3 and s.extra.held[1] == 14
    wiped = events[0]
    assert isinstance(wiped, Wiped) and [str(c) for c in wiped.taken] == ["7H"]
    assert s.log[-1] == (1, "wipe", wiped.taken[0])
    table_ok(s)


def test_wipe_takes_the_card_and_every_card_above_it():
    hand = "8H 9H 5S 6S 7S KD KC 3C 4D TC JD QH 9S"
    s, _ = deal({1: hand}, upcard="AC", stock_top="QD 7H")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "QD")), DrawStock())
    s, _ = play(s, Discard(card(s, 0, "7H")))
    assert [str(c) for c in s.discard] == ["AC", "QD", "7H"]
    # Q♦ is the lowest card taken: J♦ Q♦ K♦ is a pure sequence, the new meld
    s, events = play(s, Wipe(line(s, "QD")))
    assert [str(c) for c in s.discard] == ["AC"]
    assert [str(c) for c in events[0].taken] == ["QD", "7H"]
    assert [kinds_of(m) for m in s.extra.melds[1]] == [["JD", "KD", "QD"]]
    assert "7H" in [str(c) for c in s.hands[1]] and len(s.hands[1]) == 13 + 2 - 3
    assert s.extra.held[1] == 15
    table_ok(s)


def test_wipe_refusals_change_nothing():
    hand = "8H 9H 5S 6S 9D KD KC 3C 4D TC JD QH 9S"  # no pure sequence in hand
    s, _ = deal({1: hand}, upcard="KH")
    before = s
    # K♥ K♦ K♣ is a set: before a first meld only a pure sequence may be made
    refused(s, Wipe(s.discard[0]), "before your first meld you may wipe only")
    assert s == before and legal_actions(s) == legal_actions(before)
    # a card that makes no meld
    t, _ = deal({1: hand}, upcard="2S")
    refused(t, Wipe(t.discard[0]), "must go into a new meld this turn, and it makes none")
    refused(t, Wipe(card(t, 1, "8H")), "not in the discard line")


def test_a_wipe_with_a_pure_sequence_in_hand_lays_it_too():
    # RULES §7: "(or while also laying a pure sequence held in hand)"
    hand = "8H 9H 5S 6S 7S KD KC 3C 4D TC JD QH 9S"
    s, _ = deal({1: hand}, upcard="KH")
    s, events = play(s, Wipe(s.discard[0]))
    laid = sorted(tuple(kinds_of(m)) for m in s.extra.melds[1])
    assert laid == [("5S", "6S", "7S"), ("KC", "KD", "KH")]
    assert s.extra.melds[1][0].is_pure_sequence  # the pure sequence is the first meld
    assert len(s.hands[1]) == 13 + 1 - 6
    table_ok(s)


def test_specific_wipes():
    hand = "8H 9H 5S 6S 7S KD KC 3C 4D TC JD QH 9S"
    s, _ = deal({1: hand, 0: "KS"}, upcard="KH")
    kh = s.discard[0]
    kings = reading((kh,) + cards(s, 1, "KD KC"), "KH KD KC", SET)
    pure = best(s, cards(s, 1, "5S 6S 7S"))
    refused(s, Wipe(kh, kings), "before your first meld")
    refused(s, Wipe(kh, pure), "the KH you take must be in the new meld")
    refused(s, Wipe(kh, None, pure), "name the new meld")
    refused(s, Wipe(kh, reading((kh,) + cards(s, 0, "KS") + cards(s, 1, "KD"),
                                "KH KS KD", SET)), "cards in your hand and the cards wiped")
    impure = reading(cards(s, 1, "8H 9H QH"), "8H 9H TH")  # Q♥ is not wild
    refused(s, Wipe(kh, kings, impure), "not wild and can only stand for itself")
    s2, _ = play(s, Wipe(kh, kings, pure))
    assert [kinds_of(m) for m in s2.extra.melds[1]] == [["5S", "6S", "7S"],
                                                          ["KC", "KD", "KH"]]
    table_ok(s2)


def test_wild_first_upcard():
    # negative joker 7♥: 7♠ and 7♣ are wild; the first upcard is the wild 7♠
    no_pure = "KD KC 3C 4D TC JD QH 5H 2D AC 6D 9H 4S"
    s, _ = deal({1: no_pure}, upcard="7S", cut="7H")
    assert s.discard[0].kind in s.wild
    # K♦ K♣ 7♠ would be a set, but the wild upcard may only be taken as itself
    # in a pure sequence, or by a player who already has a pure sequence
    refused(s, Wipe(s.discard[0]), "first upcard is wild")
    as_itself = "8S 9S KD KC 3C 4D TC JD QH 5H 2D AC 6D"
    s, _ = deal({1: as_itself}, upcard="7S", cut="7H")
    s, _ = play(s, Wipe(s.discard[0]))
    meld = s.extra.melds[1][0]
    assert kinds_of(meld) == ["7S", "8S", "9S"] and meld.is_pure_sequence
    with_pure = "KD KC 4D 5D 6D TC JD QH 5H 2D AC 9H 4S"
    s, _ = deal({1: with_pure}, upcard="7S", cut="7H")
    s, _ = play(s, Wipe(s.discard[0]))  # 4-5-6♦ laid with K♦ K♣ 7♠ (K 30 each)
    laid = sorted(tuple(kinds_of(m)) for m in s.extra.melds[1])
    assert laid == [("4D", "5D", "6D"), ("7S", "KC", "KD")]
    table_ok(s)




def test_a_wipe_must_leave_a_card_to_discard():
    # wiping J♦ would make J♦ J♣ J♥ and leave nothing to discard
    s = _one_card_left()
    assert Wipe(line(s, "JD")) not in legal_actions(s)
    refused(s, Wipe(line(s, "JD")), "no card to discard")
    refused(s, Wipe(line(s, "JC")), "makes none")
