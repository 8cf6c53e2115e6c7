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

``TakeReaderMarriage`` is hard (the look-ahead) told, for each discard it
looks ahead with, whether the next player would take it: what reading the
next player is worth to hard, whose only read of them is ``feed_risk``
(``tools/ladder.py --pair ceiling:take,medium``).
"""

from __future__ import annotations

import random

from game.ai.search.clairvoyant import clairvoyant_bot, real_hands
from game.engine import PlayerView
from game.engine.cards import JOKER_KIND
from game.families.marriage.bots import HardMarriage, MediumMarriage
from game.families.marriage.hard import SearchMarriage
from game.families.marriage.judge import Judge, could_use
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


class TakeReaderMarriage(HardMarriage):
    """Hard told whether the next player would take each card it may throw:
    medium's own rule (the card could join their hand and brings it more
    than ``MediumMarriage.take_gain`` closer, judged from their view, told
    by ``look``) on their real hand; a wild card is never taken by a player
    who has seen.  The feed still weighs ``feed`` cards; all else is hard's.
    Measuring only: no level ever sees another player's view."""

    name = "clairvoyant"
    description = "Hard told what the next player would take (for measuring only)."
    looks = True  # the runner passes ``look``: every seat's view

    def __init__(self, seed: int = 0, peek=None, look=None) -> None:
        super().__init__(seed)
        self.look = look

    def feed_chance(self, view: PlayerView, judge: Judge, seat: int):
        if self.look is None:
            return super().feed_chance(view, judge, seat)
        theirs = self.look(seat)
        them = Judge(theirs, MediumMarriage.counting, MediumMarriage.dublee_bias)
        hand = tuple(c.kind for c in theirs.hand)
        now = them.value(hand)
        seen = theirs.extra.i_have_seen

        def chance(kind: int) -> float:
            if seen and kind in theirs.wild or not could_use(hand, kind, theirs.wild):
                return 0.0
            taken = them.value(hand + (kind,)) < now - MediumMarriage.take_gain
            return 1.0 if taken else 0.0

        return chance


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantMarriage, "take": TakeReaderMarriage}
