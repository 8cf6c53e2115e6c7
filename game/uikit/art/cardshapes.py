"""Geometry of the card art in unit boxes: suits, stars, crowns, pip layouts.

Pure Python (no pygame) so the shapes can be checked without a display; the
drawing lives in cardart.  Every outline is a list of (x, y) points with
0 <= x, y <= 1 and y growing downwards, ready to be scaled into a rectangle.
"""

from __future__ import annotations

import math

Point = tuple[float, float]


def bezier(a: Point, c: Point, b: Point, n: int = 10) -> list[Point]:
    """Quadratic Bezier from ``a`` to ``b`` pulled towards ``c`` (n + 1 points)."""
    return [
        ((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
         (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1])
        for t in (i / n for i in range(n + 1))
    ]


def normalise(pts: list[Point]) -> list[Point]:
    """Stretch ``pts`` to fill the unit box exactly."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = min(xs), min(ys)
    span_x, span_y = max(xs) - x0, max(ys) - y0
    return [((x - x0) / span_x, (y - y0) / span_y) for x, y in pts]


def heart_points(n: int = 72) -> list[Point]:
    # The classic parametric heart: rounder lobes than two circles and a triangle.
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    return normalise(pts)


def diamond_points(n: int = 12) -> list[Point]:
    # Sides bow slightly inward like a printed diamond.
    corners = [(0.5, 0.0), (0.92, 0.5), (0.5, 1.0), (0.08, 0.5)]
    pts: list[Point] = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        ctrl = (mid[0] + (0.5 - mid[0]) * 0.18, mid[1] + (0.5 - mid[1]) * 0.18)
        pts.extend(bezier(a, ctrl, b, n)[:-1])
    return pts


def stem_points(top_y: float, n: int = 10) -> list[Point]:
    """A stem whose sides curve out into a flared foot at the bottom of the box."""
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        y = top_y + (1.0 - top_y) * t
        half = 0.035 + 0.2 * t**2.2
        left.append((0.5 - half, y))
        right.append((0.5 + half, y))
    return left + right[::-1]


def star_points(cx: float, cy: float, r: float, inner: float = 0.45, n: int = 5) -> list[Point]:
    """An ``n``-pointed star with a point straight up (absolute coordinates)."""
    pts = []
    for i in range(2 * n):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + math.pi * i / n
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


HEART = heart_points()
DIAMOND = diamond_points()
# Spade body: an upside-down heart squeezed into the top 78% of the box.
SPADE_BODY = [(0.04 + x * 0.92, (1 - y) * 0.78) for x, y in HEART]
STEM = stem_points(0.5)
CLUB_LOBES = ((0.5, 0.25, 0.235), (0.245, 0.6, 0.235), (0.755, 0.6, 0.235))  # (x, y, radius)
CLUB_JOIN = ((0.5, 0.3), (0.3, 0.62), (0.7, 0.62))  # fills the gap between the lobes
# Width / height of each suit (S, H, D, C) as printed on real cards.
SUIT_ASPECT = (0.9, 1.0, 0.82, 0.98)

# Crown outlines (u, v) in a unit box: K three tall spikes, Q five points, J a low coronet.
CROWN_TIPS: dict[str, tuple[Point, ...]] = {
    "K": ((0.0, 0.0), (0.25, 0.5), (0.5, -0.1), (0.75, 0.5), (1.0, 0.0)),
    "Q": ((0.0, 0.2), (0.17, 0.55), (0.33, 0.1), (0.5, 0.5), (0.67, 0.1), (0.83, 0.55),
          (1.0, 0.2)),
    "J": ((0.0, 0.45), (0.25, 0.75), (0.5, 0.3), (0.75, 0.75), (1.0, 0.45)),
}

# Jester's cap, unit box: (base left, outer control, tip, inner control, base right).
HORNS = (
    ((0.14, 0.8), (0.0, 0.62), (0.02, 0.2), (0.3, 0.36), (0.46, 0.8)),
    ((0.86, 0.8), (1.0, 0.62), (0.98, 0.2), (0.7, 0.36), (0.54, 0.8)),
    ((0.33, 0.8), (0.3, 0.4), (0.5, 0.04), (0.7, 0.4), (0.67, 0.8)),
)

# Pip positions for 2..10: (column -1/0/1, row 0..1 from top to bottom), as on real cards.
PIPS: dict[int, tuple[Point, ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1),
        (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3),
         (0, 5 / 6), (-1, 1), (1, 1)),
}
