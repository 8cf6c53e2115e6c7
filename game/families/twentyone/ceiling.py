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

``DiscardsBot`` (``--bot discards``) is told the real hands when it throws
only; its draws and drops are hard's: how much of the ceiling lies in the
choice of the card to throw.

``ProgressBot`` (``--bot progress``) knows less: how far each other hand is
from a show, not its cards.  Its worlds are hard's own samples, of
``PROGRESS_DRAWS`` the one whose other hands' exact counts come nearest the
real hands' counts.  Against the clairvoyant bot on the same seeds it tells
how much of what seeing the hands is worth comes from knowing when the other
player will show, and how much from knowing which cards it holds.
"""

from __future__ import annotations

import random

from game.ai.base import Thought
from game.ai.search.clairvoyant import clairvoyant_bot, real_pile_world
from game.engine import PlayerView
from game.families.twentyone.hard import SearchHard
from game.families.twentyone.search import Context, Deal, TwentyOneModel
from game.families.twentyone.solver import count_21

PROGRESS_DRAWS = 8  # worlds a progress-knowing world is chosen from


class ClairvoyantModel(TwentyOneModel):
    """The model with the real hands of the other players in every world;
    ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, know_of, peek) -> None:
        super().__init__(know_of)
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        return real_pile_world(ctx.sampler, self.peek, rng)


ClairvoyantBot = clairvoyant_bot(
    "ClairvoyantBot", SearchHard, lambda bot, peek: ClairvoyantModel(bot.model.know_of, peek),
    __name__, "Hard whose search plays out the real hands (``ClairvoyantModel``).")


class DiscardsBot(SearchHard):
    """Hard whose discards are searched in worlds holding the real hands
    (``ClairvoyantModel``); its draws and drops search hard's own worlds."""

    name = "clairvoyant"
    description = "Hard that sees the other hands when it throws (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        self.own_model = self.model
        self.seeing = self.model if peek is None else ClairvoyantModel(self.model.know_of, peek)

    def discard(self, view: PlayerView) -> Thought:
        self.model = self.seeing
        try:
            return (yield from super().discard(view))
        finally:
            self.model = self.own_model


class ProgressModel(TwentyOneModel):
    """The model whose worlds are its own samples, chosen for the other
    hands' counts: of ``PROGRESS_DRAWS`` the world whose other hands' exact
    counts are nearest the real hands' (summed over the seats); ``peek(seat)``
    returns a seat's real hand (cards)."""

    def __init__(self, know_of, peek) -> None:
        super().__init__(know_of)
        self.peek = peek

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        table = ctx.table
        seats = [s for s, *_ in ctx.sampler.seats]
        real = {s: count_21(tuple(sorted(c.kind for c in self.peek(s))), table.wild, table.opts)
                for s in seats}
        best: tuple[int, Deal] | None = None
        for _ in range(PROGRESS_DRAWS):
            world = ctx.sampler.sample(rng)
            off = sum(abs(count_21(tuple(table.kinds(world.hands[s])), table.wild, table.opts)
                          - real[s]) for s in seats)
            if best is None or off < best[0]:
                best = (off, world)
            if off == 0:
                break
        return best[1]


ProgressBot = clairvoyant_bot(
    "ProgressBot", SearchHard, lambda bot, peek: ProgressModel(bot.model.know_of, peek),
    __name__, "Hard whose worlds are chosen for the other hands' real counts "
    "(``ProgressModel``).")


# the clairvoyant bots ``python -m game.ceiling`` measures, by name
CEILING_BOTS = {"search": ClairvoyantBot, "discards": DiscardsBot, "progress": ProgressBot}
