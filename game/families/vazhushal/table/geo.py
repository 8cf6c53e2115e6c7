"""Where Vazhushal's table goes, from the window size and the cards on it
(RULES.md §7 on the screen).  Rectangles only: nothing here draws or knows
the rules.

The common layout gives the seats, the info line, the buttons, the hand and
the open felt between them (``lay.middle``).  Vazhushal needs that felt for
more than two piles: the negative joker tucked under the stock, the discard
line spread so every card shows, and the bottom seat's own melds near the
hand.  ``place_felt`` splits the felt (a wide window first gives the felt a
little of the hand's height, which a 13-card hand does not need there) and
moves the stock and the cut card to their new places, so the table's own
input, drawing and card flights use them unchanged.

- A portrait window (or a felt narrowed by the side seats) stacks the line
  over the bottom seat's melds; a wide one puts them side by side (stacked,
  both would be too small there).
- The line (``spread``): oldest card first, left to right, wrapping onto
  rows that overlap downwards (a newer row covers the lower part of the one
  above, never an index corner); as large as fits, down to a card whose
  index still reads.  One slot more than the cards: where the next discard
  lands (``lay.discard``, so a thrown card flies there).
- A seat's melds (``flow_melds``): groups of overlapped cards flowing over
  rows, with a "new meld" slot after them for the bottom seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.uikit.art.cardart import CARD_RATIO
from game.uikit.table.layout import TableLayout, line_height

INDEX_SHOW = 0.31  # the least width of a covered card left showing: its index corner
ROOMY_SHOW = 0.62  # how much of a covered card shows when the line has room
ROW_SHOW = 0.44  # the least height of a card a newer row leaves showing (rank and suit)
MELD_SHOW = 0.40  # how much of each covered card of a meld shows
MELD_GAP = 0.30  # between two melds, in card widths
LEAST_CARD = 30  # the narrowest card drawn: its index still reads
HAND_SHARE = 0.265  # a wide window's hand height, as a share of the window's
LINE_LIFT = 7  # how far a wipe raises the cards it takes
STACK_BELOW = 600  # a felt narrower than this (at scale 1) stacks the line over the melds


@dataclass
class Spread:
    """The discard line: ``slots`` per card, oldest first, then the landing slot."""

    card_w: int
    card_h: int
    slots: list[pygame.Rect] = field(default_factory=list)

    @property
    def landing(self) -> pygame.Rect:
        return self.slots[-1]


@dataclass
class MeldGeo:
    """A seat's melds: (meld, card, rect) per card, each meld's span, and the
    new-meld slot (empty when not asked for).  ``shown`` melds fit; the rest
    are counted, not drawn."""

    card_w: int
    card_h: int
    slots: list[tuple[int, int, pygame.Rect]] = field(default_factory=list)
    spans: list[pygame.Rect] = field(default_factory=list)
    new: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    shown: int = 0


@dataclass
class Felt:
    """The parts of the felt: the caption line and the cards of the discard
    line, and the bottom seat's own melds with their caption."""

    line_caption: pygame.Rect
    line: pygame.Rect
    own_caption: pygame.Rect
    own: pygame.Rect
    wild: pygame.Rect  # the wild cards in words under the stock (empty: in the caption)


def stacked(lay: TableLayout) -> bool:
    """Whether the line stands over the bottom seat's melds (an upright window,
    or a felt too narrow between the side seats for both side by side), the
    wild cards then named in the line's caption."""
    return lay.portrait or lay.middle.w < STACK_BELOW * lay.m.scale


def shrink_hand(lay: TableLayout) -> None:
    """A wide window: the hand gives the felt what a one-row hand does not
    need (``lay`` is changed in place; once per layout)."""
    if lay.portrait or lay.compact:
        return
    w, h = lay.size
    spare = lay.hand.h - int(h * HAND_SHARE)
    if spare <= 0:
        return
    for name in ("info", "buttons", "notice"):
        setattr(lay, name, getattr(lay, name).move(0, spare))
    lay.hand = pygame.Rect(lay.hand.x, lay.hand.y + spare, lay.hand.w, lay.hand.h - spare)
    lay.middle = pygame.Rect(lay.middle.x, lay.middle.y, lay.middle.w, lay.middle.h + spare)


def most_card(lay: TableLayout) -> int:
    """The widest card on the felt (the stock, the line, the bottom seat's melds)."""
    return max(80, lay.m.px(88))


def own_share(lay: TableLayout, sizes: Sequence[int]) -> float:
    """The share of a wide felt's width the bottom seat's melds take: what
    they need at a good size, between 28% and 44%; the line has the rest."""
    units = sum(1 + MELD_SHOW * (n - 1) + MELD_GAP for n in sizes) + 1 + MELD_GAP
    need = units * max(56, lay.m.px(60)) / max(1, lay.middle.w)
    return round(max(0.28, min(0.44, need)) * 25) / 25  # steps of 4%: no jitter


def place_felt(lay: TableLayout, share: float = 0.44, under_w: int = 0) -> Felt:
    """Split the felt (a wide one giving ``share`` of its width to the bottom
    seat's melds) and move the stock and the negative joker's card into it
    (``lay`` is changed in place; ``shrink_hand`` first).  ``under_w``: the
    width the words under the stock take (its count, the wild cards): the
    line starts clear of them."""
    m = lay.m
    lh = line_height(m)
    pad = m.pad
    gap = max(6, pad // 2)
    felt = lay.middle
    if stacked(lay):  # the line across the felt, the melds under it
        row = pygame.Rect(felt.x, felt.y, felt.w, int(felt.h * 0.54))
        own_box = pygame.Rect(felt.x, row.bottom + gap, felt.w, felt.bottom - row.bottom - gap)
    else:  # a wide felt: the line at the left, the melds at the right
        row = pygame.Rect(felt.x, felt.y, int(felt.w * (1 - share)), felt.h)
        own_box = pygame.Rect(row.right + pad, felt.y, felt.right - row.right - pad, felt.h)
    line_caption = pygame.Rect(row.x, row.y, row.w, lh)
    body = pygame.Rect(row.x, row.y + lh, row.w, row.h - lh)
    # the stock with the negative joker tucked under its left side, its index
    # showing; the stock's count under them (and the wild cards in words,
    # where the felt is tall enough: else they go in the caption line)
    least_h = int(36 * CARD_RATIO)
    under = 2 if not stacked(lay) and body.h - 2 * lh - 4 >= least_h else 1
    card_h = max(least_h, min(int(most_card(lay) * CARD_RATIO), body.h - under * lh - 4))
    card_w = int(card_h / CARD_RATIO)
    lay.cut = pygame.Rect(body.x, body.y, card_w, card_h)
    lay.stock = pygame.Rect(body.x + int(card_w * 0.66), body.y, card_w, card_h)
    # (a wipe raises the cards it takes: room for that above the first row)
    left = max(lay.stock.right, body.x + under_w) + gap + 4
    line = pygame.Rect(left, body.y + LINE_LIFT, body.right - left, body.h - LINE_LIFT)
    own_caption = pygame.Rect(own_box.x, own_box.y, own_box.w, lh)
    own = pygame.Rect(own_box.x, own_box.y + lh, own_box.w, max(0, own_box.h - lh))
    lay.own = own_box
    wild = pygame.Rect(0, 0, 0, 0)
    if under == 2:
        wild = pygame.Rect(body.x, lay.stock.bottom + 3 + lh, line.x - body.x, lh)
    return Felt(line_caption, line, own_caption, own, wild)


def spread(n: int, area: pygame.Rect, most_w: int, least_w: int = LEAST_CARD) -> Spread:
    """``n`` cards and a landing slot in ``area``: the largest cards for which
    every card's index shows, on as few rows as keep them that large."""
    slots_needed = n + 1
    cw = max(8, min(most_w, int(area.h / CARD_RATIO), area.w))
    choice = None
    for w in range(cw, max(8, min(least_w, cw)) - 1, -1):
        h = int(w * CARD_RATIO)
        per_row = 1 + max(0, int((area.w - w) // max(1, w * INDEX_SHOW)))
        rows_fit = 1 + max(0, int((area.h - h) // max(1, h * ROW_SHOW)))
        rows = -(-slots_needed // per_row)
        if rows <= rows_fit:
            choice = (w, h, rows)
            break
    if choice is None:  # more cards than the area holds at the least size:
        w = max(8, min(least_w, cw))  # squeeze the steps below the index's width
        h = int(w * CARD_RATIO)
        rows = max(1, 1 + int((area.h - h) // max(1, h * ROW_SHOW)))
        choice = (w, h, rows)
    w, h, rows = choice
    per = -(-slots_needed // rows)
    step = min(w * ROOMY_SHOW, (area.w - w) / max(1, per - 1))
    row_step = min(h + 4, (area.h - h) / max(1, rows - 1)) if rows > 1 else 0
    out = Spread(w, h)
    for i in range(slots_needed):
        r, k = divmod(i, per)
        out.slots.append(pygame.Rect(int(area.x + k * step), int(area.y + r * row_step), w, h))
    return out


def _flow(sizes: Sequence[int], width: int, w: int, extra: bool) -> list[list[int]]:
    """Melds (by size) in rows of ``width`` for cards ``w`` wide; ``extra``:
    one more card-wide slot at the end (the new meld)."""
    rows: list[list[int]] = [[]]
    x = 0
    items = list(range(len(sizes))) + ([-1] if extra else [])
    for g in items:
        span = w if g < 0 else w + int(w * MELD_SHOW) * (sizes[g] - 1)
        if rows[-1] and x + span > width:
            rows.append([])
            x = 0
        rows[-1].append(g)
        x += span + int(w * MELD_GAP)
    return rows


def flow_melds(sizes: Sequence[int], area: pygame.Rect, most_w: int, new_slot: bool = False,
               least_w: int = LEAST_CARD, tab_h: int | None = None) -> MeldGeo:
    """Melds of ``sizes`` cards in ``area``, as large as fits (rows overlap
    downwards when they must); ``new_slot``: the new-meld slot after them.
    ``tab_h``: draw only the top of each card, this high (a seat's narrow
    strip), where a whole card would be too small to read."""
    full = tab_h is None
    top = min(most_w, int(area.h / CARD_RATIO)) if full else most_w
    choice, best = None, 0.0
    for w in range(max(8, top), max(8, min(least_w, top)) - 1, -1):
        h = int(w * CARD_RATIO) if full else min(tab_h, int(w * CARD_RATIO))
        if best >= w:
            break  # no smaller card can do better
        rows = _flow(sizes, area.w, w, new_slot)
        row_step = h + 3
        if len(rows) > 1 and len(rows) * row_step - 3 > area.h:
            row_step = int(max(h * ROW_SHOW, (area.h - h) / (len(rows) - 1))) if full else 0
        if row_step and (len(rows) - 1) * row_step + h <= area.h:
            # overlapping rows read worse than a single row of smaller cards
            score = w if row_step >= h else w * 0.7
            if score > best:
                choice, best = (w, h, rows, row_step), score
    if choice is None:  # not all fit: the most melds the area's rows hold, largest
        fits = []
        for w in range(max(8, top), max(8, min(least_w, top)) - 1, -1):
            h = int(w * CARD_RATIO) if full else min(tab_h, int(w * CARD_RATIO))
            row_step = h + 3 if not full else max(1, int(h * ROW_SHOW))
            keep = max(1, 1 + (area.h - h) // max(1, row_step))
            rows = _flow(sizes, area.w, w, new_slot)[:keep]
            fits.append((sum(1 for r in rows for g in r if g >= 0), w, (w, h, rows, row_step)))
        choice = max(fits)[2]
    w, h, rows, row_step = choice
    geo = MeldGeo(w, h)
    geo.spans = [pygame.Rect(0, 0, 0, 0)] * len(sizes)
    step = int(w * MELD_SHOW)
    y = area.y
    for row in rows:
        x = area.x
        for g in row:
            if g < 0:
                geo.new = pygame.Rect(x, y, w, h)
                continue
            for i in range(sizes[g]):
                geo.slots.append((g, i, pygame.Rect(x + i * step, y, w, h)))
            geo.spans[g] = pygame.Rect(x, y, w + step * (sizes[g] - 1), h)
            geo.shown += 1
            x += geo.spans[g].w + int(w * MELD_GAP)
        y += row_step
    return geo
