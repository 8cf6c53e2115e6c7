"""Painting the table scene.  Reads the scene and the game; changes nothing."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame

from ..engine import DrawDiscard, Phase
from ..engine.match import deals_in_match
from . import cardart, fonts, palette
from .session import level_name
from .widgets import felt, fit_text, wrap

if TYPE_CHECKING:
    from .table import TableScene

_DRAW_DISCARD = DrawDiscard()
STATUS_BADGE = {"packed": "Packed", "dead": "Wrong show", "out": "Sitting out"}
_rotated: dict[tuple[int, int, bool], pygame.Surface] = {}


def score_text(rules, score: int) -> str:
    if rules.match == "pool":
        return f"{score} / {rules.pool_limit}"
    if rules.match == "deals":
        return f"{score} chips"
    return f"{score} pts"


def variant_title(rules) -> str:
    from .menu_config import VARIANTS

    return VARIANTS.get(rules.name, (rules.name.title(), ""))[0]


def _pulse(period: float = 1.2) -> float:
    return 0.5 + 0.5 * math.sin(time.perf_counter() * 2 * math.pi / period)


def _glow(surface: pygame.Surface, rect: pygame.Rect, color, width: int = 3) -> None:
    a = int(90 + 140 * _pulse())
    box = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*color, a), box.get_rect(), width=width + 1,
                     border_radius=max(6, rect.w // 10))
    surface.blit(box, rect.inflate(12, 12).topleft)


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    felt(surface)
    _top_bar(scene, surface)
    for seat, spot in scene.layout.seats.items():
        _seat(scene, surface, seat, spot.rect)
    _piles(scene, surface)
    _info(scene, surface)
    hover = scene.hover
    for b in scene.current_buttons():
        b.draw(surface, scene.layout.m.small + 1, hover=b.rect.collidepoint(hover))
    _hand(scene, surface)
    scene.anim.draw(surface, scene.layout.m.title // 2 + 6)
    _dragged(scene, surface)


# ------------------------------------------------------------------ top bar


def _top_bar(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    m = lay.m
    pygame.draw.rect(surface, palette.FELT_DARK, lay.top)
    pygame.draw.line(surface, palette.GOLD_DARK, lay.top.bottomleft, lay.top.bottomright, 1)
    r = lay.menu_button
    for i in range(3):
        y = r.y + r.h * (0.3 + 0.2 * i)
        pygame.draw.line(surface, palette.TEXT, (r.x + r.w * 0.22, y), (r.right - r.w * 0.22, y),
                         max(2, r.h // 12))
    r = lay.help_button
    pygame.draw.circle(surface, palette.TEXT, r.center, r.h // 2 - 2, 2)
    q = fonts.text("?", int(r.h * 0.6), palette.TEXT, True)
    surface.blit(q, q.get_rect(center=r.center))
    _speaker(surface, lay.sound_button, not scene.app.sounds.muted)
    st = scene.state
    total = deals_in_match(st.rules, st.players)
    of = f" of {total}" if total and total > 1 and st.deal_no <= total else ""
    title = f"{variant_title(st.rules)} · Deal {st.deal_no}{of}"
    if scene.demo:
        title = "Demo · " + title
    left, right = lay.menu_button.right + m.pad, lay.help_button.x - m.pad
    t = fit_text(title, m.body, palette.GOLD, right - left, bold=True)
    surface.blit(t, t.get_rect(center=((left + right) // 2, lay.top.centery)))


def _speaker(surface: pygame.Surface, r: pygame.Rect, on: bool) -> None:
    x, y, w, h = r.x, r.y, r.w, r.h
    body = [(x + w * 0.18, y + h * 0.38), (x + w * 0.36, y + h * 0.38), (x + w * 0.58, y + h * 0.2),
            (x + w * 0.58, y + h * 0.8), (x + w * 0.36, y + h * 0.62), (x + w * 0.18, y + h * 0.62)]
    pygame.draw.polygon(surface, palette.TEXT, body)
    if on:
        for k in (0.22, 0.34):
            box = pygame.Rect(0, 0, w * k * 2, h * k * 2)
            box.center = (x + w * 0.58, y + h * 0.5)
            pygame.draw.arc(surface, palette.TEXT, box, -0.9, 0.9, 2)
    else:
        pygame.draw.line(surface, palette.DANGER, (x + w * 0.68, y + h * 0.35),
                         (x + w * 0.9, y + h * 0.65), 3)
        pygame.draw.line(surface, palette.DANGER, (x + w * 0.9, y + h * 0.35),
                         (x + w * 0.68, y + h * 0.65), 3)


# ------------------------------------------------------------------ seats


def _seat(scene: TableScene, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    st = scene.state
    m = scene.layout.m
    turn = st.to_act == seat
    status = st.status[seat]
    if turn:
        _glow(surface, rect, palette.GOLD)
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    faded = status != "active" or not st.in_match[seat]
    pygame.draw.rect(box, (*palette.PANEL, 150 if faded else 215), box.get_rect(),
                     border_radius=10)
    pygame.draw.rect(box, palette.GOLD if turn else palette.PANEL_EDGE, box.get_rect(),
                     width=2, border_radius=10)
    surface.blit(box, rect.topleft)
    pad = max(4, m.pad // 2)
    # the fan of card backs, its size showing how many cards the player holds
    held = max(0, len(st.hands[seat]) - scene.anim.incoming(seat))
    bw = max(16, int(rect.h * 0.42))
    fan_x, fan_y = rect.x + pad, rect.centery - int(bw * cardart.CARD_RATIO) // 2
    shown = min(held, 5)
    for i in range(shown):
        surface.blit(cardart.back(bw), (fan_x + i * bw // 5, fan_y))
    text_x = fan_x + bw + 4 * bw // 5 + pad
    if held:
        badge = fonts.text(str(held), m.small - 1, palette.TEXT_DARK, True)
        br = badge.get_rect(center=(fan_x + bw // 2 + (shown - 1) * bw // 10,
                                    fan_y + int(bw * cardart.CARD_RATIO)))
        pygame.draw.rect(surface, palette.GOLD, br.inflate(8, 2), border_radius=6)
        surface.blit(badge, br)
    width = rect.right - text_x - pad
    y = rect.y + pad
    name_w = width - (m.small + pad if st.dealer == seat else 0)  # room for the dealer chip
    name = fit_text(scene.session.names[seat], m.small + 1, palette.TEXT, name_w, bold=True)
    surface.blit(name, (text_x, y))
    y += name.get_height()
    move = last_move(st.log, seat) or level_name(scene.session.levels[seat])
    level = fit_text(move, m.small - 1, palette.TEXT_DIM, width)
    surface.blit(level, (text_x, y))
    y += level.get_height() + 1
    score = fit_text(score_text(st.rules, st.scores[seat]), m.small, palette.HILITE, width,
                     bold=True)
    surface.blit(score, (text_x, y))
    if st.dealer == seat:
        _chip(surface, "D", (rect.right - pad - m.small // 2, rect.y + pad + m.small // 2),
              m.small)
    badge_text = STATUS_BADGE.get(status) if st.in_match[seat] else "Out of the match"
    if badge_text and st.phase in (Phase.DRAW, Phase.DISCARD):
        b = fit_text(badge_text, m.small, palette.TEXT, rect.w - 8, bold=True)
        br = b.get_rect(midbottom=(rect.centerx, rect.bottom - 3))
        pygame.draw.rect(surface, (90, 40, 36), br.inflate(10, 2), border_radius=6)
        surface.blit(b, br)
    elif turn and scene.session.is_bot(seat):
        dots = "." * (1 + int(time.perf_counter() * 10 / 3) % 3)
        d = fonts.text(dots, m.body, palette.GOLD, True)
        surface.blit(d, (rect.right - d.get_width() - pad, rect.bottom - d.get_height()))


MOVE_TEXT = {
    "draw_stock": "drew from the stock",
    "draw_discard": "took {card}",
    "discard": "threw {card}",
    "pack_first": "packed",
    "pack_middle": "packed",
    "wrong_show": "wrong show",
    "declare": "declared",
    "hand_rummy": "showed a dealt rummy",
}


def card_text(card) -> str:
    from ..engine.cards import RANK_NAMES

    return "joker" if card.is_joker else RANK_NAMES[card.rank - 1] + card.suit.symbol


def last_move(log, seat: int) -> str:
    """What ``seat`` did last in this deal, for the people watching."""
    for who, what, card in reversed(log):
        if who == seat:
            return MOVE_TEXT.get(what, what).format(card=card_text(card) if card else "")
    return ""


def _chip(surface, letter: str, center, size: int) -> None:
    pygame.draw.circle(surface, palette.TEXT, center, size // 2 + 2)
    pygame.draw.circle(surface, palette.GOLD_DARK, center, size // 2 + 2, 2)
    t = fonts.text(letter, size - 2, palette.TEXT_DARK, True)
    surface.blit(t, t.get_rect(center=center))


# ------------------------------------------------------------------ piles


def _piles(scene: TableScene, surface: pygame.Surface) -> None:
    st = scene.state
    lay = scene.layout
    m = lay.m
    w = lay.pile_w
    hidden = scene.anim.hidden()
    if st.cut is not None:
        key = (st.cut.uid, w, True)
        img = _rotated.get(key)
        if img is None:
            if len(_rotated) > 64:
                _rotated.clear()
            img = pygame.transform.rotate(cardart.face(st.cut, w, wild=True), 90)
            _rotated[key] = img
        surface.blit(img, img.get_rect(center=lay.cut.center))
    if st.stock:
        for i in range(min(3, 1 + len(st.stock) // 20), 0, -1):
            surface.blit(cardart.back(w), lay.stock.move(-i * 2, -i * 2))
        surface.blit(cardart.back(w), lay.stock)
    else:
        pygame.draw.rect(surface, palette.PANEL_EDGE, lay.stock, 2, border_radius=w // 10)
    pile = [c for c in st.discard if c not in hidden]
    if len(pile) >= 2:
        under = cardart.face(pile[-2], w, wild=scene.is_wild(pile[-2]))
        surface.blit(under, lay.discard.move(-w // 7, -w // 12))
    if pile:
        surface.blit(cardart.face(pile[-1], w, wild=scene.is_wild(pile[-1])), lay.discard)
    else:
        pygame.draw.rect(surface, palette.PANEL_EDGE, lay.discard, 2, border_radius=w // 10)
    if scene.my_turn and st.phase == Phase.DRAW and not scene.anim.busy:
        _glow(surface, lay.stock, palette.HILITE)
        if scene.session.reason(_DRAW_DISCARD) is None:
            _glow(surface, lay.discard, palette.HILITE)
    elif scene.my_turn and st.phase == Phase.DISCARD and scene.drag is not None:
        _glow(surface, lay.discard, palette.OK)
    y = lay.stock.bottom + 3
    roomy = lay.discard.centerx - lay.stock.centerx > fonts.font(m.small).size("Stock 100")[0] + 8
    label = fonts.text(f"Stock {len(st.stock)}" if roomy else str(len(st.stock)), m.small,
                       palette.TEXT_DIM)
    surface.blit(label, label.get_rect(midtop=(lay.stock.centerx, y)))
    if roomy:
        pile_label = fonts.text("Discards", m.small, palette.TEXT_DIM)
        surface.blit(pile_label, pile_label.get_rect(midtop=(lay.discard.centerx, y)))
    wild = _wild_text(st)
    if wild:
        y += label.get_height()
        span = lay.discard.right - min(lay.cut.x, lay.stock.x)
        t = fit_text(wild, m.small, palette.GOLD, span + w, bold=True)
        surface.blit(t, t.get_rect(midtop=((min(lay.cut.x, lay.stock.x) + lay.discard.right) // 2,
                                           y)))


def _wild_text(st) -> str:
    from ..engine.cards import RANK_NAMES

    ranks = sorted({k % 13 for k in st.wild})
    jokers = st.rules.jokers_per_deck > 0 and st.rules.cut_mode != "no_jokers"
    if not ranks:
        return "Wild: printed jokers" if jokers else ""
    names = ", ".join(RANK_NAMES[r] + "s" for r in ranks)
    return f"Wild: {names}" + (" + jokers" if jokers else "")


# ------------------------------------------------------------------ info line


def _info(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    m = lay.m
    r = lay.info
    st = scene.state
    mine = scene.my_turn
    who = "You" if not scene.demo else scene.session.names[scene.bottom]
    name_color = palette.GOLD if mine else palette.TEXT
    score_str = score_text(st.rules, st.scores[scene.bottom])
    hints = scene.app.settings["hints"] and scene.hand
    if lay.compact:  # one line: "You 0 pts ... message ... count 71"
        left = fonts.text(f"{who} · {score_str}", m.small + 1, name_color, True)
        surface.blit(left, left.get_rect(midleft=(r.x, r.centery)))
        side = left.get_width() + m.pad
        if hints:
            c = fonts.text(f"count {scene.count()}", m.small + 1, palette.TEXT, True)
            surface.blit(c, c.get_rect(midright=(r.right, r.centery)))
            side = max(side, c.get_width() + m.pad)
    else:
        left = fonts.text(who, m.body, name_color, True)
        score = fonts.text(score_str, m.small, palette.HILITE)
        surface.blit(left, (r.x, r.y))
        surface.blit(score, (r.x, r.y + left.get_height()))
        side = max(left.get_width(), score.get_width()) + m.pad
        if st.dealer == scene.bottom:
            size = m.small
            _chip(surface, "D", (r.x + left.get_width() + size, r.y + left.get_height() // 2),
                  size)
            side = max(side, left.get_width() + 2 * size + m.pad)
        if hints:
            c = fonts.text(str(scene.count()), m.body, palette.TEXT, True)
            cl = fonts.text("count", m.small, palette.TEXT_DIM)
            surface.blit(c, c.get_rect(topright=(r.right, r.y)))
            surface.blit(cl, cl.get_rect(topright=(r.right, r.y + c.get_height())))
            side = max(side, c.get_width() + m.pad, cl.get_width() + m.pad)
    text, color = scene.status()
    box = pygame.Rect(r.x + side, r.y, r.w - 2 * side, r.h)
    lines = wrap(text, m.small + 1, max(40, box.w))[:1 if lay.compact else 2]
    lh = int((m.small + 1) * 1.25)
    y = box.centery - lh * len(lines) // 2
    for line in lines:
        t = fit_text(line, m.small + 1, color, box.w)
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += lh


# ------------------------------------------------------------------ the hand


def _hand(scene: TableScene, surface: pygame.Surface) -> None:
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


def _dragged(scene: TableScene, surface: pygame.Surface) -> None:
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

