"""Painting the table scene.  Reads the scene and the game; changes nothing."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame

from ...engine import DrawDiscard, Phase
from ...engine.match import deals_in_match
from ..art import cardart, fonts, palette
from ..players import level_name
from ..widgets import felt, fit_text, wrap
from .draw_hand import draw_badges, draw_dragged, draw_hand
from .parts import OVER_HAND, OVER_PILES, UNDER_PILES
from .wording import STATUS_BADGE, last_move, score_text, variant_title, wild_text

if TYPE_CHECKING:
    from .scene import TableScene

_DRAW_DISCARD = DrawDiscard()


def _pulse(period: float = 1.2) -> float:
    return 0.5 + 0.5 * math.sin(time.perf_counter() * 2 * math.pi / period)


def _glow(surface: pygame.Surface, rect: pygame.Rect, color, width: int = 3) -> None:
    a = int(90 + 140 * _pulse())
    box = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*color, a), box.get_rect(), width=width + 1,
                     border_radius=max(6, rect.w // 10))
    surface.blit(box, rect.inflate(12, 12).topleft)


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    """The whole table, back to front; the family's parts at their layers."""
    felt(surface)
    _top_bar(scene, surface)
    for seat, spot in scene.layout.seats.items():
        _seat(scene, surface, seat, spot.rect)
    _parts(scene, surface, UNDER_PILES)
    _piles(scene, surface)
    _parts(scene, surface, OVER_PILES)
    _info(scene, surface)
    hover = scene.hover
    for b in scene.current_buttons():
        b.draw(surface, scene.layout.m.small + 1, hover=b.rect.collidepoint(hover))
    draw_hand(scene, surface)
    _parts(scene, surface, OVER_HAND)
    scene.anim.draw(surface, scene.layout.m.title // 2 + 6)
    draw_dragged(scene, surface)


def _parts(scene: TableScene, surface: pygame.Surface, layer: int) -> None:
    for part in scene.parts:
        if part.layer == layer:
            part.draw(surface, scene)


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
        draw_badges(surface, scene.card_badges(pile[-1]), lay.discard)
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
    wild = wild_text(st)
    if wild:
        y += label.get_height()
        span = lay.discard.right - min(lay.cut.x, lay.stock.x)
        t = fit_text(wild, m.small, palette.GOLD, span + w, bold=True)
        surface.blit(t, t.get_rect(midtop=((min(lay.cut.x, lay.stock.x) + lay.discard.right) // 2,
                                           y)))


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
