"""Draw the game icon (assets/icon.png, 256x256) and favicon (assets/favicon.png, 64x64).

A fan of cards with a joker on top, on a rounded square of table felt, drawn
with the game's own card art so the icon matches what the player sees.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_icon.py
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine.cards import parse_cards  # noqa: E402
from game.uikit.art import cardart, palette  # noqa: E402

# Left to right; the joker is last so it lies on top of the fan.
ICON_HAND = "AS KH QD 7C JK"
FAVICON_HAND = "AS KH JK"


def felt(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((*palette.FELT_DARK, 0))
    radius = size // 5
    pygame.draw.rect(surf, palette.FELT_DARK, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-size // 32, -size // 32)
    pygame.draw.rect(surf, palette.FELT, inner, border_radius=radius - size // 64)
    # A soft light in the middle of the table, as under a lamp.
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(12, 0, -1):
        r = size * 0.42 * i / 12
        pygame.draw.circle(glow, (*palette.FELT_LIGHT, 12), (size / 2, size * 0.45), r)
    surf.blit(glow, (0, 0))
    pygame.draw.rect(surf, palette.GOLD, inner, width=max(1, size // 80),
                     border_radius=radius - size // 64)
    return surf


def fan(size: int, hand: str, card_w: int, spread: float, pivot_y: float,
        radius: float) -> pygame.Surface:
    """Cards centred on an arc of ``radius`` (fractions of ``size``) about a pivot."""
    surf = felt(size)
    cards = parse_cards(hand)
    n = len(cards)
    pivot = (size / 2, size * pivot_y)
    for i, card in enumerate(cards):
        angle = spread * (i - (n - 1) / 2)
        art = cardart.face(card, card_w)
        # Shadow first, then the card, both turned about the fan's pivot.
        shadow = pygame.Surface(art.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=card_w // 10)
        for img, dx, dy in ((shadow, size * 0.012, size * 0.018), (art, 0, 0)):
            turned = pygame.transform.rotozoom(img, -angle, 1.0)
            dist = size * radius
            a = math.radians(angle)
            cx = pivot[0] + dist * math.sin(a) + dx
            cy = pivot[1] - dist * math.cos(a) + dy
            surf.blit(turned, turned.get_rect(center=(round(cx), round(cy))))
    return surf


def main() -> int:
    pygame.init()
    big = fan(512, ICON_HAND, 172, 13, 0.95, 0.52)
    icon = pygame.transform.smoothscale(big, (256, 256))
    pygame.image.save(icon, str(ROOT / "assets" / "icon.png"))
    # Drawn at 128 with the small-card layout (big pips) so it reads at 64 px.
    small = fan(128, FAVICON_HAND, 54, 22, 0.94, 0.48)
    favicon = pygame.transform.smoothscale(small, (64, 64))
    pygame.image.save(favicon, str(ROOT / "assets" / "favicon.png"))
    for name in ("icon.png", "favicon.png"):
        print(f"{name}: {(ROOT / 'assets' / name).stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
