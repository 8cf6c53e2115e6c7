"""The table layout fits every window from a small phone to a large desktop."""

import itertools
import random

import pygame
import pytest

from game.uikit.table import hand_layout as lo
from game.uikit.table.hand_layout import flow_hand
from game.uikit.table.layout import table_layout

SIZES = [(360, 640), (390, 844), (844, 390), (640, 480), (800, 600), (1024, 768),
         (1280, 720), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_nothing_on_the_table_overlaps(size, players):
    pygame.init()
    lay = table_layout(size, players, 0)
    screen = pygame.Rect((0, 0), size)
    assert len(lay.seats) == players - 1 and 0 not in lay.seats
    areas = {"stock": lay.stock, "cut": lay.cut, "discard": lay.discard, "info": lay.info,
             "buttons": lay.buttons, "hand": lay.hand, "top": lay.top}
    areas.update({f"seat{s}": spot.rect for s, spot in lay.seats.items()})
    for name, rect in areas.items():
        assert screen.contains(rect), f"{name} {rect} is off the {size} window"
    solid = {k: v for k, v in areas.items() if k not in ("stock", "cut")}
    if lay.compact:  # a phone on its side: the seats sit in the title bar, between its icons
        solid.pop("top")
        solid.update(menu=lay.menu_button, help=lay.help_button, sound=lay.sound_button)
    for (a, ra), (b, rb) in itertools.combinations(solid.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    # the cut card lies whole beside the stock, not under it (issue 15, item 5)
    assert not lay.cut.colliderect(lay.stock.inflate(8, 8))
    for spot in lay.seats.values():
        assert not spot.rect.colliderect(lay.stock) and not spot.rect.colliderect(lay.cut)
    assert lay.stock.w >= 36


@pytest.mark.parametrize("size", SIZES)
def test_seats_follow_the_direction_of_play(size):
    pygame.init()
    ccw = table_layout(size, 4, 0)
    cw = table_layout(size, 4, 0, clockwise=True)
    # seats are fixed round the table; the direction only says who is next:
    # counter-clockwise play passes to seat 1 on the right, clockwise to seat 3 on the left
    for lay in (ccw, cw):
        assert lay.seats[1].rect.centerx > lay.seats[3].rect.centerx


GROUPINGS = [[13], [14], [3, 3, 3, 4], [1] * 7 + [7], [4, 4, 3, 3], [2, 2, 2, 2, 2, 2, 2],
             [10, 4], [5, 1, 1, 1, 1, 1, 4]]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("sizes", GROUPINGS)
def test_the_hand_fits_and_stays_readable(size, sizes):
    pygame.init()
    lay = table_layout(size, 4, 0)
    geo = flow_hand(sizes, lay.hand, lay.max_card_w, 18)
    assert len(geo.slots) == sum(sizes)
    screen = pygame.Rect((0, 0), size)
    for g, i, rect in geo.slots:
        assert screen.contains(rect.move(0, -geo.lift)), (g, i, rect)
    assert geo.card_w >= 40, f"cards {geo.card_w}px wide at {size}"
    steps = [b[2].x - a[2].x for a, b in zip(geo.slots, geo.slots[1:], strict=False)
             if a[0] == b[0]]
    assert all(s >= geo.card_w * 0.3 for s in steps), "a card's index corner is covered"
    for g in range(len(sizes)):  # groups never overlap each other
        for h in range(g + 1, len(sizes)):
            assert not geo.spans[g].colliderect(geo.spans[h])


def test_an_empty_group_takes_no_card_and_breaks_nothing():
    # a row of a pair and an empty group has a covered card (the pair's
    # first): its spread is still asked, where it once found no row to ask
    pygame.init()
    geo = flow_hand([2, 0], pygame.Rect(0, 0, 390, 300), 90, 16)
    assert [(g, i) for g, i, _ in geo.slots] == [(0, 0), (0, 1)]
    assert geo.spans[1].w == 0


def _every_way(sizes, area, max_w, label_h, labels, least_rows):
    """The referee: every way to cut the groups into rows scored in full, the
    first of the best kept (the rule flow_hand's docstring gives, with the
    layout's own row measures)."""
    n = len(sizes)
    best = None
    for rows in range(min(n, least_rows), lo.MOST_ROWS + 1):
        if rows > n:
            break
        top = max(0, min(max_w, int((area.h / rows - label_h)
                                    / (lo.CARD_RATIO * (1 + lo.LIFT)))))
        for cuts in itertools.combinations(range(1, n), rows - 1):
            runs = list(itertools.pairwise([0, *cuts, n]))
            cw = min(lo._largest(sizes[i:j], labels[i:j], area.w, top) for i, j in runs)
            if cw <= 0:
                continue
            show = min(lo._spread(sizes[i:j], labels[i:j], area.w, cw) for i, j in runs
                       if max(sizes[i:j]) > 1) if max(sizes) > 1 else 0.75
            key = (round(cw * min(1.0, show / lo.SHOWN), 1), -rows,
                   -max(lo._row_units(sizes[i:j]) for i, j in runs))
            if best is None or key > best[0]:
                best = (key, cw, [list(range(i, j)) for i, j in runs])
    return best[1], best[2]


def test_the_hand_takes_the_best_way_to_cut_its_groups_into_rows():
    # flow_hand scores the costly spread only for ways whose widest card could
    # still beat the best found: it must choose as scoring every way does
    pygame.init()
    rng = random.Random(23)
    for _ in range(150):
        sizes = [rng.choice([1, 1, 2, 3, 3, 3, 4, 5, 7]) for _ in range(rng.randint(1, 9))]
        area = pygame.Rect(0, 0, rng.choice([350, 390, 640, 1180]), rng.choice([150, 260, 420]))
        labels = [rng.choice([0, 40, 70, 120]) for _ in sizes]
        max_w, label_h, least = rng.choice([60, 96, 112]), rng.choice([14, 20]), rng.choice([1, 2])
        geo = flow_hand(sizes, area, max_w, label_h, labels, least)
        cw, rows = _every_way(sizes, area, max_w, label_h, labels, least)
        assert (geo.card_w, geo.rows) == (max(20, cw), rows), (sizes, area, labels)
