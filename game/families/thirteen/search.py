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
from game.engine import Discard, DrawDiscard, DrawStock, Pack
from game.engine.family import family_of
from game.engine.state import Move, SeatStatus
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


class Deal:
    """One world: every hand as counts per kind, the stock, the pile (top
    last), whose turn and what each seat owes.

    The stock is dealt out in advance into one stream per seat (next card
    last): a seat drawing from the stock takes the next card of its own
    stream.  Every card is still drawn at random, but what the other players
    draw no longer depends on whether one of them took a card from the pile,
    so two candidate moves played out in the same world differ only by what
    the moves themselves change (far less noise between them)."""

    __slots__ = ("hands", "stock", "pile", "turn", "order", "owed", "turns", "picked",
                 "winner", "void", "seed", "_rng")

    def __init__(self, hands, stock, pile, turn, order, owed, turns, seed: int) -> None:
        self.hands = hands  # seat -> counts (active seats only)
        self.stock = stock  # seat -> its stream of stock cards
        self.pile = pile
        self.turn = turn
        self.order = order  # active seats in turn order (a seat leaves when it packs)
        self.owed = owed  # seat -> points owed (packed, wrong show)
        self.turns = turns
        self.picked = None
        self.winner = None
        self.void = False
        self.seed = seed  # for turning the pile over: the same in every copy
        self._rng = None

    @staticmethod
    def streams(cards: list[int], order: list[int]) -> dict[int, list[int]]:
        """Deal ``cards`` (next card last) into one stream per seat, the
        seat to draw next first."""
        n = len(order)
        out: dict[int, list[int]] = {s: [] for s in order}
        for i, k in enumerate(reversed(cards)):
            out[order[i % n]].append(k)
        for s in order:
            out[s].reverse()
        return out

    def copy(self) -> Deal:
        d = Deal({s: list(h) for s, h in self.hands.items()},
                 {s: list(x) for s, x in self.stock.items()}, list(self.pile), self.turn,
                 list(self.order), dict(self.owed), list(self.turns), self.seed)
        d.picked = self.picked
        return d

    def next_seat(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    # ------------------------------------------------------------ actions
    def draw_stock(self, seat: int, reshuffle: bool = True) -> int | None:
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
        """The stock is empty: turn the pile over (online rules) or void."""
        if reshuffle and len(self.pile) > 1:
            cards = self.pile[:-1]
            if self._rng is None:
                self._rng = random.Random(self.seed)
            self._rng.shuffle(cards)
            self.pile = self.pile[-1:]
            order = self.order
            i = order.index(self.turn)
            self.stock = self.streams(cards, order[i:] + order[:i])
            return True
        self.void = True
        return False

    def take(self, seat: int) -> None:
        k = self.pile.pop()
        self.hands[seat][k] += 1
        self.picked = k

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


def owed_from_log(view) -> dict[int, int]:
    """What each seat out of the deal owes: its drop or the wrong-show penalty."""
    fam = family_of(view.rules)
    owed = {}
    for seat, what, _ in view.log:
        if what == Move.PACK_FIRST:
            owed[seat] = fam.pack_cost(view.rules, True)
        elif what == Move.PACK_MIDDLE:
            owed[seat] = fam.pack_cost(view.rules, False)
        elif what == Move.WRONG_SHOW:
            owed[seat] = view.rules.wrong_show_points
    return owed


def turn_order(view) -> list[int]:
    """Active seats in playing order, starting with this one."""
    step = 1 if view.rules.direction == "counterclockwise" else -1
    out = []
    s = view.seat
    for _ in range(view.players):
        if view.status[s] == SeatStatus.ACTIVE:
            out.append(s)
        s = (s + step) % view.players
    return out


def fair_weights(weights: list[float], wild: list[bool]) -> list[float]:
    """The log's evidence says nothing about a wild card (it fits anywhere),
    so a wild card gets the mean weight of the natural ones, not 1: after a
    few passes most natural cards weigh less than 1, and an unweighted joker
    would be drawn too often."""
    natural = [x for k, x in enumerate(weights[:52]) if not wild[k]]
    mean = sum(natural) / len(natural) if natural else 1.0
    return [mean if wild[k] else weights[k] for k in range(KINDS)]


def counts_of(kinds) -> list[int]:
    c = [0] * KINDS
    for k in kinds:
        c[k] += 1
    return c


def last_turn(view, seat: int) -> tuple[int | None, int | None]:
    """What ``seat`` did at its latest turn, as far as a hand held now can
    be checked against it: the pile card it let pass when it drew from the
    stock (None if it took the pile card), and the kind it threw."""
    pile: list = []
    passed = threw = None
    for s, what, card in view.log:
        if what == Move.DRAW_STOCK:
            if s == seat:
                passed, threw = (pile[-1] if pile else None), None
        elif what == Move.DRAW_DISCARD:
            if pile:
                pile.pop()
            if s == seat:
                passed, threw = None, None
        elif what in (Move.DISCARD, Move.DECLARE, Move.WRONG_SHOW) and card is not None:
            pile.append(card.kind)
            if s == seat:
                threw = card.kind
    if threw is None:
        passed = None  # the turn is not finished (or never started)
    return passed, threw


class WorldSampler:
    """Draws worlds for one decision (see the module docstring)."""

    def __init__(self, view, know: Knowledge, table: Table) -> None:
        self.view = view
        self.know = know
        self.table = table
        self.order = turn_order(view)
        self.owed = owed_from_log(view)
        self.mine = counts_of(c.kind for c in view.hand)
        self.pool = [k for k in range(KINDS) for _ in range(know.unseen[k])]
        self.pile = [c.kind for c in view.discard]
        self.seats = []  # (seat, known, unknown count, extra, weights, (passed, threw))
        for s in self.order[1:]:
            mem = know.seats[s]
            size = view.hand_sizes[s]
            known = [c.kind for c in mem.held][:size]
            stock_draws = max(0, len(mem.threw) - mem.picks)
            extra = min(MAX_EXTRA[len(self.order) > 2], stock_draws)
            weights = fair_weights(card_weights(mem), table.w)
            self.seats.append((s, known, size - len(known), extra, weights, last_turn(view, s)))

    def sample(self, rng: random.Random) -> Deal:
        table = self.table
        pool = list(self.pool)
        hands = {self.view.seat: list(self.mine)}
        for s, known, unknown, extra, weights, (passed, threw) in self.seats:
            hand = None
            for attempt in range(TRIES):
                want = min(len(pool), unknown + extra)
                keyed = sorted(((rng.random() ** (1.0 / weights[k]), i)
                                for i, k in enumerate(pool)), reverse=True)
                picks = sorted((i for _, i in keyed[:want]), reverse=True)
                drawn = [pool[i] for i in picks]
                c = counts_of(known)
                for k in drawn:
                    c[k] += 1
                spare = []
                for _ in range(want - unknown if want > unknown else 0):
                    k = table.throw(c, None)
                    c[k] -= 1
                    spare.append(k)
                if attempt == TRIES - 1 or table.agrees(c, passed, threw):
                    hand = c
                    for i in picks:
                        pool.pop(i)
                    pool.extend(spare)
                    break
            hands[s] = hand
        rng.shuffle(pool)
        stock = Deal.streams(pool[:self.view.stock_size], self.order)
        deal = Deal(hands, stock, list(self.pile), self.view.seat, list(self.order),
                    dict(self.owed), list(self.view.turns_taken), rng.getrandbits(32))
        deal.picked = self.view.picked.kind if self.view.picked is not None else None
        return deal


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
