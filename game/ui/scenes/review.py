"""The coach's review of a deal just played: the person's costliest two or
three decisions, each with the hand as it was, the move played (ringed red),
the coach's move (ringed green), about how many points it cost, and the
coach's reason.  Over the scores; Back (Esc) returns to them.

The review is worked out on the first frame after the screen shows
"Reviewing…", so the tap that opened it is answered at once.  In pass and
play every person's decisions are reviewed, under their name.
"""

from __future__ import annotations

import pygame

from game.ui.scenes.replay import sorted_hand
from game.ui.table.coaching import coach
from game.ui.table.hints import visible_part
from game.uikit.art import cardart, fonts, palette
from game.uikit.scene import Scene
from game.uikit.table.draw_util import glow
from game.uikit.table.wording import move_words, readable
from game.uikit.widgets import (
    Button,
    Metrics,
    felt,
    fit_text,
    flow_buttons,
    press_buttons,
    record,
    wrap,
)

PER_PERSON = 3


def cost_words(mk) -> str:
    """How much the coach's move was better, in the words of the family's
    lens (``Lens.cost_words``: points, or a family's own unit)."""
    lens_for = getattr(coach(), "lens_for", None)  # a coach without lenses: points
    if lens_for is None:
        n = max(1, int(mk.cost + 0.5))  # whole points, as the game scores them
        return f"about {n} point{'s' if n != 1 else ''} better"
    return lens_for(mk.view).cost_words(mk.played, mk.better, mk.cost)


class ReviewScene(Scene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.items: list[tuple[str, object]] | None = None  # (person's name, Mistake)
        self.problem = ""
        self.scroll = 0
        self.content_h = 0
        self._press: Button | None = None
        self._drag: tuple[int, int] | None = None
        self._drawn = False
        self.buttons: list[Button] = []
        self.blocks: list[tuple[int, int, str, object]] = []

    # ------------------------------------------------------------ the review
    def work_out(self) -> None:
        self.items = []
        the_coach = coach()
        if the_coach is None:
            self.problem = "The coach is not in this version."
            return
        people = self.session.humans
        for seat in people:
            decisions = self.session.decisions(seat)
            try:
                found = the_coach.review(decisions, limit=PER_PERSON)
            except Exception:  # a coach that fails must not stop the game
                self.problem = "The coach could not review this deal."
                found = []
            name = self.session.names[seat] if len(people) > 1 else ""
            self.items += [(name, mistake) for mistake in found]
        self._layout()

    def update(self, dt: float) -> None:
        if self.items is None and self._drawn:
            self.work_out()

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w, h = size
        self.buttons = [Button("Back to the scores", self.app.pop, style="primary", key="back")]
        self.footer = pygame.Rect(0, h - m.button_h - 2 * m.pad, w, m.button_h + 2 * m.pad)
        flow_buttons(self.buttons, self.footer.inflate(-2 * m.pad, -2 * m.pad), m.body,
                     m.button_h, m.pad, m.pad)
        self.header = pygame.Rect(0, 0, w, int(m.body * 1.6) + int(m.small * 1.4) + m.pad)
        self.body = pygame.Rect(m.pad, self.header.bottom, w - 2 * m.pad,
                                self.footer.y - self.header.bottom - m.pad // 2)
        self._layout()

    def _layout(self) -> None:
        """Each mistake's block: its lines of text and the hand under them."""
        m = self.m
        self.blocks = []
        y = 0
        line = int(m.small * 1.3)
        card_w = max(30, min(m.px(64), self.body.w // 9))
        self.card_w = card_w
        for i, (name, mk) in enumerate(self.items or []):
            who = f"{name}, y" if name else "Y"
            turn = mk.view.turns_taken[mk.view.seat] + 1
            head = (f"{i + 1}. Turn {turn}: {who}ou {move_words(mk.played, past=True)}; the "
                    f"coach would {move_words(mk.better)} ({cost_words(mk)}).")
            lines = list(wrap(head, m.small, self.body.w - m.pad)) + \
                list(wrap(readable(mk.reason, self.session.names), m.small,
                          self.body.w - m.pad))
            hand_h = int(card_w * cardart.CARD_RATIO) + 8
            h = len(lines) * line + hand_h + m.pad
            self.blocks.append((y, h, "item", (lines, mk)))
            y += h + m.pad // 2
        self.content_h = y
        self.scroll = max(0, min(self.scroll, self.content_h - self.body.h))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        press_buttons(self, event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK, pygame.K_RETURN,
                             pygame.K_KP_ENTER, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self._scroll_to(self.scroll + (1 if event.key == pygame.K_DOWN else -1) * 60)
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.scroll - event.y * 60)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._drag = (event.pos[1], self.scroll)
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            self._scroll_to(self._drag[1] - (event.pos[1] - self._drag[0]))
        elif event.type == pygame.MOUSEBUTTONUP:
            self._drag = None
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(y, self.content_h - self.body.h))

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        felt(surface)
        w = surface.get_width()
        t = fit_text("The coach's review", m.body + 4, palette.GOLD, w - 2 * m.pad, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, m.pad // 2)))
        deal = self.session.last_deal
        sub = f"Deal {deal.end.deal_no}: your costliest decisions" if deal else ""
        s = fit_text(sub, m.small, palette.TEXT_DIM, w - 2 * m.pad)
        surface.blit(s, s.get_rect(midtop=(w // 2, m.pad // 2 + t.get_height())))
        if self.items is None:
            note = "Reviewing your play…"
        elif self.problem:
            note = self.problem
        elif not self.items:
            note = "No costly mistakes in this deal: the coach would have played as you did."
        else:
            note = ""
        if note:
            for k, text in enumerate(wrap(note, m.body, self.body.w)):
                img = fonts.text(text, m.body, palette.HILITE)
                surface.blit(img, img.get_rect(midtop=(w // 2, self.body.y + m.pad + k *
                                                       int(m.body * 1.3))))
        clip = surface.get_clip()
        surface.set_clip(self.body)
        if self.content_h > self.body.h:
            record.scrolls(surface, self.body)  # its edges cut what scrolls past, meant so
        for top, h, _, (lines, mk) in self.blocks:
            top += self.body.y - self.scroll
            if top + h >= self.body.y and top <= self.body.bottom:
                self._draw_item(surface, pygame.Rect(self.body.x, top, self.body.w, h), lines, mk)
        surface.set_clip(clip)
        pygame.draw.rect(surface, palette.FELT_DARK, self.footer)
        for b in self.buttons:
            b.draw(surface, m.body)
        self._drawn = True

    def _draw_item(self, surface, box: pygame.Rect, lines: list[str], mk) -> None:
        m = self.m
        pygame.draw.rect(surface, (20, 58, 42), box, border_radius=8)
        line = int(m.small * 1.3)
        y = box.y + m.pad // 2
        for k, text in enumerate(lines):
            color = palette.HILITE if k == 0 else palette.TEXT
            surface.blit(fonts.text(text, m.small, color), (box.x + m.pad // 2, y))
            y += line
        hand = sorted_hand(mk.view.hand)
        cw = self.card_w
        inner = box.w - m.pad - cw
        step = min(cw + 2, inner / max(1, len(hand) - 1))
        wild = mk.view.wild
        rects = [pygame.Rect(int(box.x + m.pad // 2 + i * step), y + 4, cw,
                             int(cw * cardart.CARD_RATIO)) for i in range(len(hand))]
        rings = []
        for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
            surface.blit(cardart.face(card, cw, wild=card.is_joker or card.kind in wild), rect)
            # on a narrow screen the next card is drawn over this one: the
            # ring encloses only what shows of it, as the table's hint does,
            # or it would take in the neighbour too
            shows = visible_part(rect, rects[i + 1] if i + 1 < len(rects) else None)
            if card == getattr(mk.played, "card", None):
                rings.append((shows, (220, 90, 80)))
            if card == getattr(mk.better, "card", None):
                rings.append((shows, palette.OK))
        for rect, color in rings:
            glow(surface, rect, color, 3)
