"""The bookkeeping a family's light deal shares (``core.Model.outcome``
plays one copy of it per rollout): hands as counts per kind, the stock
dealt in advance into one stream per seat (``worlds.streams``), the pile
(top last), whose turn it is.  The family's deal adds what its rules keep
(where a seat stands, the wild cards of the world, a fresh upcard) and its own moves.

- ``StreamDeal``: drawing from one's stream, turning the pile over when
  the stock is out, taking the pile's card.
- ``DropDeal``: a deal that a seat may leave by dropping (packing) and
  whose turns are counted per seat (a drop's price and a half payment
  depend on them)."""

from __future__ import annotations

import random

from game.ai.search.worlds import streams


class StreamDeal:
    """Hands, streams, pile and turn of one world (see the module docstring).

    A seat drawing from the stock takes the next card of its own stream,
    or of the longest one when its own is empty; when all are empty the
    pile (but its top card) is turned over, shuffled with the deal's own
    seed (the same in every copy of a world) and dealt again, at most
    ``MOST_TURNED`` times (None: no limit) and only when the rules turn it
    over (``reshuffle``); else the deal is void."""

    __slots__ = ("hands", "stock", "pile", "turn", "order", "picked", "winner", "void",
                 "turned", "seed", "_rng")

    MOST_TURNED: int | None = None

    def __init__(self, hands, stock, pile, turn, order, seed: int) -> None:
        self.hands = hands  # seat -> counts (seats still in the deal)
        self.stock = stock  # seat -> its stream of stock cards (next card last)
        self.pile = pile
        self.turn = turn
        self.order = order  # seats in the deal, in turn order
        self.picked = None  # the kind taken from the pile this turn
        self.winner = None
        self.void = False
        self.turned = 0  # times the pile was turned over into the stock
        self.seed = seed
        self._rng = None

    streams = staticmethod(streams)

    def next_seat(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    def draw_stock(self, seat: int, reshuffle: bool) -> int | None:
        """Draw for ``seat``; the kind drawn, or None when the deal is void."""
        mine = self.stock.get(seat)
        if not mine:
            mine = max(self.stock.values(), key=len)
            if not mine:
                if not self.refill(reshuffle):
                    return None
                mine = self.stock[seat]
        k = mine.pop()
        self.hands[seat][k] += 1
        self.picked = None
        return k

    def refill(self, reshuffle: bool) -> bool:
        """The stock is empty: turn the pile over under it, or void the deal."""
        most = self.MOST_TURNED
        if reshuffle and len(self.pile) > 1 and (most is None or self.turned < most):
            cards = self.pile[:-1]
            if self._rng is None:
                self._rng = random.Random(self.seed)
            self._rng.shuffle(cards)
            self.pile = self.pile[-1:]
            self.turned += 1
            order = self.order
            i = order.index(self.turn)
            self.stock = self.streams(cards, order[i:] + order[:i])
            return True
        self.void = True
        return False

    def take(self, seat: int) -> int:
        """``seat`` takes the pile's top card; the kind taken."""
        k = self.pile.pop()
        self.hands[seat][k] += 1
        self.picked = k
        return k


class DropDeal(StreamDeal):
    """A ``StreamDeal`` that a seat may leave by dropping, paying what it
    owes, and whose turns are counted per seat."""

    __slots__ = ("owed", "turns")

    def __init__(self, hands, stock, pile, turn, order, owed, turns, seed: int) -> None:
        super().__init__(hands, stock, pile, turn, order, seed)
        self.owed = owed  # seat -> points owed (dropped, wrong show)
        self.turns = turns  # turns taken, per seat

    def throw(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.pile.append(kind)
        self.turns[seat] += 1
        self.picked = None
        self.turn = self.next_seat(seat)

    def pack(self, seat: int, cost: int) -> None:
        self.owed[seat] = cost
        nxt = self.next_seat(seat)
        self.order.remove(seat)
        del self.hands[seat]
        self.turn = nxt
        if len(self.order) == 1:
            self.winner = self.order[0]
