"""The 13-card family's part of the search: hidden hands sampled from the
log, a light copy of the deal that plays out in about a millisecond, and the
settlement (the rollout policy it plays with: ``thirteen_policy.py``).

- **Worlds** (``WorldSampler``): every other active player gets the cards
  it picked from the pile and still holds (``knowledge.py``), and the rest
  of its hand from the unseen cards, weighted by the log
  (``worlds.card_weights``: cards that go with what it threw or let pass
  are less likely, cards that go with what it picked likelier; a wild card
  gets the mean weight, ``fair_weights``).  A player that drew from the
  stock has chosen its hand among more cards: up to ``MAX_EXTRA`` more are
  drawn and the rollout policy throws the worst.  A hand that disagrees with the
  player's latest turn as the rollout policy would have played it (it would
  have taken the card let pass, or would not have thrown the card thrown)
  is drawn again, up to ``TRIES`` times (``Table.agrees``).  The stock is
  the rest, shuffled and dealt into one stream per seat (``Deal``); what
  does not fit in it is out of play (packed hands).  My own hand and every
  face-up card are never sampled, and no card is dealt twice.
- **The light deal** (``Deal``): hands as counts per kind, the stock
  streams and the pile as lists of kinds.  ``play_out`` runs turns until
  someone declares, the stock runs out (void, or the pile is turned over
  under the online rules) or a turn limit is reached.
- **The rollout policy** is in ``thirteen_policy.py`` (``Table``).
- **Settlement** (``settle``): the exact count of every loser (the
  evaluator, tiers and cap as the engine settles), packers' drops, the cut
  multiplier; per-seat score changes as the match format records them.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from game.ai.knowledge import Knowledge
from game.ai.search.deal import DropDeal
from game.ai.search.worlds import PileSampler, counts_of, fair_weights
from game.engine import Discard, DrawDiscard, DrawStock, Pack
from game.families.thirteen.search_policy import KINDS, Table
from game.families.thirteen.worlds import card_weights

__all__ = ["KINDS", "Context", "Deal", "Table", "ThirteenModel", "WorldSampler", "counts_of",
           "play_out", "settle"]

TRIES = 3  # draws of one player's hand that may disagree with its last pass
# stock draws a sampled hand has "chosen" from, two players / more: with more,
# hands drawn with one extra card were far weaker than the real ones (cards
# still to draw, by shape: 2.47 against 1.69 at four players; 2.21 with three)
MAX_EXTRA = (1, 3)
# rollout turns between two yields (a slice of thinking); within a turn the
# policy also yields before each question to the exact evaluator
TURNS_PER_SLICE = 1


# ----------------------------------------------------------- the light deal


class Deal(DropDeal):
    """One world: every hand as counts per kind, the stock, the pile (top
    last), whose turn and what each seat owes (``deal.DropDeal``).

    The stock is dealt out in advance into one stream per seat (next card
    last): a seat drawing from the stock takes the next card of its own
    stream.  Every card is still drawn at random, but what the other players
    draw no longer depends on whether one of them took a card from the pile,
    so two candidate moves played out in the same world differ only by what
    the moves themselves change (far less noise between them).  The pile is
    turned over whenever the stock is out, under the online rules."""

    __slots__ = ()

    def copy(self) -> Deal:
        d = Deal({s: list(h) for s, h in self.hands.items()},
                 {s: list(x) for s, x in self.stock.items()}, list(self.pile), self.turn,
                 list(self.order), dict(self.owed), list(self.turns), self.seed)
        d.picked = self.picked
        return d


def play_out(deal: Deal, table: Table, max_turns: int = 40) -> Generator[None, None, None]:
    """Play the deal with the rollout policy from the start of ``deal.turn``'s
    turn until it ends (``deal.winner`` set, or ``deal.void``) or
    ``max_turns`` turns have passed; yields every ``TURNS_PER_SLICE`` turns."""
    for turn in range(max_turns):
        if deal.winner is not None or deal.void:
            return
        if turn and not turn % TURNS_PER_SLICE:
            yield
        seat = deal.turn
        c = deal.hands[seat]
        if deal.pile and table.wants(c, deal.pile[-1]):
            new = deal.pile[-1]
            deal.take(seat)
        else:
            new = deal.draw_stock(seat, table.reshuffle)
            if new is None:
                return
        yield from finish_turn(deal, table, seat, new)


def finish_turn(deal: Deal, table: Table, seat: int, new: int | None = None
                ) -> Generator[None, None, None]:
    """``seat`` has drawn ``new``: declare if the policy finds a show, else
    throw (a generator: the policy's questions to the evaluator are sliced)."""
    c = deal.hands[seat]
    declare, kind = yield from table.after_draw_steps(
        c, None if table.may_throw_picked else deal.picked, new)
    if declare:
        c[kind] -= 1
        deal.pile.append(kind)
        deal.winner = seat
        return
    deal.throw(seat, kind)


def settle(deal: Deal, table: Table, players: int,
           counts: dict[int, int] | None = None) -> list[int] | None:
    """Score changes per seat as the match records them (pool: penalties
    added), or None for a deal that did not end (void or unfinished).
    ``counts``: the losers' exact counts when the caller has them already."""
    if deal.winner is None:
        return None
    pays = [0] * players
    for s, owed in deal.owed.items():
        pays[s] = owed * table.mult
    cap = table.cap
    for s, c in deal.hands.items():
        if s == deal.winner:
            continue
        n = counts[s] if counts and s in counts else table.count(c)
        if cap is not None and n > cap:
            n = cap
        pays[s] = n * table.mult
    if table.match == "pool":
        return pays
    deltas = [-p for p in pays]
    deltas[deal.winner] = sum(pays)
    return deltas


# --------------------------------------------------------------- the worlds


class WorldSampler(PileSampler):
    """Draws worlds for one decision (see the module docstring)."""

    TRIES = TRIES
    MAX_EXTRA = MAX_EXTRA
    DEAL = Deal

    def weights(self, know: Knowledge, seat: int) -> list[float]:
        return fair_weights(card_weights(know.seats[seat]), self.table.w)


# ---------------------------------------------------------------- the model


class Context:
    """One decision's tables and sampler."""

    __slots__ = ("view", "table", "sampler", "me", "max_turns")

    def __init__(self, view, know: Knowledge) -> None:
        self.view = view
        self.table = Table(view)
        self.sampler = WorldSampler(view, know, self.table)
        self.me = view.seat
        self.max_turns = 12 * max(2, len(self.sampler.order))


class ThirteenModel:
    """The 13-card family's side of the search interface (``core.Model``)."""

    def __init__(self, know_of) -> None:
        self.know_of = know_of  # view -> Knowledge (the bot's memory of the log)

    def prepare(self, view) -> Context:
        return Context(view, self.know_of(view))

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        return ctx.sampler.sample(rng)

    def outcome(self, ctx: Context, world: Deal, action
                ) -> Generator[None, None, list[int] | None]:
        deal = world.copy()
        table = ctx.table
        me = ctx.me
        if isinstance(action, Discard):
            deal.throw(me, action.card.kind)
        elif isinstance(action, DrawStock):
            new = deal.draw_stock(me, table.reshuffle)
            if new is None:
                return None
            yield from finish_turn(deal, table, me, new)
        elif isinstance(action, DrawDiscard):
            new = deal.pile[-1]
            deal.take(me)
            yield from finish_turn(deal, table, me, new)
        elif isinstance(action, Pack):
            cost = table.drops[0 if ctx.view.turns_taken[me] == 0 else 1]
            if table.match != "pool":  # the drop is all this seat's score changes by
                out = [0] * ctx.view.players
                out[me] = -cost * table.mult
                return out
            deal.pack(me, cost)
        else:
            raise ValueError(f"the search cannot play {action!r}")
        yield from play_out(deal, table, ctx.max_turns)
        counts = {}
        if deal.winner is not None:
            for seat, c in deal.hands.items():
                if seat != deal.winner:
                    yield  # an exact count can take milliseconds: one a slice
                    counts[seat] = table.count(c)
        return settle(deal, table, ctx.view.players, counts)
