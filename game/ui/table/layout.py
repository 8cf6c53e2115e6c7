"""Where everything on the table goes, computed from the window size alone.

Landscape windows put the other players around the top and sides; portrait
(phone) windows put them in rows at the top and let the hand wrap onto two
rows.  Nothing here draws or knows the game state beyond seat counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..art.cardart import CARD_RATIO
from ..widgets import Metrics

Point = tuple[int, int]


@dataclass
class SeatSpot:
    rect: pygame.Rect  # the player's panel
    cards: Point  # where this player's cards fly to and from


@dataclass
class TableLayout:
    size: tuple[int, int]
    m: Metrics
    portrait: bool
    compact: bool  # a short landscape window (a phone on its side): one-line info
    top: pygame.Rect
    menu_button: pygame.Rect
    help_button: pygame.Rect
    sound_button: pygame.Rect
    seats: dict[int, SeatSpot]
    stock: pygame.Rect
    cut: pygame.Rect  # lies crosswise under the stock
    discard: pygame.Rect
    middle: pygame.Rect  # the open felt between the seats and the info line, piles at its centre
    info: pygame.Rect  # "You", the status message, the count
    buttons: pygame.Rect
    hand: pygame.Rect
    max_card_w: int

    @property
    def pile_w(self) -> int:
        return self.stock.w


def _order(players: int, bottom: int, step: int) -> list[int]:
    """The other seats in playing order starting after the bottom seat."""
    return [(bottom + step * r) % players for r in range(1, players)]


# Landscape spots for k opponents, in playing order (counter-clockwise from
# the bottom: the right side first, then the top, then the left).
_LANDSCAPE = {
    1: [(0.5, 0.0)],
    2: [(0.7, 0.0), (0.3, 0.0)],
    3: [(1.0, 0.5), (0.5, 0.0), (0.0, 0.5)],
    4: [(1.0, 0.5), (0.66, 0.0), (0.34, 0.0), (0.0, 0.5)],
    5: [(1.0, 0.5), (0.76, 0.0), (0.5, 0.0), (0.24, 0.0), (0.0, 0.5)],
}

# Portrait rows (far row first), as indices into the playing order, left to right.
_PORTRAIT = {
    1: [[0]],
    2: [[1, 0]],
    3: [[2, 1, 0]],
    4: [[2, 1], [3, 0]],
    5: [[3, 2, 1], [4, 0]],
}


def table_layout(size: tuple[int, int], players: int, bottom: int,
                 clockwise: bool = False) -> TableLayout:
    w, h = size
    m = Metrics(w, h)
    portrait = h > w * 1.05
    pad = m.pad
    bar = max(34, m.px(44))
    top = pygame.Rect(0, 0, w, bar)
    menu_button = pygame.Rect(pad // 2, (bar - (bar - 8)) // 2, bar - 8, bar - 8)
    sound_button = pygame.Rect(w - pad // 2 - (bar - 8), menu_button.y, bar - 8, bar - 8)
    help_button = sound_button.move(-(bar - 8) - pad // 2, 0)

    order = _order(players, bottom, -1 if clockwise else 1)
    k = len(order)
    compact = not portrait and h < 560
    info_h = int(m.small * (1.5 if compact else 2.8))
    button_rows = 2 if portrait and w < 560 else 1
    buttons_h = button_rows * m.button_h + (button_rows - 1) * (pad // 2)
    hand_h = int(h * (0.36 if portrait else 0.30 if compact else 0.33))
    hand = pygame.Rect(pad, h - hand_h - pad // 2, w - 2 * pad, hand_h)
    buttons = pygame.Rect(pad, hand.y - buttons_h - pad // 2, w - 2 * pad, buttons_h)
    info = pygame.Rect(pad, buttons.y - info_h - pad // 4, w - 2 * pad, info_h)

    seats: dict[int, SeatSpot] = {}
    if portrait or compact:
        # rows at the top, the next player on the right (counter-clockwise)
        rows = _PORTRAIT.get(k, []) if portrait else [list(range(k - 1, -1, -1))]
        if clockwise:
            rows = [row[::-1] for row in rows]
        per_row = max((len(r) for r in rows), default=1)
        pw = min(m.px(200), (w - pad * (per_row + 1)) // max(3, per_row))
        ph = max(m.px(78), 62) if portrait else 54
        y = top.bottom + pad // 2
        for row in rows:
            span = len(row) * pw + (len(row) - 1) * pad
            x = (w - span) // 2
            for idx in row:
                rect = pygame.Rect(x, y, pw, ph)
                seats[order[idx]] = SeatSpot(rect, (rect.centerx, rect.bottom - ph // 4))
                x += pw + pad
            y += ph + pad // 2
        seats_bottom = y
        side_margin = pad
    else:
        spots = _LANDSCAPE.get(k, [])
        placed = [(seat, 1.0 - fx if clockwise else fx, fy)
                  for seat, (fx, fy) in zip(order, spots, strict=False)]
        on_top = sorted((fx, seat) for seat, fx, fy in placed if fy == 0.0)
        n_top = max(1, len(on_top))
        slot = (w - 2 * pad) / n_top
        pw = min(max(m.px(190), 120), int(slot) - pad)
        ph = max(m.px(86), 64)
        for i, (_, seat) in enumerate(on_top):
            rect = pygame.Rect(0, 0, pw, ph)
            rect.midtop = (int(pad + slot * (i + 0.5)), top.bottom + pad // 2)
            seats[seat] = SeatSpot(rect, rect.center)
        top_bottom = top.bottom + pad // 2 + (ph if on_top else 0)
        mid_y = max((top_bottom + info.y) // 2, top_bottom + pad // 2 + ph // 2)
        for seat, fx, fy in placed:
            if fy != 0.0:
                rect = pygame.Rect(0, 0, pw, ph)
                rect.center = (pad + pw // 2 if fx == 0.0 else w - pad - pw // 2, mid_y)
                seats[seat] = SeatSpot(rect, rect.center)
        seats_bottom = top_bottom + pad // 2
        side_margin = pw + 2 * pad if any(fy != 0.0 for _, _, fy in placed) else pad

    # the piles: centred in what is left between the seats and the info line
    space = pygame.Rect(side_margin, seats_bottom, w - 2 * side_margin, info.y - seats_bottom)
    label = int(m.small * 2.7)  # two lines under the piles: names, then the wild cards
    pile_w = int(min(space.h - label - pad // 2, space.h * 0.92) / CARD_RATIO)
    pile_w = max(36, min(pile_w, int(space.w / 3.4), max(m.px(118), int(min(w, h) * 0.25))))
    pile_h = int(pile_w * CARD_RATIO)
    cy = space.y + (space.h - label) // 2
    cx = space.centerx + pile_w // 4
    stock = pygame.Rect(0, 0, pile_w, pile_h)
    stock.center = (cx - int(pile_w * 0.75), cy)
    cut = pygame.Rect(0, 0, pile_h, pile_w)
    cut.center = (stock.centerx - int(pile_w * 0.42), cy)
    discard = pygame.Rect(0, 0, pile_w, pile_h)
    discard.center = (cx + int(pile_w * 0.85), cy)

    return TableLayout(size=size, m=m, portrait=portrait, compact=compact, top=top,
                       menu_button=menu_button, help_button=help_button,
                       sound_button=sound_button, seats=seats,
                       stock=stock, cut=cut, discard=discard, middle=space, info=info,
                       buttons=buttons,
                       hand=hand, max_card_w=max(40, m.px(128)))


# ------------------------------------------------------------------ the hand


@dataclass
class HandGeometry:
    card_w: int
    card_h: int
    lift: int  # how far a selected card rises
    label_h: int
    slots: list[tuple[int, int, pygame.Rect]] = field(default_factory=list)  # group, index
    spans: list[pygame.Rect] = field(default_factory=list)  # each group's cards
    rows: list[list[int]] = field(default_factory=list)  # group indices per row
    row_rects: list[pygame.Rect] = field(default_factory=list)
    gap: int = 0


OVERLAP = 0.5  # the visible part of a covered card, in card widths
GROUP_GAP = 0.32


def _partitions(n: int, rows: int) -> list[list[int]]:
    """Every way to cut n groups into ``rows`` non-empty runs (as cut points)."""
    if rows == 1:
        return [[]]
    if rows == 2:
        return [[i] for i in range(1, n)]
    return [[i, j] for i in range(1, n) for j in range(i + 1, n)]


def _row_units(sizes: list[int]) -> float:
    cards, groups = sum(sizes), len(sizes)
    return groups + OVERLAP * (cards - groups) + GROUP_GAP * (groups - 1) if cards else 0


def flow_hand(sizes: list[int], area: pygame.Rect, max_w: int, label_h: int) -> HandGeometry:
    """Place groups of cards (``sizes``) in ``area``: as large as fits, on as few
    rows as gives nearly the largest cards, groups never split across rows."""
    best: tuple[float, list[list[int]]] | None = None
    n = len(sizes)
    for rows in (1, 2, 3):
        if rows > max(1, n):
            break
        for cuts in _partitions(n, rows):
            bounds = [0, *cuts, n]
            parts = [list(range(bounds[i], bounds[i + 1])) for i in range(rows)]
            units = max(_row_units([sizes[g] for g in part]) for part in parts)
            w_fit = area.w / units if units else max_w
            row_h = area.h / rows
            h_fit = (row_h - label_h) / (CARD_RATIO * 1.14)
            cw = min(w_fit, h_fit, max_w)
            if best is None or cw > best[0] * 1.12:
                best = (cw, parts)
    cw = max(20, int(best[0])) if best else max_w
    parts = best[1] if best else [[]]
    ch = int(cw * CARD_RATIO)
    lift = int(ch * 0.14)
    geo = HandGeometry(card_w=cw, card_h=ch, lift=lift, label_h=label_h, rows=parts,
                       gap=int(cw * GROUP_GAP))
    geo.spans = [pygame.Rect(0, 0, 0, 0)] * n
    row_h = label_h + lift + ch
    total_h = row_h * len(parts)
    y = area.y + max(0, (area.h - total_h) // 2)
    for part in parts:
        part_sizes = [sizes[g] for g in part]
        cards = sum(part_sizes)
        # spread the cards when there is room, up to 0.75 of a card showing
        fixed = len(part) * cw + geo.gap * (len(part) - 1)
        covered = cards - len(part)
        step = int(min(cw * 0.75, (area.w - fixed) / covered)) if covered else 0
        step = max(step, int(cw * 0.2))
        width = fixed + step * covered
        x = area.x + (area.w - width) // 2
        top = y + label_h + lift
        geo.row_rects.append(pygame.Rect(area.x, y, area.w, row_h))
        for g in part:
            start = x
            for i in range(sizes[g]):
                geo.slots.append((g, i, pygame.Rect(x, top, cw, ch)))
                x += step
            geo.spans[g] = pygame.Rect(start, top, (x - step) - start + cw, ch)
            x += cw - step + geo.gap if sizes[g] else 0
        y += row_h
    return geo
