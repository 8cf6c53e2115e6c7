"""Bundled fonts: files, caching, and real glyphs for the card suits."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.uikit.art import fonts  # noqa: E402


def mask_of(ch: str, bold: bool = False) -> pygame.mask.Mask:
    return pygame.mask.from_surface(fonts.font(40, bold).render(ch, True, (0, 0, 0)), 128)


def same_shape(a: pygame.mask.Mask, b: pygame.mask.Mask) -> bool:
    return a.get_size() == b.get_size() and a.count() == b.count() == a.overlap_area(b, (0, 0))


def test_font_files_are_bundled_small_and_licensed():
    for path in (fonts.REGULAR, fonts.BOLD):
        assert path.is_file()
        assert path.parent.parent.name == "assets"
        assert path.stat().st_size < 60 * 1024
    licence = (fonts.FONT_DIR / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "public domain" in licence


def test_fonts_and_text_are_cached():
    assert fonts.font(18) is fonts.font(18)
    assert fonts.font(18) is not fonts.font(18, bold=True)
    a = fonts.text("Declare", 18, (255, 255, 255))
    assert fonts.text("Declare", 18, (255, 255, 255)) is a
    assert fonts.text("Declare", 18, (255, 0, 0)) is not a
    assert fonts.text("Declare", 18, (255, 255, 255), bold=True) is not a


def test_text_renders_in_the_asked_colour():
    ink = fonts.text("W", 30, (200, 30, 40))
    solid = {tuple(ink.get_at((x, y)))[:3] for x in range(ink.get_width())
             for y in range(ink.get_height()) if ink.get_at((x, y)).a == 255}
    assert solid == {(200, 30, 40)}


@pytest.mark.parametrize("bold", (False, True))
def test_suits_are_real_distinct_glyphs(bold):
    missing = mask_of("\u4e00", bold)  # a CJK ideograph, deliberately not in the subset
    assert same_shape(missing, mask_of("\u4e01", bold)), "expected a shared missing-glyph box"
    suits = [mask_of(ch, bold) for ch in "♠♥♦♣"]
    for i, m in enumerate(suits):
        assert m.count() > 50
        assert not same_shape(m, missing), "♠♥♦♣"[i]
        for other in suits[i + 1:]:
            assert not same_shape(m, other)


@pytest.mark.parametrize("ch", list("éñü€₹…★✓✕←→↑↓♪"))
def test_ui_symbols_and_latin1_are_in_the_subset(ch):
    missing = mask_of("\u4e00")
    assert not same_shape(mask_of(ch), missing), ch


def test_clear_cache_forgets_fonts():
    f = fonts.font(21)
    fonts.clear_cache()
    assert fonts.font(21) is not f
