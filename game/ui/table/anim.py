"""Cards sliding across the table and short captions, advanced by ``update``.

A flight can hide its card at the destination until it lands (the new state
already holds the card there) and counts as "incoming" for a seat so the
seat's card count only grows when the card arrives.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import Card
from ..art import cardart, fonts, palette

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


@dataclass
class Caption:
    text: str
    pos: Point
    color: tuple[int, int, int]
    dur: float
    t: float = 0.0


class Animator:
    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.captions: list[Caption] = []

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def fly(self, flight: Flight) -> None:
        if flight.dur <= 0 and flight.delay <= 0:
            return  # instant speed: the card is simply there
        self.flights.append(flight)

    def say(self, text: str, pos: Point, color=palette.GOLD, dur: float = 1.4) -> None:
        if dur > 0:
            self.captions.append(Caption(text, pos, color, dur))

    def update(self, dt: float) -> list[Flight]:
        """Advance; returns the flights that landed in this step."""
        landed = []
        for f in self.flights:
            f.t += dt
            if f.landed:
                landed.append(f)
        if landed:
            self.flights = [f for f in self.flights if not f.landed]
        for c in self.captions:
            c.t += dt
        self.captions = [c for c in self.captions if c.t < c.dur]
        return landed

    def finish(self) -> None:
        self.flights.clear()
        self.captions.clear()

    def hidden(self) -> set[Card]:
        return {f.hide for f in self.flights if f.hide is not None}

    def incoming(self, seat: int) -> int:
        return sum(1 for f in self.flights if f.to_seat == seat)

    def draw(self, surface: pygame.Surface, text_size: int) -> None:
        for f in self.flights:
            if f.t < f.delay:
                continue
            (x, y), w = f.pos()
            w = max(8, w - w % 6)  # a few widths only, so the card art cache keeps them
            img = cardart.back(w) if f.card is None else cardart.face(f.card, w, wild=f.wild)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        for c in self.captions:
            k = c.t / c.dur
            img = fonts.text(c.text, text_size, c.color, True)
            rect = img.get_rect(center=(int(c.pos[0]), int(c.pos[1] - k * text_size * 1.5)))
            shadow = fonts.text(c.text, text_size, palette.SHADOW, True)
            surface.blit(shadow, rect.move(2, 2))
            surface.blit(img, rect)
