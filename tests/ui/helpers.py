"""Drive the app headless with posted input, as a person would."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import Declare, Discard, DrawDiscard, DrawStock, Phase, ShowDealtHand  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.uikit.widgets import Buttons, Choice  # noqa: E402

DT = 1 / 60


def step(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def post(event_type: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def click(app: App, pos, frames: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app, frames)


def drag(app: App, start, end, moves: int = 6) -> None:
    start = (int(start[0]), int(start[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for i in range(1, moves + 1):
        p = (start[0] + (end[0] - start[0]) * i // moves,
             start[1] + (end[1] - start[1]) * i // moves)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        step(app)
    post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
    step(app)


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    step(app, frames)


def resize(app: App, size) -> None:
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    step(app)


def wait_until(app: App, cond, limit: int = 6000) -> None:
    for _ in range(limit):
        if cond():
            return
        step(app)
    raise AssertionError("the condition never came true")


def form_button(scene, key: str):
    """A button of a form scene by its key."""
    form = getattr(scene, "form", None)
    rows = form.rows if form else []
    for i, row in enumerate(rows):
        if isinstance(row, Buttons):
            for b in row.buttons:
                if b.key == key:
                    form._show(i)
                    form.row_rect(i)  # places the buttons for this scroll position
                    return b
    for b in getattr(scene, "buttons", []):
        if b.key == key:
            return b
    if hasattr(scene, "current_buttons"):
        for b in scene.current_buttons():
            if b.key == key:
                return b
    raise AssertionError(f"no button {key!r} on {type(scene).__name__}")


def press(app: App, key_name: str, frames: int = 1) -> None:
    """Click the button ``key_name`` of the top scene where it is drawn."""
    scene = app.top
    b = form_button(scene, key_name)
    if getattr(scene, "form", None) is not None:
        step(app)  # draw once so the button has its place on screen
        b = form_button(scene, key_name)
    assert b.enabled, f"button {key_name} is disabled"
    click(app, b.rect.center, frames)


def choice_rect(scene, key: str):
    form = scene.form
    for i, row in enumerate(form.rows):
        if isinstance(row, Choice) and row.key_name == key:
            form._show(i)
            return form.row_rect(i)
    raise AssertionError(f"no choice {key!r}")


def human_move(app: App, bot) -> str:
    """Play the human's next move with the mouse, choosing it with ``bot``:
    returns what was done ("draw", "discard", "declare", "wait")."""
    table = app.top
    st = table.state
    if not table.my_turn or table.anim.busy:
        return "wait"
    view = table.session.view(table.bottom)
    action = bot.choose(view)
    lay = table.layout
    if isinstance(action, ShowDealtHand):  # a dealt hand that is already a show
        press(app, "show")
        return "declare"
    if isinstance(action, DrawStock):
        click(app, lay.stock.center)
        return "draw"
    if isinstance(action, DrawDiscard):
        click(app, lay.discard.center)
        return "draw"
    if isinstance(action, (Discard, Declare)) and st.phase == Phase.DISCARD:
        table.selected = []
        rect = visible_card_rect(table, action.card)
        click(app, rect)
        assert table.selected == [action.card], "a click selects the card"
        if isinstance(action, Declare):
            press(app, "declare")
            return "declare"
        press(app, "discard")
        return "discard"
    raise AssertionError(f"unexpected move {action}")


def visible_card_rect(table, card):
    """A point on ``card`` not covered by the next card in its row."""
    geo = table.geometry()
    rect = table.slot_of[card]
    step_w = geo.card_w // 4
    return (rect.x + max(3, step_w // 2), rect.y + rect.h // 2)
