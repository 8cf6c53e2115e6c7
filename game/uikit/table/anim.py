"""Cards moving across the table, advanced by ``update`` (announcements are
the table's ``Banner``), and the confetti of a win.

A flight can hide its card at the destination until it lands (the new state
already holds the card there) and counts as "incoming" for a seat so the
seat's card count only grows when the card arrives.  A card may be tossed in
a low arc rather than slid, and may turn face up on the way (a hand shown).

With reduced motion (``Animator.reduced``) nothing travels: each card is
simply at its destination, ringed for a moment so the eye finds what changed
(where a card went is the news; the flight was only the flourish).  Delays
go too: what a deal or a show lays down comes at once.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.engine import Card
from game.uikit.art import cardart, palette

Point = tuple[float, float]

STILL = 0.45  # seconds a card that did not fly stays ringed at normal speed


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


@dataclass
class Flight:
    card: Card | None  # None flies face down
    src: Point  # centres
    dst: Point
    w0: int
    w1: int
    dur: float
    delay: float = 0.0
    wild: bool = False
    to_seat: int | None = None
    hide: Card | None = None
    t: float = 0.0
    arc: float = 0.0  # how high the path's middle rises, in pixels (a toss, not a slide)
    turn: bool = False  # face down until halfway, then face up (a card shown)
    still: bool = False  # reduced motion: at ``dst`` from the start, ringed

    @property
    def landed(self) -> bool:
        return self.t >= self.delay + self.dur

    @property
    def progress(self) -> float:
        """0 before it leaves, 1 once landed (eased)."""
        if self.dur <= 0:
            return 1.0
        return _ease(max(0.0, min(1.0, (self.t - self.delay) / self.dur)))

    def pos(self) -> tuple[Point, int]:
        if self.still:
            return self.dst, self.w1
        k = self.progress
        x = self.src[0] + (self.dst[0] - self.src[0]) * k
        y = self.src[1] + (self.dst[1] - self.src[1]) * k - self.arc * 4 * k * (1 - k)
        return (x, y), int(self.w0 + (self.w1 - self.w0) * k)


class Animator:
    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.reduced = False  # reduced motion: cards appear where they go

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def fly(self, flight: Flight) -> None:
        if flight.dur <= 0 and flight.delay <= 0:
            return  # instant speed: the card is simply there
        if self.reduced:
            flight.still, flight.delay, flight.turn = True, 0.0, False
            flight.dur = min(flight.dur, STILL) if flight.dur > 0 else STILL
        self.flights.append(flight)

    def update(self, dt: float) -> list[Flight]:
        """Advance; returns the flights that landed in this step."""
        landed = []
        for f in self.flights:
            f.t += dt
            if f.landed:
                landed.append(f)
        if landed:
            self.flights = [f for f in self.flights if not f.landed]
        return landed

    def finish(self) -> None:
        self.flights.clear()

    def hidden(self) -> set[Card]:
        return {f.hide for f in self.flights if f.hide is not None}

    def incoming(self, seat: int) -> int:
        return sum(1 for f in self.flights if f.to_seat == seat)

    def draw(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay:
                continue
            (x, y), w = f.pos()
            # the card is drawn once, at the larger of its two sizes, and scaled on
            # the way: a new face at every width would cost the browser a frame
            big = max(8, f.w0, f.w1)
            face_down = f.card is None or (f.turn and f.progress < 0.5)
            img = cardart.back(big) if face_down else cardart.face(f.card, big, wild=f.wild)
            w = max(8, w)
            h = round(img.get_height() * w / big)
            if f.turn:  # turning over: narrow to the edge and open again
                w = max(2, round(w * abs(1 - 2 * f.progress)))
            if (w, h) != img.get_size():
                img = pygame.transform.scale(img, (w, h))
            rect = img.get_rect(center=(int(x), int(y)))
            surface.blit(img, rect)
            if f.still:
                ring = cardart.outline(rect.w, palette.HILITE)
                t = (ring.get_width() - rect.w) // 2
                surface.blit(ring, (rect.x - t, rect.y - t))


# ------------------------------------------------------------------ confetti

_COLOURS = (palette.GOLD, palette.HILITE, palette.OK, palette.ACCENT, palette.DANGER,
            (246, 241, 226))


class Confetti:
    """A short shower of paper over ``area``: a win's celebration.  Drawn as
    small rectangles (a hundred of them cost well under a millisecond a
    frame); each piece flutters as it falls, and the shower ends by itself."""

    def __init__(self, area: pygame.Rect, pieces: int = 110, seconds: float = 2.6,
                 seed: int = 0) -> None:
        rng = random.Random(seed)  # the same shower for the same deal: tests can see it
        self.area = pygame.Rect(area)
        self.left = seconds
        unit = max(4, area.w // 160)
        self.pieces = []
        for _ in range(pieces):
            self.pieces.append([
                rng.uniform(area.x, area.right),  # x
                rng.uniform(area.y - area.h * 0.6, area.y),  # y: above, coming in
                rng.uniform(-40, 40),  # sideways drift, px/s
                rng.uniform(area.h * 0.35, area.h * 0.6),  # fall, px/s
                rng.uniform(0, math.tau),  # flutter phase
                rng.choice(_COLOURS),
                unit + rng.randrange(unit + 1),
            ])

    @property
    def active(self) -> bool:
        return self.left > 0

    def update(self, dt: float) -> None:
        if self.left <= 0:
            return
        self.left -= dt
        for p in self.pieces:
            p[4] += dt * 7
            p[0] += (p[2] + math.sin(p[4]) * 30) * dt
            p[1] += p[3] * dt

    def draw(self, surface: pygame.Surface) -> None:
        if self.left <= 0:
            return
        bottom = self.area.bottom
        for x, y, _dx, _dy, phase, colour, size in self.pieces:
            if y < self.area.y - size or y > bottom:
                continue
            tall = max(1, int(size * abs(math.cos(phase))))  # a piece turning in the air
            pygame.draw.rect(surface, colour, (int(x), int(y), size, tall))
