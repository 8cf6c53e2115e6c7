"""Practice mode (issue 16): the person may take back their last move, and
the bots' moves made since, back to the exact state of their previous
decision; it is a new-game choice, always with hints, and never counted."""

import json

import pygame
import pytest

from game.app.session import Session
from game.engine import Discard, DrawStock, Phase
from game.families import make_bot, preset
from game.ui.scenes import ScoringScene
from game.ui.table import TableScene
from tests.ui.helpers import App, choice_rect, click, key, press, step, wait_until


def mine(table):
    return table.my_turn and not table.anim.busy


def practice_app(size=(1280, 720), variant="points", players=3, seed=11):
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = variant, players
    app.config.levels[:5] = ["greedy"] * 5
    app.config.cycle_mode(2)  # normal -> with hints -> practice
    assert app.config.mode == "practice"
    app.new_game(seed=seed)
    table = app.top
    assert table.session.practice and table.session.hints
    wait_until(app, lambda: mine(table))
    return app, table


def test_a_session_takes_back_to_the_exact_earlier_state():
    s = Session(preset("points"), 3, seed=5, levels=[None, "greedy", "greedy"], practice=True)
    bot = make_bot("greedy", 9)
    # the person's draw, their discard, then the bots' turns until the person's next
    while s.state.to_act != 0:
        s.play(s.think(1.0) or s._fallback(s.state.to_act))
    before_draw = (s.state, json.dumps(s.to_json()), len(s.actions))
    s.play(DrawStock())
    before_throw = (s.state, json.dumps(s.to_json()), len(s.actions))
    s.play(bot.choose(s.view(0)))
    while s.state.to_act != 0 and s.state.result is None:
        action = None
        while action is None:
            action = s.think(1.0)
        s.play(action)
    assert len(s.actions) > before_throw[2] + 1  # bots moved since the throw
    assert s.undo()
    assert s.state == before_throw[0]
    assert json.dumps(s.to_json()) == before_throw[1] and len(s.actions) == before_throw[2]
    assert s.undo()
    assert (s.state, json.dumps(s.to_json())) == before_draw[:2]
    # a save made now restores the same position, undo points included
    back = Session.from_json(json.loads(json.dumps(s.to_json())))
    assert back.state == s.state and back.practice and back.hints


def test_undo_needs_practice_and_a_move_of_ones_own():
    s = Session(preset("points"), 2, seed=3, levels=[None, "greedy"])
    assert not s.can_undo()
    s.play(DrawStock()) if s.state.to_act == 0 else None
    assert not s.undo()  # not in practice
    p = Session(preset("points"), 2, seed=3, levels=[None, "greedy"], practice=True)
    assert not p.can_undo() and not p.undo()  # nothing played yet


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_undo_button_and_key_take_the_move_back(size):
    app, table = practice_app(size)
    start = table.state
    saved = json.dumps(table.session.to_json())
    assert {"undo", "hint"} <= {b.key for b in table.current_buttons()}
    assert not next(b for b in table.current_buttons() if b.key == "undo").enabled
    key(app, pygame.K_d)  # draw
    assert table.state.phase == Phase.DISCARD
    press(app, "undo")
    assert table.state == start and json.dumps(table.session.to_json()) == saved
    assert table.hand == start.hands[table.bottom]
    key(app, pygame.K_d)
    card = table.hand[0]
    table.act(Discard(card))
    wait_until(app, lambda: mine(table) or table.state.result is not None)
    key(app, pygame.K_u)
    assert table.state.phase == Phase.DISCARD and card in table.hand
    assert table.session.to_json()["actions"][-1] == ["stock"]
    assert sorted(c.uid for g in table.arr.groups for c in g) == sorted(c.uid for c in table.hand)


def test_a_move_that_ended_the_deal_is_taken_back_from_the_scores():
    app, table = practice_app(players=2)
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scores = app.top
    assert "practice" in scores._code_line()
    press(app, "undo")
    assert app.top is table and table.state.result is None and table.my_turn
    assert app.stats.summary().deals == 0  # practice is never counted


def test_practice_is_a_menu_choice_that_keeps_people_out_of_other_seats():
    app = App((390, 844), load=False, save=False)
    step(app)
    from game.app.menu_config import PERSON

    app.config.levels[0] = PERSON
    for _ in range(2):  # normal -> with hints -> practice, by the right arrow
        step(app)
        rect = choice_rect(app.top, "mode")
        click(app, (rect.right - 12, rect.centery))
    assert app.config.mode == "practice" and PERSON not in app.config.levels
    press(app, "start")
    assert isinstance(app.top, TableScene) and app.session.practice
