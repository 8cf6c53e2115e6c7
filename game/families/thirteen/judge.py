"""Scoring hands for one decision: how many turns from declaring, and at what risk.

A hand's value is, first, the shape's count of cards still to draw; then the
chance that the next unseen card is one of the useful kinds (live copies
only); then a small weight on the points of the loose cards, towards a cheaper
hand when another player declares first.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.knowledge import Knowledge
from game.engine import Card, PlayerView
from game.engine.family import family_of
from game.families.thirteen.shape import Shape, shape_of

__all__ = ["Judge", "Weights"]


@dataclass(frozen=True)
class Weights:
    outs: float = 1.0  # value of the chance that the next draw is useful
    points: float = 0.5  # value per 100 points of loose cards (risk if another goes out)
    live: bool = True  # judge by live cards only (else as if nothing had been seen)


class Judge:
    def __init__(self, view: PlayerView, knowledge: Knowledge, weights: Weights = Weights()):
        self.view = view
        self.wild = view.wild
        self.slots = view.rules.hand_size
        self.know = knowledge
        self.weights = weights
        self.unseen = knowledge.unseen if weights.live else knowledge.copies
        self.pool = max(1, sum(self.unseen))
        self.live = sum(1 << k for k in range(53) if self.unseen[k] > 0)

    def shape(self, kinds: tuple[int, ...]) -> Shape:
        return shape_of(kinds, self.wild, self.slots, self.live)

    def outs(self, sh: Shape) -> int:
        m = sh.useful
        unseen = self.unseen
        total = 0
        while m:
            low = m & -m
            total += unseen[low.bit_length() - 1]
            m ^= low
        return total

    def need(self, sh: Shape, kinds: tuple[int, ...]) -> int:
        """The shape's need, checked by the exact evaluator when it claims a
        finished hand (the shape treats designated wild cards as wild only)."""
        if sh.need == 0 and len(kinds) == self.slots and not self._declarable(kinds):
            return 1
        return sh.need

    def _declarable(self, kinds: tuple[int, ...]) -> bool:
        rules = self.view.rules
        cards = [Card(k if k < 52 else 52) for k in kinds]
        return family_of(rules).evaluate(rules, self.view.decks, cards, self.wild).declarable

    def value(self, kinds: tuple[int, ...]) -> float:
        """Lower is better.  Draws still needed come first (letting a wide
        hand with many useful cards beat a closer one plays worse, measured);
        the chance of a useful next draw and the loose points break ties."""
        sh = self.shape(kinds)
        need = self.need(sh, kinds)
        w = self.weights
        return need - w.outs * self.outs(sh) / self.pool + w.points * sh.junk_points / 100

