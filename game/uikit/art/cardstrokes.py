"""The strokes a card face is made of, drawn into a surface at any scale:
letters cropped to their ink, the four suit shapes, the star, the crowns of
the court cards and the jester's cap.  Nothing here caches or knows how the
player chose the cards to look: ``cardart`` composes these into faces."""

from __future__ import annotations

import pygame

from game.uikit.art import cardshapes as shapes
from game.uikit.art import fonts, palette

JOKER_INK = (120, 34, 140)


def glyph(s: str, cap: float, color, max_width: float | None = None) -> pygame.Surface:
    """``s`` in bold with capital letters ``cap`` pixels tall, cropped to ink."""
    size = max(6, round(cap / 0.729))  # DejaVu Sans Bold cap height is 0.729 em
    surf = fonts.font(size, bold=True).render(s, True, color)
    ink = surf.get_bounding_rect()
    if ink.w and ink.h:
        surf = surf.subsurface(ink).copy()
    if max_width and surf.get_width() > max_width:
        surf = pygame.transform.smoothscale(surf, (max(1, int(max_width)), surf.get_height()))
    return surf


def draw_suit(surf: pygame.Surface, suit: int, rect, color, flip: bool = False) -> None:
    """Fill the shape of ``suit`` (0..3 = S,H,D,C) into ``rect`` of ``surf``."""
    x, y, w, h = rect

    def tr(p: shapes.Point) -> tuple[float, float]:
        px, py = p
        if flip:
            py = 1 - py
        return x + px * w, y + py * h

    if suit == 1:
        pygame.draw.polygon(surf, color, [tr(p) for p in shapes.HEART])
    elif suit == 2:
        pygame.draw.polygon(surf, color, [tr(p) for p in shapes.DIAMOND])
    elif suit == 0:
        pygame.draw.polygon(surf, color, [tr(p) for p in shapes.SPADE_BODY])
        pygame.draw.polygon(surf, color, [tr(p) for p in shapes.STEM])
    else:
        for cx, cy, r in shapes.CLUB_LOBES:
            pygame.draw.circle(surf, color, tr((cx, cy)), r * min(w, h))
        pygame.draw.polygon(surf, color, [tr(p) for p in shapes.CLUB_JOIN])
        pygame.draw.polygon(surf, color, [tr(p) for p in shapes.STEM])


def suit_box(cx: float, cy: float, size: float, suit: int) -> tuple[float, float, float, float]:
    # Diamonds and hearts are wider than tall on real cards; keep a common height.
    aspect = shapes.SUIT_ASPECT[suit]
    w, h = size * aspect, size
    return cx - w / 2, cy - h / 2, w, h


def draw_star(surf, cx, cy, r, fill, outline, width) -> None:
    pts = shapes.star_points(cx, cy, r)
    pygame.draw.polygon(surf, outline, pts)
    pygame.draw.polygon(surf, fill, shapes.star_points(cx, cy, r - width * 2.6))


def draw_crown(surf, letter: str, rect, fill, ink, line: int) -> None:
    """A small gold crown: K three tall spikes, Q five points, J a low coronet."""
    x, y, w, h = rect

    def p(u: float, v: float) -> tuple[float, float]:
        return x + u * w, y + v * h

    tips = shapes.CROWN_TIPS[letter]
    outline = [p(0.04, 1.0)] + [p(0.04 + u * 0.92, v) for u, v in tips] + [p(0.96, 1.0)]
    pygame.draw.polygon(surf, ink, outline)
    inner_tips = [(u, v + 0.12) for u, v in tips]
    inner = [p(0.1, 0.9)] + [p(0.1 + u * 0.8, v) for u, v in inner_tips] + [p(0.9, 0.9)]
    pygame.draw.polygon(surf, fill, inner)
    for u, v in tips[::2]:
        pygame.draw.circle(surf, ink, p(0.04 + u * 0.92, v), line * 2.2)
        pygame.draw.circle(surf, fill, p(0.04 + u * 0.92, v), line * 1.2)


def draw_jester_cap(big, rect, line: int) -> None:
    x, y, w, h = rect

    def p(pt: shapes.Point) -> tuple[float, float]:
        return x + pt[0] * w, y + pt[1] * h

    ink = palette.CARD_BLACK
    colours = (palette.CARD_RED, palette.CARD_GREEN, JOKER_INK)
    for (bl, c1, tip, c2, br), colour in zip(shapes.HORNS, colours, strict=True):
        pts = [p(q) for q in shapes.bezier(bl, c1, tip) + shapes.bezier(tip, c2, br)]
        pygame.draw.polygon(big, colour, pts)
        pygame.draw.polygon(big, ink, pts, width=line)
    band = pygame.Rect(round(x + 0.1 * w), round(y + 0.76 * h), round(0.8 * w), round(0.2 * h))
    pygame.draw.rect(big, palette.GOLD, band, border_radius=round(0.08 * h))
    pygame.draw.rect(big, ink, band, width=line, border_radius=round(0.08 * h))
    for _bl, _c1, tip, _c2, _br in shapes.HORNS:
        pygame.draw.circle(big, ink, p(tip), 0.075 * w)
        pygame.draw.circle(big, palette.GOLD, p(tip), 0.075 * w - line)
