"""A scrolling column of rows (headings, text, choices, buttons) that works
with a mouse, a finger (drag to scroll) and the keyboard (arrows, Enter).
Menus, rule options, settings and help are all forms."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.uikit.art import fonts, palette
from game.uikit.widgets import record
from game.uikit.widgets.buttons import Button
from game.uikit.widgets.metrics import Metrics
from game.uikit.widgets.text import clamp_lines, fit_text, wrap

DRAG_SLOP = 10  # pixels a finger may wander before a press becomes a scroll


class Row:
    focusable = True
    column = 0  # in a two-column form: 0 the left column, 1 the right
    span = False  # across both columns (a title)
    foot = False  # in a two-column form: at the foot of its column, level with the other's end

    def height(self, m: Metrics, width: int) -> int:
        return m.button_h

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, m: Metrics, focus: bool) -> None:
        pass

    def click(self, pos: tuple[int, int], rect: pygame.Rect, m: Metrics | None = None) -> None:
        pass

    def key(self, key: int) -> bool:
        return False


def right(row: Row) -> Row:
    """``row`` in the right-hand column of a two-column form."""
    row.column = 1
    return row


def foot(row: Row) -> Row:
    """``row`` at the foot of its column in a two-column form, its bottom level
    with the other column's last row (where it stays apart from the rows above
    it); in one column, where it stands."""
    row.foot = True
    return row


class Heading(Row):
    focusable = False

    def __init__(self, text: str, big: bool = False) -> None:
        self.text = text
        self.big = big
        self.span = big

    def height(self, m: Metrics, width: int) -> int:
        return int((m.title if self.big else m.body) * 1.7)

    def draw(self, surface, rect, m, focus) -> None:
        size = m.title if self.big else m.body
        surf = fit_text(self.text, size, palette.GOLD, rect.w, bold=True,
                        least=m.body if self.big else 0)
        x = rect.centerx - surf.get_width() // 2 if self.big else rect.x
        surface.blit(surf, (x, rect.bottom - surf.get_height() - 4))


class Text(Row):
    focusable = False

    def __init__(self, text: str | Callable[[], str], color=palette.TEXT_DIM,
                 small: bool = True) -> None:
        self.text = text
        self.color = color
        self.small = small

    def _str(self) -> str:
        return self.text() if callable(self.text) else self.text

    def height(self, m: Metrics, width: int) -> int:
        size = m.small if self.small else m.body
        return int(len(wrap(self._str(), size, width)) * size * 1.3) + 4

    def draw(self, surface, rect, m, focus) -> None:
        size = m.small if self.small else m.body
        y = rect.y + 2
        for line in wrap(self._str(), size, rect.w):
            surface.blit(fonts.text(line, size, self.color), (rect.x, y))
            y += int(size * 1.3)


class Choice(Row):
    """``label``: value, changed with the arrows, a click, or Left/Right.

    Side by side (the label at the left, ◀ value ▶ at the right), each on up
    to two lines; where that is too narrow for either (a phone), the label
    stands over ◀ value ▶, which then takes the whole width: a choice's words
    are never cut."""

    def __init__(self, label: str, value: Callable[[], str], change: Callable[[int], None],
                 key: str = "") -> None:
        self.label = label
        self.value = value
        self.change = change
        self.key_name = key

    def _stacked(self, width: int, m: Metrics) -> bool:
        label, _, value, _ = self._side(pygame.Rect(0, 0, width, m.button_h), m)
        return (len(wrap(self.label, m.body, label.w)) > 2
                or len(wrap(self.value(), m.body, value.w, True)) > 2)

    @staticmethod
    def _side(rect: pygame.Rect, m: Metrics) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect,
                                                       pygame.Rect]:
        """Side by side: the label's box, the left arrow, the value's box, the right arrow."""
        label_w = int(rect.w * 0.42)
        arrow = max(m.button_h - 4, 30)  # each arrow is a touch target of its own
        label = pygame.Rect(rect.x + m.pad, rect.y, label_w - m.pad, rect.h)
        left = pygame.Rect(rect.x + label_w, rect.y, arrow, rect.h)
        right = pygame.Rect(rect.right - arrow, rect.y, arrow, rect.h)
        value = pygame.Rect(left.right + 2, rect.y, right.x - left.right - 4, rect.h)
        return label, left, value, right

    def _boxes(self, rect: pygame.Rect, m: Metrics) -> tuple[pygame.Rect, pygame.Rect,
                                                             pygame.Rect, pygame.Rect]:
        """The label's box, the left arrow, the value's box and the right arrow."""
        if not self._stacked(rect.w, m):
            return self._side(rect, m)
        head = int(m.body * 1.4)
        label = pygame.Rect(rect.x + m.pad, rect.y, rect.w - 2 * m.pad, head)
        arrow = max(m.button_h - 4, 30)
        low = pygame.Rect(rect.x, rect.y + head, rect.w, rect.h - head)
        left = pygame.Rect(low.x, low.y, arrow, low.h)
        right = pygame.Rect(low.right - arrow, low.y, arrow, low.h)
        value = pygame.Rect(left.right + 2, low.y, right.x - left.right - 4, low.h)
        return label, left, value, right

    def height(self, m: Metrics, width: int) -> int:
        if self._stacked(width, m):
            value = self._boxes(pygame.Rect(0, 0, width, 2 * m.button_h), m)[2]
            lines = len(wrap(self.value(), m.body, value.w, True))
            return int(m.body * 1.4) + max(m.button_h, min(2, lines) * int(m.body * 1.2) + 8)
        label, _, value, _ = self._side(pygame.Rect(0, 0, width, m.button_h), m)
        lines = max(len(wrap(self.label, m.body, label.w)),
                    len(wrap(self.value(), m.body, value.w, True)))
        return max(m.button_h, min(2, lines) * int(m.body * 1.2) + 8)

    def draw(self, surface, rect, m, focus) -> None:
        fill = (34, 86, 62) if focus else (24, 64, 46)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        if focus:
            pygame.draw.rect(surface, palette.HILITE, rect, width=2, border_radius=8)
        label, left, value, right = self._boxes(rect, m)
        _two_lines(surface, self.label, m, palette.TEXT, False, label, centre=False)
        arrow = max(14, min(value.h, m.button_h) // 2)
        for box, pts in ((left, ((1, 0), (0, 0.5), (1, 1))), (right, ((0, 0), (1, 0.5), (0, 1)))):
            a = pygame.Rect(0, 0, arrow // 2, arrow * 2 // 3)
            a.center = box.center
            pygame.draw.polygon(surface, palette.GOLD,
                                [(a.x + px * a.w, a.y + py * a.h) for px, py in pts])
        _two_lines(surface, self.value(), m, palette.HILITE, True, value, centre=True)

    def click(self, pos, rect, m: Metrics | None = None) -> None:
        label, left, value, right = self._boxes(rect, m or Metrics(rect.w, rect.w))
        self.change(-1 if left.x <= pos[0] < value.x else 1)

    def key(self, key) -> bool:
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_RETURN: 1, pygame.K_SPACE: 1,
                pygame.K_KP_ENTER: 1}.get(key)
        if step is None:
            return False
        self.change(step)
        return True


def _two_lines(surface, text: str, m: Metrics, color, bold: bool, box: pygame.Rect,
               centre: bool) -> None:
    """``text`` at body size, on one line or wrapped onto two (never smaller)."""
    size = m.body
    lines = clamp_lines(text, size, box.w, 2, bold)
    lh = int(size * 1.2)
    y = box.centery - lh * len(lines) // 2
    for line in lines:
        img = fit_text(line, size, color, box.w, bold=bold)
        x = box.centerx - img.get_width() // 2 if centre else box.x
        surface.blit(img, (x, y + (lh - img.get_height()) // 2))
        y += lh


class Buttons(Row):
    """One or more buttons side by side; Left/Right moves between them."""

    def __init__(self, *buttons: Button) -> None:
        self.buttons = list(buttons)
        self.focus = 0

    @property
    def focusable(self) -> bool:  # type: ignore[override]
        return any(b.enabled for b in self.buttons)

    def _place(self, rect: pygame.Rect, gap: int) -> None:
        n = len(self.buttons)
        w = (rect.w - gap * (n - 1)) // n
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)

    def draw(self, surface, rect, m, focus) -> None:
        self._place(rect, m.pad)
        for i, b in enumerate(self.buttons):
            b.draw(surface, m.body, focus=focus and i == self.focus)

    def click(self, pos, rect, m: Metrics | None = None) -> None:
        for b in self.buttons:
            if b.hit(pos):
                b.on_click()
                return

    def key(self, key) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            self.focus = (self.focus + step) % len(self.buttons)
            return True
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            b = self.buttons[self.focus]
            if b.enabled:
                b.on_click()
            return True
        return False


class Form:
    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.metrics = Metrics(1, 1)
        self.scroll = 0
        self.focus = next((i for i, r in enumerate(rows) if r.focusable), -1)
        self._press: tuple[int, int] | None = None
        self._dragging = False
        self._spots: list[pygame.Rect] = []  # each row's rect in content coordinates
        self.content_h = 0
        self.columns = 1

    def set_rows(self, rows: list[Row]) -> None:
        self.rows = rows
        if not (0 <= self.focus < len(rows) and rows[self.focus].focusable):
            self.focus = next((i for i, r in enumerate(rows) if r.focusable), -1)
        self.layout(self.rect, self.metrics, self.columns)

    def layout(self, rect: pygame.Rect, m: Metrics, columns: int = 1) -> None:
        """Place the rows in ``rect``: one column, or two (each row's ``column``;
        a ``span`` row goes across both, below everything before it)."""
        self.rect = pygame.Rect(rect)
        self.metrics = m
        self.columns = columns
        gap = max(4, m.pad // 2)
        two = columns == 2 and any(r.column for r in self.rows)
        col_gap = m.pad * 2
        col_w = (rect.w - col_gap) // 2 if two else rect.w
        ys = [0, 0]
        self._spots = []
        feet: list[int] = []
        for i, row in enumerate(self.rows):
            if not two or row.span:
                y = max(ys)
                h = row.height(m, rect.w)
                self._spots.append(pygame.Rect(rect.x, y, rect.w, h))
                ys = [y + h + gap] * 2
                continue
            c = 1 if row.column else 0
            h = row.height(m, col_w)
            self._spots.append(pygame.Rect(rect.x + c * (col_w + col_gap), ys[c], col_w, h))
            if row.foot:
                feet.append(i)
            ys[c] += h + gap
        end = max(ys) - gap
        for i in feet:
            spot = self._spots[i]
            if all(s.x != spot.x for s in self._spots[i + 1:]):  # the last of its column
                spot.y = max(spot.y, end - spot.h)
        self.content_h = max(0, max(ys) - gap)
        self._clamp()

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.rect.h)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def row_rect(self, i: int) -> pygame.Rect:
        spot = self._spots[i]
        return pygame.Rect(spot.x, self.rect.y + spot.y - self.scroll, spot.w, spot.h)

    def row_at(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        for i in range(len(self._spots)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return -1

    def _show(self, i: int) -> None:
        spot = self._spots[i]
        if spot.y < self.scroll:
            self.scroll = spot.y
        elif spot.bottom > self.scroll + self.rect.h:
            self.scroll = spot.bottom - self.rect.h
        self._clamp()

    def handle_event(self, event: pygame.event.Event) -> bool:
        handler = _FORM_EVENTS.get(event.type)
        return handler(self, event) if handler else False

    def _wheel(self, event) -> bool:
        if self.max_scroll == 0:
            return False
        self.scroll -= int(event.y * self.metrics.button_h)
        self._clamp()
        return True

    def _down(self, event) -> bool:
        if event.button != 1 or not self.rect.collidepoint(event.pos):
            return False
        self._press = event.pos
        self._dragging = False
        self._scroll0 = self.scroll
        return True

    def _motion(self, event) -> bool:
        if self._press is None:
            return False
        dy = event.pos[1] - self._press[1]
        if self._dragging or abs(dy) > DRAG_SLOP:
            self._dragging = True
            self.scroll = self._scroll0 - dy
            self._clamp()
        return True

    def _up(self, event) -> bool:
        if event.button != 1 or self._press is None:
            return False
        press, self._press = self._press, None
        if self._dragging:
            return True
        i = self.row_at(event.pos)
        if i >= 0 and i == self.row_at(press) and self.rows[i].focusable:
            self.focus = i
            self.rows[i].click(event.pos, self.row_rect(i), self.metrics)
        return True

    def _key(self, event) -> bool:
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            n = len(self.rows)
            i = self.focus
            for _ in range(n):
                i = (i + step) % n
                if self.rows[i].focusable:
                    self.focus = i
                    self._show(i)
                    break
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll += self.rect.h * (1 if event.key == pygame.K_PAGEDOWN else -1)
            self._clamp()
            return True
        if 0 <= self.focus < len(self.rows):
            return self.rows[self.focus].key(event.key)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for i, row in enumerate(self.rows):
            r = self.row_rect(i)
            if r.bottom < self.rect.y or r.y > self.rect.bottom:
                continue
            row.draw(surface, r, self.metrics, i == self.focus)
        surface.set_clip(clip)
        if self.max_scroll and record.ACTIVE is not None and (rec := record.on(surface)):
            rec.scrolling(self.rect)
        if self.max_scroll:
            track = pygame.Rect(self.rect.right + 2, self.rect.y, 4, self.rect.h)
            size = max(20, self.rect.h * self.rect.h // max(1, self.content_h))
            top = track.y + (track.h - size) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, palette.GOLD_DARK, (track.x, top, 4, size), border_radius=2)


_FORM_EVENTS = {
    pygame.MOUSEWHEEL: Form._wheel,
    pygame.MOUSEBUTTONDOWN: Form._down,
    pygame.MOUSEMOTION: Form._motion,
    pygame.MOUSEBUTTONUP: Form._up,
    pygame.KEYDOWN: Form._key,
}
