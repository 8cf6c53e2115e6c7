"""The toast: one short message over every scene ("Could not save", "Sound
off" where no icon shows it), shown for a few seconds at the window's top
edge, over the title bar, where dialogs and the scores keep no content."""

from __future__ import annotations

import pygame

from game.uikit.art import fonts, palette
from game.uikit.widgets import record
from game.uikit.widgets.backdrop import panel
from game.uikit.widgets.metrics import Metrics
from game.uikit.widgets.text import wrap


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

    def rect(self, size: tuple[int, int], m: Metrics) -> pygame.Rect:
        """Where the message goes: a box at the top edge, centred."""
        lines = wrap(self.text, m.body, int(size[0] * 0.8))
        lh = int(m.body * 1.3)
        w = max(fonts.font(m.body).size(s)[0] for s in lines) + 2 * m.pad
        box = pygame.Rect(0, 0, min(w, size[0] - 8), lh * len(lines) + m.pad)
        box.midtop = (size[0] // 2, 4)
        return box

    def draw(self, surface: pygame.Surface, m: Metrics) -> None:
        if self.left <= 0 or not self.text:
            return
        lines = wrap(self.text, m.body, int(surface.get_width() * 0.8))
        lh = int(m.body * 1.3)
        box = self.rect(surface.get_size(), m)
        if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
            rec.new_layer()  # over every scene on purpose, for a few seconds
        panel(surface, box, edge=self.color)
        for i, line in enumerate(lines):
            s = fonts.text(line, m.body, self.color)
            surface.blit(s, s.get_rect(midtop=(box.centerx, box.y + m.pad // 2 + i * lh)))
