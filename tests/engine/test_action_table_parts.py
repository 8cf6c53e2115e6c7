"""The core's action table (``game/engine/game.py``) where its mutation run
left it unchecked (TESTING.md, issue 24): the parts no rules test asserted
one by one.  Expected values come from RULES.md §2-§3, worked out by hand."""

from __future__ import annotations

import pytest

from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    NextDeal,
    Pack,
    Phase,
    check,
    legal_actions,
    new_match,
)
from game.engine.actions import CardDrawn, DealStarted, Discarded, StockReshuffled
from game.engine.stack import stacked_order
from game.families import preset
from tests.engine.helpers import card, deal, play

# no two cards of one kind and no sequence (a wrong show if declared)
LOOSE = "QH QD 2C 5C 5D 8H 9S JS 4H 6H 7D 3S JD"


def test_with_the_taken_card_free_to_throw_a_show_may_throw_it():
    # RULES.md §2, option (PlayingCards.io): the card taken from the pile may
    # be discarded the same turn, so a declaration may throw it too. The 9♦
    # taken is the only one of its kind: 13 kinds of LOOSE and the 9♦, 14
    s = deal("points", players=3, upcard="9D", hands={1: LOOSE}, may_discard_picked=True)
    upcard = s.discard[-1]
    s, _ = play(s, DrawDiscard())
    declares = [a for a in legal_actions(s) if isinstance(a, Declare)]
    assert Declare(upcard) in declares and len(declares) == 14


def test_the_card_just_taken_may_not_be_thrown_back_by_default():
    # RULES.md §2: a card taken from the discard pile may not be discarded in
    # the same turn; the refusal says so
    s = deal("points", players=3, upcard="9D", hands={1: LOOSE})
    s, _ = play(s, DrawDiscard())
    with pytest.raises(IllegalAction) as refused:
        check(s, Discard(s.picked))
    assert str(refused.value) == "you may not discard the card you just took from the pile"


def _order(hand, under) -> list[int]:
    """Where each card put under the stock sat in the hand packed."""
    return [next(i for i, c in enumerate(hand) if c is card) for card in under]


def test_each_first_drop_is_shuffled_under_the_stock_on_its_own():
    # Paplu puts a first-turn packer's cards under the stock, shuffled
    # (RULES.md §2, pagat). Four players, dealer 0: seats 1 and 2 drop on
    # their first turn; seat 2's 13 cards go under seat 1's
    s = deal("paplu", players=4)
    hand1, hand2 = s.hands[1], s.hands[2]
    s, _ = play(s, Pack(), Pack())
    assert s.phase == Phase.DRAW
    under2, under1 = s.stock[:13], s.stock[13:26]
    assert sorted(under1) == sorted(hand1) and sorted(under2) == sorted(hand2)
    # each drop has its own shuffle: not the same reordering of 13 cards
    assert _order(hand1, under1) != _order(hand2, under2)


def test_a_player_s_first_drops_in_two_deals_are_shuffled_afresh():
    # seat 2 drops first in the first deal and again in the second (dealer
    # 1, seat 2 plays first); seats 3 and 0, then 3 and 0 again, drop too
    s = deal("paplu", players=4)
    s, _ = play(s, Pack())  # seat 1
    hand = s.hands[2]
    s, _ = play(s, Pack())  # seat 2
    first = _order(hand, s.stock[:13])
    s, _ = play(s, Pack())  # seat 3: seat 0 is left and wins the deal
    assert s.phase == Phase.DEAL_OVER
    s, _ = play(s, NextDeal())
    assert s.dealer == 1 and s.turn == 2
    hand = s.hands[2]
    s, _ = play(s, Pack())
    assert sorted(s.stock[:13]) == sorted(hand)
    assert _order(hand, s.stock[:13]) != first


def test_a_turn_from_the_stock_is_told_and_counted():
    # Points, 3 players, dealer 0: seat 1 draws the 5♥ on the stock and
    # throws its Q♥; it has had one turn, the others none
    s = deal("points", players=3, hands={1: LOOSE}, stock_top="5H")
    top = s.stock[-1]
    s, ev = play(s, DrawStock())
    assert ev == [CardDrawn(1, "stock", top)]
    thrown = card(s, 1, "QH")
    s, ev = play(s, Discard(thrown))
    assert ev[0] == Discarded(1, thrown)
    assert s.turns_taken == (0, 1, 0) and s.turn == 2


def test_the_card_taken_from_the_pile_is_forgotten_once_the_turn_is_over():
    # seat 1 takes the 9♦ and throws another card: the next player to draw
    # has taken nothing from the pile (their view says so)
    s = deal("points", players=3, upcard="9D", hands={1: LOOSE})
    s, _ = play(s, DrawDiscard())
    assert s.picked is not None
    s, _ = play(s, Discard(card(s, 1, "QH")))
    assert s.turn == 2 and s.phase == Phase.DRAW and s.picked is None


def test_once_the_match_is_over_no_move_is_offered():
    # Points is one deal (RULES.md §3): seat 1 drops, seat 0 wins, the match ends
    s, _ = play(deal("points", players=2), Pack())
    assert s.phase == Phase.MATCH_OVER and legal_actions(s) == []
    for action in (NextDeal(), DrawStock()):
        with pytest.raises(IllegalAction) as refused:
            check(s, action)
        assert str(refused.value) == "the match is over"


def _last_card_drawn(s):
    """The player to act draws the stock's last card and throws a card."""
    s = s.replace(stock=s.stock[-1:])
    s, _ = play(s, DrawStock())
    thrown = s.hands[s.turn][0]
    s, ev = play(s, Discard(thrown))
    return s, ev, thrown


def test_the_pile_is_turned_over_at_most_the_family_s_limit():
    # 21 cards, at the block: the pile but its top card becomes the stock,
    # five times a deal (MAX_RESHUFFLES); the sixth empty stock voids the deal
    rules = preset("21card").with_options(stock_empty="reshuffle")
    s, _ = new_match(rules, 2, seed=1)
    upcard = s.discard[-1]
    turned, ev, thrown = _last_card_drawn(s.replace(reshuffles=4))
    assert turned.phase == Phase.DRAW and turned.result is None
    assert turned.stock == (upcard,) and turned.discard == (thrown,)
    assert turned.reshuffles == 5 and ev[-1] == StockReshuffled(1)
    void, _, _ = _last_card_drawn(s.replace(reshuffles=5))
    assert void.phase == Phase.DEAL_OVER and void.result.void


def test_a_family_may_end_the_stock_its_own_way():
    # Vazhushal: the stock running out starts the lay-down step (RULES.md
    # §7), it does not void the deal
    s, _ = new_match(preset("vazhushal"), 2, seed=1)
    s, _, _ = _last_card_drawn(s)
    assert s.phase == Phase.FAMILY and s.result is None


def _turned_stock(s):
    """The stock made of the pile when the player to act draws the last card:
    every other card of the stock was put on the pile under the upcard."""
    s = s.replace(stock=s.stock[-1:], discard=s.stock[:-1] + s.discard)
    s, _, _ = _last_card_drawn(s)
    # one deck and its two jokers (RULES.md §3), two hands, the cut card and
    # the card thrown on top of the pile: 26 turned
    assert len(s.stock) == 54 - 2 * 13 - 2
    return s.stock


def test_each_turn_of_the_pile_is_shuffled_afresh():
    # Points turns the pile over when the stock is empty and shuffles it
    # (RULES.md §3): the same pile turned a second time in a deal, or in
    # another deal, is not put in the same order
    s = deal("points", players=2)
    first = _turned_stock(s)
    assert sorted(first) == sorted(s.stock[:-1] + s.discard)
    assert _turned_stock(s.replace(reshuffles=1)) != first
    assert _turned_stock(s.replace(deal_no=s.deal_no + 1)) != first


# the seat draw (pagat, as game.py's _seat_draw says): the lowest card deals
# first, aces high and printed jokers lowest; a tie draws again
DRAW_ORDER = ["JK", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]


def _draw_rank(c) -> int:
    return DRAW_ORDER.index("JK" if c.is_joker else str(c)[0])


def test_of_two_players_the_one_who_drew_lower_deals_first():
    # two players both draw again on a tie, so the last cards drawn decide
    lows, highs = set(), set()
    for seed in range(200):
        s, _ = new_match(preset("points"), 2, seed=seed)
        low, high = sorted(s.seat_draw, key=_draw_rank)
        assert _draw_rank(low) < _draw_rank(high)
        assert s.dealer == s.seat_draw.index(low)
        lows.add(_draw_rank(low))
        highs.add(_draw_rank(high))
    # the draws met both ends of the order: a joker dealt, an ace was outdrawn
    assert 0 in lows and DRAW_ORDER.index("A") in highs


def test_a_chosen_first_dealer_must_be_one_of_the_seats():
    rules = preset("points")
    for bad in (-1, 3):
        with pytest.raises(ValueError) as refused:
            new_match(rules, 3, dealer=bad)
        assert str(refused.value) == "dealer must be a seat 0..2"
    for dealer in (0, 2):
        s, _ = new_match(rules, 3, dealer=dealer)
        assert s.dealer == dealer and s.turn == (dealer + 1) % 3


def test_a_deal_starts_as_dealt_and_says_so():
    # Points, 3 players, two decks of 54 (RULES.md §3), dealer 0: seats 1,
    # 2, 0 are dealt 13 each, the 9♦ turned up, the K♣ cut: every king wild
    rules = preset("points")
    order = stacked_order(rules, 3, 0, {}, "9D", "KC")
    s, ev = new_match(rules, 3, seed=1, order=order, dealer=0)
    upcard, cut = order[39], order[40]
    assert (str(upcard), str(cut)) == ("9D", "KC")
    kings = frozenset({12, 25, 38, 51})
    assert ev == [DealStarted(1, 0, cut, upcard, kings, (1, 2, 0))]
    assert s.deal_no == 1 and s.turn == 1 and s.phase == Phase.DRAW
    assert s.discard == (upcard,) and s.cut == cut and s.wild == kings
    assert [len(h) for h in s.hands] == [13, 13, 13] and len(s.stock) == 108 - 39 - 2
    assert s.turns_taken == (0, 0, 0) and s.owed == (0, 0, 0)
    assert s.reshuffles == 0 and s.upcard_fresh and s.aside == () and s.log == ()


def test_a_stacked_order_must_be_the_whole_shoe():
    rules = preset("points")
    order = stacked_order(rules, 2, 0, {}, "9D", "KC")
    with pytest.raises(ValueError) as refused:
        new_match(rules, 2, seed=1, order=order[1:], dealer=0)
    assert str(refused.value) == "a stacked order must hold exactly the shoe's cards"


def test_every_deal_of_a_match_is_shuffled_afresh():
    # Paplu, two players, one deal each: the second deal's cards do not
    # come in the first deal's order
    s, _ = new_match(preset("paplu"), 2, seed=1)
    first = s.stock
    s, _ = play(s, Pack())
    assert s.phase == Phase.DEAL_OVER
    s, _ = play(s, NextDeal())
    assert s.deal_no == 2 and s.stock != first


def test_the_next_deal_forgets_the_last_one():
    # Paplu, 3 players, dealer 0: seat 1 draws and throws, seats 2 and 0
    # drop (owing 10 each, RULES.md §2), seat 1 wins; say the pile was
    # turned twice. The next deal starts with none of it
    s = deal("paplu", players=3)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(s.hands[1][0]), Pack(), Pack())
    assert s.phase == Phase.DEAL_OVER and s.owed == (10, 0, 10) and not s.upcard_fresh
    s, _ = play(s.replace(reshuffles=2), NextDeal())
    assert s.deal_no == 2 and s.phase == Phase.DRAW and s.result is None
    assert s.owed == (0, 0, 0) and s.turns_taken == (0, 0, 0) and s.reshuffles == 0
    assert s.upcard_fresh and s.picked is None and s.aside == () and s.log == ()
