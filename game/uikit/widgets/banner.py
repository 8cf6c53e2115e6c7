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
from game.uikit.widgets import record
from game.uikit.widgets.backdrop import panel
from game.uikit.widgets.metrics import Metrics
from game.uikit.widgets.text import clamp_lines, fit_text

MIN_SHOW = 0.9  # seconds an announcement stays before the next may take its place
FADE = 0.2
MAX_WAITING = 3
# the widest a sub line runs, in sizes of its font (about 60 letters): a long
# explanation wraps onto more lines the eye can follow rather than across the window
READ_EMS = 30

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

    def end(self, text: str) -> None:
        """End the announcement ``text`` before its time: faded out if on
        show (a note cut off at once blinks), dropped if waiting."""
        self.waiting = [n for n in self.waiting if n.text != text]
        if self.now is not None and self.now.text == text:
            self.now.dur = min(self.now.dur, self.now.t + FADE)

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

    @staticmethod
    def _rows(m: Metrics) -> tuple[int, int]:
        """(the title's height with the margins, one sub line's height)."""
        big, small = Banner.sizes(m)
        return int(big * 1.35) + m.pad, int(small * 1.35)

    def _subs(self, note: _Note, width: int, height: int, m: Metrics) -> tuple[str, ...]:
        """The sub line's lines in a box ``width`` wide: as many as it needs
        (a reason is read whole), as many as ``height`` holds under the title."""
        if not note.sub:
            return ()
        head, row = self._rows(m)
        return clamp_lines(note.sub, self.sizes(m)[1], max(40, width - 2 * m.pad),
                           max(1, (height - head) // row))

    def rect(self, screen: tuple[int, int], m: Metrics, anchor: tuple[int, int],
             within: pygame.Rect | None = None) -> pygame.Rect:
        """Where the announcement on show goes: centred on ``anchor``, inside
        the screen (and inside ``within`` where it is given)."""
        if self.now is None:
            return pygame.Rect(anchor, (0, 0))
        big, small = self.sizes(m)
        bounds = pygame.Rect(m.pad, m.pad, screen[0] - 2 * m.pad, screen[1] - 2 * m.pad)
        if within is not None:
            bounds = bounds.clip(within)
        w = fonts.font(big, True).size(self.now.text)[0]
        if self.now.sub:
            w = max(w, min(fonts.font(small).size(self.now.sub)[0], READ_EMS * small))
        box_w = min(bounds.w, w + 3 * m.pad)
        head, row = self._rows(m)
        lines = self._subs(self.now, box_w, bounds.h, m)
        box = pygame.Rect(0, 0, box_w, head + len(lines) * row)
        box.center = anchor
        return box.clamp(bounds)

    def draw(self, surface: pygame.Surface, m: Metrics, anchor: tuple[int, int],
             within: pygame.Rect | None = None) -> None:
        note = self.now
        if note is None:
            return
        box = self.rect(surface.get_size(), m, anchor, within)
        k = min(1.0, note.t / FADE, max(0.0, note.dur - note.t) / FADE)
        if note.layer is None or note.layer.get_size() != box.size:
            note.layer = self._layer(note, box, m)
        note.layer.set_alpha(int(255 * k) if k < 1.0 else None)
        surface.blit(note.layer, box)
        if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
            rec.new_layer()  # over the table on purpose, for a moment
            rec.add_panel(box)
            for text, at in self._texts(note, box, m):
                rec.text_at(text, (box.x + at[0], box.y + at[1]))

    def _texts(self, note: _Note, box: pygame.Rect, m: Metrics
               ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The announcement's lines and where they go on its layer."""
        big, small = self.sizes(m)
        ink = _INK.get(note.color, note.color)
        title = fit_text(note.text, big, ink, box.w - 2 * m.pad, bold=True)
        y = m.pad // 2
        out = [(title, title.get_rect(midtop=(box.w // 2, y)).topleft)]
        y += int(big * 1.35)
        for line in self._subs(note, box.w, box.h, m):
            sub = fit_text(line, small, palette.TEXT, box.w - 2 * m.pad)
            out.append((sub, sub.get_rect(midtop=(box.w // 2, y)).topleft))
            y += int(small * 1.35)
        return out

    def _layer(self, note: _Note, box: pygame.Rect, m: Metrics) -> pygame.Surface:
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), alpha=240, edge=note.color)
        pygame.draw.rect(layer, note.color, layer.get_rect(), width=3, border_radius=12)
        for text, at in self._texts(note, box, m):
            layer.blit(text, at)
        return layer
