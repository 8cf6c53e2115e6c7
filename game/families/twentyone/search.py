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
from game.engine import Discard, DrawDiscard, DrawStock, Pack
from game.engine.family import family_of
from game.engine.state import Move, SeatStatus
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


class Deal:
    """One world: every hand as counts per kind, the stock, the pile (top
    last), whose turn and what each seat owes.

    The stock is dealt in advance into one stream per seat (next card last):
    a seat drawing from the stock takes the next card of its own stream, so
    what the other players draw does not depend on whether one of them took
    the pile's card, and two candidate moves played in the same world differ
    only by what the moves change."""

    __slots__ = ("hands", "stock", "pile", "turn", "order", "owed", "turns", "picked",
                 "winner", "void", "fresh", "turned", "seed", "_rng")

    def __init__(self, hands, stock, pile, turn, order, owed, turns, seed: int) -> None:
        self.hands = hands  # seat -> counts (seats still in the deal)
        self.stock = stock  # seat -> its stream of stock cards
        self.pile = pile
        self.turn = turn
        self.order = order  # seats in the deal in turn order
        self.owed = owed  # seat -> points owed (dropped, wrong show)
        self.turns = turns  # turns taken, per seat
        self.picked = None
        self.winner = None
        self.void = False
        self.fresh = False  # the pile's card is the first upcard (a wild one may be taken)
        self.turned = 0  # times the pile was turned over
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
        d.fresh = self.fresh
        d.turned = self.turned
        return d

    def next_seat(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    # ------------------------------------------------------------ actions
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
        self.fresh = False
        return k

    def refill(self, reshuffle: bool) -> bool:
        """The stock is empty: turn the pile over (when the rules say so, a
        few times at most) or the deal is void."""
        if reshuffle and len(self.pile) > 1 and self.turned < MAX_RESHUFFLES:
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

    def take(self, seat: int) -> None:
        k = self.pile.pop()
        self.hands[seat][k] += 1
        self.picked = k
        self.fresh = False

    def throw(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.pile.append(kind)
        self.turns[seat] += 1
        self.picked = None
        self.turn = self.next_seat(seat)

    def show(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.pile.append(kind)
        self.winner = seat

    def pack(self, seat: int, cost: int) -> None:
        self.owed[seat] = cost
        nxt = self.next_seat(seat)
        self.order.remove(seat)
        del self.hands[seat]
        self.turn = nxt
        if len(self.order) == 1:
            self.winner = self.order[0]


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
    """Seats still in the deal in playing order, starting with this one."""
    step = 1 if view.rules.direction == "counterclockwise" else -1
    out = []
    s = view.seat
    for _ in range(view.players):
        if view.status[s] == SeatStatus.ACTIVE:
            out.append(s)
        s = (s + step) % view.players
    return out


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
    natural = [x for k, x in enumerate(w) if not wild[k]]
    mean = sum(natural) / len(natural) if natural else 1.0
    return [mean if wild[k] else w[k] for k in range(KINDS)]


class WorldSampler:
    """Draws worlds for one decision (see the module docstring)."""

    def __init__(self, view, know: Knowledge, table: Table) -> None:
        self.view = view
        self.table = table
        self.order = turn_order(view)
        self.owed = owed_from_log(view)
        self.mine = counts_of(c.kind for c in view.hand)
        self.pool = [k for k in range(KINDS) for _ in range(know.unseen[k])]
        self.pile = [c.kind for c in view.discard]
        self.seats = []  # (seat, known kinds, unknown count, extra, weights, (passed, threw))
        extra_most = MAX_EXTRA[len(self.order) > 2]
        for s in self.order[1:]:
            mem = know.seats[s]
            size = view.hand_sizes[s]
            known = [c.kind for c in mem.held][:size]
            stock_draws = max(0, len(mem.threw) - mem.picks)
            extra = min(extra_most, stock_draws)
            self.seats.append((s, known, size - len(known), extra,
                               card_weights(know, s, table.w), last_turn(view, s)))

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
                c = counts_of(known)
                for i in picks:
                    c[pool[i]] += 1
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
        view = self.view
        stock = Deal.streams(pool[:view.stock_size], self.order)
        deal = Deal(hands, stock, list(self.pile), view.seat, list(self.order),
                    dict(self.owed), list(view.turns_taken), rng.getrandbits(32))
        deal.picked = view.picked.kind if view.picked is not None else None
        deal.fresh = view.upcard_fresh
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
            for seat, c in deal.hands.items():
                if seat != deal.winner:
                    yield  # a count can take milliseconds: one search a slice
                    counts[seat] = yield from table.count_steps(c)
        return settle(deal, table, counts)
