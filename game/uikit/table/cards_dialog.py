"""A dialog over the table: every player's cards on the table, whole (the
panels have room for only a few), with a line of state each (seen or not).
Opened by a family's part with the groups to show; reads, changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.uikit.art import fonts, palette
from game.uikit.scene import Scene
from game.uikit.table.chips import chip_width, draw_chip
from game.uikit.widgets import Button, Metrics, dim, fit_text, flow_buttons, panel, press_buttons


class TableCardsDialog(Scene):
    """``rows``: (name, state, groups, edges) per player, in the order shown."""

    opaque = False

    def __init__(self, app, title: str, rows: Sequence[tuple], wild: frozenset[int]) -> None:
        super().__init__(app)
        self.title = title
        self.rows = list(rows)
        self.wild = wild
        self.buttons = [Button("Close", self._close, style="primary", key="close")]
        self._press: Button | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _lines(self, groups, width: int, size: int) -> int:
        gap = max(3, size // 3)
        lines, x = 1, 0
        for g in groups:
            w = chip_width(g, size)
            if x and x + w > width:
                lines, x = lines + 1, 0
            x += w + gap
        return lines if groups else 0

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        self.lh = int(m.small * 1.6)
        w = min(size[0] - 2 * m.pad, m.px(760))
        inner = w - 2 * m.pad
        body = sum(self.lh * (1 + self._lines(g, inner, m.small)) + m.pad // 2
                   for _, _, g, _ in self.rows)
        h = min(size[1] - 2 * m.pad, int(m.body * 2) + body + m.button_h + 2 * m.pad)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        area = pygame.Rect(self.rect.x + m.pad, self.rect.bottom - m.pad - m.button_h,
                           inner, m.button_h)
        flow_buttons(self.buttons, area, m.body, m.button_h, m.pad, m.pad * 2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_buttons(self, event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and not self.rect.collidepoint(event.pos):
            self._close()
        if event.type == pygame.KEYDOWN:
            if event.key not in (pygame.K_ESCAPE, pygame.K_AC_BACK, pygame.K_RETURN,
                                 pygame.K_SPACE, pygame.K_KP_ENTER):
                return False
            self._close()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        dim(surface)
        panel(surface, self.rect, edge=palette.GOLD)
        x0 = self.rect.x + m.pad
        right = self.rect.right - m.pad
        t = fit_text(self.title, m.body, palette.GOLD, right - x0, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.y + m.pad)))
        y = self.rect.y + m.pad + int(m.body * 1.8)
        bottom = self.buttons[0].rect.y - m.pad // 2
        gap = max(3, m.small // 3)
        for name, state, groups, edges in self.rows:
            if y + self.lh > bottom:
                break
            head = fonts.text(name, m.small, palette.TEXT, True)
            surface.blit(head, (x0, y + (self.lh - head.get_height()) // 2))
            s = fit_text(state, m.small, palette.TEXT_DIM, right - x0 - head.get_width() - m.pad)
            surface.blit(s, (x0 + head.get_width() + m.pad, y + (self.lh - s.get_height()) // 2))
            y += self.lh
            x = x0
            for i, g in enumerate(groups):
                w = chip_width(g, m.small)
                if x > x0 and x + w > right:
                    x, y = x0, y + self.lh
                if y + self.lh > bottom:
                    break
                edge = edges[i] if i < len(edges) else palette.CARD_EDGE
                x += draw_chip(surface, g, x, y + 2, self.lh - 4, m.small, edge, self.wild) + gap
            if groups:
                y += self.lh
            y += m.pad // 2
        for b in self.buttons:
            b.draw(surface, m.body)
