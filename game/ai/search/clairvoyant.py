"""The clairvoyant bots every family offers ``python -m game.ceiling``
(``CEILING_BOTS``): the family's hard bot whose search is told the other
players' real hands, for measuring only (no level ever sees another hand).
What it wins against mediums is what hard would reach if its guesses at the
hidden hands were perfect: the most any better world sampler can give.

A family's clairvoyant model is its own model with ``sample`` putting the
real hands (``real_hands``; ``real_pile_world`` for a game of one face-up
pile) in every world; ``clairvoyant_bot`` makes the bot that plays with it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from game.ai.search.worlds import counts_of

NAME = "clairvoyant"
DESCRIPTION = "Hard that sees the other hands (for measuring only)."


def real_hands(pool: list[int], seats: Iterable[tuple[int, list[int]]],
               peek: Callable[[int], Iterable]) -> tuple[dict[int, list[int]], list[int]]:
    """For a clairvoyant model (measuring only): every other seat's real
    hand as counts, ``peek(seat)`` giving its cards, and what is left of the
    hidden cards for the stock.  The unseen ``pool`` and the kinds each of
    ``seats`` (seat, known kinds) is known to hold are everything hidden
    from this seat: the real hands come out of them."""
    rest = list(pool)
    seats = list(seats)
    for _, known in seats:
        rest.extend(known)
    hands = {}
    for seat, _ in seats:
        real = [c.kind for c in peek(seat)]
        for kind in real:
            rest.remove(kind)
        hands[seat] = counts_of(real)
    return hands, rest


def real_pile_world(sampler: Any, peek: Callable[[int], Iterable], rng: random.Random) -> Any:
    """The world of a ``worlds.PileSampler`` with every other seat's real
    hand (``real_hands``): what is left of the hidden cards is the stock,
    and what does not fit in it is out of play (dropped hands)."""
    others, pool = real_hands(sampler.pool, ((s, known) for s, known, *_ in sampler.seats), peek)
    return sampler.world({sampler.view.seat: list(sampler.mine), **others}, pool, rng)


def clairvoyant_bot(name: str, hard: type, model_for: Callable[[Any, Callable], Any],
                    module: str, doc: str) -> type:
    """A subclass ``name`` of the family's ``hard`` bot class whose search
    plays out the real hands: ``model_for(bot, peek)`` builds its model
    once the hard bot is made (``peek(seat)``: a seat's real hand, which
    only a measuring loop holding the whole game state can give).  Without
    ``peek`` it is hard itself."""

    def __init__(self, seed: int = 0, peek=None) -> None:
        hard.__init__(self, seed)
        if peek is not None:
            self.model = model_for(self, peek)

    return type(name, (hard,), {"__module__": module, "__qualname__": name, "__doc__": doc,
                                "name": NAME, "description": DESCRIPTION,
                                "__init__": __init__})
