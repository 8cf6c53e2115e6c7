"""``GameState.replace``: the copy every action makes."""

import dataclasses

import pytest

from tests.engine.helpers import deal


def test_replace_changes_only_what_it_is_given():
    s = deal()
    t = s.replace(turn=1 - s.turn, reshuffles=3)
    assert (t.turn, t.reshuffles) == (1 - s.turn, 3)
    assert (s.turn, s.reshuffles) == (deal().turn, 0)  # the original is untouched
    for f in dataclasses.fields(s):
        if f.name not in ("turn", "reshuffles"):
            assert getattr(t, f.name) is getattr(s, f.name), f.name
    assert t == dataclasses.replace(s, turn=1 - s.turn, reshuffles=3)
    assert type(t) is type(s)


def test_replace_refuses_a_field_the_state_does_not_have():
    s = deal()
    with pytest.raises(TypeError, match="no field hand"):
        s.replace(hand=(), turn=1)


def test_a_replaced_state_stays_frozen():
    t = deal().replace(turn=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.turn = 0
