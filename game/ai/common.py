"""What the families' bots share beyond the turn's frame (``base.Bot``): one
offered discard per kind, those discards ranked, and the nearly-best discard
with a level's slip."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from game.ai.base import Thought
from game.engine import Discard, PlayerView
from game.engine.cards import Card


def distinct_discards(view: PlayerView) -> dict[int, Card]:
    """One offered discard per kind (copies of a kind leave the same hand)."""
    options: dict[int, Card] = {}
    for a in view.legal:
        if isinstance(a, Discard):
            options.setdefault(a.card.kind, a.card)
    return options


def ranked_discards(view: PlayerView, score: Callable[[int, Card], tuple]) -> Thought:
    """(value, tiebreak, card) for each distinct discard, best first (lowest
    value, then tiebreak, then the card's id); ``score(kind, card)`` gives
    the value and the tiebreak.  A slice ends after each card."""
    scored = []
    for kind, card in sorted(distinct_discards(view).items()):
        scored.append((*score(kind, card), card))
        yield
    scored.sort(key=lambda t: (t[0], t[1], t[2].uid))
    return scored


class RankedDiscards:
    """The discard of a bot that ranks every distinct discard
    (``rank_discards``: (value, tiebreak, card), best first): among those
    within ``margin`` of the best, a random one ``slip`` of the time, else
    ``pick_discard``'s choice (the best, unless a level looks further).
    Mixed into a ``base.Bot`` that has ``judge(view)``."""

    slip = 0.0  # chance of a random nearly-best discard
    margin = 0.0  # discards within this of the best are "nearly as good"

    def rank_discards(self, view: PlayerView, judge: Any) -> Generator[None, None, list]:
        raise NotImplementedError

    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        scored = yield from self.rank_discards(view, judge)
        best = scored[0][0]
        near = [t for t in scored if t[0] <= best + self.margin]
        if self.slip:
            rng = self.rng(view)
            if len(near) > 1 and rng.random() < self.slip:
                return Discard(rng.choice(near)[2])
        card = yield from self.pick_discard(view, judge, near)
        return Discard(card)

    def pick_discard(self, view: PlayerView, judge: Any, near: list) -> Generator[None, None, Card]:
        return near[0][2]
        yield
