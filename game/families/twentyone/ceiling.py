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

from game.families.twentyone.hard import SearchHard
from game.families.twentyone.search import Context, Deal, TwentyOneModel, counts_of


class ClairvoyantModel(TwentyOneModel):
    """The model with the real hands of the other players in every world;
    ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, know_of, peek) -> None:
        super().__init__(know_of)
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        sampler = ctx.sampler
        view = sampler.view
        # the unseen cards and the cards known to be held are everything
        # not in my hand, face up or set aside as the cut: the real hands
        # come out of them, the rest is the stock (and dropped hands)
        pool = list(sampler.pool)
        for _, known, *_ in sampler.seats:
            pool.extend(known)
        hands = {view.seat: list(sampler.mine)}
        for seat, *_ in sampler.seats:
            real = [c.kind for c in self.peek(seat)]
            for kind in real:
                pool.remove(kind)
            hands[seat] = counts_of(real)
        rng.shuffle(pool)
        stock = Deal.streams(pool[:view.stock_size], sampler.order)
        deal = Deal(hands, stock, list(sampler.pile), view.seat, list(sampler.order),
                    dict(sampler.owed), list(view.turns_taken), rng.getrandbits(32))
        deal.picked = view.picked.kind if view.picked is not None else None
        deal.fresh = view.upcard_fresh
        return deal


class ClairvoyantBot(SearchHard):
    """Hard whose search plays out the real hands (``ClairvoyantModel``)."""

    name = "clairvoyant"
    description = "Hard that sees the other hands (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        if peek is not None:
            self.model = ClairvoyantModel(self.model.know_of, peek)


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantBot}
