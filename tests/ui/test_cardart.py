"""Card art: sizes, caching, suit colours, distinct faces, wild marker, backs."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import JOKER_KIND, make_card, parse_cards  # noqa: E402
from game.uikit.art import cardart, palette  # noqa: E402
from game.uikit.art import cardshapes as shapes  # noqa: E402

WIDTHS = (28, 32, 43, 44, 56, 79, 80, 90, 150, 160)


@pytest.fixture(autouse=True)
def fresh_cache():
    cardart.set_four_colour(False)
    cardart.clear_cache()
    yield
    cardart.set_four_colour(False)


def near(rgb, target, tol=40) -> bool:
    return sum(abs(a - b) for a, b in zip(rgb[:3], target[:3], strict=True)) <= tol


def is_gold(rgb) -> bool:
    r, g, b = rgb[:3]
    return r >= 150 and b <= 90 and r > g > b


def count_near(surf: pygame.Surface, target, tol=40, rect=None) -> int:
    x0, y0, w, h = rect or surf.get_rect()
    return sum(
        1
        for y in range(y0, y0 + h)
        for x in range(x0, x0 + w)
        if surf.get_at((x, y)).a > 200 and near(surf.get_at((x, y)), target, tol)
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_face_and_back_have_the_card_proportions(width):
    expected = (width, round(width * 1.4))
    assert cardart.face(make_card(0), width).get_size() == expected
    assert cardart.face(make_card(JOKER_KIND), width, wild=True).get_size() == expected
    assert cardart.back(width).get_size() == expected
    assert cardart.card_size(width) == expected


def test_face_is_cached_by_kind_width_and_wild():
    a = cardart.face(make_card(5), 60)
    # Another deck's copy of the same kind shares the picture.
    assert cardart.face(make_card(5, deck=1), 60) is a
    assert cardart.face(make_card(5), 61) is not a
    assert cardart.face(make_card(5), 60, wild=True) is not a
    assert cardart.back(60) is cardart.back(60)
    cardart.clear_cache()
    assert cardart.face(make_card(5), 60) is not a


def test_rounded_corners_are_transparent_and_middle_is_opaque():
    for width in (32, 90):
        surf = cardart.face(make_card(3), width)
        # Corner pixels fall outside the rounded outline (anti-aliasing may leave a trace).
        assert surf.get_at((0, 0)).a < 40
        assert surf.get_at((width - 1, surf.get_height() - 1)).a < 40
        assert surf.get_at((width // 2, 2)).a == 255


@pytest.mark.parametrize("width", (56, 90, 150))
@pytest.mark.parametrize("text,ink", [("AS", palette.CARD_BLACK), ("AH", palette.CARD_RED),
                                      ("AD", palette.CARD_RED), ("AC", palette.CARD_BLACK),
                                      ("3H", palette.CARD_RED), ("3C", palette.CARD_BLACK)])
def test_centre_pip_has_the_suit_colour(width, text, ink):
    # Aces and threes have a pip in the very centre at these sizes.
    surf = cardart.face(parse_cards(text)[0], width)
    assert near(surf.get_at((width // 2, surf.get_height() // 2)), ink, 20)


@pytest.mark.parametrize("text,ink", [("9S", palette.CARD_BLACK), ("9D", palette.CARD_RED)])
def test_tiny_card_pip_sits_bottom_right_in_suit_colour(text, ink):
    surf = cardart.face(parse_cards(text)[0], 32)
    w, h = surf.get_size()
    assert near(surf.get_at((round(w * 0.7), round(h * 0.73))), ink, 20)


def test_index_in_the_top_left_uses_the_suit_colour():
    for text, ink, other in (("KH", palette.CARD_RED, palette.CARD_BLACK),
                             ("KS", palette.CARD_BLACK, palette.CARD_RED)):
        for width in (32, 56, 120):
            surf = cardart.face(parse_cards(text)[0], width)
            corner = (0, 0, round(width * 0.3), round(width * 0.3))
            assert count_near(surf, ink, 30, corner) > 5
            assert count_near(surf, other, 30, corner) == 0


def test_four_colour_deck_recolours_diamonds_and_clubs():
    cardart.set_four_colour(True)
    for text, ink in (("AD", palette.CARD_BLUE), ("AC", palette.CARD_GREEN),
                      ("AH", palette.CARD_RED), ("AS", palette.CARD_BLACK)):
        surf = cardart.face(parse_cards(text)[0], 90)
        assert near(surf.get_at((45, 63)), ink, 20)


@pytest.mark.parametrize("width", (32, 56, 90, 150))
def test_every_face_is_a_different_picture(width):
    pictures = {
        pygame.image.tobytes(cardart.face(make_card(k), width), "RGBA")
        for k in range(JOKER_KIND + 1)
    }
    assert len(pictures) == 53


@pytest.mark.parametrize("width", (32, 56, 150))
def test_wild_cards_get_a_gold_edge_and_badge(width):
    card = make_card(20)
    plain = cardart.face(card, width)
    wild = cardart.face(card, width, wild=True)
    top_edge = (width // 2, 0)
    assert is_gold(wild.get_at(top_edge))
    assert not is_gold(plain.get_at(top_edge))
    # The badge is in the left column, which stays visible in a fanned hand.
    left = (0, 0, round(width * 0.4), wild.get_height())
    assert count_near(wild, palette.WILD, 40, left) > count_near(plain, palette.WILD, 40, left) + 5


@pytest.mark.parametrize("width", (32, 56, 150))
def test_joker_shows_its_lettering_and_a_gold_star(width):
    surf = cardart.face(make_card(JOKER_KIND), width)
    assert count_near(surf, cardart.JOKER_INK, 40) > 10
    assert count_near(surf, palette.GOLD, 40) > 10


def test_back_is_mostly_the_back_colour_with_a_white_margin():
    surf = cardart.back(90)
    w, h = surf.get_size()
    assert count_near(surf, palette.BACK_MAIN, 30) > w * h * 0.3
    assert near(surf.get_at((3, h // 2)), palette.CARD_FACE, 10)


def test_suit_icons_are_square_coloured_and_distinct():
    masks = []
    for suit in range(4):
        icon = cardart.suit_icon(suit, 24)
        assert icon.get_size() == (24, 24)
        ink = palette.CARD_RED if suit in (1, 2) else palette.CARD_BLACK
        assert near(icon.get_at((12, 12)), ink, 20)
        masks.append(pygame.mask.from_surface(icon, 128))
    for i in range(4):
        for j in range(i + 1, 4):
            diff = masks[i].count() + masks[j].count() - 2 * masks[i].overlap_area(masks[j], (0, 0))
            assert diff > 20, (i, j)
    gold = cardart.suit_icon(1, 24, palette.GOLD)
    assert near(gold.get_at((12, 12)), palette.GOLD, 20)
    assert cardart.suit_icon(1, 24) is cardart.suit_icon(1, 24)


def test_bad_input_is_refused_clearly():
    with pytest.raises(ValueError, match="suit"):
        cardart.suit_icon(4, 20)
    with pytest.raises(TypeError, match="Card"):
        cardart.face("AS", 60)
    with pytest.raises(ValueError, match="width"):
        cardart.face(make_card(0), 0)
    with pytest.raises(ValueError, match="width"):
        cardart.back(-5)


def test_surfaces_are_converted_once_a_display_exists():
    # Leave any window another test opened exactly as it was.
    had_window = pygame.display.get_init() and pygame.display.get_surface() is not None
    if not had_window:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
    try:
        cardart.clear_cache()
        surf = cardart.face(make_card(0), 40)
        assert surf.get_flags() & pygame.SRCALPHA
        assert surf.get_at((0, 0)).a == 0
    finally:
        if not had_window:
            pygame.display.quit()
        cardart.clear_cache()


def test_shadow_and_outline_surround_the_card():
    w, h = cardart.card_size(90)
    sh = cardart.shadow(90)
    pad = 90 // 12
    assert sh.get_size() == (w + 2 * pad, h + 2 * pad)
    assert sh.get_at((sh.get_width() // 2, sh.get_height() // 2)).a > 50
    assert sh.get_at((0, 0)).a < 10
    assert cardart.shadow(90) is sh
    ring = cardart.outline(90, palette.HILITE, 4)
    assert ring.get_size() == (w + 8, h + 8)
    assert near(ring.get_at((ring.get_width() // 2, 1)), palette.HILITE, 20)
    assert ring.get_at((ring.get_width() // 2, ring.get_height() // 2)).a == 0


def test_pip_layouts_hold_as_many_distinct_pips_as_the_rank():
    for rank in range(2, 11):
        layout = shapes.PIPS[rank]
        assert len(layout) == rank
        assert len(set(layout)) == rank
        # Real cards look the same after a half turn, except the seven's odd pip.
        if rank != 7:
            turned = {(-c, round(1 - r, 6)) for c, r in layout}
            assert turned == {(c, round(r, 6)) for c, r in layout}


def test_suit_outlines_fit_their_unit_box():
    for outline in (shapes.HEART, shapes.DIAMOND, shapes.SPADE_BODY, shapes.STEM):
        assert all(-1e-9 <= x <= 1 + 1e-9 and -1e-9 <= y <= 1 + 1e-9 for x, y in outline)
    xs = [x for x, _ in shapes.HEART]
    ys = [y for _, y in shapes.HEART]
    assert min(xs) == pytest.approx(0) and max(xs) == pytest.approx(1)
    assert min(ys) == pytest.approx(0) and max(ys) == pytest.approx(1)
