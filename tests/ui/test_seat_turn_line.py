"""A seat's panel keeps its whole last turn where it fits (audit s52, defect
4): "took K♥ · threw 8♦", so the card a bot took from the pile stays in
sight after its throw (before, "took K♥" showed for 0.88 s and was gone).  A
draw from the stock is not worth the room once the turn goes on; a panel too
narrow for the whole turn shows the latest move, as it always did."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import apply, new_match, parse_cards, view_for
from game.engine.state import LogEntry, Move
from game.families import make_bot, preset
from game.ui.table import TableScene, draw_seats
from game.uikit.table.wording import card_text, last_turn
from game.uikit.widgets import record
from tests.ui.helpers import App, step
from tests.ui.test_fit import assert_fits
from tests.ui.test_seat_marks import panels

K_H, EIGHT_D, FIVE_S, TWO_H, NINE_C = parse_cards("KH 8D 5S 2H 9C")


@pytest.fixture()
def rec():
    with record.recording((0, 0)) as recorder:
        yield recorder


def test_the_whole_turn_then_the_latest_move():
    took_threw = (LogEntry(1, Move.DRAW_DISCARD, K_H), LogEntry(1, Move.DISCARD, EIGHT_D))
    assert last_turn(took_threw, 1) == (["took K♥ · threw 8♦", "threw 8♦"], "took K♥")
    # from the stock: nothing to follow but the throw
    drew_threw = (LogEntry(1, Move.DRAW_STOCK), LogEntry(1, Move.DISCARD, EIGHT_D))
    assert last_turn(drew_threw, 1) == (["threw 8♦"], None)
    # the turn is the seat's entries since another seat's: an earlier turn is not in it
    log = (LogEntry(1, Move.DRAW_DISCARD, FIVE_S), LogEntry(1, Move.DISCARD, TWO_H),
           LogEntry(2, Move.DRAW_STOCK), LogEntry(2, Move.DISCARD, NINE_C),
           LogEntry(1, Move.DRAW_STOCK))
    assert last_turn(log, 1) == (["drew a card"], None)  # mid-turn, the draw is all there is
    assert last_turn(log, 2) == (["threw 9♣"], None)
    assert last_turn(log + (LogEntry(1, Move.DISCARD, K_H),), 1) == (["threw K♥"], None)
    assert last_turn(log, 3) == ([], None)
    # a family's own moves in its own words; the same move twice, counted
    words = {"lay": "laid a meld", "show": "showed {card}"}
    turn = (LogEntry(0, Move.DRAW_DISCARD, K_H), LogEntry(0, "lay"), LogEntry(0, "lay"),
            LogEntry(0, "show", NINE_C), LogEntry(0, Move.DISCARD, EIGHT_D))
    assert last_turn(turn, 0, words) == ([
        "took K♥ · laid a meld ×2 · showed 9♣ · threw 8♦", "took K♥ · threw 8♦", "threw 8♦"],
        "took K♥")
    # mid-turn, the take is the whole turn
    assert last_turn(took_threw[:1], 1) == (["took K♥"], "took K♥")


def _after_a_pile_take(players: int = 4):
    """Points, easy bots on every seat from the deal of seed 3: the position
    once a seat other than the person's (0) has taken the pile's card and
    thrown, the seat, the card taken and the card thrown."""
    state = new_match(preset("points"), players, 3)[0]
    bots = [make_bot("easy", seat) for seat in range(players)]
    while True:
        seat = state.to_act
        state = apply(state, bots[seat].choose(view_for(state, seat)))[0]
        last = state.log[-2:]
        if len(last) == 2 and last[0].seat == last[1].seat != 0 \
                and last[0].kind == Move.DRAW_DISCARD and last[1].kind == Move.DISCARD:
            return state, last[0].seat, last[0].card, last[1].card


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (800, 600), (1280, 720)])
def test_a_bot_s_panel_keeps_the_card_it_took_after_its_throw(size, rec, monkeypatch):
    state, seat, took, threw = _after_a_pile_take()
    took_w, threw_w = f"took {card_text(took)}", f"threw {card_text(threw)}"
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.config.variant, app.config.players = "points", 4
    app.config.levels[:3] = ["easy"] * 3
    app.new_game(seed=3)
    step(app)
    app.session.state = state
    table = next(s for s in app.stack if isinstance(s, TableScene))
    clock = [1000.0]
    monkeypatch.setattr(draw_seats, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    table.turn_words.clear()  # words kept under the real clock: start again
    # no panel at these sizes has room for the whole turn (at 390x844 a line
    # has 110 px, "took 10♠ · threw A♦" needs 145): the throw first, then the
    # take, in turn, for as long as the turn is the seat's latest
    said = panels(table, rec)[seat]
    assert threw_w in said and took_w not in said, said
    clock[0] += draw_seats.SWAP_S
    said = panels(table, rec)[seat]
    assert took_w in said and threw_w not in said, said
    clock[0] += draw_seats.SWAP_S
    assert threw_w in panels(table, rec)[seat]
    # a panel with the room says the whole turn, all the time
    wide = pygame.Rect(0, 0, 420, table.layout.seats[seat].rect.h)
    screen = record.RecordingSurface(app.size)
    rec.start_frame()
    draw_seats.draw_seat(table, screen, seat, wide, wide)
    assert f"{took_w} · {threw_w}" in [d.text for d in rec.items if d.kind == record.TEXT]
    step(app)
    assert_fits(app, rec, "a bot's panel after it took the pile's card")
