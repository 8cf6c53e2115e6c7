"""What a seat can know about the deal from its view alone.

Everything here is derived from the public log and the face-up pile, so the
same view always gives the same knowledge (a bot keeps no private memory):

- ``unseen[k]``: copies of kind ``k`` not in my hand, not face up, not the cut
  card and not known to sit in another hand (picked from the pile and not
  thrown since);
- per other seat: the cards it picked from the pile and still holds, the kinds
  it threw, and the kinds it let pass (the top of the pile when it drew from
  the stock).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain

from game.engine import PlayerView
from game.engine.cards import JOKER_KIND, Card
from game.engine.state import Move, SeatStatus

_UPCARD = None  # the first face-up card, until the log tells us what it was


@dataclass
class SeatMemory:
    held: list[Card] = field(default_factory=list)  # picked from the pile, not thrown
    threw: list[int] = field(default_factory=list)  # kinds discarded this deal
    passed: list[int] = field(default_factory=list)  # kinds left on the pile
    picks: int = 0  # cards taken from the pile this deal


@dataclass
class Knowledge:
    copies: list[int]  # per kind 0..52: copies in the shoe
    unseen: list[int]  # per kind: copies that may still be drawn or held unseen
    seats: dict[int, SeatMemory]
    next_seat: int | None  # who draws after me (takes my discard), None alone

    @property
    def unseen_total(self) -> int:
        return sum(self.unseen)


def next_seat(view: PlayerView, seat: int) -> int | None:
    step = 1 if view.rules.direction == "counterclockwise" else -1
    s = seat
    for _ in range(view.players):
        s = (s + step) % view.players
        if s != seat and view.status[s] == SeatStatus.ACTIVE:
            return s
    return None


def copies(view: PlayerView) -> list[int]:
    """Per kind (52 = printed joker): copies in the shoe."""
    return [view.decks] * 52 + [view.decks * view.rules.jokers_per_deck_in_play]


def unseen_copies(view: PlayerView, gone: Iterable[Card]) -> list[int]:
    """Per kind: the shoe's copies less one for each card of ``gone`` (the
    cards a seat has in sight, by whatever its family shows).  Every count
    stops at 0, so the order of the cards does not matter."""
    unseen = copies(view)
    for card in gone:
        unseen[card.kind] = max(0, unseen[card.kind] - 1)
    return unseen


def in_sight(view: PlayerView, seats: dict[int, SeatMemory]) -> Iterator[Card]:
    """The cards every family's seat knows are not to come: its hand, the
    pile, the cut card, and what a player still in the deal picked from the
    pile and has not thrown (``seats``: ``read_log(view)``)."""
    yield from view.hand
    yield from view.discard
    if view.cut is not None:
        yield view.cut
    for s, mem in seats.items():
        if view.status[s] == SeatStatus.ACTIVE:
            yield from mem.held


def live_counts(view: PlayerView, also_gone: Iterable[Card] = ()) -> list[int]:
    """Per kind: copies that may still be drawn or sit unseen in the stock or
    another hand: none of ``in_sight`` nor of ``also_gone`` (a family's
    cards in sight elsewhere, as melds on the table)."""
    return unseen_copies(view, chain(in_sight(view, read_log(view)), also_gone))


def read_log(view: PlayerView) -> dict[int, SeatMemory]:
    seats = {s: SeatMemory() for s in range(view.players) if s != view.seat}
    pile: list = [_UPCARD]
    upcard: Card | None = None
    early_passes: list[SeatMemory] = []  # passed the upcard before we knew it
    for seat, what, card in view.log:
        mem = seats.get(seat)
        if what == Move.DRAW_DISCARD:
            top = pile.pop() if pile else None
            if top is _UPCARD:
                upcard = card
            if mem is not None and card is not None:
                mem.held.append(card)
                mem.picks += 1
        elif what == Move.DRAW_STOCK:
            top = pile[-1] if pile else None
            if mem is not None and top is _UPCARD:
                early_passes.append(mem)
            elif mem is not None and top is not None:
                mem.passed.append(top.kind)
        elif what in (Move.DISCARD, Move.DECLARE, Move.WRONG_SHOW):
            pile.append(card)
            if mem is not None and card is not None:
                mem.threw.append(card.kind)
                if card in mem.held:
                    mem.held.remove(card)
        elif what in (Move.PACK_FIRST, Move.PACK_MIDDLE) and mem is not None:
            mem.held.clear()
    if upcard is None and pile and pile[0] is _UPCARD and len(pile) == len(view.discard):
        upcard = view.discard[0]  # still at the bottom (no reshuffle since)
    if upcard is not None:
        for mem in early_passes:
            mem.passed.append(upcard.kind)
    return seats


def know(view: PlayerView) -> Knowledge:
    seats = read_log(view)
    return Knowledge(copies(view), unseen_copies(view, in_sight(view, seats)), seats,
                     next_seat(view, view.seat))


def is_wild_kind(kind: int, wild: frozenset[int]) -> bool:
    return kind == JOKER_KIND or kind in wild
