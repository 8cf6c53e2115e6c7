"""The fit recorder: where the screens put their text and their buttons,
for the fit test (``tests/ui/test_fit*.py``), which fails a screen whose text
runs into other text or a button, spills out of its panel or the window, is
clipped, or is cut short where no one meant it to be.

Off (always, outside that test) it costs one test of a module global in the
few widget functions that write to it.  On (``recording(size)``), it keeps:

- every text surface made (the art's ``fonts.text`` is wrapped for the
  time), so a blit of one onto a ``RecordingSurface`` (the test's screen)
  is known as text, with its string and the clip in force;
- every ``Button`` drawn (its rectangle, and its label as its own text);
- every panel (``backdrop.panel``): text drawn over a panel belongs in it;
- where cards lie (``add_cover``): they may not hide text drawn before them;
- the layers: the felt and a dimmed scene under a dialog start a new one,
  and only things of one layer may not overlap;
- the scrolling views (``Form``): a row cut at a scrolling edge is meant;
- what was cut: a line ``fit_text`` shortened with "…" (unless the caller
  said the cut is designed) and lines ``clamp_lines`` left out.

``problems()`` says what is wrong with the frame, in words a test prints.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from game.uikit.art import fonts

TEXT, BUTTON, PANEL, COVER = "text", "button", "panel", "cover"


@dataclass
class Drawn:
    kind: str  # TEXT, BUTTON, PANEL, or COVER (cards: solid, holding no text of their own)
    rect: pygame.Rect  # a text's ink, a button's or panel's box (screen pixels)
    text: str = ""
    clip: pygame.Rect | None = None  # the clip in force when it was drawn
    layer: int = 0
    owner: int = -1  # a button's label: the button's index in ``items``
    cut: bool = False  # shortened with an ellipsis no one designed


class Recorder:
    """One frame's text, buttons and panels (``start_frame`` forgets the last)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.items: list[Drawn] = []
        self.cuts: list[str] = []  # lines left out of a clamped paragraph, whole
        self.scrolls: list[pygame.Rect] = []  # views that scroll: cut at their edges is meant
        self.layer = 0
        self.button = -1  # the button whose label is being drawn
        self._texts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._ink: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def start_frame(self) -> None:
        self.items.clear()
        self.cuts.clear()
        self.scrolls.clear()
        self.layer = 0

    # ------------------------------------------------------------ what widgets say
    def made(self, surf: pygame.Surface, s: str, cut: bool = False) -> None:
        old = self._texts.get(surf)
        self._texts[surf] = (s, cut or (old is not None and old[1]))

    def blit(self, target: pygame.Surface, src: pygame.Surface, at: pygame.Rect,
             area: pygame.Rect | None) -> None:
        known = self._texts.get(src)
        if known is None:
            return
        ink = self._ink.get(src)
        if ink is None:
            ink = self._ink[src] = src.get_bounding_rect()
        if area is not None:  # only part of the text was asked for: that part is drawn
            ink = ink.clip(area).move(-area.x, -area.y)
        if not ink.w:
            return
        clip = target.get_clip()
        self.items.append(Drawn(TEXT, ink.move(at.x, at.y), known[0], clip, self.layer,
                                self.button, known[1]))

    def text_at(self, src: pygame.Surface, at: tuple[int, int]) -> None:
        """Text drawn on a layer of its own that is then put on the screen with
        its top-left corner of ``src`` at ``at`` (screen pixels)."""
        known = self._texts.get(src)
        if known is not None:
            ink = src.get_bounding_rect().move(at)
            self.items.append(Drawn(TEXT, ink, known[0], None, self.layer, -1, known[1]))

    def add_button(self, rect: pygame.Rect, label: str,
                   clip: pygame.Rect | None = None) -> int:
        self.items.append(Drawn(BUTTON, pygame.Rect(rect), label, clip, self.layer))
        return len(self.items) - 1

    def add_panel(self, rect: pygame.Rect) -> None:
        self.items.append(Drawn(PANEL, pygame.Rect(rect), "", None, self.layer))

    def add_cover(self, rect: pygame.Rect) -> None:
        """Something solid drawn here (cards): it may not hide text drawn before it."""
        self.items.append(Drawn(COVER, pygame.Rect(rect), "", None, self.layer))

    def new_layer(self) -> None:
        self.layer += 1

    def left_out(self, text: str) -> None:
        self.cuts.append(text)

    def scrolling(self, rect: pygame.Rect) -> None:
        self.scrolls.append(pygame.Rect(rect))

    # ------------------------------------------------------------ what is wrong
    def problems(self) -> list[str]:
        """Everything wrong with the frame, one line each ("" none)."""
        out = [f"cut short: {t!r}" for t in self.cuts]
        window = pygame.Rect((0, 0), self.size)
        items = self.items
        for i, d in enumerate(items):
            if d.kind == TEXT:
                out += self._text_problems(i, d, window)
            elif d.kind == BUTTON and not window.contains(d.rect) and \
                    not self._scrolled(d.rect, d.clip):
                out.append(f"button {d.text!r} {tuple(d.rect)} is not whole in the window")
        seen = [_visible(d, window) for d in items]  # what shows of each (clips cut)
        for i, a in enumerate(items):
            if a.kind not in (TEXT, BUTTON) or not seen[i].w:
                continue
            for j in range(i + 1, len(items)):
                b = items[j]
                if b.layer != a.layer or not seen[j].w:
                    continue
                clash = _clash(a, seen[i], b, seen[j], items)
                if clash:
                    out.append(clash)
        return out

    def _scrolled(self, rect: pygame.Rect, clip: pygame.Rect | None) -> bool:
        """Whether ``rect`` is cut at the edge of a view that scrolls (meant)."""
        return any(s == clip or (clip is None and s.colliderect(rect)
                                 and not s.contains(rect)) for s in self.scrolls)

    def _text_problems(self, i: int, d: Drawn, window: pygame.Rect) -> list[str]:
        out = []
        if d.cut:
            out.append(f"cut with an ellipsis: {d.text!r}")
        seen = window.clip(d.clip) if d.clip is not None else window
        if not seen.contains(d.rect):
            if not self._scrolled(d.rect, d.clip):
                where = "the window" if seen == window else f"its clip {tuple(seen)}"
                out.append(f"text {d.text!r} {tuple(d.rect)} is clipped by {where}")
        home = _panel_under(self.items, i, d)
        if home is not None and not home.rect.contains(d.rect):
            out.append(f"text {d.text!r} {tuple(d.rect)} spills out of its panel "
                       f"{tuple(home.rect)}")
        return out


def _panel_under(items: list[Drawn], i: int, d: Drawn) -> Drawn | None:
    """The last panel of ``d``'s layer drawn before it under its middle."""
    for p in reversed(items[:i]):
        if p.layer == d.layer and p.kind == PANEL and p.rect.collidepoint(d.rect.center):
            return p
    return None


def _visible(d: Drawn, window: pygame.Rect) -> pygame.Rect:
    """The part of ``d`` that shows: inside the window and its clip."""
    seen = window.clip(d.clip) if d.clip is not None else window
    return d.rect.clip(seen)


def _clash(a: Drawn, ra: pygame.Rect, b: Drawn, rb: pygame.Rect, items: list[Drawn]) -> str:
    """Why ``a`` and ``b`` (``b`` drawn later; ``ra`` and ``rb`` what shows of
    them) may not be where they are, or ""."""
    if b.kind in (PANEL, COVER):  # drawn over a text or a button, it hides it
        what = "a panel" if b.kind == PANEL else "cards"
        if rb.contains(ra):
            return f"{what} {tuple(b.rect)} cover {_name(a)}"
        if rb.colliderect(ra):
            return f"{what} {tuple(b.rect)} cover part of {_name(a)}"
        return ""
    if a.kind == TEXT and b.kind == TEXT:
        if ra.inflate(2, 0).colliderect(rb):
            return f"{_name(a)} and {_name(b)} overlap"
        return ""
    if a.kind == BUTTON and b.kind == BUTTON:
        if ra.colliderect(rb):
            return f"{_name(a)} and {_name(b)} overlap"
        return ""
    button, text, rt = (a, b, rb) if a.kind == BUTTON else (b, a, ra)
    if not (ra if a.kind == BUTTON else rb).colliderect(rt):
        return ""
    if text.owner >= 0 and items[text.owner] is button:
        return ""  # the button's own label (whether it fits is the text's own check)
    return f"{_name(text)} and {_name(button)} overlap"


def _name(d: Drawn) -> str:
    return f"{d.kind} {d.text!r} {tuple(d.rect)}"


# ------------------------------------------------------------------ switching on

ACTIVE: Recorder | None = None  # the recorder on now, or None (the game's normal state)


class RecordingSurface(pygame.Surface):
    """A screen that tells the recorder on now what text is blitted onto it."""

    def blit(self, source, dest, area=None, special_flags=0):
        drawn = super().blit(source, dest, area, special_flags)
        rec = ACTIVE
        if rec is not None:
            x, y = dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
            rec.blit(self, source, pygame.Rect(int(x), int(y), 0, 0),
                     pygame.Rect(area) if area is not None else None)
        return drawn


def on(surface: pygame.Surface) -> Recorder | None:
    """The recorder on now, when ``surface`` is the screen it watches."""
    return ACTIVE if ACTIVE is not None and isinstance(surface, RecordingSurface) else None


def scrolls(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Note a view at ``rect`` that scrolls (what its edge cuts is meant)."""
    if ACTIVE is not None and isinstance(surface, RecordingSurface):
        ACTIVE.scrolling(rect)


def cards_at(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Note cards drawn at ``rect`` on ``surface`` (nothing when not recording)."""
    if ACTIVE is not None and isinstance(surface, RecordingSurface):
        ACTIVE.add_cover(rect)


@contextmanager
def recording(size: tuple[int, int]) -> Iterator[Recorder]:
    """Record what is drawn on a ``RecordingSurface`` of ``size`` until the block ends."""
    global ACTIVE
    rec = Recorder(size)
    plain = fonts.text

    def text(s: str, size: int, color, bold: bool = False) -> pygame.Surface:
        surf = plain(s, size, color, bold)
        rec.made(surf, s)
        return surf

    ACTIVE = rec
    fonts.text = text
    try:
        yield rec
    finally:
        fonts.text = plain
        ACTIVE = None
