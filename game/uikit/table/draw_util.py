"""Small drawing helpers the table's painters share: the pulsing glow that
marks what may be played and whose turn it is."""

from __future__ import annotations

import math
import time
from functools import lru_cache

import pygame


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
