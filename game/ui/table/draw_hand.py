"""Painting the person's hand: the cards in their groups with labels, the
selection, the keyboard cursor, the card being dragged and where it would land.
Reads the scene and the game; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Phase
from game.engine.state import SeatStatus
from game.ui.table.draw_seats import seat_tag
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.widgets import fit_text, record, wrap

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

SELECTED_WASH = 64  # the alpha of the blue over a raised card's face


def _out_text(scene: TableScene) -> tuple[str, str] | None:
    """(tag, line) when the bottom seat sits this deal out, else None."""
    st = scene.state
    me = scene.bottom
    if st.phase not in (Phase.DRAW, Phase.DISCARD) and st.hands[me]:
        return None
    status = st.status[me]
    if st.in_match[me] and status == SeatStatus.ACTIVE:
        return None
    you = not scene.demo
    who = "You" if you else scene.session.names[me]
    if st.phase not in (Phase.DRAW, Phase.DISCARD) and status == SeatStatus.ACTIVE:
        return None
    if not st.in_match[me] or status == SeatStatus.OUT:
        tag = seat_tag(scene, me)
        return tag, f"{who} {'are' if you else 'is'} {tag[0].lower()}{tag[1:]}; " \
                    "the others play on."
    tag = "Packed" if status == SeatStatus.PACKED else "Wrong show"
    if st.phase not in (Phase.DRAW, Phase.DISCARD):
        return tag, f"{who} sat out this deal."
    pays = f" and {'pay' if you else 'pays'} {st.owed[me]}" if st.owed[me] else ""
    return tag, f"{who} {'sit' if you else 'sits'} out this deal{pays}; the others play on."


def draw_hand(scene: TableScene, surface: pygame.Surface) -> None:
    out = _out_text(scene)
    if out is not None:
        _sitting_out(scene, surface, *out)
        return
    geo = scene.geometry()
    m = scene.layout.m
    hidden = scene.anim.hidden()
    st = scene.state
    fresh = scene.fresh if st.phase == Phase.DISCARD and st.to_act == scene.bottom else None
    if scene.app.settings["hints"]:
        for (text, color), span in zip(scene.label_texts(), geo.spans, strict=False):
            _group_label(surface, text, color, span, geo, m)
    cursor_card = None
    cards = scene.arr.cards()
    if scene.input.kb_active and cards:
        cursor_card = cards[scene.cursor % len(cards)]
    slots = geo.slots
    carried = scene.input.carried(scene.input.drag)
    for k, (gi, ci, rect) in enumerate(slots):
        card = scene.arr.groups[gi][ci]
        if card in hidden:
            continue
        if card in carried:
            ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(ghost, (255, 255, 255, 60), ghost.get_rect(),
                             border_radius=rect.w // 10)
            surface.blit(ghost, rect)
            continue
        raised = rect.move(0, -geo.lift) if card in scene.selected else rect
        surface.blit(cardart.face_soon(card, rect.w, wild=scene.is_wild(card)), raised)
        record.cards_at(surface, raised)
        nxt = slots[k + 1][2] if k + 1 < len(slots) and slots[k + 1][0] == gi else None
        draw_badges(surface, scene.card_badges(card), raised,
                    nxt.x - rect.x if nxt is not None else rect.w)
        if card in scene.selected:
            surface.blit(_selected_wash(raised.size), raised)
            pygame.draw.rect(surface, palette.GOLD, raised.inflate(2, 2), 3,
                             border_radius=rect.w // 10)
        if card == cursor_card:
            pygame.draw.rect(surface, palette.ACCENT, raised.inflate(4, 4), 3,
                             border_radius=rect.w // 10)
        if card == fresh:  # the card just drawn glows until the turn ends
            glow(surface, raised, palette.HILITE, 2)
            pygame.draw.rect(surface, palette.HILITE, raised.inflate(2, 2), 2,
                             border_radius=rect.w // 10)
    if scene.input.drag is not None or scene.input.drag_pile is not None:
        _drop_marker(scene, surface, geo)


# a raised card's wash by size: a wild card's face has a gold edge of its own,
# so the lift and the gold frame alone hardly told a raised joker (stop 52's audit)
_WASHES: dict[tuple[int, int], pygame.Surface] = {}


def _selected_wash(size: tuple[int, int]) -> pygame.Surface:
    """A per-pixel alpha wash the card's shape (a card-sized blit: 5 µs
    natively, 0.2 ms in the browser; a colour key run-length coded was 24 µs
    there, but its coding is made for the first screen it met and read
    wrong on another)."""
    wash = _WASHES.get(size)
    if wash is None:
        if len(_WASHES) > 8:  # sizes of windows left behind
            _WASHES.clear()
        wash = _WASHES[size] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(wash, (*palette.ACCENT, SELECTED_WASH), wash.get_rect(),
                         border_radius=size[0] // 10)
    return wash


def _sitting_out(scene: TableScene, surface: pygame.Surface, tag: str, line: str) -> None:
    """The hand's place while the bottom seat sits out: a tag and why, never a blank."""
    area = scene.layout.hand
    m = scene.layout.m
    t = fit_text(tag, m.body, palette.TEXT, area.w - 4 * m.pad, bold=True)
    tr = t.get_rect(midbottom=(area.centerx, area.centery - m.pad // 2))
    pygame.draw.rect(surface, (120, 44, 38), tr.inflate(2 * m.pad, m.pad // 2),
                     border_radius=8)
    surface.blit(t, tr)
    lines = wrap(line, m.body, area.w - 2 * m.pad)
    y = area.centery + m.pad // 2
    for text in lines[:3]:
        img = fit_text(text, m.body, palette.TEXT_DIM, area.w)
        surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
        y += int(m.body * 1.3)


def _group_label(surface, text: str, color, span: pygame.Rect, geo, m) -> None:
    """A group's label over it, with a rule under the label as wide as the
    cards (the hand gave the group its label's width: it is never cut)."""
    if span.w <= 0 or not text:
        return
    t = fonts.text(text, m.small, color, True)
    top = span.y - geo.lift - geo.label_h
    pygame.draw.line(surface, color, (span.x + 2, top + geo.label_h - 3),
                     (span.right - 2, top + geo.label_h - 3), 2)
    surface.blit(t, (span.x + 2, top + max(0, geo.label_h - 4 - t.get_height())))


def _drop_marker(scene: TableScene, surface, geo) -> None:
    """Where the card dragged (from the hand, or from a pile to draw it)
    would land, as a bar between cards or groups."""
    pointer = scene.input
    pos = pointer.drag_pos
    lay = scene.layout
    if pointer.drag is None:  # from a pile: where its drop draws (``TableInput._up``)
        if not lay.hand.inflate(0, lay.hand.h // 2).collidepoint(pos):
            return
    elif lay.discard.inflate(lay.pile_w // 2, lay.pile_w // 2).collidepoint(pos) \
            or not lay.hand.inflate(lay.m.pad * 2, lay.hand.h // 3).collidepoint(pos):
        return
    carried = pointer.carried(pointer.drag)
    target = pointer.drop_target(pointer.drag, pos, carried)
    if target[0] == "group":
        g, index = target[1], target[2]
        group = scene.arr.groups[g]
        slots = [r for gi, ci, r in geo.slots if gi == g and group[ci] not in carried]
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
    pointer = scene.input
    x, y = pointer.drag_pos
    dx, dy = pointer.drag_offset
    if pointer.drag is not None:
        geo = scene.geometry()
        # several raised cards move together: fanned under the finger, the
        # one held on top
        carried = pointer.carried(pointer.drag)
        others = [c for c in carried if c != pointer.drag]
        step = max(6, geo.card_w // 4)
        for i, card in enumerate(others):
            img = cardart.face(card, geo.card_w, wild=scene.is_wild(card))
            surface.blit(img, (x + dx - step * (len(others) - i), y + dy - geo.lift))
        img = cardart.face(pointer.drag, geo.card_w, wild=scene.is_wild(pointer.drag))
        surface.blit(img, (x + dx, y + dy - geo.lift))
    elif pointer.drag_pile is not None:
        st = scene.state
        w = scene.layout.pile_w
        if pointer.drag_pile == "pile" and st.discard:
            img = cardart.face(st.discard[-1], w, wild=scene.is_wild(st.discard[-1]))
        else:
            img = cardart.back(w)
        surface.blit(img, (x + dx, y + dy))


def draw_badges(surface: pygame.Surface, badges: list[str], rect: pygame.Rect,
                shows: int | None = None) -> None:
    """The marks the family's parts put on a card face (``TablePart.card_badge``),
    stacked as small gold tags along the card's left edge, under the index,
    each inside the part of the card that shows (``shows`` pixels of its
    width; the next card covers the rest), so no card hides one."""
    if not badges:
        return
    size = max(9, rect.w // 6)
    y = rect.y + int(rect.h * 0.42)
    room = min(max(rect.w // 2 - 6, int(rect.w * 0.6) - 4), (shows or rect.w) - 8)
    for text in badges:
        # whole if it fits (a little smaller if need be), else its first letters
        # ("Value", "Val"): what a family's badges begin with tells them apart
        fits = [(short, sz) for short in (text, text[:3], text[:2], text[:1])
                for sz in range(size, max(8, size - 3) - 1, -1)
                if fonts.font(sz, True).size(short)[0] <= room]
        text, sz = fits[0] if fits else (text[:1], max(8, size - 3))
        t = fonts.text(text, sz, palette.TEXT_DARK, True)
        box = t.get_rect(topleft=(rect.x + 3, y)).inflate(4, 0)
        pygame.draw.rect(surface, palette.GOLD, box, border_radius=max(2, size // 3))
        surface.blit(t, t.get_rect(center=box.center))
        y += box.h + 1
