"""The first-deal walkthrough: a table part that points, step by step, at the
stock, the discard pile, the hand's groups and the declare (show, go out)
button of the family being played, each with a short bubble and Next / Skip.

- It shows while the ``walkthrough`` setting is on, in a deal a person
  plays (never in a demo, never once the person is out of the deal);
  finishing it or skipping it turns the setting off and saves at once, so
  it appears in a new player's first deal and then no more (Settings can
  turn it on again).
- It never stands in the way of play: it uses only the presses on its own
  two buttons, lets every other event through to the table, and its bubble
  sits where no pile, card or button of the table lies whenever there is
  room for it.  Once it ends it draws nothing and uses nothing.

Every family's table gets it, first among its parts (``family_parts``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.howto import Step, walkthrough_steps
from game.engine import Phase
from game.engine.state import SeatStatus
from game.uikit.art import fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.table.parts import OVER_HAND, TablePart
from game.uikit.widgets import Button, panel, wrap

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

_PLAYING = (Phase.DRAW, Phase.DISCARD, Phase.FAMILY)
FINISH_KEYS = ("declare", "show", "go_out", "see", "lay_down")  # buttons the last step seeks


class Walkthrough(TablePart):
    layer = OVER_HAND

    def __init__(self) -> None:
        self.step = 0
        self._on = False  # the setting when last looked at: turned on again, start over
        self._ready = False  # the deal's cards have landed (nothing to point at before)
        self.tour_buttons: list[Button] = []
        self._press: Button | None = None
        self.bubble = pygame.Rect(0, 0, 0, 0)
        self._steps: tuple[Step, ...] = ()
        self._table: TableScene | None = None

    # ------------------------------------------------------------ state
    def active(self, table: TableScene) -> bool:
        """Whether the walkthrough is on the table now."""
        on = bool(table.app.settings["walkthrough"])
        if on and not self._on:
            self.step = 0
        self._on = on
        if not on or table.demo:
            return False
        if not self._ready:
            self._ready = not table.anim.busy
            if not self._ready:
                return False
        st = table.state
        return st.phase in _PLAYING and st.status[table.bottom] == SeatStatus.ACTIVE

    def steps(self, table: TableScene) -> tuple[Step, ...]:
        if not self._steps:
            self._steps = walkthrough_steps(table.state.rules)
        return self._steps

    def _end(self) -> None:
        """Finished or skipped: off for good (the player may turn it on again)."""
        self.tour_buttons = []
        self._on = False
        table = self._table
        if table is not None:
            table.app.settings.set("walkthrough", False)
            table.app.mark_dirty()
            table.app.save_now()

    def next(self) -> None:
        if self.step + 1 >= len(self._steps):
            self._end()
        else:
            self.step += 1

    def skip(self) -> None:
        self._end()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event, table: TableScene) -> bool:
        self._table = table
        if not self.active(table) or event.type not in (pygame.MOUSEBUTTONDOWN,
                                                        pygame.MOUSEBUTTONUP):
            return False
        if getattr(event, "button", 1) != 1:
            return False
        hit = next((b for b in self.tour_buttons if b.hit(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._press = hit
            return hit is not None
        pressed, self._press = self._press, None
        if hit is not None and hit is pressed:
            hit.on_click()
            return True
        return hit is not None

    # ------------------------------------------------------------ targets
    def target(self, table: TableScene, step: Step) -> pygame.Rect:
        lay = table.layout
        if step.target == "stock":
            return lay.stock
        if step.target == "discard":
            return lay.discard
        if step.target == "hand":
            slots = [r for _, _, r in table.geometry().slots]
            return slots[0].unionall(slots[1:]) if slots else lay.hand
        for b in table.current_buttons():
            if b.key in FINISH_KEYS and b.rect.w:
                return b.rect
        return lay.buttons

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        self._table = table
        if not self.active(table):
            return
        steps = self.steps(table)
        step = steps[min(self.step, len(steps) - 1)]
        target = self.target(table, step)
        if step.target == "declare" and target == table.layout.buttons:
            # no such button yet (it comes with the turn): say where it will be
            step = Step(step.target, step.title, step.text + " The button shows here when "
                        "you can use it.")
        glow(surface, target, palette.GOLD, 4)
        pygame.draw.rect(surface, palette.GOLD, target.inflate(10, 10), width=3,
                         border_radius=max(6, min(target.w, target.h) // 8))
        m = table.layout.m
        lines, self.bubble = self._place(table, step, target)
        lay = table.layout
        avoid = [r.inflate(12, 12) for r in (lay.stock, lay.discard, lay.cut)
                 if r.w and r != target]  # with room for the stock's depth and the glow
        self._arrow(surface, self.bubble, target, avoid)
        panel(surface, self.bubble, edge=palette.GOLD, alpha=245)
        pad = m.pad
        x, y = self.bubble.x + pad, self.bubble.y + pad // 2 + 2
        head = f"{step.title}  ·  {self.step + 1} of {len(steps)}"
        surface.blit(fonts.text(head, m.small, palette.GOLD, True), (x, y))
        y += int(m.small * 1.45)
        for line in lines:
            surface.blit(fonts.text(line, m.small, palette.TEXT), (x, y))
            y += int(m.small * 1.3)
        last = self.step + 1 >= len(steps)
        self.tour_buttons = [Button("Skip tour", self.skip, style="quiet", key="tour_skip"),
                        Button("Done" if last else "Next", self.next, style="primary",
                               key="tour_next")]
        bw = min((self.bubble.w - 3 * pad) // 2, m.px(150))
        bh = max(m.touch, int(m.small * 2.4))
        by = self.bubble.bottom - pad // 2 - bh
        self.tour_buttons[1].rect = pygame.Rect(self.bubble.right - pad - bw, by, bw, bh)
        self.tour_buttons[0].rect = pygame.Rect(self.tour_buttons[1].rect.x - pad - bw, by, bw, bh)
        for b in self.tour_buttons:
            b.draw(surface, m.small)

    def _place(self, table: TableScene, step: Step, target: pygame.Rect) -> tuple[tuple[str, ...],
                                                                      pygame.Rect]:
        """The bubble's lines and rect: in the open felt beside the piles, above
        or below them (over the other players' panels if need be), wherever it
        covers no pile, card, button or bar and does not hide the target; as
        a last resort at the top of the felt."""
        lay = table.layout
        m = lay.m
        sw, sh = lay.size
        gap = m.pad
        piles = lay.stock.union(lay.discard)
        if lay.cut.w:
            piles = piles.union(lay.cut)
        keep_clear = [piles, lay.hand, lay.buttons, lay.top, lay.info, target.inflate(8, 8)]
        keep_clear += [b.rect for b in table.current_buttons() if b.rect.w]
        top, bottom = lay.top.bottom + gap // 2, lay.info.y - gap // 2
        regions = [  # (free area, where in it: the side nearest the piles)
            (pygame.Rect(piles.right + gap, top, sw - gap - piles.right - gap, bottom - top),
             "left"),
            (pygame.Rect(gap, top, piles.x - 2 * gap, bottom - top), "right"),
            (pygame.Rect(gap, top, sw - 2 * gap, piles.y - gap - top), "bottom"),
            (pygame.Rect(gap, piles.bottom + gap, sw - 2 * gap, bottom - piles.bottom - gap),
             "top"),
        ]
        if target.centerx < piles.centerx:  # the side of the target first
            regions[0], regions[1] = regions[1], regions[0]
        widest = max(m.px(440), min(sw - 2 * gap, 480))  # a phone: the whole width
        for area, side in regions:
            w = min(widest, area.w)
            if w < min(m.px(280), sw - 2 * gap):
                continue
            lines, h = self._measure(step, w, m)
            if h > area.h:
                continue
            r = pygame.Rect(0, 0, w, h)
            r.centery = max(area.y + h // 2, min(piles.centery, area.bottom - h // 2))
            r.centerx = area.centerx
            if side == "left":
                r.x = area.x
            elif side == "right":
                r.right = area.right
            elif side == "bottom":
                r.bottom = area.bottom
            else:
                r.y = area.y
            if r.collidelist(keep_clear) < 0:
                return lines, r
        w = min(sw - 2 * gap, widest)
        lines, h = self._measure(step, w, m)
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (sw // 2, top)
        return lines, r

    @staticmethod
    def _measure(step: Step, w: int, m) -> tuple[tuple[str, ...], int]:
        lines = wrap(step.text, m.small, w - 2 * m.pad)
        bh = max(m.touch, int(m.small * 2.4))
        h = (m.pad // 2 + 2 + int(m.small * 1.45) + len(lines) * int(m.small * 1.3)
             + m.pad // 2 + bh + m.pad // 2)
        return lines, h

    def _arrow(self, surface: pygame.Surface, bubble: pygame.Rect, target: pygame.Rect,
               avoid: list[pygame.Rect]) -> None:
        """A gold arrow from the bubble's edge to the target's, along a path
        that crosses no pile when there is one (the nearest to straight)."""
        if bubble.colliderect(target):
            return
        best = None
        # straight down (or up) when the two share some width, else sideways
        x_overlap = bubble.x < target.right and target.x < bubble.right
        y_overlap = bubble.y < target.bottom and target.y < bubble.bottom
        vertical = x_overlap or (not y_overlap and abs(bubble.centery - target.centery)
                                 > abs(bubble.centerx - target.centerx))
        for shift in range(0, max(bubble.w, bubble.h), 4):
            for d in (shift, -shift) if shift else (0,):
                if vertical:
                    x = max(bubble.x + 8, min(bubble.centerx + d, bubble.right - 8))
                    tx = max(target.x + 8, min(x, target.right - 8))
                    start = (x, bubble.bottom if target.centery > bubble.centery else bubble.y)
                    end = (tx, target.y if target.centery > bubble.centery else target.bottom)
                else:
                    y = max(bubble.y + 8, min(bubble.centery + d, bubble.bottom - 8))
                    ty = max(target.y + 8, min(y, target.bottom - 8))
                    start = (bubble.right if target.centerx > bubble.centerx else bubble.x, y)
                    end = (target.x if target.centerx > bubble.centerx else target.right, ty)
                if not any(r.clipline(start, end) for r in avoid):
                    best = (start, end)
                    break
            if best is not None:
                break
        if best is None:
            best = ((bubble.centerx, bubble.bottom), (target.centerx, target.y))
        tail, tip = pygame.Vector2(best[0]), pygame.Vector2(best[1])
        vec = tip - tail
        if vec.length() < 8:
            return
        unit = vec.normalize()
        width = max(3, surface.get_width() // 300)
        head = unit * max(14, width * 4)
        side = pygame.Vector2(-head.y, head.x) * 0.5
        pygame.draw.line(surface, palette.GOLD, tail, tip - head * 0.8, width)
        pygame.draw.polygon(surface, palette.GOLD, [tip, tip - head + side, tip - head - side])

