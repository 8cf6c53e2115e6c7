"""How a hand of groups is laid out in the space it is given: the rows it
takes (groups never split), the card width and how much of each covered
card shows, every card's place (``flow_hand``).  The table, the showdown and
the dialogs that show a hand all lay it out here; nothing here knows the
game."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pygame

from game.uikit.art.cardart import CARD_RATIO


@dataclass
class HandGeometry:
    card_w: int
    card_h: int
    lift: int  # how far a selected card rises
    label_h: int
    slots: list[tuple[int, int, pygame.Rect]] = field(default_factory=list)  # group, index
    spans: list[pygame.Rect] = field(default_factory=list)  # each group's cards
    rows: list[list[int]] = field(default_factory=list)  # group indices per row
    row_rects: list[pygame.Rect] = field(default_factory=list)
    gap: int = 0


OVERLAP = 0.5  # the visible part of a covered card, in card widths
GROUP_GAP = 0.32


def _partitions(n: int, rows: int) -> list[list[int]]:
    """Every way to cut n groups into ``rows`` non-empty runs (as cut points)."""
    return [list(c) for c in itertools.combinations(range(1, n), rows - 1)]


def _row_units(sizes: list[int]) -> float:
    cards, groups = sum(sizes), len(sizes)
    return groups + OVERLAP * (cards - groups) + GROUP_GAP * (groups - 1) if cards else 0


MOST_ROWS = 4  # a long hand of many groups on a phone
SHOWN = 0.6  # the part of a covered card's width that reads at a glance (index and pips)
LIFT = 0.14  # a selected card rises this share of its height


def _row_width(sizes: list[int], labels: list[int], cw: float, show: float) -> float:
    """A row's width for cards ``cw`` wide, each covered card showing ``show``
    of its width, each group at least as wide as its label."""
    spans = [max(cw * (1 + show * (n - 1)), lw) if n else lw for n, lw in zip(sizes, labels,
                                                                           strict=True)]
    return sum(spans) + cw * GROUP_GAP * (len(sizes) - 1)


def _largest(sizes: list[int], labels: list[int], width: int, top: int) -> int:
    """The widest card (at most ``top``) for which the row fits ``width``."""
    lo, hi = 0, top
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _row_width(sizes, labels, mid, OVERLAP) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _spread(sizes: list[int], labels: list[int], width: int, cw: int) -> float:
    """How much of a covered card shows in a row: as much as the width allows,
    up to 0.75 of it (never less than ``OVERLAP``)."""
    lo, hi = OVERLAP, 0.75
    if _row_width(sizes, labels, cw, hi) <= width:
        return hi
    for _ in range(12):
        mid = (lo + hi) / 2
        if _row_width(sizes, labels, cw, mid) <= width:
            lo = mid
        else:
            hi = mid
    return lo


def flow_hand(sizes: list[int], area: pygame.Rect, max_w: int, label_h: int,
              label_w: list[int] | None = None, least_rows: int = 1) -> HandGeometry:
    """Place groups of cards (``sizes``) in ``area``, groups never split across
    rows and each at least as wide as its label (``label_w``, pixels): on
    as many rows (up to four) as make the hand read best, that is large
    cards whose covered neighbours still show most of their face (one row
    of heavily overlapped cards reads worse than two rows of slightly
    smaller ones).  ``least_rows``: at least so many rows where the groups
    allow (a long hand on a wide window)."""
    n = len(sizes)
    labels = list(label_w) if label_w is not None else [0] * n
    # a row (the groups i..j-1) recurs in many of the ways to cut the hand:
    # its widest card and spread are worked out once (nine groups: 93 ways)
    known: dict[tuple, float] = {}

    def row(fit, i: int, j: int, x: int) -> float:
        key = (fit, i, j, x)
        if key not in known:
            known[key] = fit(sizes[i:j], labels[i:j], area.w, x)
        return known[key]

    covered = any(size > 1 for size in sizes)
    # Each way's widest card is cheap and bounds its quality from above (a
    # spread never makes the cards read better than their width), so the
    # ways are tried best bound first and the costly spreads stop once no
    # bound can beat the best found; ties go to the way met first, as
    # rows and cuts are counted.
    ways = []
    for rows in range(min(max(1, n), least_rows), MOST_ROWS + 1):
        if rows > max(1, n):
            break
        row_h = area.h / rows
        h_fit = int((row_h - label_h) / (CARD_RATIO * (1 + LIFT)))
        top = max(0, min(max_w, h_fit))
        for cuts in _partitions(n, rows):
            bounds = [0, *cuts, n]
            runs = list(itertools.pairwise(bounds))
            cw = min(row(_largest, i, j, top) for i, j in runs)
            if cw <= 0:
                continue
            units = max(_row_units(sizes[i:j]) for i, j in runs)
            ways.append(((round(cw, 1), -rows, -units), -len(ways), cw, runs))
    ways.sort(reverse=True)
    best: tuple[tuple, int, list[tuple[int, int]]] | None = None
    for bound, order, cw, runs in ways:
        if best is not None and (bound, order) < best[0]:
            break
        # only rows with a covered card (a group of two or more) spread
        show = min(row(_spread, i, j, cw) for i, j in runs
                   if any(size > 1 for size in sizes[i:j])) if covered else 0.75
        quality = cw * min(1.0, show / SHOWN)
        key = ((round(quality, 1), *bound[1:]), order)
        if best is None or key > best[0]:
            best = (key, cw, runs)
    if best is None:  # not even the smallest cards fit: one row, squeezed
        cw, runs = max(20, min(max_w, area.w // max(1, n))), [(0, n)]
    else:
        cw, runs = best[1], best[2]
    cw = max(20, cw)
    parts = [list(range(i, j)) for i, j in runs]
    ch = int(cw * CARD_RATIO)
    lift = int(ch * LIFT)
    geo = HandGeometry(card_w=cw, card_h=ch, lift=lift, label_h=label_h, rows=parts,
                       gap=int(cw * GROUP_GAP))
    geo.spans = [pygame.Rect(0, 0, 0, 0)] * n
    row_h = label_h + lift + ch
    total_h = row_h * len(parts)
    y = area.y + max(0, (area.h - total_h) // 2)
    for (i, j), part in zip(runs, parts, strict=True):
        # the chosen rows' spreads were mostly worked out in choosing them
        step = max(int(cw * 0.2), int(cw * row(_spread, i, j, cw)))
        width = int(_row_width(sizes[i:j], labels[i:j], cw, step / cw))
        x = area.x + max(0, (area.w - width) // 2)
        top = y + label_h + lift
        geo.row_rects.append(pygame.Rect(area.x, y, area.w, row_h))
        for g in part:
            start = x
            for k in range(sizes[g]):
                geo.slots.append((g, k, pygame.Rect(x, top, cw, ch)))
                if k + 1 < sizes[g]:
                    x += step
            cards_w = (x - start + cw) if sizes[g] else 0
            geo.spans[g] = pygame.Rect(start, top, cards_w, ch)
            x = start + max(cards_w, labels[g]) + geo.gap
        y += row_h
    return geo
