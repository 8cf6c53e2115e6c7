"""Buttons: one look per style, rows that flow to the window's width, and the
press-then-release rule that fires them."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.uikit.art import fonts, palette
from game.uikit.widgets import record
from game.uikit.widgets.text import fit_text

STYLES = {
    # style: (fill, edge, text)
    "normal": ((30, 78, 58), palette.PANEL_EDGE, palette.TEXT),
    "primary": (palette.GOLD, palette.GOLD_DARK, palette.TEXT_DARK),
    "danger": ((150, 46, 40), (214, 100, 90), palette.TEXT),
    "quiet": ((18, 56, 40), (60, 104, 80), palette.TEXT_DIM),
    "selected": ((34, 86, 62), palette.GOLD, palette.HILITE),  # the tab on show
}


class Button:
    def __init__(self, label: str, on_click: Callable[[], None], *, style: str = "normal",
                 enabled: bool = True, key: str = "", why: str = "", room: str = "") -> None:
        self.label = label
        self.on_click = on_click
        self.style = style
        self.enabled = enabled
        self.key = key  # a name tests and keyboard focus use
        self.why = why  # while disabled: what to do to enable it (said when tapped)
        # the longest label this button takes in its place (a bar keeps its width
        # when the label changes, so nothing beside it moves)
        self.room = room
        self.rect = pygame.Rect(0, 0, 0, 0)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, size: int, *, hover: bool = False,
             focus: bool = False) -> None:
        fill, edge, ink = STYLES[self.style]
        if not self.enabled:
            fill, edge, ink = (26, 52, 40), (52, 80, 64), (110, 130, 116)
        elif hover:
            fill = tuple(min(255, c + 24) for c in fill)
        radius = max(4, self.rect.h // 4)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, palette.HILITE if focus else edge, self.rect,
                         width=3 if focus else 1, border_radius=radius)
        label = fit_text(self.label, size, ink, self.rect.w - 8, bold=True)
        rec = record.on(surface) if record.ACTIVE is not None else None
        if rec is not None:
            rec.button = rec.add_button(self.rect, self.label, surface.get_clip())
        surface.blit(label, label.get_rect(center=self.rect.center))
        if rec is not None:
            rec.button = -1


def button_width(label: str, size: int, pad: int) -> int:
    return fonts.font(size, True).size(label)[0] + 2 * pad


def _widths(labels: list[str], area_w: int, size: int, height: int, pad: int) -> list[int]:
    least = int(height * 1.6)  # a short label's button is still a good target
    return [min(area_w, max(least, button_width(label, size, pad))) for label in labels]


def _rows(widths: list[int], area_w: int, gap: int) -> list[list[int]]:
    """Indices of the buttons on each row: as few rows as hold them, filled evenly."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > area_w:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    if len(rows) > 1:  # as many rows, filled evenly (3 + 2 rather than 4 + 1)
        n = len(widths)
        per = -(-n // len(rows))
        even = [list(range(k, min(k + per, n))) for k in range(0, n, per)]
        if len(even) == len(rows) and all(
                sum(widths[i] for i in row) + gap * (len(row) - 1) <= area_w for row in even):
            rows = even
    return rows


def rows_needed(labels: list[str], area_w: int, size: int, height: int, gap: int,
                pad: int) -> int:
    """How many rows ``flow_buttons`` gives buttons with these labels."""
    if not labels:
        return 0
    return len(_rows(_widths(labels, area_w, size, height, pad), area_w, gap))


def flow_buttons(buttons: list[Button], area: pygame.Rect, size: int, height: int,
                 gap: int, pad: int) -> int:
    """Lay ``buttons`` out in centred rows inside ``area``; returns the rows used.
    A button is as wide as its ``room`` label (else its own), so buttons
    whose labels change keep their places."""
    if not buttons:
        return 0
    widths = _widths([b.room or b.label for b in buttons], area.w, size, height, pad)
    rows = _rows(widths, area.w, gap)
    y = area.y
    for row in rows:
        total = sum(widths[i] for i in row) + gap * (len(row) - 1)
        if total > area.w:  # squeeze a row that holds one over-wide button
            scale = area.w / total
            for i in row:
                widths[i] = int(widths[i] * scale)
            total = area.w
        x = area.centerx - total // 2
        for i in row:
            buttons[i].rect = pygame.Rect(x, y, widths[i], height)
            x += widths[i] + gap
        y += height + gap
    return len(rows)


def press_buttons(owner, event: pygame.event.Event) -> None:
    """A button of ``owner.buttons`` fires when the press and the release both
    land on it; ``owner._press`` remembers the button pressed."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        owner._press = next((b for b in owner.buttons if b.hit(event.pos)), None)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        b = next((b for b in owner.buttons if b.hit(event.pos)), None)
        if b is not None and b is owner._press:
            b.on_click()
        owner._press = None
