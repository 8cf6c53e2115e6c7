"""Cards sliding across the table, advanced by ``update`` (announcements are
the table's ``Banner``).

A flight can hide its card at the destination until it lands (the new state
already holds the card there) and counts as "incoming" for a seat so the
seat's card count only grows when the card arrives.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import Card
from game.uikit.art import cardart

Point = tuple[float, float]


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

    @property
    def landed(self) -> bool:
        return self.t >= self.delay + self.dur

    def pos(self) -> tuple[Point, int]:
        k = _ease(max(0.0, min(1.0, (self.t - self.delay) / self.dur))) if self.dur > 0 else 1.0
        x = self.src[0] + (self.dst[0] - self.src[0]) * k
        y = self.src[1] + (self.dst[1] - self.src[1]) * k
        return (x, y), int(self.w0 + (self.w1 - self.w0) * k)


class Animator:
    def __init__(self) -> None:
        self.flights: list[Flight] = []

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def fly(self, flight: Flight) -> None:
        if flight.dur <= 0 and flight.delay <= 0:
            return  # instant speed: the card is simply there
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
            img = cardart.back(big) if f.card is None else cardart.face(f.card, big, wild=f.wild)
            w = max(8, w)
            if w != big:
                img = pygame.transform.scale(img, (w, round(img.get_height() * w / big)))
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
