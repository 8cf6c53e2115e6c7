"""Typing a short text: a deal code, a person's name.  The keyboard works
(letters, Backspace, Enter, Esc, Ctrl+V), and so does a finger: the screen
has its own keys, so a phone needs no keyboard of its own (a browser's
canvas does not raise one).

``check(text)`` returns "" when the text will do, or the reason it will
not (shown in red; the text stays to be corrected); then the dialog closes
and ``then(text)`` acts on it (it may start a game: the dialog is gone).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.uikit.art import fonts, palette
from game.uikit.scene import Scene
from game.uikit.widgets import Button, Metrics, dim, fit_text, panel, press_buttons, wrap

CODE_KEYS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # base32 as deal codes use it
NAME_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SPACE, BACK = " ", "\b"


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
        self.problem = ""
        self._press: Button | None = None
        self._typed_at = -1  # the frame a key press added a character (TEXTINPUT repeats it)
        self._frame = 0
        self.ok_label = ok
        self.buttons: list[Button] = []
        self.key_buttons: list[Button] = []

    # ------------------------------------------------------------ editing
    def allowed(self, ch: str) -> bool:
        return ch.upper() in self.keys or (ch == " " and SPACE in self.keys)

    def tap(self, ch: str) -> None:
        """An on-screen key: a name gets a capital at the start of each word."""
        if not self.upper and ch.isalpha() and self.text and not self.text.endswith(" "):
            ch = ch.lower()
        self.type(ch)

    def type(self, chars: str) -> None:
        for ch in chars:
            ch = ch.upper() if self.upper else ch
            if ch == BACK:
                self.text = self.text[:-1]
            elif self.allowed(ch) and len(self.text) < self.limit:
                self.text += ch
        self.problem = ""

    def _paste(self) -> None:
        try:
            got = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
        except Exception:  # no clipboard here
            got = ""
        self.type("".join(ch for ch in str(got or "") if ch not in "-_ \n\t"
                          or ch == " " and SPACE in self.keys))

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

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w = min(size[0] - 2 * m.pad, m.px(760))
        labels = list(self.keys.replace(SPACE, ""))
        least = max(m.touch, m.px(52))  # every key a finger's width (44 px at the least)
        cols = max(5, min(11, (w - 2 * m.pad + 4) // (least + 4)))
        extra = 2 if SPACE in self.keys else 1  # backspace (and space)
        rows = -(-(len(labels) + extra) // cols)
        key_w = (w - 2 * m.pad - (cols - 1) * 4) // cols
        key_h = max(m.touch, min(m.px(52), key_w + 4))
        head = int(m.body * 1.8) + int(m.title * 1.2) + int(m.small * 2.8) + m.pad
        h = head + rows * (key_h + 4) + m.button_h + 2 * m.pad + m.pad
        h = min(h, size[1] - 2 * m.pad)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        self.field = pygame.Rect(inner.x, inner.y + int(m.body * 1.8), inner.w, int(m.title * 1.2))
        self.key_buttons = [Button(ch, lambda c=ch: self.tap(c), key=f"key_{ch}")
                            for ch in labels]
        if SPACE in self.keys:
            self.key_buttons.append(Button("Space", lambda: self.type(" "), key="key_space"))
        self.key_buttons.append(Button("Delete", lambda: self.type(BACK), key="key_back"))
        top = self.field.bottom + int(m.small * 2.8)
        for i, b in enumerate(self.key_buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(inner.x + c * (key_w + 4), top + r * (key_h + 4), key_w, key_h)
        # the space and delete keys share what is left of the last row (wide words)
        wide = self.key_buttons[-2:] if SPACE in self.keys else self.key_buttons[-1:]
        x0 = wide[0].rect.x
        share = (inner.right - x0 - 4 * (len(wide) - 1)) // len(wide)
        for k, b in enumerate(wide):
            b.rect.x, b.rect.w = x0 + k * (share + 4), share
        back = self.key_buttons[-1]
        if fonts.font(m.body, True).size(back.label)[0] + 12 > back.rect.w:
            back.label = "Del"  # a key of one letter's width
        ok = Button(self.ok_label, self.done, style="primary", key="ok")
        cancel = Button("Cancel", self.cancel, key="cancel")
        y = inner.bottom - m.button_h
        half = (inner.w - m.pad) // 2
        cancel.rect = pygame.Rect(inner.x, y, half, m.button_h)
        ok.rect = pygame.Rect(inner.x + half + m.pad, y, half, m.button_h)
        self.buttons = [*self.key_buttons, cancel, ok]

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
        shown = self.shown() + ("_" if len(self.text) < self.limit else "")
        s = fit_text(shown, int(m.title * 0.8), palette.TEXT, self.field.w - 16, bold=True)
        surface.blit(s, s.get_rect(center=self.field.center))
        note = self.problem or self.hint
        color = palette.DANGER if self.problem else palette.TEXT_DIM
        y = self.field.bottom + 4
        for line in wrap(note, m.small, inner.w)[:2]:
            img = fonts.text(line, m.small, color)
            surface.blit(img, img.get_rect(midtop=(inner.centerx, y)))
            y += int(m.small * 1.25)
        for b in self.buttons:
            b.draw(surface, m.body)
