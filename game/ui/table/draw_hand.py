"""Painting the person's hand: the cards in their groups with labels, the
selection, the keyboard cursor, the card being dragged and where it would land.
Reads the scene and the game; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Phase
from ..art import cardart, palette
from ..widgets import fit_text

if TYPE_CHECKING:
    from .scene import TableScene


def draw_hand(scene: TableScene, surface: pygame.Surface) -> None:
    if scene.sitting_out:
        area = scene.layout.hand
        out = scene.state.status[scene.bottom] == "out"
        t = fit_text("You are out of the match; the others play on." if out else
                     "You are out of this deal; the others play on.", scene.layout.m.body,
                     palette.TEXT_DIM, area.w)
        surface.blit(t, t.get_rect(center=area.center))
        return
    geo = scene.geometry()
    m = scene.layout.m
    hidden = scene.anim.hidden()
    if scene.app.settings["hints"]:
        for label, span in zip(scene.labels(), geo.spans, strict=False):
            _group_label(surface, label, span, geo, m)
    cursor_card = None
    st = scene.state
    fresh = scene.fresh if st.phase == Phase.DISCARD and st.to_act == scene.bottom else None
    cards = scene.arr.cards()
    if scene.kb_active and cards:
        cursor_card = cards[scene.cursor % len(cards)]
    for gi, ci, rect in geo.slots:
        card = scene.arr.groups[gi][ci]
        if card in hidden:
            continue
        if card == scene.drag:
            ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(ghost, (255, 255, 255, 60), ghost.get_rect(),
                             border_radius=rect.w // 10)
            surface.blit(ghost, rect)
            continue
        raised = rect.move(0, -geo.lift) if card in scene.selected else rect
        surface.blit(cardart.face(card, rect.w, wild=scene.is_wild(card)), raised)
        draw_badges(surface, scene.card_badges(card), raised)
        if card in scene.selected:
            pygame.draw.rect(surface, palette.GOLD, raised.inflate(2, 2), 3,
                             border_radius=rect.w // 10)
        if card == cursor_card:
            pygame.draw.rect(surface, palette.ACCENT, raised.inflate(4, 4), 3,
                             border_radius=rect.w // 10)
        if card == fresh:  # a gold dot over the card just drawn
            r = max(3, rect.w // 14)
            pygame.draw.circle(surface, palette.GOLD, (raised.x + r + 3, raised.y - r - 2), r)
    if scene.drag is not None:
        _drop_marker(scene, surface, geo)


def _group_label(surface, label, span: pygame.Rect, geo, m) -> None:
    if span.w <= 0:
        return
    if label.name:
        text = label.name.capitalize() if label.valid else f"Invalid · {label.points}"
        color = palette.OK if label.valid else (236, 120, 100)
    elif label.points:
        text, color = f"{label.points}", palette.TEXT_DIM
    else:
        return
    t = fit_text(text, m.small - 1, color, max(span.w, geo.card_w), bold=True)
    top = span.y - geo.lift - geo.label_h
    pygame.draw.line(surface, color, (span.x + 2, top + geo.label_h - 3),
                     (span.right - 2, top + geo.label_h - 3), 2)
    surface.blit(t, (span.x + 2, top + max(0, geo.label_h - 4 - t.get_height())))


def _drop_marker(scene: TableScene, surface, geo) -> None:
    pos = scene.drag_pos
    lay = scene.layout
    if lay.discard.inflate(lay.pile_w // 2, lay.pile_w // 2).collidepoint(pos):
        return
    if not lay.hand.inflate(lay.m.pad * 2, lay.hand.h // 3).collidepoint(pos):
        return
    target = scene.drop_target(scene.drag, pos)
    if target[0] == "group":
        g, index = target[1], target[2]
        slots = [r for gi, ci, r in geo.slots if gi == g and scene.arr.groups[g][ci] != scene.drag]
        if index < len(slots):
            x = slots[index].x - 3
        elif slots:
            x = slots[-1].right + 3
        else:
            x = geo.spans[g].x
        y0 = geo.spans[g].y
    else:
        spans = geo.spans
        p = target[1]
        if p < len(spans):
            x, y0 = spans[p].x - geo.gap // 2, spans[p].y
        else:
            x, y0 = spans[-1].right + geo.gap // 2, spans[-1].y
    pygame.draw.line(surface, palette.HILITE, (x, y0 - 4), (x, y0 + geo.card_h + 4), 4)


def draw_dragged(scene: TableScene, surface: pygame.Surface) -> None:
    x, y = scene.drag_pos
    dx, dy = scene.drag_offset
    if scene.drag is not None:
        geo = scene.geometry()
        img = cardart.face(scene.drag, geo.card_w, wild=scene.is_wild(scene.drag))
        surface.blit(img, (x + dx, y + dy - geo.lift))
    elif scene.drag_pile is not None:
        st = scene.state
        w = scene.layout.pile_w
        if scene.drag_pile == "pile" and st.discard:
            img = cardart.face(st.discard[-1], w, wild=scene.is_wild(st.discard[-1]))
        else:
            img = cardart.back(w)
        surface.blit(img, (x + dx, y + dy))


def draw_badges(surface: pygame.Surface, badges: list[str], rect: pygame.Rect) -> None:
    """The marks the family's parts put on a card face (``TablePart.card_badge``),
    stacked as small gold tags along the card's left edge, under the index."""
    if not badges:
        return
    size = max(9, rect.w // 6)
    y = rect.y + int(rect.h * 0.42)
    for text in badges:
        t = fit_text(text, size, palette.TEXT_DARK, rect.w // 2 - 6, bold=True)
        box = t.get_rect(topleft=(rect.x + 3, y)).inflate(4, 0)
        pygame.draw.rect(surface, palette.GOLD, box, border_radius=max(2, size // 3))
        surface.blit(t, t.get_rect(center=box.center))
        y += box.h + 1
