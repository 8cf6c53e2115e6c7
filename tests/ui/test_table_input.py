"""Hand handling and turn input on the table, with the mouse and the keyboard."""

import pygame
import pytest

from game.engine import Declare, Discard, DrawDiscard, Phase
from game.families import make_bot
from game.ui.table import DeclareDialog, PackDialog, TableScene
from game.ui.table import draw as draw_module
from game.ui.table.draw_hand import SELECTED_WASH
from game.uikit.art import palette
from tests.ui.helpers import (
    App,
    click,
    drag,
    key,
    post,
    press,
    resize,
    step,
    visible_card_rect,
    wait_until,
)
from tests.ui.test_play_families import person_move, start


@pytest.fixture
def app():
    a = App((1280, 720), load=False, save=False, seed=5)
    a.settings.set("speed", "instant")
    yield a


def my_turn(app) -> TableScene:
    table = app.top
    assert isinstance(table, TableScene)
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    return table


def in_discard_phase(app) -> TableScene:
    table = my_turn(app)
    if table.state.phase == Phase.DRAW:
        click(app, table.layout.stock.center)
    assert table.state.phase == Phase.DISCARD and table.my_turn
    return table


def test_drag_reorders_within_a_group(app):
    table = my_turn(app)
    table.arr.groups = [table.arr.cards()]  # one group of 13
    table.arr.version += 1
    first, second = table.arr.groups[0][:2]
    last_rect = table.slot_of[table.arr.groups[0][-1]]
    drag(app, visible_card_rect(table, first), (last_rect.right - 4, last_rect.centery))
    group = table.arr.groups[0]
    assert group[-1] == first and group[0] == second
    assert len(group) == 13


def test_drag_past_the_last_group_starts_a_new_group(app):
    table = my_turn(app)
    groups_before = len(table.arr.groups)
    card = table.arr.groups[0][0]
    geo = table.geometry()
    last_span = geo.spans[-1]
    target = (min(table.layout.hand.right - 2, last_span.right + geo.gap * 2), last_span.centery)
    if target[0] <= last_span.right + geo.gap // 2:  # no room on the right: use a gap
        target = (geo.spans[0].right + geo.gap // 2, geo.spans[0].centery)
    drag(app, visible_card_rect(table, card), target)
    assert [card] in table.arr.groups
    assert len(table.arr.cards()) == 13
    assert len(table.arr.groups) >= groups_before


def test_drag_onto_another_group_joins_it(app):
    table = my_turn(app)
    if len(table.arr.groups) < 2:
        table.arr.sort_by_rank()
    card = table.arr.groups[0][0]
    target_group = table.arr.groups[1]
    span = table.geometry().spans[1]
    drag(app, visible_card_rect(table, card), (span.right - 3, span.centery))
    assert card in target_group and target_group[-1] == card


def test_drag_to_the_pile_discards(app):
    table = in_discard_phase(app)
    card = next(c for c in table.arr.cards() if c != table.state.picked)
    drag(app, visible_card_rect(table, card), table.layout.discard.center)
    assert card not in table.hand
    assert (table.bottom, "discard", card) in table.state.log


def test_discarding_before_drawing_is_refused_with_the_reason(app):
    table = my_turn(app)
    before = table.state
    card = table.arr.cards()[0]
    click(app, visible_card_rect(table, card))
    assert table.selected == [card]
    key(app, pygame.K_x)
    assert table.state is before
    text, _ = table.status()
    assert "draw a card first" in text.lower()


def test_taken_discard_cannot_be_thrown_back(app):
    table = my_turn(app)
    top = table.state.discard[-1]
    click(app, table.layout.discard.center)
    assert table.state.phase == Phase.DISCARD and top in table.hand
    before = table.state
    table.selected = []
    click(app, visible_card_rect(table, top))
    press(app, "discard")
    assert table.state is before
    assert "just took" in table.status()[0]


def test_clicking_out_of_turn_names_whose_turn_it_is():
    app = App((1280, 720), load=False, save=False, seed=5)
    app.settings.set("speed", "slow")  # the AI waits for the card to land before moving
    table = my_turn(app)
    key(app, pygame.K_d)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_x)  # throw the card under the cursor
    assert table.state.to_act != table.bottom
    before = table.state
    click(app, table.layout.stock.center)
    assert table.state is before
    name = table.session.names[before.to_act]
    assert table.status()[0] == f"Wait: it is {name}'s turn."


def test_pack_asks_first_and_shows_the_cost(app):
    table = my_turn(app)
    press(app, "pack")
    dialog = app.top
    assert isinstance(dialog, PackDialog)
    text = " ".join(getattr(r, "text", "") for r in dialog.form.rows if isinstance(
        getattr(r, "text", None), str))
    cost = table.state.rules.first_drop if table.state.turns_taken[0] == 0 else \
        table.state.rules.middle_drop
    assert f"{cost} points" in text
    press(app, "keep")
    assert app.top is table and table.state.status[0] == "active"
    press(app, "pack")
    press(app, "pack")
    assert table.state.status[0] == "packed" or table.state.phase != Phase.DRAW


def test_invalid_declaration_is_explained_before_it_is_made(app):
    table = in_discard_phase(app)
    before = table.state
    card = next(c for c in table.arr.cards() if c != table.state.picked)
    click(app, visible_card_rect(table, card))
    press(app, "declare")
    dialog = app.top
    assert isinstance(dialog, DeclareDialog)
    assert not dialog.valid  # a random dealt hand is not a finished one
    assert "not a valid declaration" in dialog.verdict.lower()
    assert "80" in dialog.verdict
    press(app, "cancel")
    assert app.top is table and table.state is before


def test_keyboard_cursor_select_move_and_draw(app):
    table = my_turn(app)
    key(app, pygame.K_RIGHT)
    assert table.cursor == 1 and table.input.kb_active
    card = table.arr.cards()[1]
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    assert table.arr.cards().index(card) in (2, 1)  # moved right (or into the next group)
    assert table.cursor == table.arr.cards().index(card)
    key(app, pygame.K_SPACE)
    assert table.selected == [card]
    key(app, pygame.K_d)
    assert table.state.phase == Phase.DISCARD
    assert len(table.arr.cards()) == 14


def test_sort_and_arrange_keep_every_card(app):
    table = my_turn(app)
    cards = sorted(table.hand)
    for name in ("suit", "rank", "arrange"):
        press(app, name)
        assert sorted(table.arr.cards()) == cards
    labels = table.labels()
    assert len(labels) == len(table.arr.groups)


def test_group_button_gathers_selected_cards(app):
    table = my_turn(app)
    table.arr.sort_by_suit()
    a, b = table.arr.groups[0][0], table.arr.groups[-1][-1]
    click(app, visible_card_rect(table, a))
    click(app, visible_card_rect(table, b))
    assert table.selected == [a, b]
    press(app, "group")
    assert [a, b] in table.arr.groups
    assert table.selected == []


def test_resize_keeps_the_game_and_the_hand(app):
    table = in_discard_phase(app)
    card = table.arr.cards()[2]
    click(app, visible_card_rect(table, card))
    state, groups, selected = table.state, [list(g) for g in table.arr.groups], table.selected[:]
    for size in ((390, 844), (1920, 1080), (360, 640), (1280, 720)):
        resize(app, size)
        assert app.screen.get_size() == size
        assert app.top is table and table.state is state
        assert table.arr.groups == groups and table.selected == selected
        screen = pygame.Rect((0, 0), size)
        for _, _, rect in table.geometry().slots:
            assert screen.contains(rect)


def finger(app, kind, pos):
    w, h = app.size
    post(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, touch_id=1, finger_id=1,
         pressure=1.0)


def test_finger_events_alone_work_as_taps(app):
    table = my_turn(app)
    finger(app, pygame.FINGERDOWN, table.layout.stock.center)
    finger(app, pygame.FINGERUP, table.layout.stock.center)
    step(app)
    assert table.state.phase == Phase.DISCARD and len(table.hand) == 14


def test_touch_that_sdl_already_turned_into_mouse_events_acts_once(app):
    table = my_turn(app)
    pos = table.layout.stock.center
    finger(app, pygame.FINGERDOWN, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    finger(app, pygame.FINGERUP, pos)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    step(app)
    assert table.state.phase == Phase.DISCARD
    card = table.arr.cards()[0]
    rect = visible_card_rect(table, card)
    finger(app, pygame.FINGERDOWN, rect)
    post(pygame.MOUSEBUTTONDOWN, pos=rect, button=1, touch=True)
    finger(app, pygame.FINGERUP, rect)
    post(pygame.MOUSEBUTTONUP, pos=rect, button=1, touch=True)
    step(app)
    assert table.selected == [card], "one tap selects; a doubled tap would unselect"


def test_discard_key_without_a_chosen_card_asks_for_one(app):
    table = in_discard_phase(app)
    before = table.state
    key(app, pygame.K_x)  # no card selected and the keyboard cursor never used
    assert table.state is before
    assert table.status()[0] == "Tap the card you want to throw first."


def test_a_throw_asked_of_the_keys_says_why_as_the_discard_button_does(app):
    table = my_turn(app)
    # before the draw: the draw comes first, for the keys as for the button
    key(app, pygame.K_x)
    assert table.status()[0] == "Draw a card first: tap the stock or the discard pile."
    key(app, pygame.K_r)
    assert table.status()[0] == "Draw a card first: tap the stock or the discard pile."
    click(app, table.layout.stock.center)
    # two cards raised: keep one (the Discard button's words, the pile's tap too)
    table.selected = table.arr.cards()[:2]
    click(app, table.layout.discard.center)
    assert table.status()[0] == "2 cards are selected: keep just one raised to throw it."
    key(app, pygame.K_r)
    assert table.status()[0] == "2 cards are selected: keep just one raised to throw it."
    table.selected = []
    key(app, pygame.K_r)
    assert table.status()[0] == "Tap the card you will throw when you declare."
    # another seat's turn: whose it is
    assert table.act(Discard(next(c for c in table.hand if c != table.state.picked)))
    other = table.session.names[table.state.to_act]
    table.commands.ask_declare()
    assert table.status()[0] == f"Wait for your turn: {other} is playing."


def test_after_packing_the_player_can_skip_to_the_end_of_the_deal():
    from game.ui.scenes import ScoringScene

    app = App((1280, 720), load=False, save=False, seed=5)
    app.settings.set("speed", "normal")
    table = my_turn(app)
    press(app, "pack")
    press(app, "pack")
    assert table.sitting_out and "You packed" in table.status()[0]
    press(app, "skip")
    assert table.speed == 0.0
    wait_until(app, lambda: isinstance(app.top, ScoringScene), limit=3000)
    assert table.state.result.seats[table.bottom].status == "packed"


def test_the_whole_discard_pile_can_be_seen():
    from game.ui.table import DiscardsDialog

    app = App((1280, 720), load=False, save=False, seed=5)
    app.settings.set("speed", "slow")
    table = my_turn(app)
    key(app, pygame.K_v)
    dialog = app.top
    assert isinstance(dialog, DiscardsDialog) and dialog.cards == list(table.state.discard)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_d)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_x)
    assert not table.my_turn
    click(app, table.layout.discard.center)  # not my turn: the tap shows the pile
    assert isinstance(app.top, DiscardsDialog)
    assert app.top.cards[-1] == table.state.discard[-1]
    press(app, "close")
    assert app.top is table


def test_a_card_dragged_from_the_stock_lands_in_the_group_it_is_dropped_on(app):
    table = my_turn(app)
    if len(table.arr.groups) < 2:
        table.arr.sort_by_rank()
    groups = [list(g) for g in table.arr.groups]
    span = table.geometry().spans[0]
    drop = (span.right - 3, span.centery)
    flown = []
    fly = table.anim.fly
    table.anim.fly = lambda flight: (flown.append(flight), fly(flight))[1]
    drag(app, table.layout.stock.center, drop)
    assert table.state.phase == Phase.DISCARD
    card = table.fresh
    # the first group gains the card at its right end; no group of its own
    assert table.arr.groups[0] == groups[0] + [card]
    assert table.arr.groups[1:] == groups[1:]
    # the drawn card slides from where it was dropped into its place
    assert [f.src for f in flown if f.card == card] == [drop]
    assert sorted(table.arr.cards()) == sorted(table.hand)


def test_a_card_dragged_from_the_pile_into_a_gap_starts_a_group_there(app):
    table = my_turn(app)
    if len(table.arr.groups) < 2:
        table.arr.sort_by_rank()
    groups = [list(g) for g in table.arr.groups]
    geo = table.geometry()
    gap = ((geo.spans[0].right + geo.spans[1].left) // 2, geo.spans[0].centery)
    if table.input.drop_target(None, gap) != ("new", 1):
        pytest.skip("no gap between the first two groups at this size")
    top = table.state.discard[-1]
    drag(app, table.layout.discard.center, gap)
    assert table.state.phase == Phase.DISCARD
    assert table.arr.groups == [groups[0], [top], *groups[1:]]


def test_a_tapped_draw_still_puts_the_card_at_the_right(app):
    table = my_turn(app)
    groups = [list(g) for g in table.arr.groups]
    # a drop left from an earlier draw (one a room's server refused) is not this one's
    table.landing = (table.state.deal_no, len(table.session.actions) - 1, ("group", 0, 0),
                     (10, 10))
    click(app, table.layout.stock.center)
    assert table.arr.groups == [*groups, [table.fresh]]


def test_a_card_dragged_from_the_stock_shows_where_it_will_land(app, monkeypatch):
    # the card under the finger is left undrawn: it would cover the bar
    monkeypatch.setattr(draw_module, "draw_dragged", lambda scene, surface: None)
    table = my_turn(app)
    if len(table.arr.groups) < 2:
        table.arr.sort_by_rank()
    geo = table.geometry()
    span = geo.spans[0]
    last = max((r for gi, _ci, r in geo.slots if gi == 0), key=lambda r: r.right)
    x, y = last.right + 3, span.y + geo.card_h // 2  # the bar after the group's last card
    start = table.layout.stock.center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for k in range(1, 7):
        post(pygame.MOUSEMOTION, pos=(start[0] + (span.right - 3 - start[0]) * k // 6,
                                      start[1] + (span.centery - start[1]) * k // 6),
             rel=(0, 0), buttons=(1, 0, 0))
        step(app)
    assert table.input.drag_pile == "stock"
    assert tuple(app.screen.get_at((x, y)))[:3] == palette.HILITE
    post(pygame.MOUSEBUTTONUP, pos=(span.right - 3, span.centery), button=1)
    step(app, 3)
    assert table.arr.groups[0][-1] == table.fresh
    assert tuple(app.screen.get_at((x, y)))[:3] != palette.HILITE  # no bar once dropped


def test_a_raised_card_is_washed_blue_even_a_wild_one(app):
    table = in_discard_phase(app)
    wild = [c for c in table.arr.cards() if table.is_wild(c)]
    card = (wild or table.arr.cards())[0]
    step(app, 2)
    x, y = visible_card_rect(table, card)
    plain = tuple(app.screen.get_at((x, y)))[:3]
    table.selected = [card]
    table.app.mark_dirty()
    step(app, 2)
    lift = table.geometry().lift
    washed = tuple(app.screen.get_at((x, y - lift)))[:3]  # the same point of the raised face
    a = SELECTED_WASH / 255
    expected = [round(p * (1 - a) + q * a) for p, q in zip(plain, palette.ACCENT, strict=True)]
    assert all(abs(w - e) <= 2 for w, e in zip(washed, expected, strict=True)), (washed, expected)


def test_dragging_one_of_several_raised_cards_moves_them_all(app):
    table = my_turn(app)
    table.arr.sort_by_suit()
    groups = [list(g) for g in table.arr.groups]
    assert len(groups) >= 3
    # one card of the first group and one of the last, raised; the first dragged
    first, last = groups[0][0], groups[-1][-1]
    table.selected = [last, first]  # raised in any order: they move in the hand's
    target = table.geometry().spans[1]
    drag(app, visible_card_rect(table, first), (target.right - 3, target.centery))
    # both at the end of the second group, in the hand's order
    assert next(g for g in table.arr.groups if first in g) == groups[1] + [first, last]
    assert table.selected == []
    assert sorted(table.arr.cards()) == sorted(table.hand)


def test_a_drag_of_raised_cards_shows_them_all_leaving_their_places(app, monkeypatch):
    table = my_turn(app)
    table.arr.sort_by_suit()
    a, b = table.arr.groups[0][0], table.arr.groups[-1][0]
    table.selected = [a, b]
    step(app, 2)
    spot = table.slot_of[b]
    face = tuple(app.screen.get_at(spot.center))[:3]  # b's face, raised
    start = visible_card_rect(table, a)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for k in range(1, 5):  # up and away from the hand: b's place shows its ghost
        post(pygame.MOUSEMOTION, pos=(start[0] + 10 * k, start[1] - 60 * k), rel=(0, 0),
             buttons=(1, 0, 0))
        step(app)
    assert table.input.drag == a and table.input.carried(a) == [a, b]
    assert tuple(app.screen.get_at(spot.center))[:3] != face
    post(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1] - 240), button=1)  # on the felt
    step(app)
    assert table.arr.groups[0][0] == a  # dropped on the felt: nothing moved


def test_r_before_a_declaration_is_possible_says_the_declare_button_s_reason():
    # Marriage: no show before seeing the tiplu; R with a card raised said what a
    # show would leave over, while the greyed Declare said to see the tiplu first
    # (stop 52's audit)
    app = start("marriage", 2, 5)
    table = app.top
    bot = make_bot("easy", 5)
    for _ in range(3000):  # the person's moves by a bot (exposing, the draw)
        if table.my_turn and table.state.phase == Phase.DISCARD and not table.anim.busy:
            break
        if person_move(app, bot) == "wait":
            step(app)
    assert table.state.phase == Phase.DISCARD and not table.state.extra.seen[table.bottom]
    card = table.arr.cards()[0]
    table.selected = [card]
    step(app)
    key(app, pygame.K_r)
    why = table.session.reason(Declare(card))
    declare = next(b for b in table.bar.buttons if getattr(b, "key", "") == "declare")
    assert not declare.enabled and declare.why.lower().startswith(why.lower()[:20])
    # the check over the player's own groups says the same, and offers no show
    dialog = app.top
    assert isinstance(dialog, DeclareDialog) and not dialog.valid
    assert dialog.verdict == f"No show yet: {why}."
    assert [b.key for b in dialog.buttons] == ["cancel"]


def test_a_refused_drag_from_the_pile_leaves_no_drop_for_a_later_draw(app):
    table = my_turn(app)
    groups = [list(g) for g in table.arr.groups]
    span = table.geometry().spans[0]
    refuse = table.session.reason
    table.session.reason = lambda action: "not now" if isinstance(action, DrawDiscard) \
        else refuse(action)
    drag(app, table.layout.discard.center, (span.right - 3, span.centery))
    assert table.state.phase == Phase.DRAW and table.landing is None
    table.session.reason = refuse
    click(app, table.layout.stock.center)
    assert table.arr.groups == [*groups, [table.fresh]]
