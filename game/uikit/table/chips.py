"""Small groups of cards drawn as chips of text ("7♥ 8♥ 9♥" on a white
card-coloured slip), for cards a family puts on the table in front of a
player: readable at the table's smallest text size where card faces that
small would not be.  Drawing only; shared by the families' parts.

Where room is short (a player's panel on a phone) a chip may say a natural
group the way a player writes it down: a run of one suit "4–7♠", cards of
one rank "K♠♥♦", identical cards "7♥×3" (``compact``); a group holding a
wild card standing in is always spelled out, card by card."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Card
from game.engine.cards import RANK_NAMES
from game.uikit.art import fonts, palette

RED_SUITS = (1, 2)  # ♥ ♦
DASH = "–"


def card_label(card: Card) -> str:
    return "JK" if card.is_joker else RANK_NAMES[card.rank - 1] + card.suit.symbol


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


def _ink(card: Card):
    if card.is_joker:
        return palette.GOLD_DARK
    return palette.CARD_RED if int(card.suit) in RED_SUITS else palette.CARD_BLACK


def _run(cards: Sequence[Card]) -> tuple[Card, Card] | None:
    """(low, high) when ``cards`` are three or more of one suit in rank order
    (an Ace low, or high after a King), else None."""
    if len(cards) < 3 or any(c.is_joker for c in cards) or len({c.suit for c in cards}) > 1:
        return None
    ranks = sorted(c.rank for c in cards)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return min(cards, key=lambda c: c.rank), max(cards, key=lambda c: c.rank)
    if ranks[0] == 1:  # Q K A
        high = sorted(13 if r == 1 else r - 1 for r in ranks)
        if high == list(range(high[0], high[0] + len(high))) and high[-1] == 13:
            ace = next(c for c in cards if c.rank == 1)
            low = min((c for c in cards if c.rank != 1), key=lambda c: c.rank)
            return low, ace
    return None


def pieces(cards: Sequence[Card], wild: frozenset[int] = frozenset(),
           compact: bool = False) -> list[tuple[str, tuple, bool]]:
    """A chip's text as (text, ink, underlined as wild) pieces."""
    natural = not any(c.is_joker or c.kind in wild for c in cards)
    if compact and natural:
        run = _run(cards)
        if run is not None:
            low, high = run
            return [(f"{RANK_NAMES[low.rank - 1]}{DASH}{card_label(high)}", _ink(low), False)]
        if len(cards) >= 3 and len({c.rank for c in cards}) == 1:
            if len({c.kind for c in cards}) == 1:
                return [(card_label(cards[0]), _ink(cards[0]), False),
                         (f"×{len(cards)}", palette.TEXT_DARK, False)]
            out = [(RANK_NAMES[cards[0].rank - 1], palette.TEXT_DARK, False)]
            return out + [(c.suit.symbol, _ink(c), False) for c in cards]
    return [(card_label(c), _ink(c), c.is_joker or c.kind in wild) for c in cards]


def chip_width(cards: Sequence[Card], size: int, wild: frozenset[int] = frozenset(),
               compact: bool = False) -> int:
    font = fonts.font(size, True)
    parts = pieces(cards, wild, compact)
    gap = max(2, size // 5) if len(parts) == len(cards) and len(cards) > 1 else 0
    return sum(font.size(t)[0] for t, _, _ in parts) + gap * (len(parts) - 1) + size // 2


def draw_chip(surface: pygame.Surface, cards: Sequence[Card], x: int, y: int, h: int,
              size: int, edge=palette.CARD_EDGE, wild: frozenset[int] = frozenset(),
              compact: bool = False) -> int:
    """One group at (x, y), ``h`` high; returns its width.  Wild cards (of
    ``wild``, and printed jokers) are underlined in gold."""
    w = chip_width(cards, size, wild, compact)
    rect = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, palette.CARD_FACE, rect, border_radius=max(3, h // 5))
    pygame.draw.rect(surface, edge, rect, 2 if edge != palette.CARD_EDGE else 1,
                     border_radius=max(3, h // 5))
    parts = pieces(cards, wild, compact)
    gap = max(2, size // 5) if len(parts) == len(cards) and len(cards) > 1 else 0
    cx = x + size // 4
    for text, ink, underline in parts:
        t = fonts.text(text, size, ink, True)
        surface.blit(t, t.get_rect(midleft=(cx, rect.centery)))
        if underline:
            pygame.draw.line(surface, palette.WILD, (cx, rect.bottom - 3),
                             (cx + t.get_width(), rect.bottom - 3), 2)
        cx += t.get_width() + gap
    return w


def flow_chips(surface: pygame.Surface, groups: Sequence[Sequence[Card]], area: pygame.Rect,
               size: int, line_h: int, x0: int | None = None, edges: Sequence = (),
               wild: frozenset[int] = frozenset(), compact: bool = False) -> int:
    """Chips for ``groups`` flowing over the lines of ``area`` (the first line
    starting at ``x0``); what does not fit is counted as "+N" at the end (or
    "N melds" when none fits).  Returns how many groups were drawn."""
    gap = max(3, size // 3)
    placed: list[tuple[int, int, int]] = []
    x, y = (area.x if x0 is None else x0), area.y
    for group in groups:
        w = chip_width(group, size, wild, compact)
        if x + w > area.right and (x > area.x or placed):
            x, y = area.x, y + line_h
        if y + line_h > area.bottom + 1 or x + w > area.right:
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
        # none fits: say how many there are (a tap on the panel shows them whole)
        words = f"+{more}" if placed else f"{more} meld{'s' if more != 1 else ''}"
        t = fonts.text(words, size, palette.HILITE, True)
        surface.blit(t, t.get_rect(midleft=(tx, ty + line_h // 2)))
    for i, (cx, cy, _w) in enumerate(placed):
        edge = edges[i] if i < len(edges) else palette.CARD_EDGE
        draw_chip(surface, groups[i], cx, cy + 1, line_h - 2, size, edge, wild, compact)
    return len(placed)
