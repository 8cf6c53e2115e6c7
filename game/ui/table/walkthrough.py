"""The first-deal walkthrough: a table part that points, step by step, at the
stock, the discard pile, the hand's groups and the declare (show, go out)
button of the family being played, each with a short text and Next / Skip.

- It shows while the ``walkthrough`` setting is on, in a deal a person
  plays (never in a demo, never once the person is out of the deal);
  finishing it or skipping it turns the setting off and saves at once, so
  it appears in a new player's first deal and then no more (Settings can
  turn it on again).
- It never stands in the way of play: it uses only the presses on its own
  two buttons and lets every other event through to the table.  Its text
  sits in a strip the table's layout makes room for (``notice_height``,
  ``layout.notice``), in place of the info line and above it: it covers no
  seat, pile, card or button, every step's text is in the same place, and
  Next never moves.  A reply to the person (a refused move) shows in the
  strip while it lasts.  When the tour ends the table lays itself out again
  without the strip.

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
from game.uikit.table.layout import pile_label_height
from game.uikit.table.parts import OVER_HAND, TablePart
from game.uikit.widgets import Button, Metrics, panel, record, wrap

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

_PLAYING = (Phase.DRAW, Phase.DISCARD, Phase.FAMILY)
WIDE_STRIP = 560  # pixels: a strip this wide has the tour's buttons beside its text
# a window this short (a phone on its side) puts each step's title in its text's first line
SHORT_WINDOW = 560
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
        self.arrow: tuple | None = None  # the arrow last drawn: (tail, tip)
        self._steps: tuple[Step, ...] = ()
        self._table: TableScene | None = None
        self._memo: dict = {}  # the strip's height and lines, by what they depend on

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
        buttons = {b.key: b for b in table.current_buttons() if b.rect.w}
        found = next((buttons[k] for k in FINISH_KEYS if k in buttons), None)
        return found.rect if found is not None else lay.buttons

    # ------------------------------------------------------------ the strip
    def notice_height(self, table: TableScene, size: tuple[int, int]) -> int:
        if not table.app.settings["walkthrough"] or table.demo:
            return 0
        steps = self.steps(table)
        key = ("height", size, steps)
        if key not in self._memo:
            m = Metrics(*size)
            self._memo[key] = max(self._measure(f"{step.title}  ·  {n + 1} of {len(steps)}",
                                                step.text, size, m)[1]
                                  for n, step in enumerate(steps))
        return self._memo[key]

    def notice_up(self, table: TableScene) -> bool:
        return self.active(table) and bool(table.layout.notice.h)

    def update(self, dt: float, table: TableScene) -> None:
        self._table = table
        if bool(table.room.notice) != bool(self.notice_height(table, table.app.size)):
            table.relayout()  # turned on again in Settings, or just ended

    @staticmethod
    def _wide(rect: pygame.Rect, m: Metrics) -> bool:
        """Whether the buttons stand beside the text (else under it)."""
        return rect.w >= WIDE_STRIP

    def _boxes(self, rect: pygame.Rect, m: Metrics) -> tuple[pygame.Rect, pygame.Rect,
                                                             pygame.Rect]:
        """The text's box, Skip's and Next's, in the strip ``rect``."""
        pad = m.pad
        bw = min(m.px(150), (rect.w - 3 * pad) // 2)
        bh = max(m.touch, int(m.small * 2.4))
        if self._wide(rect, m):
            nxt = pygame.Rect(rect.right - pad - bw, rect.centery - bh // 2, bw, bh)
            text = pygame.Rect(rect.x + pad, rect.y, nxt.x - 2 * pad - bw - rect.x - pad,
                               rect.h)
        else:
            nxt = pygame.Rect(rect.right - pad - bw, rect.bottom - pad // 2 - bh, bw, bh)
            text = pygame.Rect(rect.x + pad, rect.y, rect.w - 2 * pad, nxt.y - rect.y)
        skip = nxt.move(-bw - pad, 0)
        return text, skip, nxt

    @staticmethod
    def _lines(head: str, text: str, width: int, m: Metrics, inline: bool
               ) -> list[tuple[str, str]]:
        """The strip's lines as (gold head, text) pairs: the head on a line of
        its own, or (``inline``, a short window) leading the text's first line."""
        if not inline:
            return [(head, "")] + [("", line) for line in wrap(text, m.small, width)]
        lead = head + "  "
        room = width - fonts.font(m.small, True).size(lead)[0]
        words = text.split(" ")
        first = ""
        while words and fonts.font(m.small).size((first + " " + words[0]).strip())[0] <= room:
            first = (first + " " + words.pop(0)).strip()
        rest = wrap(" ".join(words), m.small, width) if words else ()
        return [(lead, first)] + [("", line) for line in rest]

    def _measure(self, head: str, text: str, size: tuple[int, int], m: Metrics
                 ) -> tuple[list[tuple[str, str]], int]:
        """The strip's lines in a window of ``size``, and the strip's height."""
        rect = pygame.Rect(m.pad, 0, size[0] - 2 * m.pad, 400)
        box, skip, _ = self._boxes(rect, m)
        lines = self._lines(head, text, box.w, m, inline=size[1] < SHORT_WINDOW)
        body = m.pad // 2 + len(lines) * int(m.small * 1.3) + m.pad // 2 + 2
        if self._wide(rect, m):
            return lines, max(body, skip.h + m.pad)
        return lines, body + skip.h + m.pad

    def _head(self, table: TableScene) -> str:
        steps = self.steps(table)
        step = steps[min(self.step, len(steps) - 1)]
        return f"{step.title}  ·  {self.step + 1} of {len(steps)}"

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        self._table = table
        if not self.active(table) or not table.layout.notice.h:
            self.tour_buttons = []
            return
        steps = self.steps(table)
        step = steps[min(self.step, len(steps) - 1)]
        target = self.target(table, step)
        glow(surface, target, palette.GOLD, 4)
        pygame.draw.rect(surface, palette.GOLD, target.inflate(10, 10), width=3,
                         border_radius=max(6, min(target.w, target.h) // 8))
        lay = table.layout
        m = lay.m
        self.bubble = lay.notice
        avoid = [r.inflate(12, 12) for r in (lay.stock, lay.discard, lay.cut)
                 if r.w and r != target]  # with room for the stock's depth and the glow
        piles = [r for r in (lay.stock, lay.discard, lay.cut) if r.w]
        # a pile's two lines (its name, the wild cards) are under it: an arrow
        # from below stops under them rather than crossing their words
        under = pile_label_height(m) if target in piles else 0
        self.arrow = self._arrow(surface, self.bubble, target, avoid, under)
        panel(surface, self.bubble, edge=palette.GOLD, alpha=245)
        box, skip, nxt = self._boxes(self.bubble, m)
        text, color = step.text, palette.TEXT
        reply, reply_color, left, at = table.message
        if left > 0 and at == len(table.session.actions) and reply:
            text, color = reply, reply_color  # the table's answer to the person, while it lasts
        head = self._head(table)
        key = ("lines", head, text, step.text, lay.size)
        if key not in self._memo:  # (worked out once a step: every frame draws it)
            if len(self._memo) > 64:
                self._memo.clear()
            self._memo[key] = (len(self._measure(head, step.text, lay.size, m)[0]),
                               self._lines(head, text, box.w, m,
                                           inline=lay.size[1] < SHORT_WINDOW))
        most, lines = self._memo[key]
        if len(lines) > most:  # a long reply: the lines the strip holds (the fit test hears)
            lines = lines[:most]
            if record.ACTIVE is not None:
                record.ACTIVE.left_out(text)
        x, y = box.x, box.y + m.pad // 2 + 2
        for lead, line in lines:
            at_x = x
            if lead:
                t = fonts.text(lead.rstrip(), m.small, palette.GOLD, True)
                surface.blit(t, (at_x, y))
                at_x += fonts.font(m.small, True).size(lead)[0]
            if line:
                surface.blit(fonts.text(line, m.small, color), (at_x, y))
            y += int(m.small * 1.3)
        last = self.step + 1 >= len(steps)
        self.tour_buttons = [Button("Skip tour", self.skip, style="quiet", key="tour_skip"),
                             Button("Done" if last else "Next", self.next, style="primary",
                                    key="tour_next")]
        self.tour_buttons[0].rect, self.tour_buttons[1].rect = skip, nxt
        for b in self.tour_buttons:
            b.draw(surface, m.small)

    def _arrow(self, surface: pygame.Surface, bubble: pygame.Rect, target: pygame.Rect,
               avoid: list[pygame.Rect], under: int = 0) -> tuple | None:
        """A gold arrow from the strip's edge to the target's, along a path
        that crosses no pile when there is one (the nearest to straight);
        from below, it stops ``under`` pixels under the target (its words).
        Returns the arrow drawn, (tail, tip), or None."""
        if bubble.colliderect(target):
            return None
        best = None
        above = target.centery < bubble.centery
        for shift in range(0, bubble.w, 4):
            for d in (shift, -shift) if shift else (0,):
                x = max(bubble.x + 8, min(target.centerx + d, bubble.right - 8))
                tx = max(target.x + 8, min(x, target.right - 8))
                start = (x, bubble.y if above else bubble.bottom)
                end = (tx, target.bottom + under if above else target.y)
                if not any(r.clipline(start, end) for r in avoid):
                    best = (start, end)
                    break
            if best is not None:
                break
        if best is None:
            best = ((target.centerx, bubble.y if above else bubble.bottom),
                    (target.centerx, target.bottom + under if above else target.y))
        tail, tip = pygame.Vector2(best[0]), pygame.Vector2(best[1])
        vec = tip - tail
        if vec.length() < 8:
            return None
        unit = vec.normalize()
        width = max(3, surface.get_width() // 300)
        head = unit * max(14, width * 4)
        side = pygame.Vector2(-head.y, head.x) * 0.5
        pygame.draw.line(surface, palette.GOLD, tail, tip - head * 0.8, width)
        pygame.draw.polygon(surface, palette.GOLD, [tip, tip - head + side, tip - head - side])
        return tail, tip
