"""Small drawing helpers the table's painters share: the pulsing glow that
marks what may be played and whose turn it is, and where the labels over
groups of cards go (the hand, the declare check, the winner's hand, the
scores)."""

from __future__ import annotations

import math
import time
from functools import lru_cache

import pygame

from game.uikit.art import fonts

NO_MELD = (236, 120, 100)  # a group's label when it is no meld: light enough on the felt


def pulse(period: float = 1.2) -> float:
    return 0.5 + 0.5 * math.sin(time.perf_counter() * 2 * math.pi / period)


LEVELS = 8  # the glow's brightness steps (each drawn once, then reused)


def glow(surface: pygame.Surface, rect: pygame.Rect, color, width: int = 3) -> None:
    level = round(pulse() * (LEVELS - 1))
    box = rect.inflate(12, 12)
    surface.blit(_ring(box.size, tuple(color), width, max(6, rect.w // 10), level), box.topleft)


@lru_cache(maxsize=128)
def _ring(size: tuple[int, int], color: tuple, width: int, radius: int,
          level: int) -> pygame.Surface:
    a = int(90 + 140 * level / (LEVELS - 1))
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*color[:3], a), box.get_rect(), width=width + 1, border_radius=radius)
    return box


def label_spots(geo, texts: list[str], size: int, right: int) -> list[tuple[int, int]]:
    """(x, width) of each group's label: over its group and the gap after it;
    the last on a row may lean left (over the gap before it) to be read whole."""
    font = fonts.font(size, True)
    spots = [(s.x + 2, s.w) for s in geo.spans]
    for row in geo.rows:
        prev_end = -1
        for k, g in enumerate(row):
            span = geo.spans[g]
            limit = geo.spans[row[k + 1]].x - 6 if k + 1 < len(row) else right
            want = font.size(texts[g])[0] if g < len(texts) else 0
            x = max(prev_end + 8, min(span.x + 2, limit - want))
            spots[g] = (x, max(span.w - 4, limit - x))
            prev_end = x + min(want, limit - x)
    return spots
