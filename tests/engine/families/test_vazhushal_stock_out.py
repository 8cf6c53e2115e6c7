"""Vazhushal when the stock runs out (RULES.md §7): the lay-down step, the best
lay-down found for a seat, a tie, and the game points it gives."""

from __future__ import annotations

from game.engine import (
    Discard,
    DrawStock,
    Phase,
    check_invariants,
    legal_actions,
)
from game.families.vazhushal.actions import (
    Finish,
    LayMeld,
    StockOut,
)
from tests.engine.families.test_vazhushal_family import (
    _short_stock,
    best,
    cards,
    deal,
    refused,
)
from tests.engine.helpers import card, play

# ---------------------------------------------------------------- stock out




STOCK_OUT_1 = "5S 6S 7S KD KC KH 3C 4C JK 9D TD 8H QS"
STOCK_OUT_0 = "AH 2H 3H 9C 9S 9H 4D 6H QC QD JS 5D 8C"


def test_stock_out_lay_down_and_scores():
    s, _ = deal({1: STOCK_OUT_1, 0: STOCK_OUT_0}, upcard="7D", stock_top="AS")
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())  # A♠
    s, _ = play(s, Discard(card(s, 1, "QS")), DrawStock())  # seat 0 draws 2♣, the last
    assert len(s.stock) == 0 and s.phase == Phase.DISCARD  # seat 0 completes its turn
    assert s.hands[0][-1] == s.extra.negative  # the negative joker was the last card
    s, events = play(s, Discard(card(s, 0, "QC")))
    stock_out = next(e for e in events if isinstance(e, StockOut))
    # the lay-down goes round from the next player to the one who drew last
    assert stock_out.order == (1, 0) and s.phase == Phase.FAMILY and s.to_act == 1
    assert set(legal_actions(s)) == {Finish(True), Finish(False)}
    refused(s, DrawStock(), "the stock is out: every player lays down")
    # seat 1: 5-6-7♠ 18, K♦ K♣ K♥ 30, 9♦ 10♦ JK (JK = J♦) 29: melded 77;
    # left 3♣ 4♣ 8♥ A♠ = 3 + 4 + 8 + 10 = 25; score 52 (the joker as J♦
    # beats 3-4-5♣ = 12, which would leave 9♦ 10♦: 60 - 37 = 23)
    s, _ = play(s, Finish(True))
    assert s.to_act == 0
    # seat 0 lays nothing: A♥ 10 + 2♥ (wild) 20 + 3♥ 3 + three 9s 27 + 4♦ 4
    # + 6♥ 6 + Q♦ 10 + J♠ 10 + 5♦ 5 + 8♣ 8 + 2♣ 2 = 105 (the 2♥ as a wild 20)
    s, events = play(s, Finish(False))
    r = s.result
    assert [x.count for x in r.seats] == [-105, 52]
    assert r.seats[1].why.startswith("melded 77 − left 25 − wild 0 = 52")
    assert r.seats[0].why.startswith("melded 0 − left 85 − wild 20 = -105")
    assert r.winner == 1 and r.deltas == (0, 1) and s.scores == (0, 1)
    assert s.phase == Phase.DEAL_OVER
    check_invariants(s)


def test_stock_out_best_lay_down_of_the_other_seat():
    s, _ = deal({1: STOCK_OUT_1, 0: STOCK_OUT_0}, upcard="7D", stock_top="AS")
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "QS")), DrawStock())
    s, _ = play(s, Discard(card(s, 0, "QC")), Finish(False))
    # seat 0 lays A♥ 2♥ 3♥ (the wild 2♥ as itself: a pure sequence, 15) and
    # 9♣ 9♠ 9♥ (27): melded 42, left 4♦ 6♥ Q♦ J♠ 5♦ 8♣ 2♣ = 45: -3.
    # Seat 1 laid nothing: 5+6+7 + 10+10+10 + 3+4 + 9+10 + 8 + 10 (A♠) = 92,
    # and the joker 20: -112
    s, _ = play(s, Finish(True))
    r = s.result
    assert r.seats[0].count == -3 and r.seats[0].why.startswith("melded 42 − left 45")
    assert r.seats[1].count == -112 and r.winner == 0 and r.deltas == (1, 0)


def test_a_stock_out_tie_gives_each_the_point():
    # no meld in either hand, both worth 95: after both lay nothing, a tie
    one = "AS 3H 5D 7C 9S JH KD 4S 6H 8D TC QS 3D"
    zero = "AH 3S 5C 7D 9H JS KC 4H 6S 8C TD QH 3C"
    s, _ = deal({1: one, 0: zero}, upcard="AD", stock_top="KH")
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "KH")), DrawStock())
    s, _ = play(s, Discard(card(s, 0, "2C")), Finish(True), Finish(True))
    r = s.result
    assert [x.count for x in r.seats] == [-95, -95]
    assert r.deltas == (1, 1) and s.scores == (1, 1)
    assert r.winner == 1  # the first of them from the dealer's left
    assert any("tie" in n for n in r.notes)


def test_lay_melds_during_the_stock_out_step():
    s, _ = deal({1: STOCK_OUT_1, 0: STOCK_OUT_0}, upcard="7D", stock_top="AS")
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "QS")), DrawStock())
    s, _ = play(s, Discard(card(s, 0, "QC")))
    refused(s, LayMeld(best(s, cards(s, 1, "KD KC KH"))), "first meld must be a pure")
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "5S 6S 7S"))),
                LayMeld(best(s, cards(s, 1, "KD KC KH"))))
    # the whole hand may be laid now: no card is kept for a discard
    assert s.phase == Phase.FAMILY and s.to_act == 1
    s, _ = play(s, Finish(False), Finish(False))
    assert s.result.seats[1].count == 18 + 30 - (3 + 4 + 9 + 10 + 8 + 10) - 20
