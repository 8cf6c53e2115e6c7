"""Painting the scoring screen's pieces: the deal's notes, a family's own
table, each seat's row (name, pays, total, cards with their labels, why) and
the table of every deal so far, with the helpers that lay a seat's cards out.
``ScorePainter`` is a component of ``ScoringScene`` (its ``painter``); it
reads the scene and the game and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.engine import Card
from game.engine.actions import SeatOutcome
from game.engine.cards import card_points
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.draw_util import label_spots
from game.uikit.table.layout import GROUP_GAP, OVERLAP, HandGeometry, flow_hand
from game.uikit.table.wording import readable as named
from game.uikit.table.wording import score_text
from game.uikit.widgets import fit_text, wrap

if TYPE_CHECKING:
    from game.ui.scenes.scoring import ScoringScene

STATUS_NAMES = {"winner": "Winner", "lost": "", "packed": "Packed", "wrong_show": "Wrong show",
                "out": "Not in this deal", "void": "Void deal"}

_tinted: dict[tuple[int, int, bool], pygame.Surface] = {}


def _face(card, width: int, wild: bool, loose: bool) -> pygame.Surface:
    """The card's face; loose (deadwood) cards get a red tint, cached."""
    img = cardart.face(card, width, wild=wild)
    if not loose:
        return img
    key = (card.uid, width, wild)
    tinted = _tinted.get(key)
    if tinted is None:
        if len(_tinted) > 400:
            _tinted.clear()
        tinted = img.copy()
        tinted.fill((255, 200, 200), special_flags=pygame.BLEND_RGB_MULT)
        _tinted[key] = tinted
    return tinted


def _points(state, cards) -> int:
    return sum(0 if (c.is_joker or c.kind in state.wild) else card_points(c.kind,
                                                                            state.rules.ace_points)
               for c in cards)




class SeatCards(NamedTuple):
    """A seat's cards on the scoring screen: groups, their titles, and which
    are loose (tinted)."""

    groups: list[list[Card]]
    titles: list[str]
    loose: list[bool]


def loose_chunks(cards: list[Card], most: int = 7) -> list[list[Card]]:
    """Loose cards in pieces that can wrap: by suit, cut at ``most`` cards."""
    if len(cards) <= most:
        return [cards]
    by_suit: dict[int, list[Card]] = {}
    for c in sorted(cards, key=lambda c: (4, 0, c.uid) if c.is_joker
                    else (int(c.suit), c.rank, c.uid)):
        by_suit.setdefault(4 if c.is_joker else int(c.suit), []).append(c)
    chunks: list[list[Card]] = []
    for run in by_suit.values():
        if chunks and len(chunks[-1]) + len(run) <= most:
            chunks[-1] += run
        else:
            chunks += [run[i:i + most] for i in range(0, len(run), most)]
    return chunks


def seat_geometry(sizes: list[int], width: int, most: int, label_h: int) -> HandGeometry:
    """Groups of cards (``sizes``) in a row ``width`` wide, left-aligned, as
    large as ``most``; on two rows (cut where they balance best) when one row
    would make the cards small."""
    one_row = label_h + int(most * cardart.CARD_RATIO * 1.14) + 1
    geo = flow_hand(sizes, pygame.Rect(0, 0, width, one_row), most, label_h)
    small = max(30, int(most * 0.6))
    if geo.card_w >= small or len(sizes) < 2:
        return _left(geo)
    def units(part):
        return len(part) + OVERLAP * (sum(part) - len(part)) + GROUP_GAP * (len(part) - 1)
    cut = min(range(1, len(sizes)), key=lambda k: max(units(sizes[:k]), units(sizes[k:])))
    top = flow_hand(sizes[:cut], pygame.Rect(0, 0, width, one_row), most, label_h)
    low = flow_hand(sizes[cut:], pygame.Rect(0, 0, width, one_row), most, label_h)
    cw = min(top.card_w, low.card_w)
    if cw <= geo.card_w:
        return _left(geo)
    top = _left(flow_hand(sizes[:cut], pygame.Rect(0, 0, width, one_row), cw, label_h))
    low = _left(flow_hand(sizes[cut:], pygame.Rect(0, 0, width, one_row), cw, label_h))
    dy = sum(r.h for r in top.row_rects)
    top.slots += [(g + cut, i, r.move(0, dy)) for g, i, r in low.slots]
    top.spans += [r.move(0, dy) for r in low.spans]
    top.rows += [[g + cut for g in row] for row in low.rows]
    top.row_rects += [r.move(0, dy) for r in low.row_rects]
    return top


def _left(geo: HandGeometry) -> HandGeometry:
    """The rows of ``geo`` moved to start at its left edge, and to its top."""
    y0 = geo.row_rects[0].y if geo.row_rects else 0
    for row, rect in zip(geo.rows, geo.row_rects, strict=True):
        if not row:
            continue
        dx = rect.x - min(geo.spans[g].x for g in row)
        for g in row:
            geo.spans[g] = geo.spans[g].move(dx, -y0)
        geo.slots = [(g, i, r.move(dx, -y0)) if g in row else (g, i, r)
                     for g, i, r in geo.slots]
    geo.row_rects = [r.move(0, -y0) for r in geo.row_rects]
    return geo


class ScorePainter:
    """Paints the pieces of ``scene`` (a ``ScoringScene``: its metrics, body,
    session and table) where its layout placed them."""

    def __init__(self, scene: ScoringScene) -> None:
        self.scene = scene

    def notes(self, surface, top: int, lines: list[str]) -> None:
        sc = self.scene
        m = sc.m
        line = int(m.small * 1.35)
        for text in lines:
            t = fonts.text(text, m.small, palette.HILITE)
            surface.blit(t, t.get_rect(midtop=(sc.body.centerx, top)))
            top += line

    def family_table(self, surface, top: int, h: int, table) -> None:
        """A family's table: its title, the rows in columns as wide as their
        text (the first, the names, takes what is left), then its notes."""
        sc = self.scene
        m = sc.m
        line = int(m.small * 1.35) + 2
        box = pygame.Rect(sc.body.x, top, sc.body.w, h)
        pygame.draw.rect(surface, (18, 52, 38), box, border_radius=8)
        inner = box.inflate(-m.pad, 0)
        y = top + m.pad // 2
        t = fit_text(named(table.title, sc.session.names), m.small, palette.GOLD, inner.w,
                     bold=True)
        surface.blit(t, (inner.x, y))
        y += line
        cols = max(len(r) for r in table.rows)
        font = fonts.font(m.small, True)
        widths = [max(font.size(r[i])[0] for r in table.rows if i < len(r)) + m.pad
                  for i in range(cols)]
        rest = sum(widths[1:])
        first = max(min(widths[0] + m.pad, inner.w // 3), inner.w - rest - m.px(600))
        scale = min(1.0, (inner.w - first) / rest) if rest else 1.0
        xs = [inner.x, inner.x + first]
        for wd in widths[1:-1]:
            xs.append(xs[-1] + int(wd * scale))
        end = min(inner.right, xs[-1] + int(widths[-1] * scale))
        right_edges = [xs[i + 1] if i + 1 < cols else end for i in range(cols)]
        for k, row in enumerate(table.rows):
            color = palette.GOLD if k == 0 else palette.TEXT
            for i, text in enumerate(row):
                room = right_edges[i] - xs[i] - 4
                img = fit_text(text, m.small, color, room, bold=k == 0 or i == 0)
                if i == 0:
                    surface.blit(img, (xs[i], y))
                else:  # numbers right-aligned in their column
                    surface.blit(img, img.get_rect(topright=(right_edges[i] - 4, y)))
            y += line
        for note in table.notes:
            for text in wrap(note, m.small, inner.w):
                surface.blit(fonts.text(text, m.small, palette.TEXT_DIM), (inner.x, y))
                y += line

    def history(self, surface, top: int) -> None:
        """Each deal's change per player, and the totals, as a small table."""
        sc = self.scene
        m = sc.m
        st = sc.state
        names = sc.session.names
        line = int(m.small * 1.35) + 2
        cols = st.players + 1
        col_w = sc.body.w // cols
        box = pygame.Rect(sc.body.x, top, sc.body.w, (len(st.history) + 2) * line + m.pad // 2)
        pygame.draw.rect(surface, (18, 52, 38), box, border_radius=8)
        y = top + m.pad // 4

        def row(cells, color, bold=False):
            for i, text in enumerate(cells):
                img = fit_text(text, m.small, color, col_w - 6, bold=bold)
                x = box.x + i * col_w + (col_w - img.get_width()) // 2
                surface.blit(img, (x, y))

        row(["Deal", *names], palette.GOLD, True)
        y += line
        sign = "" if st.rules.lower_is_better else "+"
        for res in st.history:
            cells = [str(res.deal_no + 1)]
            for d in res.deltas:
                cells.append(f"{sign}{d}" if d > 0 else str(d))
            row(cells, palette.TEXT_DIM)
            y += line
        row(["Total", *(str(v) for v in st.scores)], palette.HILITE, True)

    def seat_row(self, surface, top, h, r, cards, geo, why_lines) -> None:
        sc = self.scene
        m = sc.m
        st = sc.state
        box = pygame.Rect(sc.body.x, top, sc.body.w, h)
        winner = r.status == SeatOutcome.WINNER
        fill = (44, 92, 56) if winner else (20, 58, 42)
        pygame.draw.rect(surface, fill, box, border_radius=8)
        if winner:
            pygame.draw.rect(surface, palette.GOLD, box, 2, border_radius=8)
        names = sc.session.names
        name_w = m.px(210) if sc.wide else 0
        line = int(m.small * 1.35)
        x0 = box.x + m.pad // 2
        status = STATUS_NAMES.get(r.status, r.status)
        if r.status == SeatOutcome.OUT and not st.in_match[r.seat]:
            status = "Out of the match"
        if r.status == SeatOutcome.OUT:
            pays = ""
        elif winner:
            delta = st.result.deltas[r.seat] if st.result else 0
            pays = (f"+{delta}" if delta >= 0 else f"−{-delta}") \
                if not st.rules.lower_is_better else "scores 0"
        elif r.pays or (st.result is not None and st.result.deltas[r.seat]):
            pays = f"pays {r.pays}"
        else:  # nothing changes hands (a loser where only the winner scores)
            pays = ""
        total = score_text(st.rules, st.scores[r.seat])
        knocked_out = not st.in_match[r.seat] and r.status != SeatOutcome.OUT
        head = f"{names[r.seat]}" + (f" · {status}" if status else "")
        if knocked_out:  # out of the match after this deal: a red frame and a tag
            pygame.draw.rect(surface, palette.DANGER, box, 3, border_radius=8)
            where = "pool" if st.rules.match == "pool" else "match"
            tag = fit_text(f"Out of the {where}", m.small, palette.TEXT, box.w // 2, True)
            tr = tag.get_rect(bottomright=(box.right - m.pad, box.bottom - m.pad // 2))
            pygame.draw.rect(surface, (150, 46, 40), tr.inflate(12, 4), border_radius=6)
            surface.blit(tag, tr)
        if sc.wide:
            surface.blit(fit_text(head, m.body, palette.TEXT, name_w - m.pad, True),
                         (x0, top + 4))
            surface.blit(fit_text(pays, m.small, palette.HILITE, name_w), (x0, top + 4 + line + 2))
            surface.blit(fit_text(f"total {total}", m.small, palette.TEXT_DIM, name_w),
                         (x0, top + 4 + 2 * line + 2))
            cx, cy = box.x + name_w + m.pad, top + 4
        else:
            t = fit_text(head, m.body, palette.TEXT, box.w // 2, True)
            surface.blit(t, (x0, top + 3))
            summary = " · ".join(part for part in (pays, f"total {total}") if part)
            right = fit_text(summary, m.small, palette.HILITE, box.w // 2)
            surface.blit(right, right.get_rect(topright=(box.right - m.pad // 2, top + 4)))
            cx, cy = x0, top + line + 6
        ty = cy
        if geo is not None:
            groups, titles, flags = cards
            dx, dy = cx - geo.row_rects[0].x, cy - geo.row_rects[0].y
            spots = label_spots(geo, titles, m.small, geo.row_rects[0].right)
            for gi, span in enumerate(geo.spans):
                color = (236, 140, 120) if flags[gi] else palette.OK
                lx, room = spots[gi]
                label = fit_text(titles[gi], m.small, color, room, bold=True)
                surface.blit(label, (lx + dx, span.y + dy - geo.lift - label.get_height() - 1))
            for gi, ci, rect in geo.slots:
                card = groups[gi][ci]
                img = _face(card, rect.w, sc.table.is_wild(card), flags[gi])
                surface.blit(img, rect.move(dx, dy - geo.lift))
            ty = cy + sum(rr.h for rr in geo.row_rects) - geo.lift + 2
        for text in why_lines:
            surface.blit(fonts.text(text, m.small, palette.TEXT_DIM), (cx, ty))
            ty += line
