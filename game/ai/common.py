"""What the families' bots share: the turn's frame (a seed, a random stream
per position, ``choose`` through the sliced ``think``, a fallback that keeps
a bug from ever becoming an illegal move), the nearly-best discard with a
level's slip, and small helpers on sorted kind tuples and live cards."""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from typing import Any

from game.ai.base import finish
from game.ai.knowledge import read_log
from game.engine import Discard, DrawDiscard, DrawStock, NextDeal, PlayerView
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.state import SeatStatus

Thought = Generator[None, None, Action]


def kinds_of(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.kind for c in cards))


def without(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``kinds`` less one copy of ``kind`` (the order kept)."""
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


def adding(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return tuple(sorted(kinds + (kind,)))


def distinct_discards(view: PlayerView) -> dict[int, Card]:
    """One offered discard per kind (copies of a kind leave the same hand)."""
    options: dict[int, Card] = {}
    for a in view.legal:
        if isinstance(a, Discard):
            options.setdefault(a.card.kind, a.card)
    return options


def live_counts(view: PlayerView, also_gone: Iterable[Card] = ()) -> list[int]:
    """Per kind (52 = printed joker): copies that may still be drawn or sit
    unseen in the stock or another hand: not in my hand, the pile, the cut
    slot, ``also_gone`` (a family's cards in sight elsewhere), nor picked from
    the pile by a player still in the deal who has not thrown them.  Every
    count stops at 0, so the order of the cards does not matter."""
    live = [view.decks] * 52 + [view.decks * view.rules.jokers_per_deck_in_play]

    def gone(card: Card) -> None:
        live[card.kind] = max(0, live[card.kind] - 1)

    for c in view.hand:
        gone(c)
    for c in view.discard:
        gone(c)
    for c in also_gone:
        gone(c)
    if view.cut is not None:
        gone(view.cut)
    for s, mem in read_log(view).items():
        if view.status[s] == SeatStatus.ACTIVE:
            for c in mem.held:
                gone(c)
    return live


class FamilyBot:
    """The frame of a family's bot; a family supplies ``decide`` (a
    generator yielding between slices of work) and what its turn needs."""

    name = "family"
    description = ""
    # tried in order when ``decide`` returns a move that is not offered
    fallback_order: tuple[Action, ...] = (DrawStock(), DrawDiscard(), NextDeal())

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        return finish(self.think(view))

    def rng(self, view: PlayerView) -> random.Random:
        """A random stream fixed by the seed and the position, so the same
        view always gets the same move."""
        hand = ",".join(str(c.uid) for c in view.hand)
        return random.Random(f"{self.seed}|{view.deal_no}|{view.seat}|{view.phase.value}|"
                             f"{len(view.log)}|{hand}")

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

    def fallback(self, view: PlayerView) -> Action:
        legal = view.legal
        for a in self.fallback_order:
            if a in legal:
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        return self.fallback_discard(view, discards) if discards else legal[0]

    def fallback_discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        return discards[0]


class RankedDiscards:
    """The discard of a bot that ranks every distinct discard
    (``rank_discards``: (value, tiebreak, card), best first): among those
    within ``margin`` of the best, a random one ``slip`` of the time, else
    ``pick_discard``'s choice (the best, unless a level looks further).
    Mixed into a ``FamilyBot`` that has ``judge(view)``."""

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
