"""Vazhushal's wipe when only a longer meld is new (RULES.md §7: "the lowest
card taken must be melded in a new meld this turn"; "no two identical melds
for one player"; §8: an illegal action is refused with a clear reason).

The position, worked out by hand.  Four players, two decks; the negative
joker 2♥ makes the black twos wild (2♠ 2♣, and the printed jokers).  Seat 3
(the dealer's left) melds Q♦ K♦ A♦ (pure: its first meld), 5♠ JK JK read
5-6-7♠ and 2♣ 2♣ 2♠ 8♠ read 5-6-7-8♠, throws 4♥ and keeps 6♠ 7♠ 8♠.  The
line is then 5♠ 4♥ 9♠ 3♣ 3♦ (seat 2 threw the 9♠).  Wiping from the 5♠
takes all five; seat 3 holds no wild card, so a meld with the 5♠ is a run of
spades or a set of 5s (no other 5 in sight):
  * three cards: 5-6-7♠ only, identical to the table's 5-6-7♠;
  * four: 5-6-7-8♠ only, identical to 5-6-7-8♠;
  * five: 5-6-7-8-9♠ (the 9♠ from the line): new, so the wipe is legal,
    and it leaves 4♥ 3♣ 3♦ in hand, one to throw.
Without the 9♠ in the line no meld is new and the wipe is refused."""

from __future__ import annotations

from game.engine import Discard, DrawStock, check, legal_actions
from game.families.vazhushal.actions import LayMeld, Position, Wipe
from game.families.vazhushal.melds import wipe_ok, wipe_plans
from game.families.vazhushal.offers import possible_wipes
from game.families.vazhushal.table.moves import wipe_plans_from, wipe_with
from tests.engine.families.test_vazhushal_family import (
    cards,
    deal,
    kinds_of,
    line,
    reading,
    refused,
    table_ok,
)
from tests.engine.helpers import accepted, card, play

SEAT3 = "QD KD AD 5S JK JK 2C 2C 2S 8S 6S 7S 4H"


def _beside_two_runs(seat2_throws: str):
    """Seat 3 to play, holding 6♠ 7♠ 8♠ beside its 5-6-7♠ and 5-6-7-8♠; the
    line 5♠ 4♥ (seat 2's throw) 3♣ 3♦."""
    s, _ = deal({3: SEAT3, 2: "9S"}, upcard="5S", cut="2H", players=4,
                stock_top="8S 3H 3C 3D")
    s, _ = play(s, DrawStock())
    s, _ = play(s, LayMeld(reading(cards(s, 3, "QD KD AD"), "QD KD AD")))
    s, _ = play(s, LayMeld(reading(cards(s, 3, "5S JK JK"), "5S 6S 7S")))
    s, _ = play(s, LayMeld(reading(cards(s, 3, "2C 2C 2S 8S"), "5S 6S 7S 8S")))
    s, _ = play(s, Discard(card(s, 3, "4H")))
    for seat, throw in ((2, seat2_throws), (1, "3C"), (0, "3D")):
        s, _ = play(s, DrawStock())
        s, _ = play(s, Discard(card(s, seat, throw)))
    assert s.turn == 3 and [str(c) for c in s.discard] == ["5S", "4H", seat2_throws, "3C", "3D"]
    assert sorted(str(c) for c in s.hands[3]) == ["6S", "7S", "8S"]
    return s


def test_a_wipe_lays_five_cards_when_the_shorter_melds_are_the_players_own():
    s = _beside_two_runs("9S")
    five = s.discard[0]
    check(s, Wipe(five))  # accepted, and offered
    assert Wipe(five) in legal_actions(s)
    pos = Position.of_state(s)
    plans = wipe_plans(five, s.discard, s.hands[3], s.wild, s.extra.melds[3])
    assert [kinds_of(p.meld) for p in plans] == [["5S", "6S", "7S", "8S", "9S"]]
    assert wipe_ok(five, s.discard, s.hands[3], s.wild, s.extra.melds[3]) is None
    assert Wipe(five) in [a for a, _ in possible_wipes(pos)]
    s, _ = play(s, Wipe(five))
    new = s.extra.melds[3][-1]
    assert kinds_of(new) == ["5S", "6S", "7S", "8S", "9S"] and new.is_pure_sequence
    assert sorted(str(c) for c in s.hands[3]) == ["3C", "3D", "4H"] and s.discard == ()
    table_ok(s)


def test_with_no_new_meld_the_wipe_is_refused_with_the_reason():
    s = _beside_two_runs("3H")  # no 9♠ in the line: 5-6-7♠ and 5-6-7-8♠ are all
    five = s.discard[0]
    refused(s, Wipe(five), "the only meld it makes would be identical to one of yours")
    assert Wipe(five) not in legal_actions(s)


def test_the_table_makes_that_wipe_from_the_cards_raised():
    # 6♠ 7♠ 8♠ raised with the 5♠ chosen: 5-6-7-8♠ is refused (identical);
    # the engine's plan that holds them, 9♠ from the line, comes next
    s = _beside_two_runs("9S")
    pos = Position.of_state(s)
    assert [kinds_of(p.meld) for p in wipe_plans_from(pos, 0)] == [
        ["5S", "6S", "7S", "8S", "9S"]]
    for raised in ("6S 7S 8S", "6S 7S", "8S"):
        plan = wipe_with(pos, 0, cards(s, 3, raised))
        played = next(a for a in plan.actions if accepted(s, a))
        assert kinds_of(played.meld) == ["5S", "6S", "7S", "8S", "9S"]
        assert set(cards(s, 3, raised)) <= set(played.meld.cards)  # the very cards raised
        assert line(s, "9S") in played.meld.cards

