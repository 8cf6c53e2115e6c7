"""The whole game position as one immutable value."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from game.engine.actions import DealResult, Phase
from game.engine.cards import Card
from game.engine.rules import RuleSet


class SeatStatus(StrEnum):
    """Where a seat stands in the deal being played."""

    ACTIVE = "active"  # still playing
    PACKED = "packed"  # dropped out of this deal
    DEAD = "dead"  # made a wrong show: its hand is out of play
    OUT = "out"  # not dealt in (eliminated, sitting out)


ACTIVE, PACKED, DEAD, OUT = SeatStatus


class Move(StrEnum):
    """The public moves the core writes in the deal's log (a family adds its own
    kinds, as strings of its own enum)."""

    DRAW_STOCK = "draw_stock"
    DRAW_DISCARD = "draw_discard"  # the card taken is public
    DISCARD = "discard"
    PACK_FIRST = "pack_first"
    PACK_MIDDLE = "pack_middle"
    DECLARE = "declare"
    WRONG_SHOW = "wrong_show"
    HAND_RUMMY = "hand_rummy"


class LogEntry(NamedTuple):
    """One public move of the deal: who, what (a ``Move`` or a family's own
    kind) and the card everyone saw, if any.  A tuple, so ``seat, kind, card =
    entry`` reads it."""

    seat: int
    kind: str
    card: Card | None = None


@dataclass(frozen=True)
class GameState:
    rules: RuleSet
    players: int
    seed: int
    decks: int
    # ---- match
    deal_no: int  # deals started so far (the current deal is deal_no - 1)
    dealer: int
    scores: tuple[int, ...]
    in_match: tuple[bool, ...]  # False: eliminated (pool) or sitting out
    tiebreak: tuple[int, ...] | None  # deals format: seats in the tiebreak deal
    history: tuple[DealResult, ...]
    winners: tuple[int, ...]  # at match over
    split: bool
    seat_draw: tuple[Card, ...]  # the cards drawn for seats before the first deal
    # ---- deal
    phase: Phase
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    status: tuple[SeatStatus, ...]
    turns_taken: tuple[int, ...]
    stock: tuple[Card, ...]  # the top card is the last one
    discard: tuple[Card, ...]  # the top card is the last one
    cut: Card | None
    wild: frozenset[int]
    aside: tuple[Card, ...]  # out of play: packed or dead hands
    picked: Card | None  # taken from the discard pile this turn
    upcard_fresh: bool  # the discard pile still holds only the first upcard
    owed: tuple[int, ...]  # packing and wrong-show points owed this deal
    reshuffles: int
    result: DealResult | None
    log: tuple[LogEntry, ...]  # public moves this deal
    offer: tuple | None  # DECIDE phase: ("rejoin", seat) or ("split", seat, seats)
    extra: Any = None  # the family's own state (melds on the table, who has seen what, ...)

    def replace(self, **changes) -> GameState:
        """A copy with ``changes``: ``dataclasses.replace`` without its
        field-by-field ``__init__`` (every action of every simulation makes one)."""
        if not changes.keys() <= _FIELDS:
            unknown = sorted(changes.keys() - _FIELDS)
            raise TypeError(f"GameState has no field {', '.join(unknown)}")
        new = object.__new__(type(self))
        state = new.__dict__
        state.update(self.__dict__)
        state.update(changes)
        return new

    # ------------------------------------------------------------ derived
    @property
    def step(self) -> int:
        return 1 if self.rules.direction == "counterclockwise" else -1

    def next_seat(self, seat: int, statuses: tuple[str, ...] | None = None) -> int:
        """The next seat after ``seat`` still playing this deal."""
        st = self.status if statuses is None else statuses
        n = self.players
        s = seat
        for _ in range(n):
            s = (s + self.step) % n
            if st[s] == ACTIVE:
                return s
        return seat

    @property
    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.status[s] == ACTIVE]

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (None between deals)."""
        if self.phase in (Phase.DRAW, Phase.DISCARD):
            return self.turn
        if self.phase == Phase.DECIDE and self.offer:
            return self.offer[1]
        if self.phase == Phase.FAMILY:
            return self.rules.hooks.to_act(self)
        return None

    @property
    def deal_over(self) -> bool:
        return self.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER, Phase.DECIDE)

    def all_cards(self) -> list[Card]:
        """Every physical card of the shoe, wherever it is now."""
        cards = [c for h in self.hands for c in h]
        cards += self.stock
        cards += self.discard
        cards += self.aside
        if self.cut is not None:
            cards.append(self.cut)
        cards += self.rules.hooks.table_cards(self)
        return cards

    @property
    def card_total(self) -> int:
        """How many cards are anywhere now (cheap; conservation's first check)."""
        n = sum(len(h) for h in self.hands) + len(self.stock) + len(self.discard)
        n += len(self.aside) + (self.cut is not None)
        return n + len(self.rules.hooks.table_cards(self))


_FIELDS = frozenset(f.name for f in dataclasses.fields(GameState))
