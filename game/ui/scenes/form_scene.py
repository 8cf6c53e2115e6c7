"""FormScene: a screen (or, not opaque, a dialog) that is one Form of rows.
The menu, rule options, settings, help and the pause dialog are all forms."""

from __future__ import annotations

import pygame

from ..art import palette
from ..scene import Scene
from ..widgets import Form, Metrics, Row, dim, felt, panel


class FormScene(Scene):
    """A full screen (or, with ``opaque = False``, a dialog) holding a Form."""

    max_width = 600

    def __init__(self, app) -> None:
        super().__init__(app)
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
        self.refresh()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        w = min(size[0] - 2 * m.pad, m.px(self.max_width))
        rect = pygame.Rect(0, 0, w, size[1] - 2 * m.pad)
        rect.h = min(rect.h, self._content_height(m, w) + 2)  # short forms sit mid-screen
        rect.center = (size[0] // 2, size[1] // 2)
        self.form.layout(rect, m)

    def _content_height(self, m: Metrics, w: int) -> int:
        gap = max(4, m.pad // 2)
        return sum(r.height(m, w) + gap for r in self.form.rows) - gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.back()
            return True
        if self.form.handle_event(event):
            return True
        return not self.opaque and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                  pygame.KEYDOWN)

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
