"""What every leveled bot shares: the sliceable ``think`` protocol, the moves
that need no thought, and a per-decision random source.

``think(view)`` is a generator: it yields between slices of work and returns
the action (``StopIteration.value``), so the UI can spend a few milliseconds
per frame on it.  ``choose(view)`` runs it to the end.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from game.ai.knowledge import is_wild_kind
from game.engine import (
    Answer,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    Phase,
    PlayerView,
    ShowDealtHand,
)
from game.engine.actions import Action
from game.engine.shows import declarations_thought

Thought = Generator[None, None, Action]


class LevelBot:
    name = "bot"
    description = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # ------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        return finish(self.think(view))

    def think(self, view: PlayerView) -> Thought:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
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
        if action not in legal:  # a bug must never become an illegal move
            action = fallback(view)
        return action

    # ------------------------------------------------------ to be defined
    def draw(self, view: PlayerView) -> Thought:
        raise NotImplementedError

    def discard(self, view: PlayerView) -> Thought:
        raise NotImplementedError

    # ------------------------------------------------------------- shared
    def rng(self, view: PlayerView) -> random.Random:
        """A random source fixed by the seed and the position, so the same
        view always gets the same decision."""
        hand = ",".join(str(c.uid) for c in view.hand)
        return random.Random(f"{self.seed}|{view.deal_no}|{view.seat}|{view.phase.value}|"
                             f"{len(view.log)}|{hand}")

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


def finish(thought: Generator):
    """Run a sliced piece of thinking to its end and return its result."""
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return done.value


def card_points(card, view: PlayerView) -> int:
    if is_wild_kind(card.kind, view.wild):
        return 0
    r = card.rank
    if r == 1:
        return view.rules.ace_points
    return 10 if r >= 10 else r


def answer_offer(view: PlayerView) -> bool:
    """Pool: always rejoin (the alternative is leaving the match); accept a
    split unless this seat has the best (lowest) score of those left."""
    offer = view.offer or ()
    if not offer or offer[0] == "rejoin":
        return True
    standing = offer[2] if len(offer) > 2 else ()
    others = [view.scores[s] for s in standing if s != view.seat]
    return not others or view.scores[view.seat] >= min(others)


def fallback(view: PlayerView) -> Action:
    """A safe legal move: draw from the stock, or throw the costliest card."""
    legal = view.legal
    if DrawStock() in legal:
        return DrawStock()
    if DrawDiscard() in legal:
        return DrawDiscard()
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: (card_points(a.card, view), a.card.uid))
    if Pack() in legal and len(legal) == 1:
        return Pack()
    return legal[0]
