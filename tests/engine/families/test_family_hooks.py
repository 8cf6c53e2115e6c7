"""The hook interface proven with a tiny test-only family: a hidden card and
wild cards only for players who peeked, table cards counted in conservation,
an extra action in each phase, a core action removed, its own show rule."""

import types

import pytest

from game.engine import (
    Declare,
    DrawStock,
    IllegalAction,
    Pack,
    apply,
    check_invariants,
    legal_actions,
    new_match,
    view_for,
)
from game.engine.stack import stacked_order
from game.families import PRESETS, install, uninstall
from tests.engine.families.tiny_family import LayDown, Peek, TinyFamily


@pytest.fixture(autouse=True)
def tiny():
    package = types.SimpleNamespace(FAMILY=TinyFamily(), BOTS={})
    install(package)
    yield PRESETS["tiny"]
    uninstall(package)


def _deal(tiny):
    # seat 1 plays first when seat 0 deals (counter-clockwise)
    order = stacked_order(tiny, 2, 0, {1: "5S 6S 7S 9D 9H 9C KD", 0: "2C 3D 4H 8S JD QH AC"},
                          upcard="TC", cut="9S", stock_top="KS")
    state, _ = new_match(tiny, 2, seed=1, order=order, dealer=0)
    return state


def test_hidden_card_and_wilds_only_for_who_peeked(tiny):
    s = _deal(tiny)
    assert s.turn == 1 and str(s.cut) == "9S"
    assert view_for(s, 1).cut is None and view_for(s, 1).wild == frozenset()
    assert Peek() in legal_actions(s) and Pack() not in legal_actions(s)
    s, _ = apply(s, Peek())
    assert str(view_for(s, 1).cut) == "9S" and len(view_for(s, 1).wild) == 4
    assert view_for(s, 0).cut is None and view_for(s, 0).wild == frozenset()
    with pytest.raises(IllegalAction, match="already peeked"):
        apply(s, Peek())


def test_pack_is_not_an_action_of_this_family(tiny):
    with pytest.raises(IllegalAction, match="not an action of this game"):
        apply(_deal(tiny), Pack())


def test_table_cards_are_conserved_and_the_show_uses_the_family_rule(tiny):
    s = _deal(tiny)
    s, _ = apply(s, DrawStock())  # KS
    hand = s.hands[1]
    run = tuple(c for c in hand if str(c) in ("5S", "6S", "7S"))
    s, _ = apply(s, LayDown(run))
    check_invariants(s)  # the run is on the table, still counted
    assert len(s.hands[1]) == 5 and len(view_for(s, 0).extra[1][1]) == 3
    with pytest.raises(IllegalAction, match="set or run of three"):
        apply(s, LayDown(tuple(c for c in s.hands[1] if str(c) in ("9D", "KD", "KS"))))
    # 9D 9H 9C + KD KS: not every card in a three; throwing KS leaves 9s and KD
    ks = next(c for c in s.hands[1] if str(c) == "KS")
    after, events = apply(s, Declare(ks))
    assert not events[0].valid and after.status[1] == "dead"
    check_invariants(after)


def test_the_wrong_phase_message_names_only_moves_the_game_has():
    from game.engine import DrawStock, IllegalAction, apply, new_match
    from game.engine.game import check
    from game.families import preset

    for variant, expected in (("points", "discard a card or declare, not DrawStock"),
                              ("vazhushal", "discard a card, not DrawStock")):
        state, _ = new_match(preset(variant), 2, 1)
        state, _ = apply(state, DrawStock())
        with pytest.raises(IllegalAction, match=expected):
            check(state, DrawStock())
