"""Settlement special cases of RULES.md §2–§3 on stacked deals.
Expected payments are worked out by hand in the comments."""

import pytest

from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    Pack,
    Phase,
    ShowDealtHand,
    apply,
    check,
    legal_actions,
)
from game.engine.actions import Declared, StockReshuffled
from tests.engine.helpers import card, deal, play

WINNER = "AH 2H 3H 4S 5S 6S 7C 8C 9C TD TH TS 2D"  # + TC, discard 2D: valid
# no pure sequence, no meld at all: 10+10+2+5+5+8+9+10+4+6+7+3+10 = 89
LOSER = "QH QD 2C 5C 5D 8H 9S JS 4H 6H 7D 3S JD"


def test_first_and_middle_drop_paplu():
    # 3 players, dealer 0: seat 1 plays first, then 2, then 0
    s = deal(players=3)
    assert s.turn == 1
    s, ev = play(s, Pack())  # seat 1, first turn: 10
    assert s.turn == 2
    s, _ = play(s, DrawStock(), Discard(s.stock[-1]))  # seat 2 discards what it drew
    s, _ = play(s, DrawStock(), Discard(s.stock[-1]))  # seat 0
    assert s.turn == 2  # seat 1 is skipped
    s, ev = play(s, Pack())  # seat 2, later turn: 40; seat 0 is last and wins
    r = s.result
    assert r.winner == 0 and [x.pays for x in r.seats] == [0, 10, 40]
    assert r.deltas == (50, -10, -40)
    assert r.seats[1].why == "packed on the first turn"


def test_first_turn_packers_cards_go_under_the_stock_or_aside():
    s = deal(players=3)
    stock = len(s.stock)
    hand = s.hands[1]
    t, _ = play(s, Pack())
    assert len(t.stock) == stock + 13 and set(t.stock[:13]) == set(hand) and not t.aside
    t, _ = play(deal(players=3, first_packer_cards="set_aside"), Pack())
    assert len(t.stock) == stock and set(t.aside) == set(hand)


@pytest.mark.parametrize("variant, first, middle", [
    ("points", 20, 40), ("pool101", 20, 40), ("pool201", 25, 50), ("deals", 20, 40)])
def test_online_drop_points(variant, first, middle):
    s = deal(variant, players=3)
    s, _ = play(s, Pack(), DrawStock())
    s, _ = play(s, Discard(s.hands[2][0]), DrawStock())
    s, _ = play(s, Discard(s.hands[0][0]), Pack())
    assert [x.pays for x in s.result.seats] == [0, first, middle]


def test_all_but_one_packed_last_player_collects():
    s = deal(players=2)
    s, ev = play(s, Pack())
    assert s.result.winner == 0 and s.result.deltas == (10, -10)
    assert s.phase == Phase.MATCH_OVER or s.phase == Phase.DEAL_OVER


def _declare_first_turn(variant, **opts):
    s = deal(variant, hands={1: WINNER, 0: LOSER}, cut="KC", stock_top="TC", **opts)
    s, _ = play(s, DrawStock())
    return play(s, Declare(card(s, 1, "2D")))


def test_first_turn_rummy_half_of_loose_cards():
    s, ev = _declare_first_turn("paplu")
    assert any(isinstance(e, Declared) and e.valid for e in ev)
    loser = s.result.seats[0]
    # seat 0 had no turn: half of its 89 loose points, rounded up
    assert loser.pays == 45 and s.result.deltas == (-45, 45)


def test_first_turn_rummy_half_can_be_switched_off():
    s, _ = _declare_first_turn("paplu", first_turn_rummy_half=False)
    assert s.result.seats[0].pays == 89


def test_normal_declaration_and_cap():
    for variant, pays in (("paplu", 89), ("points", 80)):
        s = deal(variant, hands={1: WINNER, 0: LOSER}, cut="KC", stock_top="5H 6D TC")
        for seat, throw in ((1, "5H"), (0, "6D")):
            s, _ = play(s, DrawStock())
            s, _ = play(s, Discard(card(s, seat, throw)))
        s, _ = play(s, DrawStock())
        s, _ = play(s, Declare(card(s, 1, "2D")))
        assert s.result.winner == 1 and s.result.seats[0].pays == pays
        assert s.result.seats[0].count == 89


HAND_RUMMY = "AH 2H 3H 4S 5S 6S 7C 8C 9C TD TH TS TC"


def test_hand_rummy_pagat_doubles_those_who_played():
    # dealer 0, order 1, 2, 0: seat 1 plays a turn, seat 2 packs, seat 0 shows
    s = deal(players=3, hands={0: HAND_RUMMY, 1: LOSER}, cut="KC", stock_top="5H")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "5H")), Pack())
    assert ShowDealtHand() in legal_actions(s)
    s, _ = play(s, ShowDealtHand())
    pays = [x.pays for x in s.result.seats]
    assert pays == [0, 2 * 89, 10]


def test_hand_rummy_catsatcards_doubles_those_who_had_no_turn():
    s = deal(players=3, hands={1: HAND_RUMMY, 2: LOSER}, cut="KC", hand_rummy="catsatcards")
    s, _ = play(s, ShowDealtHand())
    assert s.result.seats[2].pays == 2 * 89
    s = deal(players=3, hands={1: HAND_RUMMY, 2: LOSER}, cut="KC")
    s, _ = play(s, ShowDealtHand())
    assert s.result.seats[2].pays == 89  # pagat: no turn yet -> single


def test_hand_rummy_only_at_first_turn_and_only_when_valid():
    s = deal(hands={1: LOSER}, cut="KC")
    with pytest.raises(IllegalAction, match="not a valid declaration"):
        check(s, ShowDealtHand())


def test_wrong_show_penalty_and_play_goes_on():
    s = deal(players=3, hands={1: LOSER}, cut="KC", stock_top="5H")
    s, _ = play(s, DrawStock())
    s, ev = play(s, Declare(card(s, 1, "5H")))
    assert any(isinstance(e, Declared) and not e.valid for e in ev)
    assert s.status[1] == "dead" and s.owed[1] == 80 and s.turn == 2
    assert not s.hands[1] and s.phase == Phase.DRAW
    s, _ = play(s, Pack())  # seat 2 packs: seat 0 is left and collects
    assert [x.pays for x in s.result.seats] == [0, 80, 10]
    assert s.result.seats[1].why == "wrong show"


def test_wrong_show_refused_option_changes_nothing():
    s = deal(hands={1: LOSER}, cut="KC", stock_top="5H", invalid_declaration="refuse")
    s, _ = play(s, DrawStock())
    before = s
    with pytest.raises(IllegalAction, match="pure sequence"):
        apply(s, Declare(card(s, 1, "5H")))
    assert s == before and s.phase == Phase.DISCARD


def test_void_deal_when_stock_runs_out():
    s = deal(players=3)
    s, _ = play(s, Pack())  # seat 1 owes 10 ... unless the deal is void
    while s.phase == Phase.DRAW:
        s, _ = play(s, DrawStock())
        s, _ = play(s, Discard(s.hands[s.turn][-1]))
    assert s.result.void and s.result.winner is None
    assert s.result.deltas == (0, 0, 0) and all(x.pays == 0 for x in s.result.seats)


def test_at_the_block_reshuffles_the_discard_pile():
    s = deal(players=3, stock_empty="reshuffle")
    events = []
    for _ in range(40):
        s, ev = play(s, DrawStock())
        s, ev2 = play(s, Discard(s.hands[s.turn][-1]))
        events += ev + ev2
    assert any(isinstance(e, StockReshuffled) for e in events)
    assert s.phase == Phase.DRAW and s.result is None


def test_double_score_on_printed_joker_cut():
    s = deal(players=2, cut="JK", double_on_joker_cut=True)
    assert s.wild == frozenset()  # only printed jokers are wild
    s, _ = play(s, Pack())
    assert s.result.seats[1].pays == 20 and s.result.multiplier == 2


def test_ace_jokers_on_printed_joker_cut():
    s = deal("points", players=2, cut="JK")
    assert s.wild == frozenset({0, 13, 26, 39})
    assert deal(players=2, cut="JK", cut_mode="ace_jokers").wild == frozenset({0, 13, 26, 39})


def test_no_cut_and_no_jokers_modes():
    s = deal(players=2, cut=None, cut_mode="no_cut")
    assert s.cut is None and s.wild == frozenset()
    s = deal(players=2, cut=None, cut_mode="no_jokers", jokers_per_deck=0)
    assert s.cut is None and not any(c.is_joker for c in s.all_cards())


def test_discarding_the_picked_card():
    s = deal(upcard="9D")
    s, _ = play(s, DrawDiscard())
    with pytest.raises(IllegalAction, match="just took"):
        check(s, Discard(s.picked))
    s = deal(upcard="9D", may_discard_picked=True)
    s, _ = play(s, DrawDiscard())
    s, _ = play(s, Discard(s.picked))
    assert s.discard[-1].kind == 8 + 2 * 13


def test_joker_pickup_option():
    # the first upcard may be taken even when it is wild
    s = deal(upcard="JK", joker_pickup=False)
    s, _ = play(s, DrawDiscard())
    assert s.picked.is_joker and s.picked in s.hands[1] and not s.discard
    s2 = deal(players=2, hands={1: "JK"}, joker_pickup=False)
    s2, _ = play(s2, DrawStock(), Discard(card(s2, 1, "JK")))
    with pytest.raises(IllegalAction, match="wild card"):
        check(s2, DrawDiscard())
    s3 = deal(players=2, hands={1: "JK"})
    s3, _ = play(s3, DrawStock(), Discard(card(s3, 1, "JK")))
    check(s3, DrawDiscard())


def test_a_joker_thrown_by_a_wrong_show_is_no_first_upcard():
    # without joker pickup, a joker covering the first upcard may not be
    # taken, whether a discard or a wrong show threw it
    scattered = "JK 2S 5S 9S KS 3H 7H JH 4D 8D QD 6C TC"  # no meld at all
    s = deal(players=3, hands={1: scattered}, stock_top="8C", joker_pickup=False)
    s, events = play(s, DrawStock(), Declare(card(s, 1, "JK")))
    assert events[-1] == Declared(1, False, s.discard[-1], events[-1].reason)
    assert s.turn == 2 and s.discard[-1].is_joker
    with pytest.raises(IllegalAction, match="wild card"):
        check(s, DrawDiscard())


def test_clockwise_direction():
    s = deal(players=3, direction="clockwise")
    assert s.turn == 2  # the dealer's right is the previous seat
    s, _ = play(s, DrawStock(), Discard(s.stock[-1]))
    assert s.turn == 1


def test_illegal_actions_change_nothing():
    s = deal()
    for bad, reason in [(Discard(s.hands[1][0]), "draw a card first"),
                        (Declare(s.hands[1][0]), "draw a card first")]:
        with pytest.raises(IllegalAction, match=reason):
            apply(s, bad)
    t, _ = play(s, DrawStock())
    with pytest.raises(IllegalAction, match="start of your turn"):
        apply(t, Pack())
    with pytest.raises(IllegalAction, match="not in your hand"):
        apply(t, Discard(s.hands[0][0]))
    assert s == deal() and len(t.hands[1]) == 14
