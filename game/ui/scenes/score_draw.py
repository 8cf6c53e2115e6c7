"""Painting the scoring screen's pieces: each player's net for the deal
(counting into the totals), the deal's notes, a family's own table, each
seat's row (name, pays, total, cards with their labels, why) and the table
of every deal so far, with the helpers that lay a seat's cards out.
``ScorePainter`` is a component of ``ScoringScene`` (its ``painter``); it
reads the scene and the game and changes nothing."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.engine import Card
from game.engine.actions import SeatOutcome
from game.engine.cards import card_points
from game.ui.scenes.score_words import NetCell, rejoins, starting_chips
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.draw_util import label_spots
from game.uikit.table.hand_layout import GROUP_GAP, OVERLAP, HandGeometry
from game.uikit.table.wording import readable as named
from game.uikit.table.wording import score_text
from game.uikit.widgets import Metrics, fit_text, wrap

if TYPE_CHECKING:
    from game.ui.scenes.scoring import ScoringScene

STATUS_NAMES = {"winner": "Winner", "lost": "", "packed": "Packed", "wrong_show": "Wrong show",
                "out": "Not in this deal", "void": "Void deal"}

_tinted: dict[tuple[int, int, bool], pygame.Surface] = {}


def row_face(card: Card, width: int, wild: bool, loose: bool) -> pygame.Surface:
    """The card's face as a seat row draws it; loose (deadwood) cards get a red tint, cached."""
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




def net_rows(cells: list[NetCell], width: int, m: Metrics, rules) -> int:
    """Rows the nets take: one while each cell has room for its lines whole
    (the name, the number, the total), else as few more as give it that room."""
    font, bold = fonts.font(m.small), fonts.font(m.small, True)
    need = max(max(bold.size(c.name)[0], font.size("total " + _total(c, rules, 1.0))[0],
                   fonts.font(m.body + 8, True).size(_signed(c.delta))[0]) for c in cells)
    least = need + m.pad + m.pad // 2  # the text, its margins and the gap between cells
    per_row = max(1, min(len(cells), (width + m.pad // 2) // least))
    return math.ceil(len(cells) / per_row)


def _total(cell: NetCell, rules, k: float) -> str:
    """A cell's total at ``k`` of the count (a family's own words: as they are)."""
    if cell.words is not None:
        return cell.words
    return _minus(score_text(rules, round(cell.before + (cell.after - cell.before) * k)))


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def _minus(text: str) -> str:
    """A negative score with a minus sign, as the nets write it ("−130 pts")."""
    return "−" + text[1:] if text.startswith("-") else text


START, REJOINED = "Start", "Rejoined"  # the history's rows that are no deal


def history_rows(state) -> list[list[str]]:
    """Each deal's number and change per player; a dash for a player who was
    not in that deal (out of the pool), whose 0 would read as a deal played.
    So that each column adds up to its total by hand, the chips a match
    starts with come first (when it starts with any), and a player's rejoin
    follows the deal it came after, at the score the player came back at."""
    sign = "" if state.rules.lower_is_better else "+"
    start = starting_chips(state)
    out = [[START, *(str(v) for v in start)]] if any(start) else []
    back = rejoins(state)
    for k, res in enumerate(state.history):
        cells = [str(res.deal_no + 1)]
        out_of_it = {r.seat for r in res.seats if r.status == SeatOutcome.OUT}
        for seat, d in enumerate(res.deltas):
            if seat in out_of_it:
                cells.append("–")
            else:
                cells.append(f"{sign}{d}" if d > 0 else str(d))
        out.append(cells)
        if k in back:
            out.append([REJOINED, *(f"at {back[k][s]}" if s in back[k] else ""
                                    for s in range(state.players))])
    return out


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


def label_flow(groups: list[list], titles: list[str], width: int, most: int, label_h: int,
               size: int) -> HandGeometry:
    """A seat's groups left to right in rows ``width`` wide, a new row where
    the next group would not fit; each group as wide as its cards (a covered
    card shows half of itself) or its label (``size`` px, bold), whichever is
    wider, so every label reads whole.  Cards ``most`` px wide, narrower only
    where the largest group would not fit a row."""
    font = fonts.font(size, True)
    biggest = max(len(g) for g in groups)
    cw = max(20, int(min(most, width / (1 + OVERLAP * (biggest - 1)))))
    step = int(cw * OVERLAP)
    gap = max(10, int(cw * GROUP_GAP))
    ch = int(cw * cardart.CARD_RATIO)
    geo = HandGeometry(card_w=cw, card_h=ch, lift=0, label_h=label_h, gap=gap)
    row_h = label_h + ch + 2
    x = y = 0
    row: list[int] = []
    for g, cards in enumerate(groups):
        label_w = font.size(titles[g])[0] + 4 if g < len(titles) and titles[g] else 0
        wide = min(width, max(cw + step * (len(cards) - 1), label_w))
        if row and x + wide > width:
            geo.rows.append(row)
            row, x, y = [], 0, y + row_h
        row.append(g)
        top = y + label_h
        geo.slots += [(g, i, pygame.Rect(x + i * step, top, cw, ch)) for i in range(len(cards))]
        geo.spans.append(pygame.Rect(x, top, wide, ch))
        x += wide + gap
    geo.rows.append(row)
    geo.row_rects = [pygame.Rect(0, k * row_h, width, row_h) for k in range(len(geo.rows))]
    return geo


class ScorePainter:
    """Paints the pieces of ``scene`` (a ``ScoringScene``: its metrics, body,
    session and table) where its layout placed them."""

    def __init__(self, scene: ScoringScene) -> None:
        self.scene = scene
        self._ahead: Iterator[tuple[Card, int, bool, bool]] | None = None

    def _put(self, surface, img: pygame.Surface, where) -> None:
        """A text of the scrolling body, drawn where it shows whole: a line
        the body's edge would cut (under the title, over the buttons) waits
        for a scroll to bring it in, rather than show half of itself."""
        rect = where if isinstance(where, pygame.Rect) else img.get_rect(topleft=where)
        if self.scene.body.contains(rect):
            surface.blit(img, rect)

    def net_cell_h(self) -> int:
        m = self.scene.m
        return 2 * int(m.small * 1.35) + int((m.body + 8) * 1.25) + m.pad // 2

    def nets(self, surface, top: int, cells: list[NetCell], k: float) -> None:
        """Each player's net for the deal, big, and their total under it; at
        ``k`` (0 → 1) of the count, the deal's points on their way in."""
        sc = self.scene
        m = sc.m
        st = sc.state
        rows = net_rows(cells, sc.body.w, m, st.rules)
        per_row = math.ceil(len(cells) / rows)
        gap = m.pad // 2
        cell_w = min(m.px(200), (sc.body.w - gap * (per_row - 1)) // per_row)
        cell_h = self.net_cell_h()
        line = int(m.small * 1.35)
        big = m.body + 8
        against = st.rules.lower_is_better  # pool: points added are points against
        for i, cell in enumerate(cells):
            row, col = divmod(i, per_row)
            n = min(per_row, len(cells) - row * per_row)
            x0 = sc.body.centerx - (n * cell_w + (n - 1) * gap) // 2
            box = pygame.Rect(x0 + col * (cell_w + gap), top + row * (cell_h + gap),
                              cell_w, cell_h)
            pygame.draw.rect(surface, (44, 92, 56) if cell.winner else (20, 58, 42), box,
                             border_radius=8)
            if cell.winner:
                pygame.draw.rect(surface, palette.GOLD, box, 2, border_radius=8)
            inner = box.w - m.pad
            name = fit_text(cell.name, m.small, palette.GOLD if cell.winner else palette.TEXT,
                            inner, bold=True)
            y = box.y + m.pad // 4
            self._put(surface, name, name.get_rect(midtop=(box.centerx, y)))
            y += line
            shown = round(cell.delta * k)
            good = shown != 0 and (shown > 0) != against
            colour = palette.OK if good else palette.TEXT_DIM if shown == 0 else (236, 120, 100)
            value = fit_text(_signed(shown), big, colour, inner, bold=True)
            self._put(surface, value, value.get_rect(midtop=(box.centerx, y)))
            y += int(big * 1.25)
            t = fit_text(f"total {_total(cell, st.rules, k)}", m.small, palette.TEXT_DIM, inner)
            self._put(surface, t, t.get_rect(midtop=(box.centerx, y)))

    def notes(self, surface, top: int, lines: list[str]) -> None:
        sc = self.scene
        m = sc.m
        line = int(m.small * 1.35)
        for text in lines:
            t = fonts.text(text, m.small, palette.HILITE)
            self._put(surface, t, t.get_rect(midtop=(sc.body.centerx, top)))
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
        self._put(surface, t, (inner.x, y))
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
                    self._put(surface, img, (xs[i], y))
                else:  # numbers right-aligned in their column
                    self._put(surface, img, img.get_rect(topright=(right_edges[i] - 4, y)))
            y += line
        for note in table.notes:
            for text in wrap(note, m.small, inner.w):
                self._put(surface, fonts.text(text, m.small, palette.TEXT_DIM), (inner.x, y))
                y += line

    def history(self, surface, top: int) -> None:
        """Each deal's change per player, and the totals, as a small table."""
        sc = self.scene
        m = sc.m
        st = sc.state
        names = sc.session.names
        line = int(m.small * 1.35) + 2
        rows = history_rows(st)
        labels = ["Deal", "Total", *(cells[0] for cells in rows)]
        # the first column as wide as its words ("Rejoined"), when the
        # even share is narrower; the players share the rest
        font = fonts.font(m.small, True)
        first = max(sc.body.w // (st.players + 1), max(font.size(t)[0] for t in labels) + 6)
        col_w = (sc.body.w - first) // st.players
        box = pygame.Rect(sc.body.x, top, sc.body.w, (len(rows) + 2) * line + m.pad // 2)
        pygame.draw.rect(surface, (18, 52, 38), box, border_radius=8)
        y = top + m.pad // 4

        def row(cells, color, bold=False):
            for i, text in enumerate(cells):
                left, width = (box.x, first) if i == 0 else (box.x + first + (i - 1) * col_w,
                                                             col_w)
                img = fit_text(text, m.small, color, width - 6, bold=bold)
                self._put(surface, img, (left + (width - img.get_width()) // 2, y))

        row(["Deal", *names], palette.GOLD, True)
        y += line
        for cells in rows:
            # what is no deal's change (the chips to start, a rejoin) stands out
            row(cells, palette.TEXT if cells[0] in (START, REJOINED) else palette.TEXT_DIM)
            y += line
        row(["Total", *(str(v) for v in st.scores)], palette.HILITE, True)

    def row_faces(self) -> Iterator[tuple[Card, int, bool, bool]]:
        """The ``row_face`` arguments of every card the seat rows draw, in
        the order drawn (what ``seat_row`` asks for, so making them ahead
        leaves it only cache hits)."""
        sc = self.scene
        for row in sc.rows:
            cards, geo = row[3], row[4]
            if geo is None:
                continue
            groups, _titles, flags = cards
            for gi, ci, rect in geo.slots:
                if ci < len(groups[gi]):
                    card = groups[gi][ci]
                    yield card, rect.w, sc.table.is_wild(card), flags[gi]

    def make_ahead(self, seconds: float) -> bool:
        """Make the faces the seat rows will draw, for about ``seconds`` (one
        at least, unless all are made); whether any are left.  The browser
        takes ~1.6 ms a face: the rows' first frames made ~26 at once (43 ms),
        so a scene shown before these scores calls this on its quiet frames."""
        if self._ahead is None:
            self._ahead = self.row_faces()
        end = time.perf_counter() + seconds
        for spec in self._ahead:
            row_face(*spec)
            if time.perf_counter() >= end:
                return True
        return False

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
        where = "pool" if st.rules.match == "pool" else "match"
        if r.status == SeatOutcome.OUT and not st.in_match[r.seat]:
            status = f"Out of the {where}"
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
        total = _minus(score_text(st.rules, st.scores[r.seat]))
        knocked_out = not st.in_match[r.seat] and r.status != SeatOutcome.OUT
        head = f"{names[r.seat]}" + (f" · {status}" if status else "")
        if knocked_out:  # out of the match after this deal: a red frame and a tag
            pygame.draw.rect(surface, palette.DANGER, box, 3, border_radius=8)
            tag = fit_text(f"Out of the {where}", m.small, palette.TEXT, box.w // 2, True)
            tr = tag.get_rect(bottomright=(box.right - m.pad, box.bottom - m.pad // 2))
            pygame.draw.rect(surface, (150, 46, 40), tr.inflate(12, 4), border_radius=6)
            self._put(surface, tag, tr)
        if sc.wide and r.status == SeatOutcome.OUT:  # no cards beside: the whole row
            self._put(surface, fit_text(head, m.body, palette.TEXT, box.w // 2, True),
                      (x0, top + 4))
            self._put(surface, fit_text(f"total {total}", m.small, palette.TEXT_DIM, name_w),
                      (x0, top + 4 + line + 2))
            cx, cy = box.x + name_w + m.pad, top + 4
        elif sc.wide:
            self._put(surface, fit_text(head, m.body, palette.TEXT, name_w - m.pad, True),
                         (x0, top + 4))
            self._put(surface, fit_text(pays, m.small, palette.HILITE, name_w),
                      (x0, top + 4 + line + 2))
            self._put(surface, fit_text(f"total {total}", m.small, palette.TEXT_DIM, name_w),
                         (x0, top + 4 + 2 * line + 2))
            cx, cy = box.x + name_w + m.pad, top + 4
        else:
            summary = " · ".join(part for part in (pays, f"total {total}") if part)
            right = fit_text(summary, m.small, palette.HILITE, box.w // 2)
            # the name and status take what the summary leaves
            room = box.w - right.get_width() - 2 * m.pad
            t = fit_text(head, m.body, palette.TEXT, max(box.w // 3, room), True)
            self._put(surface, t, (x0, top + 3))
            self._put(surface, right, right.get_rect(topright=(box.right - m.pad // 2, top + 4)))
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
                self._put(surface, label,
                          (lx + dx, span.y + dy - geo.lift - label.get_height() - 1))
            for gi, ci, rect in geo.slots:
                if ci >= len(groups[gi]):
                    continue  # room for the group's label, not a card
                card = groups[gi][ci]
                img = row_face(card, rect.w, sc.table.is_wild(card), flags[gi])
                surface.blit(img, rect.move(dx, dy - geo.lift))
            ty = cy + sum(rr.h for rr in geo.row_rects) - geo.lift + 2
        for text in why_lines:
            self._put(surface, fonts.text(text, m.small, palette.TEXT_DIM), (cx, ty))
            ty += line
