"""The title-bar icons (menu, help, sound), drawn as shapes inside their
touch targets with a margin, so no stroke reaches a target's edge."""

from __future__ import annotations

import pygame

from game.uikit.art import fonts, palette


def draw_menu_icon(surface: pygame.Surface, r: pygame.Rect) -> None:
    for i in range(3):
        y = r.y + r.h * (0.32 + 0.18 * i)
        pygame.draw.line(surface, palette.TEXT, (r.x + r.w * 0.26, y), (r.right - r.w * 0.26, y),
                         max(2, r.h // 14))


def draw_help_icon(surface: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.circle(surface, palette.TEXT, r.center, int(r.h * 0.36), 2)
    q = fonts.text("?", int(r.h * 0.46), palette.TEXT, True)
    surface.blit(q, q.get_rect(center=r.center))


def draw_sound_icon(surface: pygame.Surface, target: pygame.Rect, on: bool) -> None:
    """A speaker, with waves when the sound is on and a red cross when off;
    drawn in the middle 70% of ``target``."""
    r = target.inflate(-int(target.w * 0.3), -int(target.h * 0.3))
    x, y, w, h = r.x, r.y, r.w, r.h
    body = [(x + w * 0.05, y + h * 0.35), (x + w * 0.25, y + h * 0.35), (x + w * 0.5, y + h * 0.1),
            (x + w * 0.5, y + h * 0.9), (x + w * 0.25, y + h * 0.65), (x + w * 0.05, y + h * 0.65)]
    pygame.draw.polygon(surface, palette.TEXT, body)
    if on:
        for k in (0.24, 0.4):
            box = pygame.Rect(0, 0, w * k * 2, h * k * 2)
            box.center = (x + w * 0.5, y + h * 0.5)
            pygame.draw.arc(surface, palette.TEXT, box, -0.9, 0.9, 2)
    else:
        a, b = x + w * 0.64, x + w * 0.94
        pygame.draw.line(surface, palette.DANGER, (a, y + h * 0.33), (b, y + h * 0.67), 3)
        pygame.draw.line(surface, palette.DANGER, (b, y + h * 0.33), (a, y + h * 0.67), 3)
