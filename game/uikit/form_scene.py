"""FormScene: a screen (or, not opaque, a dialog) that is one Form of rows.
The menu, rule options, settings, help and the pause dialog are all forms."""

from __future__ import annotations

import pygame

from game.uikit.art import palette
from game.uikit.scene import Scene
from game.uikit.widgets import Form, Metrics, Row, dim, felt, panel


class FormScene(Scene):
    """A full screen (or, with ``opaque = False``, a dialog) holding a Form.

    A form whose rows name a right-hand column (``widgets.right``) is laid out
    in two columns, ``wide_width`` across, where the window is wide enough."""

    max_width = 600
    wide_width = 1000

    def __init__(self, app) -> None:
        super().__init__(app)
        self._size: tuple[int, int] | None = None  # the window the form was placed in
        self.form = Form(self.rows())

    def rows(self) -> list[Row]:
        return []

    def refresh(self) -> None:
        self.form.set_rows(self.rows())

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()  # what a dialog over it changed (settings, a saved match) shows

    def rebuild(self) -> None:
        """The rows again (a choice changed them): the form keeps its top, so
        a row that comes or goes moves nothing above it under the pointer."""
        self.refresh()
        self._place(self.app.size, keep=True)

    def resize(self, size: tuple[int, int]) -> None:
        self._place(size, keep=False)

    def _place(self, size: tuple[int, int], keep: bool) -> None:
        m = Metrics(*size)
        two = (any(r.column for r in self.form.rows) and size[0] > size[1]
               and size[0] - 2 * m.pad >= m.px(self.wide_width) * 0.7)
        w = min(size[0] - 2 * m.pad, m.px(self.wide_width if two else self.max_width))
        columns = 2 if two else 1
        was = self.form.rect if keep and self._size == size else None
        rect = pygame.Rect(0, 0, w, size[1] - 2 * m.pad)
        self.form.layout(rect, m, columns)  # to measure it
        rect.h = min(rect.h, self.form.content_h + 2)  # short forms sit mid-screen
        rect.center = (size[0] // 2, size[1] // 2)
        if was is not None and was.w == w:  # where it was: what grows below it scrolls
            rect.y = was.y
            rect.h = min(rect.h, size[1] - m.pad - was.y)
        self.form.layout(rect, m, columns)
        self._size = size

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.back()
            return True
        if self.form.handle_event(event):
            return True
        # a dialog keeps the clicks from the scene under it; a key it does not
        # use may still work a global shortcut (M for sound)
        return not self.opaque and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def back(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            felt(surface)
        else:
            dim(surface)
            m = self.form.metrics
            panel(surface, self.form.rect.inflate(2 * m.pad, 2 * m.pad), edge=palette.GOLD)
        self.form.draw(surface)
