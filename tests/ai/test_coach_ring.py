"""The hint's ring around a card its neighbour half covers encloses only the
part that shows (issue 21, item 7): the ring (``glow``) stands
``RING_OUT`` pixels outside the rect it is given, so the rect ends that
far before the neighbour begins."""

from __future__ import annotations

import pygame

from game.ui.table.hints import RING_OUT, visible_part


def ring(rect: pygame.Rect) -> pygame.Rect:
    return rect.inflate(2 * RING_OUT, 2 * RING_OUT)  # as ``glow`` draws it


def test_a_covered_card_is_ringed_up_to_its_neighbour_only():
    card = pygame.Rect(100, 400, 80, 112)
    cover = pygame.Rect(130, 400, 80, 112)  # the next card shows 30 px of this one
    part = visible_part(card, cover)
    assert part == pygame.Rect(100, 400, 30 - RING_OUT, 112)
    assert ring(part).right == cover.x  # the ring stops where the neighbour begins
    assert ring(part).left == card.x - RING_OUT and ring(part).h == card.h + 2 * RING_OUT


def test_a_sliver_is_ringed_whole_up_to_the_neighbour():
    card = pygame.Rect(100, 400, 80, 112)
    cover = pygame.Rect(108, 400, 80, 112)  # 8 px show: too thin to shrink further
    assert visible_part(card, cover) == pygame.Rect(100, 400, 8, 112)


def test_an_uncovered_card_is_ringed_whole():
    card = pygame.Rect(100, 400, 80, 112)
    assert visible_part(card, None) == card
    assert visible_part(card, pygame.Rect(190, 400, 80, 112)) == card  # a gap between
    assert visible_part(card, pygame.Rect(100, 560, 80, 112)) == card  # the next row
