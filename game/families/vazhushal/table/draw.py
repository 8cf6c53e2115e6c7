"""Painting Vazhushal's table (RULES.md §7): the spread discard line with a
wipe's cards raised, each player's melds as overlapped cards (a wild card
standing in for another carries what it stands for), the new-meld slot and
the captions.  Pure drawing: what to mark comes in as arguments, nothing
here reads or changes the game.  Text is never under the table's small size
(14 px), so a phone reads it."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from game.engine import Card
from game.engine.cards import RANK_NAMES
from game.families.vazhushal.melds import SEQUENCE, TableMeld
from game.families.vazhushal.table.geo import LINE_LIFT, MeldGeo, Spread
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.widgets import fit_text, record

PURE_EDGE = palette.OK  # a pure meld's underline
MIXED_EDGE = palette.WILD  # a meld with a wild card standing in
TAKE = palette.GOLD  # the cards a wipe takes
INTO_MELD = palette.OK  # the cards that go into the wipe's new meld

_tabs: dict[tuple, pygame.Surface] = {}


def kind_label(kind: int) -> str:
    """"6♠": the card a wild card stands for."""
    return RANK_NAMES[kind % 13] + "♠♥♦♣"[kind // 13]


def is_wild(card: Card, wild: frozenset[int]) -> bool:
    return card.is_joker or card.kind in wild


def shown(meld: TableMeld) -> list[tuple[Card, int]]:
    """A meld's (card, what it stands for) in the order a player reads it: a
    sequence low to high (Q K A when the Ace is high), a set by suit.  (The
    engine keeps the cards in the order they were laid.)  Every place that
    turns a meld's card index into a card uses this order."""
    pairs = list(zip(meld.cards, meld.stands_for, strict=True))
    if meld.kind == SEQUENCE:
        high = any(k % 13 == 12 for k in meld.stands_for)  # a King: an Ace is high
        return sorted(pairs, key=lambda p: 14 if high and p[1] % 13 == 0 else p[1] % 13)
    return sorted(pairs, key=lambda p: p[1] // 13)


def _tab(card: Card, w: int, h: int, wild: bool) -> pygame.Surface:
    """The top ``h`` pixels of a card ``w`` wide (its index), with a shadow
    line at the cut so it reads as a card tucked under the felt."""
    key = (card.kind, w, h, wild)
    img = _tabs.get(key)
    if img is None:
        if len(_tabs) > 400:
            _tabs.clear()
        face = cardart.face(card, w, wild=wild)
        h = min(h, face.get_height())
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.blit(face, (0, 0), pygame.Rect(0, 0, w, h))
        pygame.draw.line(img, (120, 120, 112), (2, h - 1), (w - 3, h - 1), 1)
        _tabs[key] = img
    return img


def card_image(card: Card, rect: pygame.Rect, wild: bool) -> pygame.Surface:
    full = int(round(rect.w * cardart.CARD_RATIO))
    if rect.h < full - 1:
        return _tab(card, rect.w, rect.h, wild)
    return cardart.face_soon(card, rect.w, wild=wild)


def stand_tag(surface: pygame.Surface, kind: int, rect: pygame.Rect, size: int) -> None:
    """What a wild card stands for, as a gold tag under its index."""
    t = fonts.text(kind_label(kind), size, palette.TEXT_DARK, True)
    box = t.get_rect(topleft=(rect.x + 1, rect.y + int(rect.h * 0.5))).inflate(4, 0)
    if box.bottom > rect.bottom:
        box.bottom = rect.bottom - 1
    pygame.draw.rect(surface, palette.GOLD, box, border_radius=4)
    surface.blit(t, t.get_rect(center=box.center))


# ------------------------------------------------------------------ the line
def draw_line(surface: pygame.Surface, line: Sequence[Card], geo: Spread,
              wild: frozenset[int], *, hidden: Collection[Card] = (),
              take_from: int | None = None, into: Collection[Card] = ()) -> None:
    """The line, oldest first.  ``take_from``: the wipe's lowest card (it and
    every card after it raised and framed in gold, those going into the new
    meld in green).  Where a thrown card lands glows by the table's own
    drawing (``layout.discard``)."""
    lift = LINE_LIFT
    spans: dict[int, pygame.Rect] = {}  # per row, the cards taken
    for i, card in enumerate(line):
        if i >= len(geo.slots) - 1 or card in hidden:
            continue
        rect = geo.slots[i]
        taken = take_from is not None and i >= take_from
        if taken:
            rect = rect.move(0, -lift)
            spans[rect.y] = spans[rect.y].union(rect) if rect.y in spans else rect.copy()
        surface.blit(cardart.face_soon(card, rect.w, wild=is_wild(card, wild)), rect)
        record.cards_at(surface, rect)
    radius = max(3, geo.card_w // 10)
    for span in spans.values():  # one gold frame round each row of the cards taken
        pygame.draw.rect(surface, TAKE, span.inflate(4, 4), 3, border_radius=radius)
    if take_from is not None:  # the new meld's cards: what shows of each, in green
        for i in range(take_from, len(line)):
            if line[i] in into and line[i] not in hidden:
                r = geo.slots[i].move(0, -lift)
                nxt = geo.slots[i + 1] if i + 1 < len(line) else None
                w = min(r.w, nxt.x - r.x) if nxt is not None and nxt.y == geo.slots[i].y \
                    else r.w
                pygame.draw.rect(surface, INTO_MELD, pygame.Rect(r.x, r.y, max(8, w), r.h),
                                 3, border_radius=radius)


# ------------------------------------------------------------------ melds
def draw_melds(surface: pygame.Surface, melds: Sequence[TableMeld], geo: MeldGeo,
               wild: frozenset[int], size: int, *, hidden: Collection[Card] = (),
               picked: Collection[Card] = (), target: int | None = None,
               fresh: Collection[Card] = (), tags: bool = True) -> None:
    """A seat's melds: overlapped cards per meld, a pure meld underlined in
    green, one with a wild card standing in in gold; ``picked`` cards raised
    and framed, the meld a card would join (``target``) glowing, cards just
    laid (``fresh``) framed a moment."""
    lift = max(2, geo.card_h // 10)
    for g, span in enumerate(geo.spans[:len(melds)]):
        if span.w == 0:
            continue
        color = PURE_EDGE if melds[g].pure else MIXED_EDGE
        pygame.draw.line(surface, color, (span.x + 2, span.bottom + 2),
                         (span.right - 2, span.bottom + 2), 3)
        if g == target:
            glow(surface, span, palette.OK)
    marks = []
    order = [shown(m) for m in melds]
    for g, i, rect in geo.slots:
        if g >= len(melds):
            continue
        card, stands = order[g][i]
        if card in hidden:
            continue
        if card in picked:
            rect = rect.move(0, -lift)
        surface.blit(card_image(card, rect, is_wild(card, wild)), rect)
        record.cards_at(surface, rect)
        if card in picked:
            pygame.draw.rect(surface, palette.GOLD, rect.inflate(2, 2), 3,
                             border_radius=max(3, rect.w // 10))
        elif card in fresh:
            pygame.draw.rect(surface, palette.HILITE, rect.inflate(2, 2), 2,
                             border_radius=max(3, rect.w // 10))
        if tags and stands != card.kind and rect.h >= 2 * size:
            marks.append((stands, rect))
    for stands, rect in marks:  # over the cards, so a covered card's tag shows
        stand_tag(surface, stands, rect, size)


def draw_new_slot(surface: pygame.Surface, rect: pygame.Rect, size: int, active: bool,
                  target: bool) -> None:
    """The new-meld slot: a dashed card outline with "New meld" in it."""
    if rect.w == 0:
        return
    color = palette.OK if target else palette.HILITE if active else palette.PANEL_EDGE
    x, y, w, h = rect
    dash = 6
    for x0 in range(x, x + w, dash * 2):
        pygame.draw.line(surface, color, (x0, y), (min(x0 + dash, x + w), y), 2)
        pygame.draw.line(surface, color, (x0, y + h - 1), (min(x0 + dash, x + w), y + h - 1), 2)
    for y0 in range(y, y + h, dash * 2):
        pygame.draw.line(surface, color, (x, y0), (x, min(y0 + dash, y + h)), 2)
        pygame.draw.line(surface, color, (x + w - 1, y0), (x + w - 1, min(y0 + dash, y + h)), 2)
    if target:
        glow(surface, rect, palette.OK)
    plus = fonts.text("+", size + 6, color, True)
    surface.blit(plus, plus.get_rect(center=(rect.centerx, rect.centery - size // 2)))
    for k, word in enumerate(("New", "meld")):
        t = fit_text(word, size, color, max(8, rect.w + 10), bold=True)
        surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.centery + 2 + k * size)))


def caption(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
            color=palette.TEXT_DIM, right: str = "", right_color=palette.HILITE) -> None:
    """A caption line: ``text`` at the left, ``right`` at the right."""
    rw = 0
    if right:  # the left text first: the right takes what it leaves
        need = fonts.font(size, True).size(text)[0] + 12 if text else 0
        r = fit_text(right, size, right_color, max(rect.w // 3, rect.w - need), bold=True)
        surface.blit(r, r.get_rect(midright=(rect.right, rect.centery)))
        rw = r.get_width() + 8
    if text:
        t = fit_text(text, size, color, rect.w - rw, bold=True)
        surface.blit(t, t.get_rect(midleft=(rect.x, rect.centery)))


def more_mark(surface: pygame.Surface, more: int, x: int, y: int, size: int) -> pygame.Rect:
    """"+N more" after the melds that fit."""
    t = fonts.text(f"+{more}", size, palette.HILITE, True)
    r = t.get_rect(midleft=(x, y))
    surface.blit(t, r)
    return r
