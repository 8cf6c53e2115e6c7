"""Tiny rummy's bots.  Every level declares whenever a valid show is offered
and lays a meld whenever one is offered.  ``easy`` never peeks, always draws
from the stock and throws a random card one time in three; ``medium`` peeks
on its first turn, takes the top discard when it goes with a card it holds
and throws the card with the fewest partners; ``hard`` also keeps cards that
match the secret rank (its wild cards) and, among equally lonely cards,
throws the one the next player would least want (a card that player threw)."""

from __future__ import annotations

import random
from collections.abc import Generator

from game.engine import (
    Action,
    Answer,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    PlayerView,
)
from game.engine.shows import valid_declarations
from game.engine.state import Move
from tests.families.tiny.family import LayDown, Peek


def partners(card, hand, wild: frozenset[int]) -> int:
    """How many other cards of ``hand`` could share a meld with ``card``."""
    if card.kind in wild:
        return len(hand)
    return sum(1 for other in hand if other is not card and (
        other.kind in wild or other.rank == card.rank
        or (other.suit == card.suit and abs(other.rank - card.rank) <= 2)))


class TinyBot:
    peeks = False
    takes = False
    reads = False
    slip = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def think(self, view: PlayerView) -> Generator[None, None, Action]:
        yield  # one slice: the choice is cheap
        return self.choose(view)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if any(isinstance(a, (NextDeal, Answer)) for a in legal):
            return legal[0]
        if Peek() in legal and self.peeks:
            return Peek()
        if DrawStock() in legal or DrawDiscard() in legal:
            top = view.discard[-1] if view.discard else None
            if self.takes and DrawDiscard() in legal and top is not None \
                    and partners(top, view.hand + (top,), view.wild) > 0:
                return DrawDiscard()
            return DrawStock() if DrawStock() in legal else DrawDiscard()
        shows = valid_declarations(view)
        if shows:
            return shows[0]
        lays = [a for a in legal if isinstance(a, LayDown)]
        if lays:
            return lays[0]
        return self._throw(view, [a for a in legal if isinstance(a, Discard)])

    def _throw(self, view: PlayerView, discards: list[Discard]) -> Action:
        if self.rng.random() < self.slip:
            return self.rng.choice(discards)
        thrown = {entry.card.kind for entry in view.log
                  if entry.kind == Move.DISCARD and entry.card is not None
                  and entry.seat != view.seat} if self.reads else set()

        def cost(action: Discard):
            card = action.card
            return (partners(card, view.hand, view.wild), card.kind not in thrown, -card.rank)
        return min(discards, key=cost)


class EasyTiny(TinyBot):
    slip = 1 / 3


class MediumTiny(TinyBot):
    peeks = takes = True


class HardTiny(TinyBot):
    peeks = takes = reads = True


BOTS = {"easy": EasyTiny, "medium": MediumTiny, "hard": HardTiny}
