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

from game.ai.search.clairvoyant import clairvoyant_bot, real_hands
from game.families.vazhushal.hard import HardVazhushal
from game.families.vazhushal.search import Context, Deal, VazhushalModel


class ClairvoyantModel(VazhushalModel):
    """The model with the real hands of the other players in every world;
    ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, peek) -> None:
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        sampler = ctx.sampler
        # the hidden cards are everything not in this hand, the line, the
        # tables or under the stock: what is left of them is the stock
        others, pool = real_hands(sampler.pool, ((s, held) for s, held, _, _ in sampler.seats),
                                  self.peek)
        hands = {sampler.view.seat: list(sampler.mine), **others}
        rng.shuffle(pool)
        return sampler.world(hands, pool)


ClairvoyantBot = clairvoyant_bot(
    "ClairvoyantBot", HardVazhushal, lambda bot, peek: ClairvoyantModel(peek),
    __name__, "Hard whose search plays out the real hands (``ClairvoyantModel``).")


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantBot}
