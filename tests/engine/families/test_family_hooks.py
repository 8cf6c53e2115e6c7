"""The core's refusal of a move in the wrong phase names only moves the game
has (a game without a declaration never says "declare").  The hook interface
itself is proven by a whole small game: ``tests/families/tiny``."""

import pytest

from game.engine import DrawStock, IllegalAction, apply, new_match
from game.engine.game import check
from game.families import preset


def test_the_wrong_phase_message_names_only_moves_the_game_has():
    for variant, expected in (("points", "you have drawn: now discard a card, or declare"),
                              ("vazhushal", "you have drawn: now discard a card$")):
        state, _ = new_match(preset(variant), 2, 1)
        state, _ = apply(state, DrawStock())
        with pytest.raises(IllegalAction, match=expected):
            check(state, DrawStock())
