"""Every move discoverable, every offered move accepted (issue 22): a bot
that returns any of ``view.legal`` or ``view.moves()`` plays every game.

Whole matches of every preset are played by the random bot, which picks
uniformly from ``view.moves()``; after every action every invariant is
checked, and before it every move the seat to act is offered (the legal
list and the family's longer list) is judged in full by ``check``: none may
be refused, none listed twice."""

from __future__ import annotations

import pytest

from game.ai.basic import RandomBot
from game.engine import (
    Declare,
    DrawStock,
    IllegalAction,
    NextDeal,
    Phase,
    apply,
    check,
    check_invariants,
    legal_actions,
    new_match,
    view_for,
)
from game.engine.invariants import check_offers
from game.engine.stack import stacked_order
from game.families import PRESETS, preset

# (preset, players, seed): two or three players keep a whole match short
MATCHES = [
    ("paplu", 3, 1), ("points", 3, 2), ("pool101", 2, 3), ("pool201", 2, 4), ("deals", 3, 5),
    ("21card", 2, 6), ("27card", 2, 7), ("marriage", 3, 8), ("vazhushal", 2, 9),
]


def play_whole_match(variant: str, players: int, seed: int) -> tuple[int, set[str]]:
    """Play one match to its end with random bots, judging every offered
    move on the way; returns (deals played, kinds of action played)."""
    rules = preset(variant)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    state, _ = new_match(rules, players, seed)
    deals, kinds = 0, set()
    for _ in range(20_000):
        if state.phase == Phase.MATCH_OVER:
            return deals, kinds
        seat = state.to_act
        if seat is None:
            action = NextDeal()
        else:
            view = view_for(state, seat)
            check_offers(state)
            moves = view.moves()
            assert len(set(moves)) == len(moves), "a move listed twice"
            for move in moves[len(view.legal):]:
                check(state, move)  # raises IllegalAction: the test fails with the reason
            action = bots[seat].choose(view)
            assert action in moves
            kinds.add(type(action).__name__)
        state, events = apply(state, action)
        check_invariants(state)
        deals += sum(1 for ev in events if getattr(ev, "result", None) is not None)
    raise AssertionError(f"{variant}: no end after 20,000 actions")


def test_every_preset_is_played_here():
    assert sorted(v for v, _, _ in MATCHES) == sorted(PRESETS)


@pytest.mark.parametrize("variant,players,seed", MATCHES)
def test_a_random_bot_plays_a_whole_match_accepting_every_offer(variant, players, seed):
    deals, kinds = play_whole_match(variant, players, seed)
    assert deals >= 1
    assert {"Discard"} <= kinds


def test_the_random_bot_uses_the_longer_lists():
    """Moves found only in ``view.moves()`` are played: Vazhushal's melds laid
    from hand and Marriage's groups named when seeing the tiplu."""
    _, kinds = play_whole_match("vazhushal", 3, 21)
    assert "LayMeld" in kinds
    _, kinds = play_whole_match("marriage", 3, 22)
    assert "SeeTiplu" in kinds


# -------------------------------------------- declarations under "refuse"
def _one_from_a_show(invalid_declaration: str):
    """Paplu, two players, cut 9♣ (every 9 wild; none held).  The first
    player holds A-2-3♠ 4-5-6♥ 7♣ 7♦ 7♠ T-J-Q♦ K♣ and draws K♦."""
    rules = preset("paplu").with_options(invalid_declaration=invalid_declaration)
    hand = "AS 2S 3S 4H 5H 6H 7C 7D 7S TD JD QD KC"
    first = 1  # dealer 0: seat 1 plays first
    order = stacked_order(rules, 2, 0, {first: hand}, upcard="5C", cut="9C", stock_top="KD")
    state, _ = new_match(rules, 2, seed=1, order=order, dealer=0)
    assert state.turn == first
    state, _ = apply(state, DrawStock())
    return state


def test_under_refuse_only_the_valid_declarations_are_offered():
    # Throwing K♣ leaves A-2-3♠ and 4-5-6♥ (two pure sequences), 7♣ 7♦ 7♠
    # and T-J-Q-K♦: a show.  Any other throw leaves K♣ (and more) in no meld.
    s = _one_from_a_show("refuse")
    declares = [a for a in legal_actions(s) if isinstance(a, Declare)]
    assert [str(a.card) for a in declares] == ["KC"]
    with pytest.raises(IllegalAction, match="not a valid declaration"):
        check(s, Declare(next(c for c in s.hands[s.turn] if str(c) == "KD")))


def test_under_penalty_a_declaration_is_offered_with_every_kind():
    # a wrong show is allowed there (it costs the penalty): 14 kinds held
    s = _one_from_a_show("penalty")
    declares = [a for a in legal_actions(s) if isinstance(a, Declare)]
    assert len(declares) == 14
    for a in declares:
        check(s, a)
