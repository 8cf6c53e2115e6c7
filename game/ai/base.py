"""The frame every leveled bot shares, and the moves that need no thought.

``Bot`` is a turn's frame: a seed, a random stream per position, ``think``
(a generator that yields between slices of work and returns the action, so
the UI can spend a few milliseconds per frame on it) around the family's
``decide``, ``choose`` that runs it to the end, and a fallback that keeps a
bug from ever becoming an illegal move.  ``LevelBot`` is the frame for a
game played by drawing and discarding alone: the obvious moves, a
declaration whenever one is valid, else the level's ``draw`` or ``discard``.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from game.ai.knowledge import is_wild_kind
from game.engine import (
    Answer,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Phase,
    PlayerView,
    ShowDealtHand,
)
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.cards import card_points as kind_points
from game.engine.shows import declarations_thought

Thought = Generator[None, None, Action]


@dataclass(frozen=True)
class PackOdds:
    """What a drop was weighed against, in a player's terms: the numbers a
    bot's pack decision used (kept as its ``pack_odds`` for the table's
    announcement and the coach) or the coach's own model."""

    drop: float  # what the drop costs now (points)
    play: float  # what playing the hand on is expected to cost, on average (points)
    wins: float | None = None  # how often a hand like this wins the deal from here


class Bot:
    """The frame of a family's bot; a family supplies ``decide`` (a
    generator yielding between slices of work) and what its turn needs."""

    name = "bot"
    description = ""
    # tried in order when ``decide`` returns a move that is not offered
    fallback_order: tuple[Action, ...] = (DrawStock(), DrawDiscard(), NextDeal())

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        return finish(self.think(view))

    def think(self, view: PlayerView) -> Thought:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        action = yield from self.decide(view)
        if action not in legal:  # a bug must never become an illegal move
            action = self.fallback(view)
        return action

    def decide(self, view: PlayerView) -> Thought:
        raise NotImplementedError

    def rng(self, view: PlayerView) -> random.Random:
        """A random stream fixed by the seed and the position, so the same
        view always gets the same move."""
        hand = ",".join(str(c.uid) for c in view.hand)
        return random.Random(f"{self.seed}|{view.deal_no}|{view.seat}|{view.phase.value}|"
                             f"{len(view.log)}|{hand}")

    def fallback(self, view: PlayerView) -> Action:
        """A safe legal move: the first of ``fallback_order`` offered, else
        ``fallback_discard``'s, else the first legal move."""
        legal = view.legal
        for a in self.fallback_order:
            if a in legal:
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        return self.fallback_discard(view, discards) if discards else legal[0]

    def fallback_discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        return discards[0]


class LevelBot(Bot):
    """A drawing-and-discarding level: the obvious moves, then a declaration
    whenever one is valid (throwing the costliest card), else ``draw`` or
    ``discard``; its fallback throws the costliest card."""

    fallback_order = (DrawStock(), DrawDiscard())

    def decide(self, view: PlayerView) -> Thought:
        action = self.obvious(view)
        if action is None and view.phase == Phase.DISCARD:
            declares = yield from declarations_thought(view)
            if declares:  # throw the costliest card
                action = max(declares, key=lambda a: (card_points(a.card, view), a.card.uid))
        if action is None:
            if view.phase == Phase.DRAW:
                action = yield from self.draw(view)
            else:
                action = yield from self.discard(view)
        return action

    def draw(self, view: PlayerView) -> Thought:
        raise NotImplementedError

    def discard(self, view: PlayerView) -> Thought:
        raise NotImplementedError

    def obvious(self, view: PlayerView) -> Action | None:
        legal = view.legal
        for a in legal:
            if isinstance(a, ShowDealtHand):
                return a
        if NextDeal() in legal:
            return NextDeal()
        if view.phase == Phase.DECIDE:
            return Answer(answer_offer(view))
        return None

    def fallback_discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        return max(discards, key=lambda a: (card_points(a.card, view), a.card.uid))


def finish(thought: Generator):
    """Run a sliced piece of thinking to its end and return its result."""
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return done.value


def card_points(card: Card, view: PlayerView) -> int:
    """What ``card`` counts in a hand of ``view``'s deal (a wild card 0)."""
    if is_wild_kind(card.kind, view.wild):
        return 0
    return kind_points(card.kind, view.rules.ace_points)


def answer_offer(view: PlayerView) -> bool:
    """Pool: always rejoin (the alternative is leaving the match); accept a
    split unless this seat has the best (lowest) score of those left."""
    offer = view.offer or ()
    if not offer or offer[0] == "rejoin":
        return True
    standing = offer[2] if len(offer) > 2 else ()
    others = [view.scores[s] for s in standing if s != view.seat]
    return not others or view.scores[view.seat] >= min(others)
