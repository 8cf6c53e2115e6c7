"""How much knowing the hidden hands can be worth in Indian Marriage,
measured with a bot that is told the truth (for measuring only: no level
ever sees another hand).  ``python -m game.ceiling`` plays it against
mediums, duplicate deals:

    python -m game.ceiling --variant marriage --bot search [--players 2] \\
        [--seeds 1-1000] [--jsonl F]

``ClairvoyantMarriage`` is hard with a world sampler that puts every other
player's real hand in every world (``ClairvoyantModel``); the stock, and
the tiplu until the bot has seen it, are still drawn at random from the
rest (the runner tells hands, not the cards set aside).  Against mediums
it is what hard would reach if its guesses at the hidden hands were
perfect: the most any improvement of ``search.WorldSampler`` can give.
"""

from __future__ import annotations

import random

from game.ai.search.clairvoyant import clairvoyant_bot, real_hands
from game.engine.cards import JOKER_KIND
from game.families.marriage.hard import SearchMarriage
from game.families.marriage.search import Context, Deal, MarriageModel


class ClairvoyantModel(MarriageModel):
    """The Marriage model with the real hands of the other players in every
    world; ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, peek) -> None:
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        sampler = ctx.sampler
        view = sampler.view
        others, pool = real_hands(sampler.pool, ((s, known) for s, known, _, _ in sampler.seats),
                                  self.peek)
        tiplu = sampler.tiplu
        if tiplu is None:
            natural = [i for i, k in enumerate(pool) if k != JOKER_KIND]
            tiplu = pool.pop(rng.choice(natural))
        deal = Deal({view.seat: list(sampler.mine), **others}, {}, list(sampler.pile),
                    view.seat, sampler.order, dict(sampler.route), sampler.exposed,
                    {s: list(x) for s, x in sampler.laid.items()},
                    {s: list(x) for s, x in sampler.tunnelas.items()}, tiplu, sampler.printed,
                    rng.getrandbits(32))
        rng.shuffle(pool)
        deal.stock = Deal.streams(pool[:view.stock_size], sampler.order)
        deal.picked = view.picked.kind if view.picked is not None else None
        return deal


ClairvoyantMarriage = clairvoyant_bot(
    "ClairvoyantMarriage", SearchMarriage, lambda bot, peek: ClairvoyantModel(peek),
    __name__, "Hard whose search plays out the real hands (``ClairvoyantModel``).")


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantMarriage}
