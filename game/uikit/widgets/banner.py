"""The announcement: one style for everything the table announces ("Asha:
Rummy!", "Wrong show!", "Ravi packed", "Meera is out of the pool").

A dark panel with a coloured edge, so it reads on the felt, on white cards
and on a dimmed table alike; always inside the window; one at a time, the
next waiting until the one on show has been up long enough to read.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.uikit.art import fonts, palette
from game.uikit.widgets.backdrop import panel
from game.uikit.widgets.metrics import Metrics
from game.uikit.widgets.text import fit_text

MIN_SHOW = 0.9  # seconds an announcement stays before the next may take its place
FADE = 0.2
MAX_WAITING = 3

# text colour for each edge colour: light enough on the dark panel
_INK = {palette.DANGER: (250, 160, 140)}


@dataclass
class _Note:
    text: str
    sub: str
    color: tuple[int, int, int]
    dur: float
    t: float = 0.0
    layer: pygame.Surface | None = None  # drawn once, then only faded


class Banner:
    def __init__(self) -> None:
        self.now: _Note | None = None
        self.waiting: list[_Note] = []

    @property
    def active(self) -> bool:
        return self.now is not None

    @property
    def text(self) -> str:
        return self.now.text if self.now else ""

    def show(self, text: str, color=palette.GOLD, seconds: float = 2.0, sub: str = "") -> None:
        if seconds <= 0:
            return
        note = _Note(text, sub, tuple(color), seconds)
        if self.now is None or self.now.t >= MIN_SHOW:
            self.now = note
        elif len(self.waiting) < MAX_WAITING:
            self.waiting.append(note)
        else:
            self.waiting[-1] = note

    def clear(self) -> None:
        self.now = None
        self.waiting.clear()

    def update(self, dt: float) -> None:
        if self.now is None:
            return
        self.now.t += dt
        if self.waiting and self.now.t >= MIN_SHOW:
            self.now = self.waiting.pop(0)
        elif self.now.t >= self.now.dur:
            self.now = self.waiting.pop(0) if self.waiting else None

    # ------------------------------------------------------------ drawing
    @staticmethod
    def sizes(m: Metrics) -> tuple[int, int]:
        return max(m.body + 4, int(m.title * 0.62)), m.body

    def rect(self, screen: tuple[int, int], m: Metrics, anchor: tuple[int, int]) -> pygame.Rect:
        """Where the announcement on show goes: centred on ``anchor``, inside the screen."""
        if self.now is None:
            return pygame.Rect(anchor, (0, 0))
        big, small = self.sizes(m)
        room = screen[0] - 4 * m.pad
        w = fonts.font(big, True).size(self.now.text)[0]
        if self.now.sub:
            w = max(w, fonts.font(small).size(self.now.sub)[0])
        h = int(big * 1.35) + (int(small * 1.35) if self.now.sub else 0) + m.pad
        box = pygame.Rect(0, 0, min(room, w + 3 * m.pad), h)
        box.center = anchor
        return box.clamp(pygame.Rect(m.pad, m.pad, screen[0] - 2 * m.pad,
                                     screen[1] - 2 * m.pad))

    def draw(self, surface: pygame.Surface, m: Metrics, anchor: tuple[int, int]) -> None:
        note = self.now
        if note is None:
            return
        box = self.rect(surface.get_size(), m, anchor)
        k = min(1.0, note.t / FADE, max(0.0, note.dur - note.t) / FADE)
        if note.layer is None or note.layer.get_size() != box.size:
            note.layer = self._layer(note, box, m)
        note.layer.set_alpha(int(255 * k) if k < 1.0 else None)
        surface.blit(note.layer, box)

    def _layer(self, note: _Note, box: pygame.Rect, m: Metrics) -> pygame.Surface:
        big, small = self.sizes(m)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), alpha=240, edge=note.color)
        pygame.draw.rect(layer, note.color, layer.get_rect(), width=3, border_radius=12)
        ink = _INK.get(note.color, note.color)
        title = fit_text(note.text, big, ink, box.w - 2 * m.pad, bold=True)
        y = m.pad // 2
        layer.blit(title, title.get_rect(midtop=(box.w // 2, y)))
        if note.sub:
            y += int(big * 1.35)
            sub = fit_text(note.sub, small, palette.TEXT, box.w - 2 * m.pad)
            layer.blit(sub, sub.get_rect(midtop=(box.w // 2, y)))
        return layer
