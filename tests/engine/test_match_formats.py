"""Match formats: classic rounds, Points, Pool (elimination, rejoin, split),
Deals (chips, tiebreak)."""

import pytest

from game.engine import Answer, NextDeal, Pack, Phase, RuleError, check, new_match
from game.engine.actions import Eliminated, IllegalAction, MatchOver, Rejoined
from game.families import preset
from tests.engine.helpers import deal, play


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
