"""The end of a Vazhushal deal (RULES.md §7), every field: the state a going
out leaves (the log, the events, the turn counts, the cards held), the
stock-out step's log and events, the whole result (deal number, notes, each
seat's outcome, words and cards) and the match's end under a set number of
deals.  The positions are those of ``test_vazhushal_family``; the scores are
worked out there.  A result's ``deal_no`` counts from 0."""

from __future__ import annotations

from game.engine import Discard, DrawStock, Phase
from game.engine.actions import DealSettled, MatchOver, SeatOutcome, SeatResult
from game.engine.state import ACTIVE, OUT, LogEntry
from game.families.vazhushal.actions import (
    Finish,
    Finished,
    GoOut,
    LayOff,
    StockOut,
    WentOut,
    WipeMove,
)
from game.families.vazhushal.settle import settle
from tests.engine.families.test_vazhushal_family import _one_card_left, _short_stock, deal
from tests.engine.families.test_vazhushal_stock_out import STOCK_OUT_0, STOCK_OUT_1
from tests.engine.helpers import card, play

TABLE_1 = ["pure sequence [5S 6S 7S 8S]", "pure set [KD KC KH]", "pure sequence [3C 4C 5C]",
           "pure sequence [8D 9D TD]"]
STOCK_NOTE = "stock out: the highest score wins the deal"


def gone_out():
    """Seat 1 draws 8♠, lays it off on 5-6-7♠ and throws its last card, J♥."""
    s = _one_card_left()
    turns = s.turns_taken
    s, _ = play(s, DrawStock())
    s, _ = play(s, LayOff(card(s, 1, "8S"), 0))
    jh = card(s, 1, "JH")
    s, events = play(s, Discard(jh))
    return s, events, jh, turns


def test_going_out_leaves_the_state_and_the_events_it_should():
    s, events, jh, turns = gone_out()
    r = s.result
    assert s.log[-1] == LogEntry(1, WipeMove.GO_OUT, jh)
    assert s.discard[-1] == jh and s.picked is None and s.upcard_fresh is False
    # one more turn taken by seat 1; it holds its 13 table cards and no hand
    assert s.turns_taken == (turns[0], turns[1] + 1) and s.extra.held[1] == 13
    assert s.history == (r,) and s.phase == Phase.DEAL_OVER
    assert WentOut(1, jh) in events and DealSettled(r) in events


def test_going_out_every_field_of_the_result():
    s, _, _, _ = gone_out()
    r = s.result
    assert (r.deal_no, r.winner, r.void, r.multiplier, r.deltas) == (0, 1, False, 1, (0, 1))
    assert r.notes == ("seat 1 went out",)
    winner, loser = r.seats[1], r.seats[0]
    assert (winner.seat, winner.status, winner.pays, winner.count) == \
        (1, SeatOutcome.WINNER, 0, 0)
    assert winner.why == "went out: every card melded but the one discarded (JH)"
    assert list(winner.meld_names) == TABLE_1 and winner.deadwood == ()
    assert [" ".join(map(str, m)) for m in winner.melds] == \
        ["5S 6S 7S 8S", "KD KC KH", "3C 4C 5C", "8D 9D TD"]
    assert (loser.seat, loser.status, loser.pays, loser.count) == (0, SeatOutcome.LOST, 0, 0)
    assert loser.why == "seat 1 went out; 0 cards on the table, 13 in hand"
    assert loser.melds == () and loser.meld_names == () and loser.deadwood == s.hands[0]


def test_a_seat_not_in_the_deal_is_said_so():
    # seat 0 is out of the deal (made so by hand): going out and a stock out
    # both name it and settle the seat after it
    s, _, _, _ = gone_out()
    s = s.replace(status=(OUT, ACTIVE))
    out = SeatResult(0, SeatOutcome.OUT, 0, 0, "not in this deal")
    r = settle(s, 1, "went_out")
    assert r.seats[0] == out and r.seats[1].status == SeatOutcome.WINNER
    r = settle(s, None, "stock_out")
    assert r.seats[0] == out and r.seats[1].status == SeatOutcome.WINNER
    assert r.deltas == (0, 1)


def stock_out():
    """test_stock_out_lay_down_and_scores up to the lay-down step."""
    s, _ = deal({1: STOCK_OUT_1, 0: STOCK_OUT_0}, upcard="7D", stock_top="AS")
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "QS")), DrawStock())
    return play(s, Discard(card(s, 0, "QC")))


def test_the_stock_out_step_in_the_log_and_the_events():
    s, events = stock_out()
    assert StockOut((1, 0)) in events
    assert s.log[-1] == LogEntry(1, WipeMove.STOCK_OUT) and s.picked is None
    s, events = play(s, Finish(True))  # seat 1 lays its best, then passes on
    assert [(e.seat, e.kind) for e in s.log[-2:]] == [(1, WipeMove.LAY_DOWN),
                                                       (1, WipeMove.FINISH)]
    assert Finished(1) in events and s.result is None
    s, events = play(s, Finish(False))
    assert s.log[-1] == LogEntry(0, WipeMove.FINISH)
    assert Finished(0) in events and DealSettled(s.result) in events
    assert s.history == (s.result,)


def test_a_stock_out_every_field_of_the_result():
    # the scores of test_stock_out_lay_down_and_scores: seat 1 52, seat 0 -105
    s, _ = stock_out()
    s, _ = play(s, Finish(True), Finish(False))
    r = s.result
    assert (r.deal_no, r.winner, r.void, r.multiplier, r.deltas) == (0, 1, False, 1, (0, 1))
    assert r.notes == (STOCK_NOTE,)
    winner, loser = r.seats[1], r.seats[0]
    assert (winner.seat, winner.status, winner.pays, winner.count) == \
        (1, SeatOutcome.WINNER, 0, 52)
    assert (loser.seat, loser.status, loser.pays, loser.count) == \
        (0, SeatOutcome.LOST, 0, -105)
    assert len(winner.melds) == 3 and len(winner.meld_names) == 3
    assert sorted(map(str, winner.deadwood)) == ["3C", "4C", "8H", "AS"]
    assert loser.melds == () and sorted(map(str, loser.deadwood)) == sorted(
        (STOCK_OUT_0.replace("QC", "") + " 2C").split())


def test_a_stock_out_tie_in_the_notes():
    # test_a_stock_out_tie_gives_each_the_point: both -95; seat 1 lays down
    # first (the dealer's left), so the tie names seats 1, 0
    one = "AS 3H 5D 7C 9S JH KD 4S 6H 8D TC QS 3D"
    zero = "AH 3S 5C 7D 9H JS KC 4H 6S 8C TD QH 3C"
    s, _ = deal({1: one, 0: zero}, upcard="AD", stock_top="KH")
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "KH")), DrawStock())
    s, _ = play(s, Discard(card(s, 0, "2C")), Finish(True), Finish(True))
    r = s.result
    assert r.notes == (STOCK_NOTE, "tie at -95: seats 1, 0 each score the game point")
    assert [x.status for x in r.seats] == [SeatOutcome.WINNER, SeatOutcome.WINNER]


def test_a_set_number_of_deals_ends_only_after_the_last():
    # two deals: seat 1 leads 1-0 after the first, and play goes on
    s = _one_card_left()
    s = s.replace(rules=s.rules.with_options(match="fixed_deals", match_deals=2))
    s, events = play(s, DrawStock(), GoOut())
    assert s.scores == (0, 1) and s.phase == Phase.DEAL_OVER and s.winners == ()
    assert not any(isinstance(e, MatchOver) for e in events)
    # one deal: it is the last, and the match is seat 1's
    s = _one_card_left()
    s = s.replace(rules=s.rules.with_options(match="fixed_deals", match_deals=1))
    s, events = play(s, DrawStock(), GoOut())
    assert MatchOver((1,)) in events and s.phase == Phase.MATCH_OVER
