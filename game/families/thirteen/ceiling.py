"""How much knowing the hidden hands can be worth in 13-card rummy, measured
with bots that are told the truth (for measuring only: no level ever sees
another hand).  ``python -m game.ceiling`` plays them against mediums:

    python -m game.ceiling --variant points --bot reading --seeds 1-1000
    python -m game.ceiling --variant points --bot search [--players 2] [--seeds 1-1000] [--jsonl F]

The oracle is the reading bot (``hard.ReadingBot``: hard before the
search) with one piece of forbidden knowledge: of the discards it weighs
(medium's value within ``hard.READ_MARGIN`` of its best), it knows
which ones the next player would take, and throws the best one they would
not take, when there is one.  That is what hard's reading (``reading.py``, ``worlds.py``)
guesses at from the log.  Against medium in two-player Points, duplicate
deals (each seed played from both seats), it wins about 61% of the deals:
no honest reading of the next player's hand can gain more than that.

``--bot search`` measures the search bot's ceiling: ``ClairvoyantBot`` is hard
with a world sampler that puts every other player's real hand in every
world (the stock is still drawn at random from the rest).  Against mediums,
duplicate deals, it is what hard would reach if its guesses at the hidden
hands were perfect: the most any improvement of ``search``'s
``WorldSampler`` can give.
"""

from __future__ import annotations

from game.ai.base import Thought
from game.ai.kinds import adding, kinds_of
from game.ai.search.clairvoyant import clairvoyant_bot, real_pile_world
from game.engine import PlayerView
from game.families.thirteen.hard import HardBot, ReadingBot
from game.families.thirteen.judge import Judge
from game.families.thirteen.search import Deal, ThirteenModel
from game.families.thirteen.shape import need_of


class OracleBot(ReadingBot):
    """The reading bot's choice of candidates, but told whether the next player would
    take each one.  ``peek(seat)`` returns that seat's real hand; only a
    measuring loop that holds the whole game state can give it one."""

    name = "oracle"
    description = "Knows which cards the next player would take (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        self.peek = peek

    def least_feeding(self, view: PlayerView, judge: Judge, nxt: int, cands: list) -> Thought:
        if self.peek is None:
            return cands[0][2]
        yield
        theirs = kinds_of(self.peek(nxt))
        slots = view.rules.hand_size
        before = need_of(theirs, view.wild, slots)

        def feeds(t) -> bool:
            return need_of(adding(theirs, t[2].kind), view.wild, slots) < before

        return min(cands, key=lambda t: (feeds(t), t[0], t[1], t[2].uid))[2]


class ClairvoyantModel(ThirteenModel):
    """The 13-card model with the real hands of the other players in every
    world; ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, know_of, peek) -> None:
        super().__init__(know_of)
        self.peek = peek

    def sample(self, ctx, rng) -> Deal:
        return real_pile_world(ctx.sampler, self.peek, rng)


ClairvoyantBot = clairvoyant_bot(
    "ClairvoyantBot", HardBot, lambda bot, peek: ClairvoyantModel(bot.knowledge, peek),
    __name__, "Hard whose search plays out the real hands (``ClairvoyantModel``).")


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantBot, "reading": OracleBot}
