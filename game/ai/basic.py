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

    def _count(self, view: PlayerView, kinds: tuple[int, ...]) -> int:
        return family_of(view.rules).count_kinds(view.rules, view.decks, kinds, view.wild)

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
        # the same kind leaves the same hand: count each kind once, keep the
        # first card (in legal order) whose loss leaves the lowest count
        kinds = sorted(c.kind for c in view.hand)
        counts: dict[int, int] = {}
        best, best_count = None, None
        for a in legal:
            if isinstance(a, Discard):
                k = a.card.kind
                if k not in counts:
                    counts[k] = self._count(view, _without(kinds, k))
                if best_count is None or counts[k] < best_count:
                    best, best_count = a, counts[k]
        return best if best is not None else legal[0]

    def _gain_from(self, view: PlayerView, card) -> bool:
        kinds = sorted(c.kind for c in view.hand)
        now = self._count(view, tuple(kinds))
        with_card = sorted(kinds + [card.kind])
        for k in dict.fromkeys(kinds):
            if self._count(view, _without(with_card, k)) < now:
                return True
        return False


def _without(kinds: list[int], kind: int) -> tuple[int, ...]:
    """Sorted kinds less one copy of ``kind``."""
    i = kinds.index(kind)
    return tuple(kinds[:i] + kinds[i + 1:])
