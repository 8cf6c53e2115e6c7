"""The one small base every screen shares; the app keeps them on a stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """A screen or a dialog.  ``opaque`` scenes hide what is under them;
    a dialog (opaque False) is drawn over the scene below it."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout (never the game)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance timers and animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; never changes game state."""
