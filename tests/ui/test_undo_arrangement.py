"""Practice Undo gives the person back their own arrangement of the hand as
it was at that point (audit s52, defect 3): before, a thrown card taken back
came home in a group of its own at the right (``sync`` appends), and the
person's grouping was lost though the game state was exact."""

from __future__ import annotations

import pytest

from game.app.hand import HandArrangement
from game.engine import Discard, DrawDiscard, DrawStock, Phase, parse_cards
from tests.ui.helpers import App, press, wait_until


def _uids(table) -> list[list[int]]:
    return [[c.uid for c in g] for g in table.arr.groups]


def _mine(table) -> bool:
    return table.my_turn and not table.anim.busy and table.state.phase == Phase.DRAW


@pytest.mark.parametrize("variant,seed", [("points", 5), ("21card", 3),
                                          ("marriage", 4), ("vazhushal", 3)])
def test_undo_brings_back_the_groups_as_they_were(variant, seed):
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.config.choose_variant(variant)
    app.config.players = 3
    app.config.levels[:2] = ["greedy"] * 2
    app.config.mode = "practice"
    app.new_game(seed)
    table = app.top
    s = table.session
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    while table.state.phase != Phase.DRAW:  # Marriage: done exposing first
        assert table.act(table.bottom_view().legal[0])
        wait_until(app, lambda: table.my_turn and not table.anim.busy)
    # the person's own order before the draw: by rank (not how the deal came)
    table.arr.sort_by_rank()
    before_draw = _uids(table)
    from_pile = s.reason(DrawDiscard()) is None
    assert table.act(DrawDiscard() if from_pile else DrawStock())
    assert table.state.phase == Phase.DISCARD
    table.arr.sort_by_suit()  # and regrouped, the card drawn among the others
    # throw the first card of a group that has others after it: taken back by
    # ``sync`` alone, it would come home alone at the right
    group = next(g for g in table.arr.groups if len(g) >= 2)
    thrown = group[0]
    before_throw = _uids(table)
    assert table.act(Discard(thrown))
    wait_until(app, lambda: _mine(table) or table.state.result is not None)
    assert s.can_undo(), "the seed's bots must leave the throw undoable"
    press(app, "undo")  # the throw and every bot's move since
    assert table.state.phase == Phase.DISCARD and thrown in table.hand
    assert _uids(table) == before_throw
    if from_pile:  # and once more, back to before the face-up card was taken
        press(app, "undo")
        assert table.state.phase == Phase.DRAW
        assert _uids(table) == before_draw


def test_a_restored_arrangement_holds_exactly_the_hand():
    # a card the kept groups name but the hand no longer holds is not shown;
    # a card the hand holds but the groups lack comes in, once
    a, b, c, d, e = parse_cards("3S 4S 5S 9H KD")
    arr = HandArrangement([[e], [a]])
    arr.restore([[a, b, c], [d, d], [e]], hand=[e, d, c, a, parse_cards("2C")[0]])
    assert [[str(x) for x in g] for g in arr.groups] == [["3S", "5S"], ["9H"], ["KD"], ["2C"]]
