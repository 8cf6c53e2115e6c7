"""What screens are drawn on: the felt, a dimmed scene under a dialog, a panel."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.uikit.art import palette
from game.uikit.widgets import record


def panel(surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 235,
          edge=palette.PANEL_EDGE, radius: int = 12, fill=palette.PANEL,
          width: int = 2) -> None:
    """A rounded dark panel (translucent) with a thin edge (made once per look
    and size: the browser runs Python slowly, and panels are drawn every frame)."""
    surface.blit(_panel(tuple(rect.size), alpha, tuple(edge), radius, tuple(fill), width),
                 rect.topleft)
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        rec.add_panel(rect)


@lru_cache(maxsize=96)
def _panel(size: tuple[int, int], alpha: int, edge: tuple, radius: int, fill: tuple,
           width: int) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*fill[:3], alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, edge, box.get_rect(), width=width, border_radius=radius)
    return box


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
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        rec.new_layer()  # a new screen: what was under it is gone


def dim(surface: pygame.Surface, alpha: int = 200) -> None:
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        rec.new_layer()  # a dialog's layer: the scene under it only shows through


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s
