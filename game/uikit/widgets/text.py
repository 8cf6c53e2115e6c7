"""Text that fits: shrink-then-cut single lines, word wrapping, wrapped paragraphs."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.uikit.art import fonts
from game.uikit.widgets import record

MIN_TEXT = 14  # pixels: text is never shrunk below this (nor below the size asked)


def fit_text(s: str, size: int, color, max_width: int, bold: bool = False,
             least: int = 0, may_cut: bool = False) -> pygame.Surface:
    """``s`` at ``size``, shrunk a little (to 85%, never below 14 px, or down to
    ``least`` when given) and then cut with … to fit: lines of one kind keep
    nearly one size.  A cut is a fault the fit test finds, unless ``may_cut``
    says it is meant (a name the player typed, a long list that ends in …)."""
    surf = fonts.text(s, size, color, bold)
    if surf.get_width() <= max_width or max_width <= 0:
        return surf
    smaller = min(size, least or max(MIN_TEXT, int(size * 0.85)))
    for sz in range(size - 1, smaller - 1, -1):
        surf = fonts.text(s, sz, color, bold)
        if surf.get_width() <= max_width:
            return surf
    cut = s
    while len(cut) > 1:
        cut = cut[:-1]
        surf = fonts.text(cut.rstrip() + "…", smaller, color, bold)
        if surf.get_width() <= max_width:
            break
    if record.ACTIVE is not None and not may_cut:
        record.ACTIVE.made(surf, s, cut=True)
    return surf


def clamp_lines(s: str, size: int, width: int, most: int, bold: bool = False
                ) -> tuple[str, ...]:
    """The first ``most`` lines of ``s`` wrapped to ``width`` (a line left
    out is a fault the fit test finds: give the text the room it needs)."""
    lines = wrap(s, size, width, bold)
    if len(lines) > most and record.ACTIVE is not None:
        record.ACTIVE.left_out(s)
    return lines[:most]


@lru_cache(maxsize=256)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """The lines of ``s`` broken at spaces (and, for a word too long for a
    line, after its hyphens) to fit ``width`` pixels."""
    f = fonts.font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            pieces = [word]
            if "-" in word.strip("-") and f.size(word)[0] > width:
                pieces = [p for p in word.replace("-", "-\0").split("\0") if p]
            for k, piece in enumerate(pieces):
                glue = "" if k else " "
                trial = piece if not line else line + glue + piece
                if f.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = piece
        lines.append(line)
    return tuple(lines)


def draw_wrapped(surface: pygame.Surface, s: str, size: int, color, rect: pygame.Rect,
                 *, bold: bool = False, center: bool = False, spacing: float = 1.25) -> int:
    """Draw ``s`` wrapped into ``rect`` from its top; returns the height used."""
    y = rect.y
    step = int(size * spacing)
    for line in wrap(s, size, max(10, rect.w), bold):
        surf = fonts.text(line, size, color, bold)
        x = rect.centerx - surf.get_width() // 2 if center else rect.x
        surface.blit(surf, (x, y))
        y += step
    return y - rect.y
