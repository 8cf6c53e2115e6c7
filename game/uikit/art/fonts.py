"""Bundled fonts and cached text rendering.

Fonts are loaded from files in ``assets/fonts`` because ``SysFont`` finds
nothing in a browser.  The subset of DejaVu Sans we ship has the card suits
(♠♥♦♣), so suits may appear in ordinary text.
"""

from __future__ import annotations

import pygame

from game.uikit.art.assets import asset_dir

FONT_DIR = asset_dir() / "fonts"
REGULAR = FONT_DIR / "DejaVuSans-subset.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold-subset.ttf"

# Rendered strings are cheap to keep and expensive to re-render every frame in
# wasm; the cap stops a scoreboard of ever-changing numbers from growing forever.
_TEXT_CACHE_MAX = 2048

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}


def _ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` pixels (cached)."""
    size = max(1, int(size))
    key = (size, bool(bold))
    f = _fonts.get(key)
    if f is None:
        _ensure_init()
        try:
            f = pygame.font.Font(str(BOLD if bold else REGULAR), size)
        except (FileNotFoundError, OSError, pygame.error):
            # the bundled fonts are missing (an install without assets): pygame's
            # own font still draws every letter; suit signs may show as boxes
            f = pygame.font.Font(None, int(size * 1.3))
            f.set_bold(bold)
        _fonts[key] = f
    return f


def text(s: str, size: int, color, bold: bool = False) -> pygame.Surface:
    """``s`` rendered anti-aliased on a transparent background (cached).

    The returned surface is shared: blit it, do not draw on it.
    """
    rgb = tuple(pygame.Color(color))
    key = (s, int(size), rgb, bool(bold))
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) >= _TEXT_CACHE_MAX:
            _texts.clear()
        surf = font(size, bold).render(s, True, rgb)
        _texts[key] = surf
    return surf


def clear_cache() -> None:
    """Forget loaded fonts and rendered text (e.g. after pygame.quit())."""
    _fonts.clear()
    _texts.clear()
