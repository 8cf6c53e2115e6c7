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
        # the unseen cards and the cards known to be held are everything
        # hidden from this seat: the real hands come out of them
        pool = list(sampler.pool)
        for _, known, _, _ in sampler.seats:
            pool.extend(known)
        hands = {}
        for seat, *_ in sampler.seats:
            c = [0] * len(sampler.mine)
            for card in self.peek(seat):
                pool.remove(card.kind)
                c[card.kind] += 1
            hands[seat] = c
        tiplu = sampler.tiplu
        if tiplu is None:
            natural = [i for i, k in enumerate(pool) if k != JOKER_KIND]
            tiplu = pool.pop(rng.choice(natural))
        deal = Deal({view.seat: list(sampler.mine), **hands}, {}, list(sampler.pile),
                    view.seat, sampler.order, dict(sampler.route), sampler.exposed,
                    {s: list(x) for s, x in sampler.laid.items()},
                    {s: list(x) for s, x in sampler.tunnelas.items()}, tiplu, sampler.printed,
                    rng.getrandbits(32))
        rng.shuffle(pool)
        deal.stock = Deal.streams(pool[:view.stock_size], sampler.order)
        deal.picked = view.picked.kind if view.picked is not None else None
        return deal


class ClairvoyantMarriage(SearchMarriage):
    """Hard whose search plays out the real hands (``ClairvoyantModel``)."""

    name = "clairvoyant"
    description = "Hard that sees the other hands (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        if peek is not None:
            self.model = ClairvoyantModel(peek)


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantMarriage}
