"""How much knowing the hidden hands can be worth in 21- and 27-card rummy,
measured with a bot that is told the truth (for measuring only: no level
ever sees another hand).  ``python -m game.ceiling`` plays it against
mediums, duplicate deals:

    python -m game.ceiling --variant 21card --bot search [--players 2] [--seeds 1-1000]

``ClairvoyantBot`` is hard (``hard.SearchHard``) with one change: every
world its search samples holds the other players' real hands (the stock is
still drawn at random from the rest).  It is what hard would reach if its
guesses at the hidden hands were perfect: the most any better sampler
(``search.WorldSampler``) can give this search.
"""

from __future__ import annotations

import random

from game.ai.search.clairvoyant import clairvoyant_bot, real_hands
from game.families.twentyone.hard import SearchHard
from game.families.twentyone.search import Context, Deal, TwentyOneModel


class ClairvoyantModel(TwentyOneModel):
    """The model with the real hands of the other players in every world;
    ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, know_of, peek) -> None:
        super().__init__(know_of)
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        sampler = ctx.sampler
        view = sampler.view
        # what is left of the hidden cards is the stock (and dropped hands)
        others, pool = real_hands(sampler.pool, ((s, known) for s, known, *_ in sampler.seats),
                                  self.peek)
        return sampler.world({view.seat: list(sampler.mine), **others}, pool, rng)


ClairvoyantBot = clairvoyant_bot(
    "ClairvoyantBot", SearchHard, lambda bot, peek: ClairvoyantModel(bot.model.know_of, peek),
    __name__, "Hard whose search plays out the real hands (``ClairvoyantModel``).")


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantBot}
