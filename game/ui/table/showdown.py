"""The beat between a declaration and the scores: the winner's hand laid out
on the table, meld by meld with its names, long enough to read; then the
scores.  A tap, Enter or the button goes on at once.

Over the table (not opaque), pushed by the table when a deal is settled;
it replaces itself with the scores (the app's ``screens.scores``).  Reads
the settled state; changes nothing.
"""

from __future__ import annotations

import pygame

from game.uikit.art import cardart, palette
from game.uikit.scene import Scene
from game.uikit.table.draw_util import label_spots
from game.uikit.table.layout import flow_hand
from game.uikit.table.wording import readable
from game.uikit.widgets import (
    Button,
    Metrics,
    dim,
    fit_text,
    flow_buttons,
    panel,
    press_buttons,
    wrap,
)

REVEAL = 4.0  # seconds the winner's hand shows at normal speed
LAY = 0.05  # seconds between cards laid down (at most two new faces a frame: the
# browser draws a new card face slowly, and 13 at once would stall a frame)


def reveal_seconds(speed: float) -> float:
    return REVEAL * max(speed, 0.3)


class ShowdownScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        st = table.state
        res = st.result
        names = table.session.names
        self.left = reveal_seconds(app.settings.speed)
        self.total = self.left
        win = next((r for r in res.seats if r.seat == res.winner), None) if res else None
        self.groups: list[list] = []
        self.titles: list[str] = []
        if win is not None:
            own = table.ask("seat_cards", win)  # the family's layout, as the scores show it
            melds, titles, loose = ((own.groups, own.names, own.loose) if own is not None
                                    else (win.melds, win.meld_names, win.deadwood))
            self.groups = [list(m) for m in melds]
            self.titles = [n[:1].upper() + n[1:] for n in titles]
            if loose:
                self.groups.append(list(loose))
                self.titles.append(table.ask("loose_title", win) or "Loose")
        who = names[res.winner] if res and res.winner is not None else ""
        you = who == names[table.bottom] and not table.demo
        if res is None or res.void or win is None:
            self.title = "Void deal: no one pays"
            self.sub = ""
        elif self.groups:
            self.title = (table.ask("showdown_title", res, "You" if you else who)
                          or f"{'You' if you else who} declared: Rummy!")
            why = win.why if win.why and win.why.lower() != "declared" else ""
            why = readable(why, names)
            self.sub = why[:1].upper() + why[1:]
        else:
            self.title = f"{'You win' if you else who + ' wins'} the deal"
            self.sub = "Everyone else packed."
        self.buttons = [Button("See the scores", self._go, style="primary", key="scores")]
        self._press: Button | None = None
        self.t = 0.0
        self.laid = 0  # cards laid down so far

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        self._place(size, m, None)
        if self.geo is not None:  # a short hand: the panel shrinks round the cards
            used = sum(r.h for r in self.geo.row_rects)
            self._place(size, m, used + m.pad // 2)

    def _place(self, size: tuple[int, int], m: Metrics, cards_h: int | None) -> None:
        w = min(size[0] - 2 * m.pad, m.px(1000))
        label_h = int(m.small * 1.5)
        self.sub_lines = wrap(self.sub, m.small, w - 2 * m.pad)[:2] if self.sub else ()
        head = int(m.body * 1.6) + int(m.small * 1.3) * len(self.sub_lines) + \
            (int(m.small * 0.3) if self.sub else 0)
        foot = m.button_h + m.pad
        if cards_h is None:
            cards_h = min(size[1] - 4 * m.pad - head - foot, m.px(320)) if self.groups else 0
        self.rect = pygame.Rect(0, 0, w, head + cards_h + foot + 2 * m.pad)
        lay = self.table.layout
        centre_y = lay.middle.centery if lay is not None else size[1] // 2
        self.rect.center = (size[0] // 2, centre_y)
        self.rect.clamp_ip(pygame.Rect(0, 0, *size))
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        self.head_y = inner.y
        area = pygame.Rect(inner.x, inner.y + head, inner.w, cards_h)
        self.geo = flow_hand([len(g) for g in self.groups], area, m.px(96), label_h) \
            if self.groups else None
        buttons = pygame.Rect(inner.x, inner.bottom - m.button_h, inner.w, m.button_h)
        flow_buttons(self.buttons, buttons, m.body, m.button_h, m.pad, m.pad * 2)

    # ------------------------------------------------------------ input, time
    def handle_event(self, event: pygame.event.Event) -> bool:
        pressed = self._press
        press_buttons(self, event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pressed is None \
                and not self.rect.collidepoint(event.pos):
            self._go()  # a tap anywhere off the panel goes on too
        if event.type == pygame.KEYDOWN:
            if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                 pygame.K_ESCAPE):
                return False  # unused: a global key (M) may take it
            self._go()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def update(self, dt: float) -> None:
        self.t += dt
        total = sum(len(g) for g in self.groups)
        self.laid = min(total, self.laid + 2, int(self.t / LAY) + 1)
        self.left -= dt
        if self.left <= 0:
            self._go()

    @property
    def animating(self) -> bool:
        return True

    def _go(self) -> None:
        if self.app.top is not self:
            return
        app = self.app
        app.pop()
        app.push(app.screens.scores(self.table))

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        dim(surface, 90)
        panel(surface, self.rect, edge=palette.GOLD)
        t = fit_text(self.title, m.body + 4, palette.GOLD, self.rect.w - 2 * m.pad, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.rect.centerx, self.head_y)))
        y = self.head_y + int(m.body * 1.6)
        for k, line in enumerate(self.sub_lines):
            if k == len(self.sub_lines) - 1 and len(self.sub_lines) < len(
                    wrap(self.sub, m.small, self.rect.w - 2 * m.pad)):
                line += " …"
            s = fit_text(line, m.small, palette.TEXT, self.rect.w - 2 * m.pad)
            surface.blit(s, s.get_rect(midtop=(self.rect.centerx, y)))
            y += int(m.small * 1.3)
        geo = self.geo
        if geo is not None:
            wild = self.table.state.wild
            for gi, ci, rect in geo.slots[:self.laid]:
                card = self.groups[gi][ci]
                surface.blit(cardart.face(card, rect.w, wild=card.is_joker or card.kind in wild),
                             rect)
            spots = label_spots(geo, self.titles, m.small, self.rect.right - m.pad)
            for gi, span in enumerate(geo.spans):
                loose = self.titles[gi] == "Loose"
                color = (236, 140, 120) if loose else palette.OK
                x, room = spots[gi]
                label = fit_text(self.titles[gi], m.small, color, room, bold=True)
                surface.blit(label, (x, span.y - geo.lift - geo.label_h + 2))
        for b in self.buttons:
            b.draw(surface, m.body)
        # how long until the scores come by themselves: a thin bar under the buttons
        k = max(0.0, self.left / self.total) if self.total else 0.0
        bar = pygame.Rect(self.rect.x + m.pad, self.rect.bottom - 6, int((self.rect.w - 2 * m.pad)
                                                                        * k), 3)
        pygame.draw.rect(surface, palette.GOLD_DARK, bar)
