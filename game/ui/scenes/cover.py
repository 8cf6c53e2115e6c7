"""Pass and play's cover: between two people's turns the screen shows no
cards at all, only whom to pass it to ("Pass to Ravi — tap when ready").
A tap (or Enter, Space) and the table turns to that person's hand; Esc opens
the pause menu.  Opaque: nothing of the table is drawn under it."""

from __future__ import annotations

import pygame

from game.app.menu_config import variant_title
from game.uikit.art import palette
from game.uikit.scene import Scene
from game.uikit.widgets import (
    Button,
    Metrics,
    button_width,
    draw_wrapped,
    felt,
    fit_text,
    press_buttons,
)


class CoverScene(Scene):
    opaque = True

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.session.names[seat]
        self._press: Button | None = None
        self._down = False
        self.buttons: list[Button] = []

    def reveal(self) -> None:
        """The person has the screen: the table turns to their hand."""
        self.table.seats.seat_person(self.seat)
        self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w, h = size
        label = f"I'm {self.name}: show my cards"
        bw = min(w - 2 * m.pad, max(m.px(420), button_width(label, m.body, m.pad)))
        self.buttons = [Button(label, self.reveal, style="primary", key="ready")]
        self.buttons[0].rect = pygame.Rect((w - bw) // 2, int(h * 0.62), bw, m.button_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.reveal()
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
                self.table.commands.open_pause()
                return True
            return False  # M for sound still works
        before = self.app.top
        press_buttons(self, event)
        if self.app.top is not before:
            return True
        # a tap anywhere else on the cover does it too (press and release on it)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._down:
            self._down = False
            self.reveal()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        felt(surface)
        w, h = surface.get_size()
        st = self.table.state
        info = f"{variant_title(st.rules)} · deal {st.deal_no}"
        s = fit_text(info, m.small, palette.TEXT_DIM, w - 2 * m.pad)
        surface.blit(s, s.get_rect(midtop=(w // 2, m.pad)))
        t = fit_text(f"Pass to {self.name}", m.title, palette.GOLD, w - 2 * m.pad, bold=True,
                     least=m.body)
        surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.36))))
        text = (f"{self.name}, tap when ready. Everyone else: the cards on the next "
                "screen are theirs alone.")
        box = pygame.Rect(m.pad * 2, int(h * 0.36) + t.get_height(), w - 4 * m.pad, h // 5)
        draw_wrapped(surface, text, m.body, palette.TEXT, box, center=True)
        for b in self.buttons:
            b.draw(surface, m.body)
