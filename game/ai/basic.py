"""Two simple bots the simulator can always use: random-legal and greedy."""

from __future__ import annotations

import random

from ..engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    PlayerView,
    ShowDealtHand,
)
from ..engine.actions import Action, Answer
from ..engine.families import family_of
from ..engine.shows import valid_declarations


class RandomBot:
    """Any legal action, uniformly; never packs on purpose more than 1 in 20."""

    name = "random"
    description = "Plays any legal move at random."

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        legal = [a for a in view.legal if not isinstance(a, Declare)]
        declares = [a for a in legal if isinstance(a, ShowDealtHand)] + valid_declarations(view)
        if declares:
            return declares[0]
        calm = [a for a in legal if not isinstance(a, Pack)]
        if calm and self.rng.random() > 0.05:
            return self.rng.choice(calm)
        return self.rng.choice(legal)


class GreedyBot:
    """Takes the discard when it lowers the hand's count, discards the card
    whose loss leaves the lowest count, declares when it can."""

    name = "greedy"
    description = "Keeps its best melds and throws the costliest loose card."

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _count(self, view: PlayerView, cards) -> int:
        fam = family_of(view.rules)
        return fam.evaluate(view.rules, view.decks, tuple(cards), view.wild).count

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        for a in legal:
            if isinstance(a, ShowDealtHand):
                return a
        declares = valid_declarations(view)
        if declares:
            return declares[0]
        if any(isinstance(a, (NextDeal, Answer)) for a in legal):
            return legal[0]
        if any(isinstance(a, DrawStock) for a in legal) or any(
                isinstance(a, DrawDiscard) for a in legal):
            take = DrawDiscard() in legal and self._gain_from(view, view.discard[-1])
            return DrawDiscard() if take or DrawStock() not in legal else DrawStock()
        best, best_count = None, None
        for a in legal:
            if isinstance(a, Discard):
                rest = list(view.hand)
                rest.remove(a.card)
                c = self._count(view, rest)
                if best_count is None or c < best_count:
                    best, best_count = a, c
        return best if best is not None else legal[0]

    def _gain_from(self, view: PlayerView, card) -> bool:
        now = self._count(view, view.hand)
        for i in range(len(view.hand)):
            rest = view.hand[:i] + view.hand[i + 1:] + (card,)
            if self._count(view, rest) < now:
                return True
        return False
