"""The toast: one short message over every scene ("Sound off", "Could not
save"), shown for a few seconds near the top of the window."""

from __future__ import annotations

import pygame

from ..art import fonts, palette
from .backdrop import panel
from .metrics import Metrics
from .text import wrap


class Toast:
    """The message on show; ``left`` counts down the seconds it stays."""

    def __init__(self) -> None:
        self.text = ""
        self.color = palette.TEXT
        self.left = 0.0

    def show(self, text: str, color=palette.TEXT, seconds: float = 2.5) -> None:
        self.text, self.color, self.left = text, color, seconds

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left -= dt

    def draw(self, surface: pygame.Surface, m: Metrics) -> None:
        if self.left <= 0 or not self.text:
            return
        lines = wrap(self.text, m.body, int(surface.get_width() * 0.8))
        lh = int(m.body * 1.3)
        w = max(fonts.font(m.body).size(s)[0] for s in lines) + 2 * m.pad
        box = pygame.Rect(0, 0, w, lh * len(lines) + m.pad)
        box.midtop = (surface.get_width() // 2, int(surface.get_height() * 0.12))
        panel(surface, box, edge=self.color)
        for i, line in enumerate(lines):
            s = fonts.text(line, m.body, self.color)
            surface.blit(s, s.get_rect(midtop=(box.centerx, box.y + m.pad // 2 + i * lh)))
