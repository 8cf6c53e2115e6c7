"""The one small base every screen shares; the app keeps them on a stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A screen or a dialog on the app's stack.

    The app calls the hooks below, and only these; a scene never calls its own.
    Lifecycle, for a scene S (``App.push``, ``App.pop``, ``App.replace``):

    * ``push(S)``: the scene that was on top gets ``pause()``; then S gets
      ``resize(size)`` and ``enter()``.  S is now the top.
    * ``push(D)`` over S (a dialog, the scores, help): S gets ``pause()``,
      then D gets ``resize`` and ``enter``.  A paused scene keeps its state,
      gets no events and no ``update``; it is still drawn under a dialog that
      is not ``opaque``.
    * ``pop()`` of D: D gets ``exit()`` and leaves the stack; S, the top
      again, gets ``resume()``.
    * ``replace(T)``: every scene on the stack, top first, gets ``exit()``;
      then T is pushed as above.  Nothing is paused or resumed.

    While S is the top, each frame of ``App.step`` gives it, in this order:
    ``handle_event(event)`` for each input event (return True when the event
    was used; an unused key may still work a global shortcut such as M for
    sound), then ``update(dt)`` once, then ``draw(surface)`` once (after the
    scenes under it, from the topmost opaque one up).  ``resize`` comes to
    every scene on the stack whenever the window changes size.

    ``draw`` never changes game state; ``update`` advances timers and
    animations; moves are made from ``handle_event`` and ``update``.
    ``opaque`` scenes hide what is under them; a dialog (opaque False) is
    drawn over the scene below it.
    """

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called once, when the scene is pushed (after its first ``resize``)."""

    def exit(self) -> None:
        """Called once, when the scene leaves the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed over this one: it stops being the top."""

    def resume(self) -> None:
        """The scene over this one was popped: this one is the top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout (never the game)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance timers and animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; never changes game state."""
