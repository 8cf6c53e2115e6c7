"""Practice mode (issue 16): the person may take back their last move, and
the bots' moves made since, back to the exact state of their previous
decision; it is a new-game choice, always with hints, and never counted."""

import json

import pygame
import pytest

from game.app.session import Session
from game.engine import Discard, DrawDiscard, DrawStock, Pack, Phase, parse_cards
from game.engine.actions import StockReshuffled
from game.families import family_of, preset
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


def _points_session(**kw) -> Session:
    """Points rummy, the person (seat 0) first against one bot; seed 5 deals
    the 2♥ face up and 7♠ on top of the stock, Q♠ and Q♦ under it."""
    s = Session(preset("points"), 2, seed=5, levels=[None, "greedy"], practice=True, **kw)
    assert s.state.to_act == 0 and s.state.discard[-1] == parse_cards("2H")[0]
    assert [c.kind for c in s.state.stock[-3:]] == [c.kind for c in parse_cards("QD QS 7S")]
    return s


def test_a_session_takes_back_to_the_exact_earlier_state():
    s = _points_session()
    two_h = s.state.discard[-1]
    s.play(DrawDiscard())  # the 2♥ from the pile: nothing hidden came into sight
    before_throw = (s.state, json.dumps(s.to_json()), len(s.actions))
    s.play(Discard(s.state.hands[0][0]))
    # the bot draws the 7♠ from the stock and keeps it: still hidden from the person
    seven_s = s.state.stock[-1]
    s.play(DrawStock())
    kept = next(c for c in s.state.hands[1] if c != seven_s)
    s.play(Discard(kept))
    assert s.state.to_act == 0 and seven_s in s.state.hands[1]
    assert s.can_undo() and s.undo()
    assert s.state == before_throw[0] and len(s.actions) == before_throw[2]
    assert json.dumps(s.to_json()) == before_throw[1]
    assert s.undo()  # and the draw from the pile too: the 2♥ was face up
    assert s.state.discard[-1] == two_h and s.state.phase == Phase.DRAW and not s.actions
    # a save made now restores the same position
    back = Session.from_json(json.loads(json.dumps(s.to_json())))
    assert back.state == s.state and back.practice and back.hints


def test_a_stock_draw_cannot_be_taken_back():
    # issue 21: draw A♠, undo, draw again: the same A♠, so the person could
    # look and then take the pile.  A card seen off the stock stays drawn.
    s = _points_session()
    seven_s = s.state.stock[-1]
    s.play(DrawStock())
    assert seven_s in s.state.hands[0]
    assert not s.can_undo() and not s.undo()
    assert seven_s in s.state.hands[0] and s.state.phase == Phase.DISCARD
    assert "stock" in s.undo_refusal()
    s.play(Discard(seven_s))  # the throw itself can be taken back (back to holding it)
    assert s.undo() and seven_s in s.state.hands[0] and s.state.phase == Phase.DISCARD
    assert not s.undo()


def test_a_stock_card_a_bot_shows_ends_what_can_be_taken_back():
    # the bot draws the 7♠ off the stock and throws it; undone, the same 7♠
    # would come again, and the person would know the top of the stock
    s = _points_session()
    s.play(DrawDiscard())
    s.play(Discard(s.state.hands[0][0]))
    assert s.can_undo()
    seven_s = s.state.stock[-1]
    s.play(DrawStock())
    assert s.can_undo()  # drawn, and hidden in the bot's hand: nothing seen yet
    s.play(Discard(seven_s))  # thrown: on the pile for all to see
    assert not s.can_undo() and "stock" in s.undo_refusal()


def test_a_reshuffled_stock_ends_what_can_be_taken_back():
    s = _points_session()
    s.play(DrawDiscard())
    s.play(Discard(s.state.hands[0][0]))
    assert s.can_undo()
    s._forget_undo_past_the_stock([StockReshuffled(12)])
    assert not s.can_undo() and "stock" in s.undo_refusal()


def test_seeing_the_wild_cards_ends_what_can_be_taken_back(monkeypatch):
    # Marriage's tiplu, once seen, cannot be unseen by taking moves back
    s = _points_session()
    fam = family_of(s.rules)
    s.play(DrawDiscard())
    seen_after = len(s.actions)
    s.play(Discard(s.state.hands[0][0]))
    assert s.can_undo()
    nine = frozenset({8})
    monkeypatch.setattr(type(fam), "wild_for", lambda self, state, seat: nine
                        if state is s.state else state.wild)
    s._forget_undo_past_the_stock([])
    assert not s.can_undo() and "wild cards" in s.undo_refusal()
    assert len(s.actions) == seen_after + 1


def test_a_settled_deal_is_never_taken_back():
    s = _points_session()
    s.play(DrawDiscard())
    assert s.can_undo()
    s.play(Pack()) if s.reason(Pack()) is None else None
    while s.state.result is None:
        s.play(s.think(1.0) or s._fallback(s.state.to_act))
    assert not s.can_undo() and not s.undo()
    assert "over" in s.undo_refusal()


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
    click(app, table.layout.discard.center)  # the face-up card: nothing hidden is seen
    assert table.state.phase == Phase.DISCARD
    press(app, "undo")
    assert table.state == start and json.dumps(table.session.to_json()) == saved
    assert table.hand == start.hands[table.bottom]
    key(app, pygame.K_d)  # the stock's top card: seen, so it stays drawn
    drawn = table.state
    undo = next(b for b in table.current_buttons() if b.key == "undo")
    assert not undo.enabled and "stock" in undo.why
    key(app, pygame.K_u)
    assert table.state is drawn and "stock" in table.message[0]
    card = table.hand[0]
    table.act(Discard(card))
    key(app, pygame.K_u)  # before the bots move: the throw is taken back
    assert table.state == drawn and card in table.hand
    assert table.session.to_json()["actions"][-1] == ["stock"]
    assert sorted(c.uid for g in table.arr.groups for c in g) == sorted(c.uid for c in table.hand)


def test_the_scores_of_a_practice_deal_offer_no_take_back():
    app, table = practice_app(players=2)
    click(app, table.layout.discard.center)
    assert next(b for b in table.current_buttons() if b.key == "undo").enabled
    table.act(Discard(table.hand[0]))
    wait_until(app, lambda: mine(table))
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scores = app.top
    assert "practice" in scores._code_line()
    assert "undo" not in {b.key for b in scores.buttons}
    assert not table.session.can_undo() and table.state.result is not None
    app.pop()
    key(app, pygame.K_u)
    assert table.state.result is not None and "over" in table.message[0]
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
