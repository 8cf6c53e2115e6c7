"""Small groups of cards drawn as chips of text ("7♥ 8♥ 9♥" on a white
card-coloured slip), for cards a family puts on the table in front of a
player: readable at the table's smallest text size where card faces that
small would not be.  Drawing only; shared by the families' parts."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Card
from game.engine.cards import RANK_NAMES
from game.uikit.art import fonts, palette

RED_SUITS = (1, 2)  # ♥ ♦


def card_label(card: Card) -> str:
    return "JK" if card.is_joker else RANK_NAMES[card.rank - 1] + card.suit.symbol


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


def _ink(card: Card):
    if card.is_joker:
        return palette.GOLD_DARK
    return palette.CARD_RED if int(card.suit) in RED_SUITS else palette.CARD_BLACK


def chip_width(cards: Sequence[Card], size: int) -> int:
    font = fonts.font(size, True)
    gap = max(2, size // 5)
    return sum(font.size(card_label(c))[0] for c in cards) + gap * (len(cards) - 1) + size // 2


def draw_chip(surface: pygame.Surface, cards: Sequence[Card], x: int, y: int, h: int,
              size: int, edge=palette.CARD_EDGE, wild: frozenset[int] = frozenset()) -> int:
    """One group at (x, y), ``h`` high; returns its width.  Wild cards (of
    ``wild``, and printed jokers) are underlined in gold."""
    w = chip_width(cards, size)
    rect = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, palette.CARD_FACE, rect, border_radius=max(3, h // 5))
    pygame.draw.rect(surface, edge, rect, 2 if edge != palette.CARD_EDGE else 1,
                     border_radius=max(3, h // 5))
    cx = x + size // 4
    gap = max(2, size // 5)
    for c in cards:
        t = fonts.text(card_label(c), size, _ink(c), True)
        surface.blit(t, t.get_rect(midleft=(cx, rect.centery)))
        if c.is_joker or c.kind in wild:
            pygame.draw.line(surface, palette.WILD, (cx, rect.bottom - 3),
                             (cx + t.get_width(), rect.bottom - 3), 2)
        cx += t.get_width() + gap
    return w


def flow_chips(surface: pygame.Surface, groups: Sequence[Sequence[Card]], area: pygame.Rect,
               size: int, line_h: int, x0: int | None = None, edges: Sequence = (),
               wild: frozenset[int] = frozenset()) -> int:
    """Chips for ``groups`` flowing over the lines of ``area`` (the first line
    starting at ``x0``); what does not fit is counted as "+N" at the end.
    Returns how many groups were drawn."""
    gap = max(3, size // 3)
    placed: list[tuple[int, int, int]] = []
    x, y = (area.x if x0 is None else x0), area.y
    for group in groups:
        w = chip_width(group, size)
        if x + w > area.right and (x > area.x or placed):
            x, y = area.x, y + line_h
        if y + line_h > area.bottom + 1:
            break
        placed.append((x, y, w))
        x += w + gap
    more = len(groups) - len(placed)
    if more:
        font = fonts.font(size, True)
        need = font.size(f"+{more + 1}")[0]
        while placed and placed[-1][0] + placed[-1][2] + gap + need > area.right:
            placed.pop()
        more = len(groups) - len(placed)
        tx, ty = ((placed[-1][0] + placed[-1][2] + gap, placed[-1][1]) if placed
                  else (area.x if x0 is None else x0, area.y))
        t = fonts.text(f"+{more}", size, palette.HILITE, True)
        surface.blit(t, t.get_rect(midleft=(tx, ty + line_h // 2)))
    for i, (cx, cy, _w) in enumerate(placed):
        edge = edges[i] if i < len(edges) else palette.CARD_EDGE
        draw_chip(surface, groups[i], cx, cy + 1, line_h - 2, size, edge, wild)
    return len(placed)
