"""How much knowing the hidden hands is worth to Vazhushal's hard, measured
with a bot that is told the truth (for measuring only: no level ever sees
another hand).  ``python -m game.ceiling`` plays it against mediums:

    python -m game.ceiling --variant vazhushal --bot search [--players 2] [--seeds 1-1000]

``ClairvoyantBot`` is hard with a world sampler that puts every other
player's real hand in every world (the stock is still drawn at random from
the rest): what hard would reach if its guesses at the hidden hands were
perfect, the most any better sampling of the worlds can give.
"""

from __future__ import annotations

import random

from game.families.vazhushal.hard import HardVazhushal
from game.families.vazhushal.search import Context, Deal, VazhushalModel, counts_of


class ClairvoyantModel(VazhushalModel):
    """The model with the real hands of the other players in every world;
    ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, peek) -> None:
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        sampler = ctx.sampler
        # the unseen cards and the cards known to be held are everything
        # not in this hand, the line, the tables or under the stock: the
        # real hands come out of them, the rest is the stock
        pool = list(sampler.pool)
        for _, held, _, _ in sampler.seats:
            pool.extend(held)
        hands = {sampler.view.seat: list(sampler.mine)}
        for seat, *_ in sampler.seats:
            real = [c.kind for c in self.peek(seat)]
            for kind in real:
                pool.remove(kind)
            hands[seat] = counts_of(real)
        rng.shuffle(pool)
        stock = Deal.streams(pool[:sampler.stock_size], sampler.order)
        return Deal(hands, dict(sampler.tables), stock, sampler.neg, list(sampler.line),
                    sampler.upcard_wild, sampler.view.seat, list(sampler.order))


class ClairvoyantBot(HardVazhushal):
    """Hard whose search plays out the real hands (``ClairvoyantModel``)."""

    name = "clairvoyant"
    description = "Hard that sees the other hands (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        if peek is not None:
            self.model = ClairvoyantModel(peek)


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantBot}
