"""The first-deal walkthrough: shown in a new player's first deal, it points
at the stock, the discard pile, the groups and the declare button; Skip or
the last step turns it off for good (saved); it never stands in the way."""

from __future__ import annotations

import pygame
import pytest

from game.app import savegame
from game.app.settings import Settings
from game.engine import Phase
from game.families import FAMILIES
from game.ui.table import parts_for
from game.ui.table.walkthrough import Walkthrough
from tests.ui.helpers import App, click, post, press, step, visible_card_rect, wait_until


def tour(table) -> Walkthrough:
    return next(p for p in table.parts if isinstance(p, Walkthrough))


def start(size=(1280, 720), seed=5, variant="points", **kw):
    app = App(size, load=False, seed=None, **kw)
    app.config.choose_variant(variant)
    app.new_game(seed)
    table = app.top
    part = tour(table)
    wait_until(app, lambda: part.active(table) and part.tour_buttons)
    return app, table, part


def test_every_family_has_the_walkthrough():
    for name in FAMILIES:
        assert Walkthrough in [type(p) for p in parts_for(name)]


@pytest.mark.parametrize("variant", ["points", "21card", "marriage", "vazhushal"])
def test_it_appears_in_the_first_deal_and_walks_through_four_targets(variant):
    app, table, part = start(variant=variant)
    lay = table.layout
    seen = []
    for _ in range(4):
        step(app)
        s = part.steps(table)[part.step]
        seen.append(s.target)
        target = part.target(table, s)
        assert target.w and target.h
        if s.target == "stock":
            assert target == lay.stock
        # the bubble never hides what it points at
        assert not part.bubble.colliderect(target)
        click(app, part.tour_buttons[1].rect.center)  # Next, then Done
    assert seen == ["stock", "discard", "hand", "declare"]
    assert app.settings["walkthrough"] is False
    assert not part.active(table)


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_bubble_keeps_clear_of_piles_cards_and_buttons(size):
    app, table, part = start(size=size)
    lay = table.layout
    step(app)
    for b in part.tour_buttons:
        assert pygame.Rect(0, 0, *size).contains(b.rect)
        for r in (lay.stock, lay.discard, lay.hand):
            assert not b.rect.colliderect(r)
        for tb in table.current_buttons():
            assert not b.rect.colliderect(tb.rect)


def test_skip_ends_it_and_the_off_state_is_saved():
    app, table, part = start(save=True)
    click(app, part.tour_buttons[0].rect.center)  # Skip tour
    assert app.settings["walkthrough"] is False
    assert not part.active(table) and not part.tour_buttons
    assert savegame.load().settings["walkthrough"] is False  # written at once
    again = App((1280, 720))  # the next start of the game
    assert again.settings["walkthrough"] is False
    again.config.choose_variant("points")
    again.new_game(9)
    table2 = again.top
    step(again, 240)
    assert not tour(table2).active(table2)


def test_it_never_blocks_play():
    app, table, part = start()
    # while it shows, a press elsewhere reaches the table: the stock draws
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    assert table.state.phase == Phase.DRAW
    click(app, table.layout.stock.center)
    assert table.state.phase == Phase.DISCARD
    assert part.active(table)
    click(app, part.tour_buttons[0].rect.center)
    # once it ended it uses no event and draws nothing: play goes on
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
              for x in range(0, 1280, 160) for y in range(0, 720, 120)]
    assert not any(part.handle_event(e, table) for e in events)
    moves = len(table.session.actions)
    wait_until(app, lambda: not table.anim.busy)
    click(app, visible_card_rect(table, table.arr.groups[-1][-1]))
    press(app, "discard")
    assert len(table.session.actions) == moves + 1


def test_it_stays_away_when_turned_off_and_in_a_demo():
    app = App((1280, 720), load=False)
    app.settings.set("walkthrough", False)
    app.config.choose_variant("points")
    app.new_game(3)
    table = app.top
    step(app, 200)
    assert not tour(table).active(table) and not tour(table).tour_buttons
    demo = App((1280, 720), load=False, demo=True, seed=4)
    step(demo, 200)
    assert not tour(demo.top).active(demo.top)


def test_turning_it_on_again_starts_over():
    app, table, part = start()
    click(app, part.tour_buttons[1].rect.center)
    assert part.step == 1
    click(app, part.tour_buttons[0].rect.center)
    assert not part.active(table)
    app.settings.set("walkthrough", True)
    step(app)
    assert part.active(table) and part.step == 0


def test_old_settings_load_with_the_walkthrough_on():
    old = Settings.from_json({"speed": "fast", "sound": False, "hints": True})
    assert old["walkthrough"] is True and old["speed"] == "fast"
    assert Settings.from_json({"walkthrough": "maybe"})["walkthrough"] is True


def test_the_settings_screen_turns_it_on_and_off():
    from game.ui.scenes.settings import SettingsScene
    from tests.ui.helpers import choice_rect

    app = App((390, 844), load=False)
    app.push(SettingsScene(app))
    step(app)
    rect = choice_rect(app.top, "walkthrough")
    step(app)
    rect = choice_rect(app.top, "walkthrough")
    click(app, (rect.right - 10, rect.centery))
    assert app.settings["walkthrough"] is False
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    step(app)
