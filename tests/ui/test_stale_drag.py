"""A drag the table no longer owns ends (audit s52, defects 1 and 2): a
dialog coming up over it (Esc, Android Back, the end of the deal) cancels it,
so the next tap after Resume is a tap again; and a card that left the hand
while it was held drops nowhere (it used to crash the app)."""

from __future__ import annotations

import pygame

from game.engine import Phase
from game.ui.table import TableScene
from game.ui.table.dialogs import PauseDialog
from game.ui.table.showdown import ShowdownScene
from tests.ui.helpers import App, click, key, post, press, step, visible_card_rect, wait_until


def table_app(game: str, size: tuple[int, int], seed: int,
              speed: str = "instant") -> tuple[App, TableScene]:
    app = App(size, load=False, save=False, seed=seed, game=game)
    app.settings.set("speed", speed)
    app.settings.set("walkthrough", False)
    step(app, 3)
    table = app.top
    assert isinstance(table, TableScene)
    table.relayout()  # without the tour's strip
    step(app, 2)
    return app, table


def my_turn(app: App, table: TableScene) -> None:
    wait_until(app, lambda: app.top is table and table.my_turn and not table.anim.busy)


def hold(app: App, start: tuple[int, int], dx: int = 10, dy: int = -30) -> None:
    """Press at ``start`` and move four steps with the button held (a drag,
    not yet released)."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for k in range(1, 5):
        post(pygame.MOUSEMOTION, pos=(start[0] + dx * k, start[1] + dy * k), rel=(0, 0),
             buttons=(1, 0, 0))
        step(app)


def release(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1)
    step(app)


def test_back_mid_drag_cancels_it_and_the_next_tap_on_the_pile_throws_nothing():
    app, table = table_app("points", (390, 844), 5)
    my_turn(app, table)
    click(app, table.layout.stock.center, frames=2)
    assert table.state.phase == Phase.DISCARD and len(table.hand) == 14  # 13 dealt + 1 drawn
    card = table.arr.groups[0][0]
    start = visible_card_rect(table, card)
    hold(app, start)
    assert table.input.drag == card
    key(app, pygame.K_AC_BACK)  # the phone's Back button, the finger still down
    assert isinstance(app.top, PauseDialog)
    release(app, (start[0] + 40, start[1] - 120))  # the finger lifts over the menu
    press(app, "resume")
    step(app, 2)
    assert app.top is table
    assert table.input.drag is None and table.input.press is None
    pile = len(table.state.discard)
    click(app, table.layout.discard.center, frames=2)  # nothing raised: no throw
    assert card in table.hand and len(table.hand) == 14
    assert len(table.state.discard) == pile
    assert table.state.phase == Phase.DISCARD and table.my_turn
    assert table.message[0] == "Tap the card you want to throw first."


def test_esc_mid_drag_from_the_stock_cancels_it_and_a_tap_selects_a_card():
    app, table = table_app("points", (1280, 720), 5)
    my_turn(app, table)
    assert table.state.phase == Phase.DRAW and len(table.hand) == 13
    hold(app, table.layout.stock.center, dx=0, dy=25)
    assert table.input.drag_pile == "stock"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseDialog)
    release(app, (640, 100))
    press(app, "resume")
    step(app, 2)
    card = table.arr.groups[1][0]
    click(app, visible_card_rect(table, card), frames=2)
    assert table.selected == [card]  # a tap again, not the end of the old drag
    assert table.state.phase == Phase.DRAW and len(table.hand) == 13


def test_a_card_thrown_by_keys_while_held_drops_nowhere():
    """Hold the cursor's card with the mouse, raise it with Space and throw it
    with X, then let go over the hand: the card is no longer the hand's."""
    app, table = table_app("points", (1280, 720), 5)
    my_turn(app, table)
    click(app, table.layout.stock.center, frames=2)
    card = table.arr.cards()[table.cursor]
    start = visible_card_rect(table, card)
    hold(app, start)
    assert table.input.drag == card
    key(app, pygame.K_SPACE)
    assert table.selected == [card]
    key(app, pygame.K_x)
    assert card not in table.hand and table.state.discard[-1] == card
    release(app, table.layout.hand.center)  # used to raise "… is not in the hand"
    assert table.input.drag is None
    assert sorted(table.arr.cards()) == sorted(table.hand) and len(table.hand) == 13


def test_a_card_held_while_a_bot_ends_the_deal_is_gone_in_the_next():
    """21 cards, seed 5: a bot declares on its first turn while the person
    holds a card; the showdown that comes up ends the drag."""
    app, table = table_app("21card", (390, 844), 5, speed="normal")
    wait_until(app, lambda: not table.anim.busy)
    assert table.state.to_act != table.bottom
    card = table.arr.groups[0][0]
    start = visible_card_rect(table, card)
    hold(app, start, dy=-20)
    assert table.input.drag == card
    wait_until(app, lambda: app.top is not table, 3000)
    assert isinstance(app.top, ShowdownScene)
    assert table.input.drag is None
    release(app, (start[0] + 30, start[1] - 60))  # over the showdown
    press(app, "scores")
    step(app, 5)
    press(app, "next")
    step(app, 5)
    assert app.top is table and table.state.deal_no == 2
    wait_until(app, lambda: not table.anim.busy, 3000)
    assert table.input.drag is None
    new = table.arr.groups[0][0]
    click(app, visible_card_rect(table, new), frames=2)  # used to crash the app
    assert table.selected == [new]
    assert sorted(table.arr.cards()) == sorted(table.hand)
