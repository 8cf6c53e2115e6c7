"""What screens are drawn on: the felt, a dimmed scene under a dialog, a panel."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.uikit.art import palette
from game.uikit.widgets import record


def panel(surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 235,
          edge=palette.PANEL_EDGE, radius: int = 12, fill=palette.PANEL,
          width: int = 2) -> None:
    """A rounded dark panel (translucent) with a thin edge (made once per look
    and size: the browser runs Python slowly, and panels are drawn every frame)."""
    rect = pygame.Rect(rect)
    if surface.get_flags() & pygame.SRCALPHA or len(edge) > 3 and edge[3] != 255 \
            or not surface.get_clip().contains(rect):
        # a layer's own alpha, an edge seen through, or a panel cut off (pygame
        # may draw an edge along the cut): blended pixel by pixel, as it was made
        surface.blit(_panel(tuple(rect.size), alpha, tuple(edge), radius, tuple(fill), width),
                     rect.topleft)
    else:
        _sheet_panel(surface, rect, alpha, edge, radius, fill, width)
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        rec.add_panel(rect)


def _sheet_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int, edge,
                 radius: int, fill, width: int) -> None:
    """The panel drawn on an opaque surface: the same pixels (each channel
    within 1) for a few times less work in the browser, where blending a
    surface by its own alpha costs a fraction of blending it pixel by pixel
    (a 1000x600 panel: ~2 ms rather than 15-45), and no surface the panel's
    size is made (a first large one cost ~10 ms).  The straight parts are one
    plain sheet blended by its alpha; the corners, a small rounded piece; the
    edge, opaque, is drawn straight on."""
    x, y, w, h = rect
    r = max(0, min(radius, w // 2, h // 2))  # how pygame rounds a small rect's corners
    sheet = _sheet(tuple(fill[:3]), surface.get_size())
    sheet.set_alpha(alpha)
    surface.blit(sheet, (x, y + r), (0, 0, w, h - 2 * r))
    if r:
        surface.blit(sheet, (x + r, y), (0, 0, w - 2 * r, r))
        surface.blit(sheet, (x + r, y + h - r), (0, 0, w - 2 * r, r))
        piece = _corners(r, alpha, tuple(fill[:3]))
        for cx, cy in ((0, 0), (w - r, 0), (0, h - r), (w - r, h - r)):
            surface.blit(piece, (x + cx, y + cy), (min(cx, r), min(cy, r), r, r))
    # clipped to the panel, as on its own surface: pygame draws a thick edge of a
    # thin panel partly outside its rect
    clip = surface.get_clip()
    surface.set_clip(clip.clip(rect))
    pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)
    surface.set_clip(clip)


@lru_cache(maxsize=32)
def _corners(r: int, alpha: int, fill: tuple) -> pygame.Surface:
    """The four rounded corners of a panel of radius ``r``: a round 2r wide."""
    piece = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.rect(piece, (*fill, alpha), piece.get_rect(), border_radius=r)
    return piece


@lru_cache(maxsize=96)
def _panel(size: tuple[int, int], alpha: int, edge: tuple, radius: int, fill: tuple,
           width: int) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*fill[:3], alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, edge, box.get_rect(), width=width, border_radius=radius)
    return box


_sheets: dict[tuple, pygame.Surface] = {}


def _sheet(fill: tuple, size: tuple[int, int]) -> pygame.Surface:
    """A plain sheet of ``fill`` at least ``size`` (the surface drawn on: a panel
    drawn this way lies inside it): one per colour, made at the first panel
    rather than at a large one's first frame."""
    have = _sheets.get(fill)
    if have is None or have.get_width() < size[0] or have.get_height() < size[1]:
        old = have.get_size() if have is not None else (0, 0)
        have = pygame.Surface((max(size[0], old[0], 1), max(size[1], old[1], 1)))
        have.fill(fill)
        _sheets[fill] = have
    return have


@lru_cache(maxsize=16)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: felt with a soft darker rim, rendered once per window size."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(palette.FELT_DARK)
    steps = 24
    for i in range(steps):
        t = i / steps
        col = tuple(int(a + (b - a) * t) for a, b in zip(palette.FELT_DARK, palette.FELT,
                                                          strict=True))
        inset_x, inset_y = int(w * 0.35 * t), int(h * 0.35 * t)
        pygame.draw.ellipse(surf, col, pygame.Rect(-w // 4 + inset_x, -h // 4 + inset_y,
                                                   w * 3 // 2 - 2 * inset_x,
                                                   h * 3 // 2 - 2 * inset_y))
    return surf


def felt(surface: pygame.Surface) -> None:
    surface.blit(_felt(surface.get_size()), (0, 0))
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        rec.new_layer()  # a new screen: what was under it is gone


def kept(surface: pygame.Surface, picture: pygame.Surface,
         panels: tuple[pygame.Rect, ...] = ()) -> None:
    """Put back a picture kept of a dimmed scene with ``panels`` drawn in it
    (the fit recorder is told of them, as if drawn now)."""
    surface.blit(picture, (0, 0))
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        for rect in panels:
            rec.add_panel(rect)


def dim(surface: pygame.Surface, alpha: int = 200) -> None:
    """Darken what is drawn: black at ``alpha`` over it (a dialog's backdrop)."""
    shade = _shade(surface.get_size())
    shade.set_alpha(alpha)
    surface.blit(shade, (0, 0))
    if record.ACTIVE is not None and (rec := record.on(surface)) is not None:
        rec.new_layer()  # a dialog's layer: the scene under it only shows through


class Picture:
    """A picture of the window kept for a scene drawn over a still one (the
    winner's hand over the table): one a window, drawn over at each use, and
    made ahead on a quiet frame (``ready``), as is the dim's shade: in the
    browser a first surface the window's size costs up to ~10 ms."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._shaded: tuple[int, int] | None = None

    def ready(self, surface: pygame.Surface) -> bool:
        """Make one thing a first ``of`` or ``dim`` of ``surface`` would need;
        True if there was one."""
        size = surface.get_size()
        if self._surface is None or self._surface.get_size() != size:
            self._surface = surface.copy()
            return True
        if self._shaded != size:
            _shade(size)
            self._shaded = size
            return True
        return False

    def of(self, surface: pygame.Surface) -> pygame.Surface:
        """``surface`` copied into the picture, which the next use draws over."""
        if self._surface is None or self._surface.get_size() != surface.get_size():
            self._surface = surface.copy()
        else:
            self._surface.blit(surface, (0, 0))
        return self._surface


@lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    # Opaque black blended by its surface alpha: the same pixels as a per-pixel
    # alpha shade, and in the browser 5-10 times faster (a 1280x720 dim ~4-9 ms
    # rather than ~35-65; a multiply fill was hardly faster).  A new surface is black.
    return pygame.Surface(size)
