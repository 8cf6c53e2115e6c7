"""Typing a short text: a deal code, a person's name.  The keyboard works
(letters, Backspace, Enter, Esc, Ctrl+V), and so does a finger: the screen
has its own keys, so a phone needs no keyboard of its own (a browser's
canvas does not raise one).

``check(text)`` returns "" when the text will do, or the reason it will
not (shown in red; the text stays to be corrected); then the dialog closes
and ``then(text)`` acts on it (it may start a game: the dialog is gone).

The field shows the whole text on up to three lines where the window has
room; a longer text shows its end, where the caret is, after "…".  The
hint or the reason is drawn whole: the dialog makes room for every line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from game.uikit.art import fonts, palette
from game.uikit.scene import Scene
from game.uikit.widgets import Button, Metrics, dim, fit_text, panel, press_buttons, wrap
from game.uikit.widgets.text import MIN_TEXT

CODE_KEYS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # base32 as deal codes use it
NAME_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SPACE, BACK = " ", "\b"
CARET = "_"
FIELD_MOST_LINES = 3  # more would crowd the keys out; a longer text shows its end
GAP = 4  # pixels between two keys


class _Plan(NamedTuple):
    """One way to lay the dialog out (``EntryDialog._plan``)."""

    w: int  # the dialog's width
    h: int  # its height
    field_lines: int
    note_size: int
    note_lines: int
    cols: int
    key_w: int
    key_h: int


class EntryDialog(Scene):
    opaque = False

    def __init__(self, app, title: str, check: Callable[[str], str],
                 then: Callable[[str], None], *, text: str = "",
                 keys: str = NAME_KEYS, limit: int = 14, hint: str = "",
                 upper: bool = True, ok: str = "OK", group: int = 0) -> None:
        """``keys``: the characters the screen offers (typing is limited to
        them too, plus a space where ``SPACE`` is offered); ``group``: show a
        hyphen every ``group`` characters (a deal code reads in fours)."""
        super().__init__(app)
        self.title = title
        self.check = check
        self.then = then
        self.text = text
        self.keys = keys
        self.limit = limit
        self.hint = hint
        self.upper = upper
        self.group = group
        self._problem = ""
        self._press: Button | None = None
        self._typed_at = -1  # the frame a key press added a character (TEXTINPUT repeats it)
        self._frame = 0
        self.ok_label = ok
        self.buttons: list[Button] = []
        self.key_buttons: list[Button] = []
        self._size: tuple[int, int] | None = None
        self._note_floor = 0  # the note's lines never shrink under a finger (see ``problem``)

    # ------------------------------------------------------------ editing
    @property
    def problem(self) -> str:
        """Why the text will not do ("" when nothing is wrong), shown in red."""
        return self._problem

    @problem.setter
    def problem(self, words: str) -> None:
        self._problem = words
        # a reason longer than the room kept for the note makes room; the
        # keys then stay where they are until the window changes, so a
        # finger typing the correction never meets a key that moved
        if self._size is not None and self._note_need(self.plan.note_size,
                                                      self.plan.w) > self.plan.note_lines:
            self._place()

    def allowed(self, ch: str) -> bool:
        return ch.upper() in self.keys or (ch == " " and SPACE in self.keys)

    def tap(self, ch: str) -> None:
        """An on-screen key: a name gets a capital at the start of each word."""
        if not self.upper and ch.isalpha() and self.text and not self.text.endswith(" "):
            ch = ch.lower()
        self.type(ch)

    def type(self, chars: str) -> None:
        full = False
        for ch in chars:
            ch = ch.upper() if self.upper else ch
            if ch == BACK:
                self.text = self.text[:-1]
            elif self.allowed(ch):
                if len(self.text) < self.limit:
                    self.text += ch
                else:
                    full = True
        self.problem = f"At most {self.limit} characters fit here." if full else ""

    def _paste(self) -> None:
        try:
            got = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else None
        except Exception:  # no clipboard here (the browser's pygame has no scrap)
            got = None
        if not got:  # say so: a paste that does nothing reads as a broken key
            self.problem = ("The clipboard is empty." if got == "" else
                            "The game cannot read the clipboard here: type it instead.")
            self.app.play("invalid")
            return
        kept = "".join(ch for ch in str(got) if ch not in "-_ \n\t"
                       or ch == " " and SPACE in self.keys)
        count = sum(1 for ch in kept if self.allowed(ch.upper() if self.upper else ch))
        room = self.limit - len(self.text)
        if count > room:
            # a cut text would be refused later with a misleading reason (a code
            # cut short reads as a typo): say what is wrong and keep the field
            more = "" if not self.text else " more"
            self.problem = (f"That is too long to paste: it has {count} characters, "
                            f"and {room}{more} fit here.")
            self.app.play("invalid")
            return
        self.type(kept)

    def done(self) -> None:
        problem = self.check(self.text)
        if problem:
            self.problem = problem
            self.app.play("invalid")
        else:
            self.app.pop()
            self.then(self.text)

    def cancel(self) -> None:
        self.app.pop()

    def shown(self) -> str:
        """The text as displayed: in groups when the dialog groups it."""
        t = self.text
        if self.group:
            t = "-".join(t[i:i + self.group] for i in range(0, len(t), self.group))
        return t

    def field_lines(self) -> list[str]:
        """The field's lines: the text whole (with its caret) when it fits the
        field's lines, else as much of its end as fits, after "…"."""
        pieces = self._pieces()
        lines = self._flow(pieces, self._field_width())
        most = self.plan.field_lines
        if len(lines) <= most:
            return lines
        font = fonts.font(self.field_size, True)
        width = self._field_width()
        out: list[str] = []
        i = len(pieces)
        for k in range(most):
            room = width - (font.size("…")[0] if k == most - 1 else 0)
            line = ""
            while i > 0 and (not line or font.size(pieces[i - 1] + line)[0] <= room):
                line = pieces[i - 1] + line
                i -= 1
            out.insert(0, line)
            if i == 0:
                break
        if i > 0:
            out[0] = "…" + out[0]
        return out

    def _pieces(self) -> list[str]:
        """The shown text in the pieces a line may break between: a group and
        its hyphen, or a character; the caret goes with the last."""
        caret = CARET if len(self.text) < self.limit else ""
        t = self.shown()
        if self.group:
            pieces = [p + "-" for p in t.split("-")] if t else [""]
            pieces[-1] = pieces[-1][:-1] if t else ""
        else:
            pieces = list(t) or [""]
        pieces[-1] += caret
        return pieces

    def _flow(self, pieces: list[str], width: int) -> list[str]:
        font = fonts.font(self.field_size, True)
        lines = [""]
        for p in pieces:
            if lines[-1] and font.size(lines[-1] + p)[0] > width:
                lines.append(p)
            else:
                lines[-1] += p
        return lines

    # ------------------------------------------------------------ layout
    @property
    def field_size(self) -> int:
        return int(self.m.title * 0.8)

    def _field_width(self, w: int | None = None) -> int:
        """The width the field's text may take in a dialog ``w`` wide."""
        return (self.plan.w if w is None else w) - 2 * self.m.pad - 16

    def _field_h(self, lines: int) -> int:
        return int(self.field_size * (1.2 * lines + 0.5))

    def _note_need(self, size: int, w: int) -> int:
        """The lines the longer of the hint and the reason takes in a dialog ``w`` wide."""
        inner = w - 2 * self.m.pad
        return max(len(wrap(self.hint, size, inner)) if self.hint else 0,
                   len(wrap(self.problem, size, inner)) if self.problem else 0, 1)

    def _most_field_lines(self, w: int) -> int:
        """The lines the longest text the field takes needs (three at most)."""
        widest = max(self.keys.replace(SPACE, "") or "W",
                     key=lambda ch: fonts.font(self.field_size, True).size(ch)[0])
        longest = widest * self.limit
        if self.group:
            pieces = [longest[i:i + self.group] + "-" for i in range(0, self.limit, self.group)]
        else:
            pieces = list(longest)
        pieces[-1] = pieces[-1].rstrip("-") + CARET
        return min(FIELD_MOST_LINES, len(self._flow(pieces, self._field_width(w))))

    def _plan(self, w: int, field_lines: int, note_size: int, cols: int = 0,
              key_h: int = 0) -> _Plan:
        m = self.m
        inner = w - 2 * m.pad
        least = max(m.touch, m.px(52))  # every key a finger's width (44 px at the least)
        cols = cols or max(5, min(11, (inner + GAP) // (least + GAP)))
        key_w = (inner - (cols - 1) * GAP) // cols
        key_h = key_h or max(m.touch, min(m.px(52), key_w + 4))
        note_lines = max(self._note_need(note_size, w), self._note_floor)
        h = (2 * m.pad + int(m.body * 1.8) + self._field_h(field_lines)
             + 8 + note_lines * int(note_size * 1.25)
             + self._rows(cols) * (key_h + GAP) - GAP + m.pad + m.button_h)
        return _Plan(w, h, field_lines, note_size, note_lines, cols, key_w, key_h)

    def _wide_start(self, cols: int) -> tuple[int, int]:
        """The row and column where the wide keys (space, delete) begin: after
        the letters, or on a row of their own when too few places are left
        there (space takes two, its word is wide; delete one)."""
        letters = len(self.keys.replace(SPACE, ""))
        need = 3 if SPACE in self.keys else 1
        row, col = divmod(letters, cols)
        return (row, col) if cols - col >= need else (row + 1, 0)

    def _rows(self, cols: int) -> int:
        return self._wide_start(cols)[0] + 1

    def _choose(self) -> _Plan:
        """The first plan that fits the window: the dialog at its usual width,
        else as wide as the window (fewer rows of keys: a phone on its side),
        with as many field lines as the longest text wants and room allows,
        the note at its size or smaller down to the least text size; keys
        under a finger's size only in a window too small for all of that."""
        m = self.m
        assert self._size is not None
        room = self._size[1] - 2 * m.pad
        usual = min(self._size[0] - 2 * m.pad, m.px(760))
        widths = list(dict.fromkeys((usual, self._size[0] - 2 * m.pad)))
        most = max(self._most_field_lines(w) for w in widths)
        for note_size in range(m.small, min(m.small, MIN_TEXT) - 1, -1):
            for lines in range(most, 0, -1):
                for w in widths:
                    plan = self._plan(w, min(lines, self._most_field_lines(w)), note_size)
                    if plan.h <= room:
                        return plan
        # the keys as large as the room left lets them be, in the columns that
        # give the squarest keys
        best = None
        for cols in range(5, 12):
            bare = self._plan(widths[-1], 1, min(m.small, MIN_TEXT), cols, 1)
            key_h = max(1, (room - bare.h) // self._rows(cols) + 1)
            plan = self._plan(widths[-1], 1, bare.note_size, cols, key_h)
            if best is None or min(plan.key_w, plan.key_h) > min(best.key_w, best.key_h):
                best = plan
        assert best is not None
        return best

    def resize(self, size: tuple[int, int]) -> None:
        self.m = Metrics(*size)
        self._size = size
        self._note_floor = 0
        labels = list(self.keys.replace(SPACE, ""))
        self.key_buttons = [Button(ch, lambda c=ch: self.tap(c), key=f"key_{ch}")
                            for ch in labels]
        if SPACE in self.keys:
            self.key_buttons.append(Button("Space", lambda: self.type(" "), key="key_space"))
        self.key_buttons.append(Button("Delete", lambda: self.type(BACK), key="key_back"))
        self.ok_button = Button(self.ok_label, self.done, style="primary", key="ok")
        self.cancel_button = Button("Cancel", self.cancel, key="cancel")
        self.buttons = [*self.key_buttons, self.cancel_button, self.ok_button]
        self._place()

    def _place(self) -> None:
        m = self.m
        assert self._size is not None
        plan = self.plan = self._choose()
        self._note_floor = plan.note_lines
        self.rect = pygame.Rect(0, 0, plan.w, plan.h)
        self.rect.center = (self._size[0] // 2, self._size[1] // 2)
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        self.field = pygame.Rect(inner.x, inner.y + int(m.body * 1.8), inner.w,
                                 self._field_h(plan.field_lines))
        self.note_y = self.field.bottom + 4
        top = self.note_y + plan.note_lines * int(plan.note_size * 1.25) + 4
        wide = self.key_buttons[-2:] if SPACE in self.keys else self.key_buttons[-1:]
        for i, b in enumerate(self.key_buttons[:-len(wide)]):
            r, c = divmod(i, plan.cols)
            b.rect = pygame.Rect(inner.x + c * (plan.key_w + GAP), top + r * (plan.key_h + GAP),
                                 plan.key_w, plan.key_h)
        # the space and delete keys share what is left of the last row (wide words)
        r, c = self._wide_start(plan.cols)
        x0 = inner.x + c * (plan.key_w + GAP)
        share = (inner.right - x0 - GAP * (len(wide) - 1)) // len(wide)
        for k, b in enumerate(wide):
            b.rect = pygame.Rect(x0 + k * (share + GAP), top + r * (plan.key_h + GAP),
                                 share, plan.key_h)
        back = self.key_buttons[-1]
        back.label = "Delete"
        if fonts.font(m.body, True).size(back.label)[0] + 12 > back.rect.w:
            back.label = "Del"  # a key of one letter's width
        y = inner.bottom - m.button_h
        half = (inner.w - m.pad) // 2
        self.cancel_button.rect = pygame.Rect(inner.x, y, half, m.button_h)
        self.ok_button.rect = pygame.Rect(inner.x + half + m.pad, y, half, m.button_h)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        press_buttons(self, event)
        if event.type == pygame.TEXTINPUT:
            if self._typed_at != self._frame:  # not the key press just handled
                self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.done()
            elif event.key == pygame.K_BACKSPACE:
                self.type(BACK)
            elif event.key == pygame.K_v and ctrl:
                self._paste()
            elif event.unicode and event.unicode.isprintable() and not ctrl:
                before = self.text
                self.type(event.unicode)
                if self.text != before:
                    self._typed_at = self._frame  # SDL sends TEXTINPUT for it too
            return True  # every key is typing here, M included
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        self._frame += 1

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        dim(surface)
        panel(surface, self.rect, edge=palette.GOLD)
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        t = fit_text(self.title, m.body, palette.GOLD, inner.w, bold=True)
        surface.blit(t, t.get_rect(midtop=(inner.centerx, inner.y)))
        pygame.draw.rect(surface, (12, 40, 28), self.field, border_radius=8)
        pygame.draw.rect(surface, palette.HILITE, self.field, 2, border_radius=8)
        step = int(self.field_size * 1.2)
        y = self.field.y + (self.field.h - self.plan.field_lines * step) // 2
        for line in self.field_lines():
            s = fonts.text(line, self.field_size, palette.TEXT, True)
            surface.blit(s, s.get_rect(midleft=(self.field.x + 8, y + step // 2)))
            y += step
        note = self.problem or self.hint
        color = palette.DANGER if self.problem else palette.TEXT_DIM
        size = self.plan.note_size
        y = self.note_y
        for line in wrap(note, size, inner.w):
            img = fonts.text(line, size, color)
            surface.blit(img, img.get_rect(midtop=(inner.centerx, y)))
            y += int(size * 1.25)
        for b in self.buttons:
            b.draw(surface, m.body)
