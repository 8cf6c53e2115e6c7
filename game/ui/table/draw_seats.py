"""Painting the other players' panels: name, last move (or what has happened
to them: packed, a wrong show, out of the match), score, how many cards they
hold, the dealer's chip and the turn.  Reads the scene and the game; changes
nothing.

A wide panel shows the held cards as a fan of backs on the left; a narrow
one (a phone) gives the text the whole width and shows the count as a small
card back with a number.  Every line is the same small size, and nothing is
drawn over the text.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.app.players import level_name
from game.engine.family import family_of
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.table.wording import STATUS_BADGE, TurnWords, last_turn, score_text
from game.uikit.widgets import fit_text, panel
from game.uikit.widgets.text import MIN_TEXT

if TYPE_CHECKING:
    from game.app.remote import RemoteSession
    from game.app.session import Session
    from game.ui.table.scene import TableScene

WIDE = 170  # a panel at least this wide may show the fan of card backs
MOVE_ROOM = "threw 10♥"  # a move line a panel keeps whole beside its fan, the thinking dots too
TAG_FILL = (120, 44, 38)
BOT = "Bot"  # beside a bot's name, where people and bots share the table
# a person a stand-in plays for is "Away", never "Bot": that word marks a bot's own seat
SHORT_TAG = {"Out of the pool": "Out", "Out of the match": "Out", "Wrong show": "Wrong show",
             "Reconnecting": "Away", "Bot for now": "Away"}


def seat_tag(scene: TableScene, seat: int) -> str:
    """What has happened to ``seat`` this deal or match, or ""."""
    st = scene.state
    if not st.in_match[seat]:
        return "Out of the pool" if st.rules.match == "pool" else "Out of the match"
    away = getattr(scene.session, "presence_tag", None)  # a room's match: who is not here
    return STATUS_BADGE.get(st.status[seat], "") or (away(seat) if away else "")


def bot_mark(session: Session | RemoteSession, seat: int) -> str:
    """The word beside a bot's name where people share the table with bots (a
    room, pass and play), or "".  Their panels are alike once the move line
    has replaced a bot's level; alone against bots no seat needs it."""
    presence = getattr(session, "presence", None)  # a room's: a person's seat or a bot's
    if presence is not None:
        return "" if presence[seat].person else BOT
    return BOT if session.is_bot(seat) and session.pass_and_play else ""


def turn_mark(session: Session | RemoteSession, seat: int) -> tuple[str, tuple[int, int, int]]:
    """What a panel shows at the right of its move line on the turn of a
    seat played elsewhere: a bot's thinking dots; for a person at another
    screen in a room, the seconds their turn has left ("25 s", red under
    10) where the room's timer runs, else nothing (the gold edge says whose
    turn it is, the status line that they are playing)."""
    presence = getattr(session, "presence", None)
    if presence and seat < len(presence) and presence[seat].person \
            and not presence[seat].covered:
        left = session.time_left()
        if left is None:
            return "", palette.GOLD
        return f"{int(left + 0.999)} s", palette.DANGER if left < 10 else palette.GOLD
    return "." * (1 + int(time.perf_counter() * 10 / 3) % 3), palette.GOLD


def draw_seat(scene: TableScene, surface: pygame.Surface, seat: int, rect: pygame.Rect,
              body: pygame.Rect | None = None) -> None:
    """The panel ``rect``; its three lines in ``body`` (the panel less the
    lines a family's parts fill under them)."""
    st = scene.state
    panel_rect = rect
    rect = body if body is not None else rect
    m = scene.layout.m
    turn = st.to_act == seat
    tag = seat_tag(scene, seat)
    if turn:
        glow(surface, panel_rect, palette.GOLD)
    panel(surface, panel_rect, alpha=150 if tag else 215, radius=10,
          edge=palette.GOLD if turn else palette.PANEL_EDGE)
    pad = max(5, m.pad // 2)
    lh = int(m.small * 1.3)
    held = max(0, len(st.hands[seat]) - scene.anim.incoming(seat))
    x = rect.x + pad
    fan = shows_fan(rect, pad, m.small)
    if fan:
        x = _fan(surface, rect, held, pad, m.small) + pad
    right = rect.right - pad
    y = rect.y + (rect.h - 3 * lh) // 2
    # line 1: the name, the dealer's chip at the right
    name_w = right - x
    if st.dealer == seat:
        chip(surface, "D", (right - m.small // 2, y + lh // 2), m.small)
        name_w -= m.small + 4
    mark = bot_mark(scene.session, seat)
    if mark:  # a size smaller, as small as text goes: "Vikram" keeps beside fan and chip
        badge = fonts.text(mark, max(min(m.small, MIN_TEXT), m.small - 2), palette.TEXT_DIM)
        name_w -= badge.get_width() + 9
    name = fit_text(scene.session.names[seat], m.small, palette.TEXT, name_w, bold=True)
    nr = surface.blit(name, name.get_rect(midleft=(x, y + lh // 2)))
    if mark:
        br = surface.blit(badge, badge.get_rect(midleft=(nr.right + 6, y + lh // 2)))
        pygame.draw.rect(surface, palette.PANEL_EDGE, br.inflate(6, 0), 1, border_radius=5)
    # line 2: what happened to them, else their last move (or level), and the turn
    y += lh
    dots_w = 0
    if turn and scene.session.is_bot(seat):
        # a bot thinks (the dots); a friend at another screen has their
        # turn's seconds, where the room's timer runs, and no dots
        mark, colour = turn_mark(scene.session, seat)
        if mark:
            d = fonts.text(mark, m.small, colour, True)
            dots_w = fonts.font(m.small, True).size("..." if mark[0] == "." else mark)[0] + 2
            surface.blit(d, d.get_rect(midright=(right, y + lh // 2)))
    if tag:
        room = right - x - dots_w - 8
        if fonts.font(m.small, True).size(tag)[0] > room:
            tag = SHORT_TAG.get(tag, tag)  # a phone's narrow panel
        t = fit_text(tag, m.small, palette.TEXT, room, bold=True)
        tr = t.get_rect(midleft=(x + 4, y + lh // 2))
        pygame.draw.rect(surface, TAG_FILL, tr.inflate(8, 2), border_radius=6)
        surface.blit(t, tr)
    else:
        words = scene.ask("move_words") or family_of(st.rules).move_words
        room = right - x - dots_w
        move = move_line(scene.turn_words, st.log, seat, words, fonts.font(m.small), room) \
            or level_name(scene.session.levels[seat])
        t = fit_text(move, m.small, palette.TEXT_DIM, room)
        surface.blit(t, t.get_rect(midleft=(x, y + lh // 2)))
    # line 3: the score, and (narrow panels) the cards held
    y += lh
    count_w = 0
    if not fan and held and not tag:
        count_w = _count(surface, held, right, y + lh // 2, m.small)
    words = scene.ask("score_line", seat) or score_text(st.rules, st.scores[seat])
    score = fit_text(words, m.small, palette.HILITE, right - x - count_w - 4, bold=True)
    surface.blit(score, score.get_rect(midleft=(x, y + lh // 2)))


# a panel too narrow for a whole turn shows its take and its end in turn, this long each
SWAP_S = 1.6


class _Turn(NamedTuple):
    log: tuple
    words: dict[str, str] | None
    turn: TurnWords
    since: float  # when these words came (the latest move shows first)


def move_line(kept_by_seat: dict[int, _Turn], log: tuple, seat: int,
              words: dict[str, str] | None, font: pygame.font.Font, room: int) -> str:
    """The move line of ``seat``'s panel, ``room`` wide: its whole last turn
    where that fits ("took K♥ · threw 8♦"), else shorter; where only the latest
    move fits, a turn that took the pile's card shows "threw 8♦" and "took K♥"
    in turn, so the take stays in sight until the seat moves again (it
    used to show only until the throw, 0.88 s at normal speed).  "" before
    the seat's first move of the deal.  ``kept_by_seat``: the table's own
    words of each seat's turn (each panel is drawn every frame, and the log
    changes only with a move; the log itself is kept, so ``is`` cannot
    mistake a new log for a freed one at the same address)."""
    kept = kept_by_seat.get(seat)
    now = time.perf_counter()
    if kept is None or kept.log is not log or kept.words != words:
        turn = last_turn(log, seat, words)
        # another seat's move leaves this seat's words, and their turn, alone
        since = kept.since if kept is not None and kept.turn == turn else now
        kept = kept_by_seat[seat] = _Turn(log, words, turn, since)
    lines, took = kept.turn
    if not lines:
        return ""
    fits = next((line for line in lines[:-1] if font.size(line)[0] <= room), None)
    if fits is not None:
        return fits
    if took is None or took == lines[-1]:
        return lines[-1]
    return (lines[-1], took)[int((now - kept.since) / SWAP_S) % 2]


def shows_fan(rect: pygame.Rect, pad: int, size: int) -> bool:
    """Whether a panel's lines in ``rect`` start after a fan of card backs:
    a panel wide enough, whose fan still leaves a move such as "threw 10♥"
    and the thinking dots whole (a short, wide panel's fan is wide too)."""
    if rect.w < WIDE:
        return False
    bw = max(14, int((rect.h - 2 * pad - size // 2) / cardart.CARD_RATIO))
    words = fonts.font(size).size(MOVE_ROOM)[0] + fonts.font(size, True).size("...")[0] + 2
    return rect.w - 3 * pad - (bw + 4 * (bw // 4)) >= words


def fan_middle(rect: pygame.Rect, pad: int, size: int) -> tuple[int, int]:
    """The middle of the fan ``_fan`` draws in ``rect``: where a card flying to
    or from this seat lands, on its backs rather than over the name."""
    bh = rect.h - 2 * pad - size // 2
    bw = max(14, int(bh / cardart.CARD_RATIO))
    return rect.x + pad + (bw + 4 * (bw // 4)) // 2, rect.y + pad + bh // 2


def _fan(surface, rect: pygame.Rect, held: int, pad: int, size: int) -> int:
    """Up to five card backs, fanned, at the panel's left; returns their right edge."""
    bh = rect.h - 2 * pad - size // 2
    bw = max(14, int(bh / cardart.CARD_RATIO))
    shown = min(held, 5)
    x, y = rect.x + pad, rect.y + pad
    step = bw // 4
    for i in range(shown):
        surface.blit(cardart.back(bw), (x + i * step, y))
    if held:
        badge = fonts.text(str(held), size, palette.TEXT_DARK, True)
        br = badge.get_rect(midbottom=(x + bw // 2 + (shown - 1) * step // 2, rect.bottom - 3))
        pygame.draw.rect(surface, palette.GOLD, br.inflate(8, 0), border_radius=6)
        surface.blit(badge, br)
    return x + bw + 4 * step


def _count(surface, held: int, right: int, cy: int, size: int) -> int:
    """A small card back and the number of cards held, ending at ``right``; its width."""
    t = fonts.text(str(held), size, palette.HILITE, True)
    tr = t.get_rect(midright=(right, cy))
    bw = max(10, size * 2 // 3)
    back = cardart.back(bw)
    br = back.get_rect(midright=(tr.x - 3, cy))
    surface.blit(back, br)
    surface.blit(t, tr)
    return right - br.x


def chip(surface, letter: str, center, size: int) -> None:
    """The dealer's chip: a letter in a small disc."""
    r = int(size * 0.62) + 2
    pygame.draw.circle(surface, palette.TEXT, center, r)
    pygame.draw.circle(surface, palette.GOLD_DARK, center, r, 2)
    t = fonts.text(letter, size, palette.TEXT_DARK, True)
    surface.blit(t, t.get_rect(center=center))
