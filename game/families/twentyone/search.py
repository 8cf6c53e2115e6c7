"""The 21/27-card family's part of the search (``game.ai.search``): hidden
hands sampled from the log, a light copy of the deal played on by the
rollout policy (``search_policy.py``), and the family's settlement.

- **Worlds** (``WorldSampler``): every other player still in the deal gets
  the cards it picked from the pile and still holds (``knowledge.py``) and
  the rest from the unseen cards, weighted by what the log says (a card
  that goes with one it let pass or threw is less likely, one that goes
  with a card it picked likelier), drawn with a few spare cards that the
  policy then throws (a hand improved turn after turn is more structured
  than a random one); a hand that disagrees with its owner's last turn
  under the policy is drawn again (``TRIES``).  The stock is the rest,
  shuffled and dealt in advance into one stream per seat (``Deal``).  A
  dropped hand is set aside unseen: its cards are neither in a hand nor in
  the stock.  Nothing the seat has not seen is read: the view, its log and
  the knowledge drawn from them.
- **The deal** (``Deal``): hands as counts per kind, the streams, the pile,
  whose turn, what each seat owes; ``play_out`` plays it with the policy
  until a show (or the last player in), yielding every turn.
- **Settlement** (``settle``): as the family's (``settle.py``): every seat
  still in pays the winner the exact count of its hand (cap included), half
  rounded up if it had no turn yet; a dropped hand or a wrong show its
  debt; every player still in pays each value-card holder its bonus,
  whoever wins, half when either had no turn yet.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from game.ai.knowledge import Knowledge
from game.ai.search.deal import DropDeal
from game.ai.search.worlds import PileSampler, counts_of, fair_weights
from game.engine import Discard, DrawDiscard, DrawStock, Pack
from game.families.twentyone.family import MAX_RESHUFFLES
from game.families.twentyone.search_policy import ADJM, GAPM, KINDS, SAMEM, Table

__all__ = ["Context", "Deal", "Table", "TwentyOneModel", "WorldSampler", "counts_of",
           "play_out", "settle"]

TRIES = 3  # draws of one player's hand that may disagree with its last turn
# stock draws a sampled hand has "chosen" from (its spare cards), two players / more
MAX_EXTRA = (2, 3)
# evidence from the log, as a factor on the weight of a kind that goes with
# (is beside, two away from, or of the same rank as) a card that player ...
PASSED = 0.5  # ... let pass
THREW = 0.6  # ... threw
PICKED = 2.5  # ... picked and still holds
TURN_CAP = 120  # rollout turns after which a deal is left unfinished (worth 0)


def half_up(points: int) -> int:
    return (points + 1) // 2


# ----------------------------------------------------------- the light deal


class Deal(DropDeal):
    """One world: every hand as counts per kind, the stock, the pile (top
    last), whose turn and what each seat owes (``deal.DropDeal``), and
    whether the pile's card is still the first upcard.

    The stock is dealt in advance into one stream per seat (next card last):
    a seat drawing from the stock takes the next card of its own stream, so
    what the other players draw does not depend on whether one of them took
    the pile's card, and two candidate moves played in the same world differ
    only by what the moves change.  The pile is turned over when the rules
    say so, a few times at most."""

    __slots__ = ("fresh",)

    MOST_TURNED = MAX_RESHUFFLES

    def __init__(self, hands, stock, pile, turn, order, owed, turns, seed: int) -> None:
        super().__init__(hands, stock, pile, turn, order, owed, turns, seed)
        self.fresh = False  # the pile's card is the first upcard (a wild one may be taken)

    def copy(self) -> Deal:
        d = Deal({s: list(h) for s, h in self.hands.items()},
                 {s: list(x) for s, x in self.stock.items()}, list(self.pile), self.turn,
                 list(self.order), dict(self.owed), list(self.turns), self.seed)
        d.picked = self.picked
        d.fresh = self.fresh
        d.turned = self.turned
        return d

    def draw_stock(self, seat: int, reshuffle: bool) -> int | None:
        k = super().draw_stock(seat, reshuffle)
        if k is not None:
            self.fresh = False
        return k

    def take(self, seat: int) -> int:
        k = super().take(seat)
        self.fresh = False
        return k

    def show(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.pile.append(kind)
        self.winner = seat


def play_out(deal: Deal, table: Table, max_turns: int = TURN_CAP
             ) -> Generator[None, None, None]:
    """Play the deal with the rollout policy from the start of ``deal.turn``'s
    turn until it ends (``deal.winner`` set, or ``deal.void``) or
    ``max_turns`` turns have passed; yields every turn."""
    for _ in range(max_turns):
        if deal.winner is not None or deal.void:
            return
        yield
        seat = deal.turn
        c = deal.hands[seat]
        if deal.pile and table.wants(c, deal.pile[-1], deal.fresh):
            deal.take(seat)
        elif deal.draw_stock(seat, table.reshuffle) is None:
            return
        yield from finish_turn(deal, table, seat)


def finish_turn(deal: Deal, table: Table, seat: int) -> Generator[None, None, None]:
    """``seat`` has drawn: show if the policy finds a show, else throw (a
    generator: the policy's questions to the evaluator are sliced)."""
    c = deal.hands[seat]
    declare, kind = yield from table.after_draw_steps(
        c, None if table.may_throw_picked else deal.picked)
    if declare:
        deal.show(seat, kind)
    else:
        deal.throw(seat, kind)


def losers_to_count(deal: Deal, me: int, match: str) -> list[int]:
    """The losing hands a rollout won by ``deal.winner`` counts for seat
    ``me``.  Outside pool this seat's utility is its own score change
    (``core.utility``), and a loser's count moves only that loser's line and
    the winner's: when ``me`` lost, its own hand alone is counted (at four
    players two counts saved in three); when it won, or in pool, every
    loser's."""
    losers = [s for s in deal.hands if s != deal.winner]
    if deal.winner != me and match != "pool":
        return [s for s in losers if s == me]
    return losers


def settle(deal: Deal, table: Table, counts: dict[int, int]) -> list[int] | None:
    """Every seat's score change as the family settles the deal
    (``settle.py``), or None for a deal that did not end (void or
    unfinished).  ``counts``: each losing hand's exact count."""
    winner = deal.winner
    if winner is None:
        return None
    n = table.players
    deltas = [0] * n
    for s, owed in deal.owed.items():
        deltas[s] -= owed
        deltas[winner] += owed
    no_turn = {s: deal.turns[s] == 0 and s != winner for s in deal.order}
    for s in deal.order:
        if s != winner:
            pay = half_up(counts[s]) if no_turn[s] else counts[s]
            deltas[s] -= pay
            deltas[winner] += pay
    inside = deal.order
    if len(inside) > 1:
        for h in inside:
            b = table.bonus(deal.hands[h])
            if not b:
                continue
            for p in inside:
                if p != h:
                    got = half_up(b) if no_turn[h] or no_turn[p] else b
                    deltas[p] -= got
                    deltas[h] += got
    return deltas


# --------------------------------------------------------------- the worlds


def card_weights(know: Knowledge, seat: int, wild: list[bool]) -> list[float]:
    """Per kind: how much likelier than average ``seat`` holds it, from its
    passes, throws and picks (``PASSED``, ``THREW``, ``PICKED``); a wild card
    fits any hand: the mean weight of the natural ones."""
    mem = know.seats[seat]
    w = [1.0] * KINDS
    for evidence, factor in ((mem.passed, PASSED), (mem.threw, THREW),
                             ([c.kind for c in mem.held], PICKED)):
        for kind in evidence:
            if kind >= 52:
                continue
            m = ADJM[kind] | GAPM[kind] | SAMEM[kind]
            while m:
                low = m & -m
                w[low.bit_length() - 1] *= factor
                m ^= low
    return fair_weights(w, wild)


class WorldSampler(PileSampler):
    """Draws worlds for one decision (see the module docstring)."""

    TRIES = TRIES
    MAX_EXTRA = MAX_EXTRA
    DEAL = Deal

    def weights(self, know: Knowledge, seat: int) -> list[float]:
        return card_weights(know, seat, self.table.w)

    def world(self, hands: dict[int, list[int]], pool: list[int], rng: random.Random) -> Deal:
        deal = super().world(hands, pool, rng)
        deal.fresh = self.view.upcard_fresh
        return deal


# ---------------------------------------------------------------- the model


class Context:
    """One decision's tables and sampler."""

    __slots__ = ("view", "table", "sampler", "me")

    def __init__(self, view, know: Knowledge) -> None:
        self.view = view
        self.table = Table(view)
        self.sampler = WorldSampler(view, know, self.table)
        self.me = view.seat


class TwentyOneModel:
    """The 21/27-card family's side of the search interface (``core.Model``)."""

    def __init__(self, know_of) -> None:
        self.know_of = know_of  # view -> Knowledge (what the log tells this seat)

    def prepare(self, view) -> Context:
        return Context(view, self.know_of(view))

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        return ctx.sampler.sample(rng)

    def outcome(self, ctx: Context, world: Deal, action
                ) -> Generator[None, None, list[int] | None]:
        table = ctx.table
        me = ctx.me
        if isinstance(action, Pack):
            # a dropped player pays the drop and exchanges no bonus: nothing
            # else of the deal changes this seat's score
            out = [0] * ctx.view.players
            out[me] = -table.drops[0 if ctx.view.turns_taken[me] == 0 else 1]
            return out
        deal = world.copy()
        if isinstance(action, Discard):
            deal.throw(me, action.card.kind)
        elif isinstance(action, DrawStock):
            if deal.draw_stock(me, table.reshuffle) is None:
                return None
            yield from finish_turn(deal, table, me)
        elif isinstance(action, DrawDiscard):
            deal.take(me)
            yield from finish_turn(deal, table, me)
        else:
            raise ValueError(f"the search cannot play {action!r}")
        yield from play_out(deal, table)
        counts = {}
        if deal.winner is not None:
            wanted = losers_to_count(deal, me, ctx.view.rules.match)
            for seat, c in deal.hands.items():
                if seat == deal.winner:
                    continue
                if seat not in wanted:
                    counts[seat] = 0  # that loser's line and the winner's not settled
                    continue
                yield  # a count can take milliseconds: one search a slice
                counts[seat] = yield from table.count_steps(c)
        return settle(deal, table, counts)
