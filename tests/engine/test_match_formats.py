"""Match formats: classic rounds, Points, Pool (elimination, rejoin, split),
Deals (chips, tiebreak)."""

import pytest

from game.engine import (
    Answer,
    Declare,
    Discard,
    DrawStock,
    NextDeal,
    Pack,
    Phase,
    RuleError,
    ShowDealtHand,
    check,
    new_match,
)
from game.engine.actions import Eliminated, IllegalAction, MatchOver, Rejoined, SeatOutcome
from game.families import preset
from tests.engine.helpers import card, deal, play


def test_classic_rounds_every_player_deals_once_per_round():
    rules = preset("paplu").with_options(rounds=2)
    s, _ = new_match(rules, 3, seed=4)
    dealers = []
    while s.phase != Phase.MATCH_OVER:
        dealers.append(s.dealer)
        s, _ = play(s, Pack(), Pack())
        if s.phase == Phase.DEAL_OVER:
            s, _ = play(s, NextDeal())
    assert len(dealers) == 6 and sorted(dealers) == [0, 0, 1, 1, 2, 2]
    assert dealers[:3] == dealers[3:]
    best = max(s.scores)
    assert s.winners == tuple(i for i in range(3) if s.scores[i] == best)
    assert sum(s.scores) == 0  # what the losers pay, the winner gains


def test_points_one_deal_settles():
    s = deal("points", players=2)
    s, ev = play(s, Pack())
    assert s.phase == Phase.MATCH_OVER and s.winners == (0,)
    assert s.scores == (20, -20)


def _pool(players=3, scores=(0, 0, 0), **opts):
    s = deal("pool101", players=players, **opts)
    return s.replace(scores=scores)


def test_pool_penalties_accumulate_and_eliminate():
    s = _pool(scores=(0, 90, 30))
    s, ev = play(s, Pack(), Pack())  # seats 1 and 2 drop: 20 each
    assert s.scores == (0, 110, 50)
    assert Eliminated(1) in ev and s.in_match == (True, False, True)
    assert s.phase == Phase.DEAL_OVER
    s, _ = play(s, NextDeal())
    assert s.status[1] == "out" and not s.hands[1] and s.turn != 1


def test_pool_last_player_standing_wins():
    s = _pool(players=2, scores=(10, 95))
    s, ev = play(s, Pack())
    assert s.phase == Phase.MATCH_OVER and s.winners == (0,)
    assert MatchOver((0,), False) in ev


def test_pool_rejoin_at_highest_score_plus_one():
    s = _pool(scores=(0, 90, 30), pool_rejoin=True)
    s, _ = play(s, Pack(), Pack())
    assert s.phase == Phase.DECIDE and s.offer[:2] == ("rejoin", 1) and s.to_act == 1
    with pytest.raises(IllegalAction):
        check(s, NextDeal())
    t, ev = play(s, Answer(True))
    assert Rejoined(1, 51) in ev and t.scores[1] == 51 and t.in_match[1]
    assert t.phase == Phase.DEAL_OVER
    t, _ = play(s, Answer(False))
    assert not t.in_match[1] and t.phase == Phase.DEAL_OVER


def test_pool_no_rejoin_when_someone_is_above_79():
    s = _pool(scores=(0, 90, 70), pool_rejoin=True)
    s, _ = play(s, Pack(), Pack())  # seat 2 reaches 90
    assert s.phase == Phase.DEAL_OVER and not s.in_match[1]


def test_pool_split_needs_everyone_to_accept():
    s = _pool(scores=(85, 90, 60), pool_split=True)
    s, _ = play(s, Pack(), Pack())  # seat 1 out at 110, seat 2 at 80, seat 0 at 85
    assert s.offer == ("split", 0, (0, 2))
    t, _ = play(s, Answer(True))
    assert t.offer == ("split", 2, (0, 2))
    t, ev = play(t, Answer(True))
    assert t.phase == Phase.MATCH_OVER and t.split and t.winners == (0, 2)
    t, _ = play(s, Answer(True), Answer(False))
    assert t.phase == Phase.DEAL_OVER and not t.split


def test_pool201_limit():
    s = deal("pool201", players=2).replace(scores=(0, 190))
    s, _ = play(s, Pack())
    assert s.scores == (0, 215) and s.winners == (0,)


def test_deals_chips_and_tiebreak():
    s = deal("deals", players=2)
    assert s.scores == (160, 160)  # 80 x 2 deals each
    s, _ = play(s, Pack())  # seat 1 drops: 20 chips to seat 0
    assert s.scores == (180, 140) and s.phase == Phase.DEAL_OVER
    s, _ = play(s, NextDeal())
    assert s.dealer == 1 and s.turn == 0
    s, _ = play(s, Pack())  # seat 0 drops: level again
    assert s.scores == (160, 160)
    assert s.phase == Phase.DEAL_OVER and s.tiebreak == (0, 1)
    s, _ = play(s, NextDeal())
    assert s.deal_no == 3
    s, _ = play(s, Pack())
    assert s.phase == Phase.MATCH_OVER and len(s.winners) == 1
    assert sum(s.scores) == 320


def test_deals_tiebreak_only_for_the_tied():
    s = deal("deals", players=3).replace(scores=(200, 200, 80))
    s = s.replace(deal_no=2)  # pretend this is the last deal
    s, _ = play(s, Pack(), Pack())  # seats 1, 2 drop; seat 0 leads alone
    assert s.phase == Phase.MATCH_OVER and s.winners == (0,)


@pytest.mark.parametrize("opts, message", [
    ({"pool_limit": 150}, "pool_limit"),
    ({"deals": 4}, "deals"),
    ({"cut_mode": "no_jokers"}, "jokers_per_deck=0"),
    ({"double_on_joker_cut": True, "cut_mode": "no_cut"}, "cut card"),
    ({"direction": "sideways"}, "direction"),
    ({"pool_rejoin": True, "match": "points"}, "pool"),
    ({"nonsense": 1}, "nonsense"),
])
def test_impossible_options_are_refused(opts, message):
    base = preset("pool101") if "pool_limit" in opts else preset(
        "deals") if "deals" in opts else preset("paplu")
    with pytest.raises(RuleError, match=message):
        base.with_options(**opts)


def test_too_many_players():
    with pytest.raises(RuleError, match="2-6 players"):
        new_match(preset("points"), 7)
    with pytest.raises(RuleError, match="2-12"):
        new_match(preset("paplu"), 13)
    s, _ = new_match(preset("paplu"), 12, seed=1)
    assert s.decks == 3 and sum(len(h) for h in s.hands) == 156


def test_deck_rules():
    r = preset("paplu")
    assert [r.decks_for(n) for n in (2, 3, 4, 6, 7, 12)] == [1, 1, 2, 2, 3, 3]
    p = r.with_options(deck_rule="pagat")
    assert [p.decks_for(n) for n in (2, 6, 7)] == [2, 2, 3]
    o = preset("points")
    assert [o.decks_for(n) for n in (2, 3, 6)] == [1, 2, 2]
    assert r.with_options(deck_rule="fixed", fixed_decks=3).decks_for(2) == 3


# RULES.md §3: the online formats settle every loser at their own count,
# capped at 80, without §2's first-turn halving or hand-rummy doubling.
# Cut K♥: the Kings are wild; nobody below holds one.
WINNER = "AH 2H 3H 5S 6S 7S 9C 9D 9S KD KC KS 5D"  # draws 4H, throws 5D
# 2-3-4♦ and 6-7-8♦ pure, 10-J-Q♦ a third: loose Q♥ 10♥ 3♠ J♠ = 10+10+3+10 = 33
LIVES = "QH QD 2D 3D 4D 6D 7D 8D TD JD TH 3S JS"
# no meld: 2+4+6+8+10+5+7+9+10+2+4+8+10 = 85
NOTHING = "2C 4C 6C 8C TC 5H 7H 9H JH 2S 4S 8S QC"


@pytest.mark.parametrize("variant, pays", [
    ("points", (33, 80)), ("pool101", (33, 80)), ("pool201", (33, 80)), ("deals", (33, 80)),
    ("paplu", (17, 43)),  # §2: half the loose cards, rounded up (33 → 17, 85 → 43)
])
def test_a_first_turn_show_is_paid_in_full_online(variant, pays):
    s = deal(variant, players=3, hands={1: WINNER, 2: NOTHING, 0: LIVES}, upcard="3C",
             cut="KH", stock_top="4H")
    s, _ = play(s, DrawStock(), Declare(card(s, 1, "5D")))
    seats = s.result.seats
    assert seats[1].status == SeatOutcome.WINNER
    assert (seats[0].pays, seats[2].pays) == pays


# a dealt rummy for seat 2; seat 1 (A-2-3♣, 5-6-7♣, 8s: loose Q♠ Q♣ 4♠ 9♥ =
# 33) plays a turn first, seat 0 holds the 33 above and has not played
DEALT = "AH 2H 3H 4H 5S 6S 7S 9C 9D 9S KD KC KS"
PLAYED = "AC 2C 3C 5C 6C 7C 8S 8C 8H QS QC 4S 9H"


@pytest.mark.parametrize("variant, pays", [
    ("points", (33, 33)), ("pool101", (33, 33)),
    ("paplu", (33, 66)),  # §2, pagat: a player who already took a turn pays double
])
def test_a_dealt_rummy_is_paid_single_online(variant, pays):
    s = deal(variant, players=3, hands={2: DEALT, 1: PLAYED, 0: LIVES}, upcard="TS", cut="KH",
             stock_top="AS")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "AS")), ShowDealtHand())
    seats = s.result.seats
    assert seats[2].status == SeatOutcome.WINNER
    assert (seats[0].pays, seats[1].pays) == pays
