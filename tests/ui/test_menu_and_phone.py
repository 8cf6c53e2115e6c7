"""Every menu page fits without scrolling, with one primary button; Start
game asks before it replaces a saved match; on a phone every touch target is
44 px and every line of text 14 px (issue 15, items 6 to 8)."""

import sys

import pygame
import pytest

from game.app.session import Session
from game.ui.scenes import MenuScene, RulesScene, SettingsScene
from game.ui.scenes.confirm import ConfirmDialog
from game.ui.table import PauseDialog, TableScene
from game.uikit.art import fonts
from game.uikit.widgets import Buttons, Choice
from tests.ui.helpers import App, click, key, press, step, wait_until

DESKTOP = [(1280, 720), (800, 600)]
PHONE = (390, 844)


def with_saved_match(app: App) -> Session:
    rules, players, levels = app.config.build()
    app.session = Session(rules, players, 11, [None, *levels])
    app.to_menu()
    return app.session


def buttons_of(scene) -> list:
    return [b for row in scene.form.rows if isinstance(row, Buttons) for b in row.buttons]


def assert_fits(app: App, scene) -> None:
    step(app)  # drawn once: every row has its place
    screen = app.screen.get_rect()
    form = scene.form
    assert form.max_scroll == 0, f"{type(scene).__name__} scrolls at {app.size}"
    for i, row in enumerate(form.rows):
        assert screen.contains(form.row_rect(i)), (type(row).__name__, form.row_rect(i))
    for b in buttons_of(scene):
        assert screen.contains(b.rect), (b.label, b.rect, app.size)


@pytest.mark.parametrize("size", DESKTOP)
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("saved", [False, True])
def test_the_menu_fits_without_scrolling_with_one_primary_button(size, players, saved):
    app = App(size, load=False, save=False)
    app.config.players = players
    if saved:
        with_saved_match(app)
    app.top.rebuild()
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert_fits(app, menu)
    keys = {b.key for b in buttons_of(menu)}
    assert {"start", "rules", "help", "settings"} <= keys
    if sys.platform != "emscripten":
        assert "quit" in keys
    primary = [b.key for b in buttons_of(menu) if b.style == "primary"]
    assert primary == (["continue"] if saved else ["start"])


def button_rect(scene, key: str) -> pygame.Rect:
    return next(b.rect for b in buttons_of(scene) if b.key == key)


@pytest.mark.parametrize("size", DESKTOP)
@pytest.mark.parametrize("players", [2, 4])
def test_quit_stands_apart_from_the_opponents_level_with_the_last_button(size, players):
    # Quit used to sit right under the opponents' levels, as if one of them
    app = App(size, load=False, save=False)
    app.config.players = players
    app.top.rebuild()
    menu = app.top
    step(app)
    quit_, friends = button_rect(menu, "quit"), button_rect(menu, "friends")
    assert quit_.bottom == friends.bottom and quit_.x > friends.right
    last_level = menu.form.row_rect(next(i for i, r in enumerate(menu.form.rows)
                                         if getattr(r, "key_name", "") == f"level{players - 2}"))
    assert quit_.y - last_level.bottom > menu.form.metrics.button_h  # a gap, not the next row


def test_on_a_phone_quit_is_the_last_row():
    app = App(PHONE, load=False, save=False)
    menu = app.top
    step(app)
    rects = [menu.form.row_rect(i) for i in range(len(menu.form.rows))]
    assert button_rect(menu, "quit").bottom == max(r.bottom for r in rects)
    assert all(a.bottom <= b.y for a, b in zip(rects, rects[1:], strict=False))  # one column


@pytest.mark.parametrize("size", [*DESKTOP, PHONE])
def test_settings_and_every_rules_section_fit(size):
    app = App(size, load=False, save=False)
    app.push(SettingsScene(app))
    assert_fits(app, app.top)
    app.pop()
    for variant in ("points", "pool101", "deals", "paplu", "21card", "27card", "marriage"):
        app.config.variant = variant
        rules = RulesScene(app)
        app.push(rules)
        sections = [b.key for b in buttons_of(rules) if b.key.startswith("section_")]
        for name in sections or [None]:
            if name:
                press(app, name)
            assert_fits(app, app.top)
        app.pop()


def test_start_game_asks_before_replacing_a_saved_match():
    app = App((1280, 720), load=False, save=False)
    old = with_saved_match(app)
    press(app, "start")
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and app.session is old
    assert [b.style for b in dialog.form.rows[-1].buttons] == ["primary", "danger"]
    press(app, "no")  # keep the match
    assert isinstance(app.top, MenuScene) and app.session is old
    press(app, "start")
    press(app, "yes")
    assert isinstance(app.top, TableScene) and app.session is not old


def test_start_game_without_a_saved_match_starts_at_once():
    app = App((1280, 720), load=False, save=False)
    press(app, "start")
    assert isinstance(app.top, TableScene)


def test_a_seed_from_the_command_line_asks_before_replacing_a_saved_match():
    first = App((800, 600), load=False, save=True, seed=3)
    step(first)
    first.quit()
    app = App((800, 600), seed=99, game="pool101")
    assert isinstance(app.top, ConfirmDialog)
    press(app, "yes")
    assert isinstance(app.top, TableScene)
    assert app.session.seed == 99 and app.session.rules.name == "pool101"


# ------------------------------------------------------------ the phone


def phone_table() -> App:
    app = App(PHONE, load=False, save=False, seed=4)
    app.settings.set("speed", "instant")
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    if table.state.phase.value == "draw":
        click(app, table.layout.stock.center)
    wait_until(app, lambda: not table.anim.busy)
    return app


def test_every_touch_target_on_the_phone_table_is_44_px():
    app = phone_table()
    table = app.top
    lay = table.layout
    targets = {"menu": lay.menu_button, "help": lay.help_button, "sound": lay.sound_button,
               "stock": lay.stock, "discard pile": lay.discard}
    targets.update({f"button {b.label}": b.rect for b in table.current_buttons()})
    for name, rect in targets.items():
        assert rect.w >= 44 and rect.h >= 44, f"{name} is {rect.size}"
    screen = app.screen.get_rect()
    for name in ("menu_button", "help_button", "sound_button"):
        assert screen.contains(getattr(lay, name))
    geo = table.geometry()
    assert geo.card_h >= 44
    key(app, pygame.K_ESCAPE)  # the pause dialog's buttons too
    step(app)
    assert isinstance(app.top, PauseDialog)
    for b in buttons_of(app.top):
        assert b.rect.h >= 44


def test_every_menu_control_on_the_phone_is_44_px():
    app = App(PHONE, load=False, save=False)
    with_saved_match(app)
    menu = app.top
    step(app)
    for b in buttons_of(menu):
        assert b.rect.h >= 44 and b.rect.w >= 44, b.label
    m = menu.form.metrics
    for i, row in enumerate(menu.form.rows):
        if isinstance(row, Choice):
            rect = menu.form.row_rect(i)
            _, left, _, right = row._boxes(rect, m)
            assert rect.h >= 44 and left.w >= 30 and right.w >= 30


def record_text_sizes(monkeypatch) -> list[tuple[int, str, str]]:
    """Every text drawn outside the card art: (size, text, module)."""
    seen: list[tuple[int, str, str]] = []
    real = fonts.text

    def spy(s, size, color, bold=False):
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller == "game.uikit.widgets.text":  # fit_text: who asked for the fitting
            caller = sys._getframe(2).f_globals.get("__name__", "")
        if not caller.startswith("game.uikit.art") and s.strip():
            seen.append((int(size), s, caller))
        return real(s, size, color, bold)

    monkeypatch.setattr(fonts, "text", spy)
    return seen


def test_no_text_on_the_phone_is_under_14_px(monkeypatch):
    app = phone_table()
    seen = record_text_sizes(monkeypatch)
    fonts._texts.clear()
    step(app, 3)  # the table mid-deal
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    app.to_menu()
    step(app, 2)
    app.push(RulesScene(app))
    step(app, 2)
    small = sorted({(size, text, who) for size, text, who in seen if size < 14})
    assert seen and not small, small[:10]


def test_leaving_a_demo_brings_back_the_saved_match_and_saves_again():
    first = App((800, 600), load=False, save=True, seed=3)
    step(first)
    first.quit()
    saved_seed = first.session.seed
    app = App((800, 600), demo=True, seed=1)
    assert app.top.demo and not app.saving
    app.to_menu()
    assert app.session.seed == saved_seed and app.saving and not app.demo
    keys = {b.key for b in buttons_of(app.top)}
    assert "continue" in keys
    press(app, "start")
    assert isinstance(app.top, ConfirmDialog)
