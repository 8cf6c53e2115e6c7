"""Painting the table scene.  Reads the scene and the game; changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.menu_config import variant_title
from game.engine import DrawDiscard, Phase
from game.engine.match import deals_in_match
from game.ui.table.draw_hand import draw_badges, draw_dragged, draw_hand
from game.ui.table.draw_seats import chip, draw_seat, seat_tag
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.table.parts import OVER_HAND, OVER_PILES, UNDER_PILES
from game.uikit.table.wording import score_text, wild_text
from game.uikit.widgets import clamp_lines, felt, fit_text, record, wrap
from game.uikit.widgets.icons import draw_help_icon, draw_menu_icon, draw_sound_icon

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

_DRAW_DISCARD = DrawDiscard()


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    """The whole table, back to front; the family's parts at their layers."""
    felt(surface)
    _top_bar(scene, surface)
    for seat, spot in scene.layout.seats.items():
        draw_seat(scene, surface, seat, spot.rect, spot.body)
    _parts(scene, surface, UNDER_PILES)
    _piles(scene, surface)
    _parts(scene, surface, OVER_PILES)
    _info(scene, surface)
    hover = scene.input.hover
    for b in scene.current_buttons():
        b.draw(surface, scene.layout.m.small, hover=b.rect.collidepoint(hover))
    draw_hand(scene, surface)
    _parts(scene, surface, OVER_HAND)
    scene.anim.draw(surface)
    area = scene.ask("banner_area")
    scene.banner.draw(surface, scene.layout.m,
                      area.center if area is not None else banner_anchor(scene.layout), area)
    draw_dragged(scene, surface)


def banner_anchor(lay) -> tuple[int, int]:
    """Where announcements go: the middle of the felt, over the piles."""
    return lay.middle.centerx, lay.stock.centery


def _parts(scene: TableScene, surface: pygame.Surface, layer: int) -> None:
    for part in scene.parts:
        if part.layer == layer:
            part.draw(surface, scene)


# ------------------------------------------------------------------ top bar


def top_title(st, demo: bool, fits: Callable[[str], bool]) -> str:
    """The title bar's words: the game and the deal ("<game> · Deal
    1 of 4"), shortened to "Deal 1/4" before the game's name is let go."""
    total = deals_in_match(st.rules, st.players)
    counted = total and total > 1 and st.deal_no <= total
    deal = f"Deal {st.deal_no}" + (f" of {total}" if counted else "")
    short = f"Deal {st.deal_no}/{total}" if counted else deal
    game = variant_title(st.rules)
    titles = [f"{game} · {deal}", f"{game} · {short}", deal]
    if demo:
        titles = [f"Demo · {t}" for t in titles] + titles
    return next((t for t in titles if fits(t)), titles[-1])


def _top_bar(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    m = lay.m
    pygame.draw.rect(surface, palette.FELT_DARK, lay.top)
    pygame.draw.line(surface, palette.GOLD_DARK, lay.top.bottomleft, lay.top.bottomright, 1)
    draw_menu_icon(surface, lay.menu_button)
    draw_help_icon(surface, lay.help_button)
    draw_sound_icon(surface, lay.sound_button, not scene.app.sounds.muted)
    left, right = lay.menu_button.right + m.pad, lay.help_button.x - m.pad
    if lay.compact:
        return  # a phone on its side keeps the title bar for the other players
    font = fonts.font(m.body, True)
    title = top_title(scene.state, scene.demo, lambda t: font.size(t)[0] <= right - left)
    t = fit_text(title, m.body, palette.GOLD, right - left, bold=True)
    surface.blit(t, t.get_rect(center=((left + right) // 2, lay.top.centery)))


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
    own_pile = any(getattr(p, "draws_pile", False) for p in scene.parts)  # a family's line
    pile = [] if own_pile else [c for c in st.discard if c not in hidden]
    if len(pile) >= 2:
        under = cardart.face(pile[-2], w, wild=scene.is_wild(pile[-2]))
        surface.blit(under, lay.discard.move(-w // 7, -w // 12))
    if pile:
        surface.blit(cardart.face(pile[-1], w, wild=scene.is_wild(pile[-1])), lay.discard)
        draw_badges(surface, scene.card_badges(pile[-1]), lay.discard)
    elif not own_pile:
        pygame.draw.rect(surface, palette.PANEL_EDGE, lay.discard, 2, border_radius=w // 10)
    record.cards_at(surface, lay.stock)
    if pile:
        record.cards_at(surface, lay.discard)
    if scene.my_turn and st.phase == Phase.DRAW and not scene.anim.busy:
        glow(surface, lay.stock, palette.HILITE)
        if scene.session.reason(_DRAW_DISCARD) is None:
            glow(surface, lay.discard, palette.HILITE)
    elif scene.my_turn and st.phase == Phase.DISCARD and scene.input.drag is not None:
        glow(surface, lay.discard, palette.OK)
    y = lay.stock.bottom + 3
    roomy = lay.discard.centerx - lay.stock.centerx > fonts.font(m.small).size("Stock 100")[0] + 8
    least = lay.middle.x  # where the stock's name may begin: right of the cut card's
    cut_words = scene.ask("cut_words")
    if cut_words is not None:
        words, lit = cut_words
        t = fonts.text(words, m.small, palette.GOLD if lit else palette.TEXT_DIM, True)
        r = surface.blit(t, t.get_rect(midtop=(lay.cut.centerx, y)))
        least = r.right + m.pad // 2
    _stock_name(surface, scene, y, least, lay.discard.centerx - 4 if roomy else lay.discard.right)
    if roomy and not own_pile:
        pile_label = fonts.text("Discards", m.small, palette.TEXT_DIM)
        surface.blit(pile_label, pile_label.get_rect(midtop=(lay.discard.centerx, y)))
    wild = scene.ask("wild_line")
    if wild is None:
        wild = wild_text(st, scene.known_wild)
    if wild:  # under the piles, as wide as the felt between the seats
        y += fonts.font(m.small).get_height()
        centre = (min(lay.cut.x, lay.stock.x) + lay.discard.right) // 2
        half = min(centre - lay.middle.x, lay.middle.right - centre)
        t = fit_text(wild, m.small, palette.GOLD, 2 * half, bold=True)
        surface.blit(t, t.get_rect(midtop=(centre, y)))


def _stock_name(surface: pygame.Surface, scene: TableScene, y: int, least: int,
                most: int) -> None:
    """"Stock 54" under the stock, between ``least`` and ``most`` (piles close
    together still name it: a number alone says nothing to a newcomer), else
    the number alone."""
    lay = scene.layout
    m = lay.m
    n = len(scene.state.stock)
    label = fonts.text(f"Stock {n}", m.small, palette.TEXT_DIM)
    r = label.get_rect(midtop=(lay.stock.centerx, y))
    r.x = max(r.x, least)
    if r.right > most:
        label = fonts.text(str(n), m.small, palette.TEXT_DIM)
        r = label.get_rect(midtop=(lay.stock.centerx, y))
    surface.blit(label, r)


# ------------------------------------------------------------------ info line


def _info(scene: TableScene, surface: pygame.Surface) -> None:
    """The bottom seat's line: who and their score (and what happened to them),
    the status message in the middle, the hand's count at the right."""
    lay = scene.layout
    if lay.notice.h and any(p.notice_up(scene) for p in scene.parts):
        return  # the tour's strip stands over the info line (and says the replies)
    m = lay.m
    r = lay.info
    st = scene.state
    # a demo has no "you"; in pass-and-play the bottom seat changes hands, so name it
    named = scene.demo or scene.session.pass_and_play
    who = scene.session.names[scene.bottom] if named else "You"
    name_color = palette.GOLD if scene.my_turn else palette.TEXT
    score_str = scene.ask("score_line", scene.bottom) or score_text(st.rules,
                                                                    st.scores[scene.bottom])
    hints = scene.app.settings["hints"] and scene.hand
    tag = seat_tag(scene, scene.bottom)
    size = m.small
    lh = int(size * 1.3)
    lines = 1 if lay.compact else 2
    y0 = r.centery - lh * lines // 2
    # left: the name (with the dealer's chip) over the score, or both on one line
    first = f"{who} · {score_str}" if lay.compact else who
    left = fonts.text(first, size, name_color, True)
    surface.blit(left, left.get_rect(midleft=(r.x, y0 + lh // 2)))
    left_w = left.get_width() + m.pad
    if st.dealer == scene.bottom:
        chip(surface, "D", (r.x + left.get_width() + size, y0 + lh // 2), size)
        left_w += 2 * size
    if not lay.compact:
        score = fonts.text(score_str, size, palette.HILITE, True)
        surface.blit(score, score.get_rect(midleft=(r.x, y0 + lh + lh // 2)))
        left_w = max(left_w, score.get_width() + m.pad)
    # right: the count (or what happened to this seat: packed, out)
    right_w = 0
    value, caption = scene.count_text() if hints and not tag else ("", "")
    if tag or hints:
        text = tag if tag else (f"{caption} {value}" if lay.compact else value)
        c = fonts.text(text, size, palette.TEXT, True)
        cr = c.get_rect(midright=(r.right - (4 if tag else 0), y0 + lh // 2))
        if tag:
            pygame.draw.rect(surface, (120, 44, 38), cr.inflate(8, 2), border_radius=6)
        surface.blit(c, cr)
        right_w = c.get_width() + m.pad + 8
        if not lay.compact and not tag:
            cl = fonts.text(caption, size, palette.TEXT_DIM)
            surface.blit(cl, cl.get_rect(midright=(r.right, y0 + lh + lh // 2)))
            right_w = max(right_w, cl.get_width() + m.pad)
    # the middle: the status, centred in the window where it fits so, else in
    # what the two sides leave; a tag stands on the first row only, so a long
    # status flows on under it (left-aligned, as text round a picture)
    text, color = scene.status()
    side = max(left_w, right_w)
    box = pygame.Rect(r.x + side, r.y, r.w - 2 * side, r.h)
    if len(wrap(text, size, max(40, box.w))) > lines:
        box = pygame.Rect(r.x + left_w, r.y, r.w - left_w - right_w, r.h)
    rows = list(wrap(text, size, max(40, box.w)))
    boxes = [box] * lines
    if len(rows) > lines and tag and lines > 1:
        under = pygame.Rect(box.x, r.y, r.right - box.x, r.h)
        flowed = _flow(text, size, [box.w] + [under.w] * (lines - 1))
        if flowed is not None:
            rows, boxes = flowed, [box] + [under] * (lines - 1)
    if len(rows) > lines:
        rows = list(clamp_lines(text, size, max(40, box.w), lines))  # the fit test sees it
    y = r.centery - lh * len(rows) // 2
    flowing = boxes[-1] is not box
    for line, row_box in zip(rows, boxes, strict=False):
        t = fit_text(line, size, color, row_box.w)
        at = y + (lh - t.get_height()) // 2
        surface.blit(t, t.get_rect(topleft=(row_box.x, at)) if flowing
                     else t.get_rect(midtop=(row_box.centerx, at)))
        y += lh


def _flow(text: str, size: int, widths: list[int]) -> list[str] | None:
    """``text`` wrapped with its rows ``widths`` wide in turn, or None where
    it needs more rows than that (or its rows cannot be told apart again)."""
    rows: list[str] = []
    rest = text
    for width in widths:
        line = wrap(rest, size, max(40, width))[0]
        if not line or not rest.startswith(line):
            return None
        rows.append(line)
        rest = rest[len(line):].lstrip(" ")
        if not rest:
            return rows
    return None
