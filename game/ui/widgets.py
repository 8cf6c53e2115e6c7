"""Buttons, panels, wrapped text and the size metrics every screen shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import fonts, palette

STYLES = {
    # style: (fill, edge, text)
    "normal": ((30, 78, 58), palette.PANEL_EDGE, palette.TEXT),
    "primary": (palette.GOLD, palette.GOLD_DARK, palette.TEXT_DARK),
    "danger": ((150, 46, 40), (214, 100, 90), palette.TEXT),
    "quiet": ((18, 56, 40), (60, 104, 80), palette.TEXT_DIM),
}


@dataclass(frozen=True)
class Metrics:
    """Sizes that follow the window: text, touch targets, margins."""

    w: int
    h: int

    @property
    def scale(self) -> float:
        return max(0.62, min(1.5, min(self.w, self.h * 1.25) / 720))

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    @property
    def body(self) -> int:
        return max(14, self.px(19))

    @property
    def small(self) -> int:
        return max(12, self.px(15))

    @property
    def title(self) -> int:
        return max(26, self.px(46))

    @property
    def button_h(self) -> int:
        return max(38, self.px(46))  # a finger needs ~40 px

    @property
    def pad(self) -> int:
        return max(6, self.px(12))


class Button:
    def __init__(self, label: str, on_click: Callable[[], None], *, style: str = "normal",
                 enabled: bool = True, key: str = "") -> None:
        self.label = label
        self.on_click = on_click
        self.style = style
        self.enabled = enabled
        self.key = key  # a name tests and keyboard focus use
        self.rect = pygame.Rect(0, 0, 0, 0)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, size: int, *, hover: bool = False,
             focus: bool = False) -> None:
        fill, edge, ink = STYLES[self.style]
        if not self.enabled:
            fill, edge, ink = (26, 52, 40), (52, 80, 64), (110, 130, 116)
        elif hover:
            fill = tuple(min(255, c + 24) for c in fill)
        radius = max(4, self.rect.h // 4)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, palette.HILITE if focus else edge, self.rect,
                         width=3 if focus else 1, border_radius=radius)
        label = fit_text(self.label, size, ink, self.rect.w - 8, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))


def button_width(label: str, size: int, pad: int) -> int:
    return fonts.font(size, True).size(label)[0] + 2 * pad


def flow_buttons(buttons: list[Button], area: pygame.Rect, size: int, height: int,
                 gap: int, pad: int) -> int:
    """Lay ``buttons`` out in centred rows inside ``area``; returns the rows used."""
    if not buttons:
        return 0
    widths = [min(area.w, max(height * 2, button_width(b.label, size, pad))) for b in buttons]
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > area.w:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    y = area.y
    for row in rows:
        total = sum(widths[i] for i in row) + gap * (len(row) - 1)
        if total > area.w:  # squeeze a row that holds one over-wide button
            scale = area.w / total
            for i in row:
                widths[i] = int(widths[i] * scale)
            total = area.w
        x = area.centerx - total // 2
        for i in row:
            buttons[i].rect = pygame.Rect(x, y, widths[i], height)
            x += widths[i] + gap
        y += height + gap
    return len(rows)


def fit_text(s: str, size: int, color, max_width: int, bold: bool = False) -> pygame.Surface:
    """``s`` at ``size``, shrunk (down to 60%) and then cut with … to fit."""
    surf = fonts.text(s, size, color, bold)
    if surf.get_width() <= max_width or max_width <= 0:
        return surf
    smaller = max(8, int(size * 0.6))
    for sz in range(size - 1, smaller - 1, -1):
        surf = fonts.text(s, sz, color, bold)
        if surf.get_width() <= max_width:
            return surf
    cut = s
    while len(cut) > 1:
        cut = cut[:-1]
        surf = fonts.text(cut.rstrip() + "…", smaller, color, bold)
        if surf.get_width() <= max_width:
            return surf
    return surf


@lru_cache(maxsize=256)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """The lines of ``s`` broken at spaces to fit ``width`` pixels."""
    f = fonts.font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def draw_wrapped(surface: pygame.Surface, s: str, size: int, color, rect: pygame.Rect,
                 *, bold: bool = False, center: bool = False, spacing: float = 1.25) -> int:
    """Draw ``s`` wrapped into ``rect`` from its top; returns the height used."""
    y = rect.y
    step = int(size * spacing)
    for line in wrap(s, size, max(10, rect.w), bold):
        surf = fonts.text(line, size, color, bold)
        x = rect.centerx - surf.get_width() // 2 if center else rect.x
        surface.blit(surf, (x, y))
        y += step
    return y - rect.y


def panel(surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 235,
          edge=palette.PANEL_EDGE, radius: int = 12) -> None:
    """A rounded dark panel (translucent) with a thin edge."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*palette.PANEL, alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, edge, box.get_rect(), width=2, border_radius=radius)
    surface.blit(box, rect.topleft)


@lru_cache(maxsize=16)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: felt with a soft darker rim, rendered once per window size."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(palette.FELT_DARK)
    steps = 24
    for i in range(steps):
        t = i / steps
        col = tuple(int(a + (b - a) * t) for a, b in zip(palette.FELT_DARK, palette.FELT,
                                                          strict=True))
        inset_x, inset_y = int(w * 0.35 * t), int(h * 0.35 * t)
        pygame.draw.ellipse(surf, col, pygame.Rect(-w // 4 + inset_x, -h // 4 + inset_y,
                                                   w * 3 // 2 - 2 * inset_x,
                                                   h * 3 // 2 - 2 * inset_y))
    return surf


def felt(surface: pygame.Surface) -> None:
    surface.blit(_felt(surface.get_size()), (0, 0))


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s
