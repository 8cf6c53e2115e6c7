"""What every leveled bot promises, whatever its strategy: legal moves only,
valid declarations only, sliceable thinking, determinism, menu metadata."""

import pytest

from game.ai.levels import LEVELS as META
from game.engine import (
    Declare,
    IllegalAction,
    NextDeal,
    Phase,
    ShowDealtHand,
    apply,
    check,
    check_invariants,
    declarable,
    new_match,
    view_for,
)
from game.families import make_bot, preset

LEVELS = ("easy", "medium", "hard")


def test_levels_are_registered_with_names_and_descriptions():
    assert set(META) == set(LEVELS)
    for level in LEVELS:
        name, text = META[level]
        bot = make_bot(level, 1)
        assert name and text and bot.description
        assert hasattr(bot, "think") and hasattr(bot, "choose")


@pytest.mark.parametrize("variant, players, bots", [
    ("points", 2, ("hard", "easy")),
    ("pool101", 3, ("medium", "hard", "easy")),
    ("paplu", 4, ("easy", "medium", "hard", "medium")),
    ("deals", 2, ("hard", "medium")),
    ("pool201", 2, ("easy", "hard")),
])
def test_every_bot_move_is_legal_and_every_declaration_valid(variant, players, bots):
    seats = [make_bot(b, i) for i, b in enumerate(bots)]
    turns = 0
    for match in range(60):
        if turns >= 600:
            break
        state, _ = new_match(preset(variant), players, seed=100 + match)
        while state.phase != Phase.MATCH_OVER and turns < 1500:
            seat = state.to_act
            if seat is None:
                state, _ = apply(state, NextDeal())
                continue
            action = seats[seat].choose(view_for(state, seat))
            check(state, action)  # raises IllegalAction if the bot cheats
            if isinstance(action, Declare):
                rest = [c for c in state.hands[seat] if c != action.card]
                assert declarable(state, rest), "a bot declared an invalid hand"
            if isinstance(action, ShowDealtHand):
                assert declarable(state, state.hands[seat])
            state, _ = apply(state, action)
            check_invariants(state)
            turns += 1
    assert turns >= 600


@pytest.mark.parametrize("level", LEVELS)
def test_thinking_is_sliced_and_matches_choose(level):
    """40 decisions of 3-player Points (as many deals as that takes): each
    sliced thought ends on the move ``choose`` makes, and thinking that takes
    work (easy's only work is checking a hand near a show) comes in several
    slices. Every family and level: ``test_slicing.py``."""
    compared, sliced = 0, 0
    for match in range(40):
        state, _ = new_match(preset("points"), 3, seed=7 + match)
        while state.to_act is not None and (compared < 40 or not sliced):
            view = view_for(state, state.to_act)
            gen = make_bot(level, 3).think(view)
            steps = 0
            while True:
                try:
                    next(gen)
                    steps += 1
                except StopIteration as done:
                    action = done.value
                    break
            assert action == make_bot(level, 3).choose(view)
            compared += 1
            sliced += steps > 1
            state, _ = apply(state, action)
        if compared >= 40 and sliced:
            break
    assert compared >= 40
    assert sliced >= 1, f"no decision of {compared} was thought in more than one slice"


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_seed_same_action(level):
    state, _ = new_match(preset("paplu"), 4, seed=21)
    for _ in range(25):
        seat = state.to_act
        if seat is None:
            break
        view = view_for(state, seat)
        bot = make_bot(level, 5)
        a = bot.choose(view)
        assert bot.choose(view) == a  # no hidden state changes the decision
        assert make_bot(level, 5).choose(view) == a
        state, _ = apply(state, a)


def test_bots_refuse_nothing_they_cannot_do():
    state, _ = new_match(preset("points"), 2, seed=3)
    other = 1 - state.to_act
    with pytest.raises((ValueError, IllegalAction)):
        make_bot("medium", 1).choose(view_for(state, other))
