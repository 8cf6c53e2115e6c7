"""Indian Marriage's part of the search (``game.ai.search``): hidden hands
and the tiplu sampled from what a seat has seen, a light copy of the deal
that plays out in about a millisecond, and the family's own settlement
(the rollout policy it plays with: ``search_policy.py``).

- **Worlds** (``WorldSampler``): every other player still in the deal gets
  the cards it picked from the pile and still holds (not laid down), and
  the rest of its hand from the cards this seat has not seen: not in its
  hand, the pile, on the table (exposed tunnelas, cards laid down to see),
  nor the tiplu once this seat has seen it.  Until it has, the tiplu is
  one of those unseen cards (never a printed joker), drawn anew in every
  world, and the wild cards and maal of the world follow from it: the bot
  never reads it.  A player that drew from the stock has chosen its hand
  among more cards: up to ``MAX_EXTRA`` more are drawn and the rollout
  policy throws the worst.  A hand that contradicts where its player stands
  is drawn again, up to ``TRIES`` times: a player that has not seen would
  have seen holding three pure melds (or seven dublees), one that saw by
  dublees would have shown holding a pair.  The stock is the rest,
  shuffled and dealt into one stream per seat (``Deal``).
- **The light deal** (``Deal``): hands as counts per kind, the stock
  streams and the pile as lists of kinds, where each seat stands (not
  seen, seen by sequences or dublees) and what it laid down.  ``play_out``
  runs turns until someone shows, the deal is void or a turn limit is
  reached.
- **Settlement** (``settle``): the family's own (``settle.loser_points``,
  ``settle.exchange``, ``maal.maal``): game points 3/10 (+5 for a dublee
  finish) and the n·S − T maal exchange, with each seat's maal counted on
  the world's tiplu.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from game.ai.knowledge import copies, next_seat, read_log
from game.ai.search.deal import StreamDeal
from game.ai.search.worlds import counts_of, draw_hand
from game.engine import Discard, DrawDiscard, DrawStock
from game.engine.cards import JOKER_KIND, Card, make_card
from game.engine.state import Move, SeatStatus
from game.families.marriage.actions import MarriageView
from game.families.marriage.family import MAX_RESHUFFLES
from game.families.marriage.maal import alter_kind, maal
from game.families.marriage.melds import jhiplu, marriage_wilds, poplu
from game.families.marriage.search_policy import (
    ADJM,
    GAPM,
    KINDS,
    SAMEM,
    Policy,
    choose_pures,
    mask_of,
    pairs_of,
    seen_costs,
    unseen_costs,
)
from game.families.marriage.settle import exchange, loser_points

TRIES = 4  # draws of one player's hand that may contradict where it stands
# stock draws a sampled hand has "chosen" from, two players / more
MAX_EXTRA = (2, 2)
TURNS_PER_SLICE = 1  # rollout turns between two yields (a slice of thinking)


# ----------------------------------------------------------- the light deal


class Deal(StreamDeal):
    """One world: every hand as counts per kind, the stock (one stream per
    seat, next card last), the pile (top last), whose turn it is
    (``deal.StreamDeal``), where each seat stands, and the world's tiplu
    and wild cards.

    The stock is dealt out in advance into one stream per seat: every card
    is still drawn at random, but what the others draw does not depend on
    whether one of them took the pile's card, so two candidate moves played
    out in the same world differ only by what the moves themselves change.
    The pile is turned over at most ``MAX_RESHUFFLES`` times, as the engine
    rules."""

    __slots__ = ("route", "exposed", "laid", "tunnelas", "fresh", "tiplu", "w", "wmask",
                 "wild_kinds", "maal_kinds")

    MOST_TURNED = MAX_RESHUFFLES

    def __init__(self, hands, stock, pile, turn, order, route, exposed, laid, tunnelas,
                 tiplu: int, printed_jokers: bool, seed: int) -> None:
        super().__init__(hands, stock, pile, turn, order, seed)
        self.route = route  # seat -> None, "sequences" or "dublees"
        self.exposed = exposed  # seat -> tunnelas exposed before the first turn
        self.laid = laid  # seat -> kinds laid down to see (they stay its cards for maal)
        self.tunnelas = tunnelas  # seat -> kinds of the tunnelas it laid down
        self.fresh = set(order)  # seats whose hand the policy has not looked at yet
        self.tiplu = tiplu
        wild = marriage_wilds(tiplu, printed_jokers)
        self.w = [k in wild for k in range(KINDS)]
        self.wmask = sum(1 << k for k in wild if k < 52)
        self.wild_kinds = tuple(sorted(wild))
        self.maal_kinds = frozenset((tiplu, poplu(tiplu), jhiplu(tiplu)))

    def copy(self) -> Deal:
        d = object.__new__(Deal)
        d.hands = {s: list(h) for s, h in self.hands.items()}
        d.stock = {s: list(x) for s, x in self.stock.items()}
        d.pile = list(self.pile)
        d.turn = self.turn
        d.order = self.order
        d.route = dict(self.route)
        d.exposed = self.exposed
        d.laid = {s: list(x) for s, x in self.laid.items()}
        d.tunnelas = {s: list(x) for s, x in self.tunnelas.items()}
        d.fresh = set(self.fresh)
        d.picked = self.picked
        d.winner = None
        d.void = False
        d.turned = self.turned
        d.tiplu = self.tiplu
        d.w = self.w
        d.wmask = self.wmask
        d.wild_kinds = self.wild_kinds
        d.maal_kinds = self.maal_kinds
        d.seed = self.seed
        d._rng = None
        return d

    def throw(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.pile.append(kind)
        self.picked = None
        self.turn = self.next_seat(seat)


def play_out(deal: Deal, policy: Policy, max_turns: int) -> Generator[None, None, None]:
    """Play the deal with the rollout policy from the start of
    ``deal.turn``'s turn until someone shows, the deal is void or
    ``max_turns`` turns have passed; yields every ``TURNS_PER_SLICE`` turns."""
    for turn in range(max_turns):
        if deal.winner is not None or deal.void:
            return
        if turn and not turn % TURNS_PER_SLICE:
            yield
        seat = deal.turn
        if deal.pile and policy.wants(deal, seat, deal.pile[-1]):
            new = deal.take(seat)
        else:
            new = deal.draw_stock(seat, policy.reshuffle)
            if new is None:
                return
        finish_turn(deal, policy, seat, new)


def finish_turn(deal: Deal, policy: Policy, seat: int, new: int | None) -> None:
    """``seat`` has drawn ``new``: see if it can, then show or throw."""
    barred = None if policy.may_throw_picked else deal.picked
    show, kind = policy.after_draw(deal, seat, new, barred)
    if show:
        deal.hands[seat][kind] -= 1
        deal.pile.append(kind)
        deal.winner = seat
        return
    deal.throw(seat, kind)


# ------------------------------------------------------------- settlement


class Settler:
    """The family's settlement of a finished light deal, for one decision:
    who is in the deal, who is dead, the exposed tunnelas (real cards) and
    a memo of each seat's maal by the cards that count in it."""

    def __init__(self, view) -> None:
        ex: MarriageView = view.extra
        rules = view.rules
        self.n = view.players
        self.opts = rules.marriage_options
        self.wrong = rules.wrong_show_points
        self.any_tunnela = self.opts.tunnela_bonus == "any"
        self.dead = [view.status[s] == SeatStatus.DEAD for s in range(self.n)]
        self.exposed = [tuple(tuple(g) for g in ex.exposed[s]) for s in range(self.n)]
        self.memo: dict[tuple, int] = {}

    def maal_of(self, deal: Deal, seat: int) -> int:
        """The seat's raw maal (as for a seat that has seen) on the world's
        tiplu: its hand, what it laid down and its exposed tunnelas."""
        t = deal.tiplu
        counted = (t, poplu(t), jhiplu(t), alter_kind(t), JOKER_KIND)
        hand = deal.hands.get(seat)
        laid = deal.laid.get(seat, ())
        held = tuple((hand[k] if hand else 0) + laid.count(k) for k in counted)
        shown = tuple(deal.tunnelas.get(seat, ())) if self.any_tunnela else ()
        key = (t, held, shown, seat)
        raw = self.memo.get(key)
        if raw is None:
            taken = {c.uid for g in self.exposed[seat] for c in g}
            by_kind = {k: _cards(k, n, taken) for k, n in zip(counted, held, strict=True)}
            groups = []
            for k in shown:  # a tunnela laid down: three of its player's cards
                cs = by_kind.get(k) or _cards(k, 3, taken)
                by_kind[k] = cs
                groups.append(tuple(cs[:3]))
            cards = [c for cs in by_kind.values() for c in cs]
            raw = maal(cards, self.exposed[seat], t, True, self.opts, groups).raw
            self.memo[key] = raw
        return raw

    def deltas(self, deal: Deal) -> list[int] | None:
        """Score changes per seat, or None for a deal that did not end."""
        w = deal.winner
        if w is None:
            return None
        n = self.n
        seen = [deal.route.get(s) is not None for s in range(n)]
        saw_by = [deal.route.get(s) for s in range(n)]
        dublee_win = saw_by[w] == "dublees"
        pays = [0 if s == w else
                loser_points(self.opts, seen[s], saw_by[s], self.dead[s], self.wrong,
                             dublee_win, True) for s in range(n)]
        raw = [0 if self.dead[s] else self.maal_of(deal, s) for s in range(n)]
        return list(exchange(n, w, seen, self.dead, raw, pays, self.opts).net)


def _cards(kind: int, n: int, taken: set[int]) -> list[Card]:
    """``n`` physical copies of ``kind`` (a printed joker: two a deck) none
    of whose ids is ``taken``."""
    out = []
    for i in range(9):
        c = make_card(kind, i // 2, i % 2) if kind == JOKER_KIND else make_card(kind, i)
        if c.uid not in taken:
            out.append(c)
            if len(out) == n:
                break
    return out[:n]


# --------------------------------------------------------------- the worlds

WEIGHTED = True  # weigh the unseen cards by what each player threw, passed and picked
PASSED = 0.3  # weight factor for a card that would have made a card let pass useful
THREW = 0.5  # ... for a card that goes with one it threw
PICKED = 3.0  # ... for a card that goes with one it picked and holds


def card_weights(mem, seen: bool) -> list[float]:
    """Per kind: how much likelier than average a seat holds it, from the
    log (``knowledge.SeatMemory``): a card that goes with a card it let pass
    or threw (the same kind, its neighbours in the suit; once seen, its rank
    in other suits too) is less likely, one that goes with a card it picked
    likelier.  A wild card of the world is no likelier: the evidence is
    read on natural cards."""
    w = [1.0] * KINDS
    for evidence, factor in ((mem.passed, PASSED), (mem.threw, THREW),
                             ([c.kind for c in mem.held], PICKED)):
        for kind in evidence:
            if kind >= 52:
                continue
            m = ADJM[kind] | GAPM[kind] | 1 << kind
            if seen:
                m |= SAMEM[kind]
            while m:
                low = m & -m
                w[low.bit_length() - 1] *= factor
                m ^= low
    return w



def turn_order(view) -> list[int]:
    """Seats still in the deal in playing order, starting with this one."""
    out = [view.seat]
    s = next_seat(view, view.seat)
    while s is not None and s != view.seat:
        out.append(s)
        s = next_seat(view, s)
    return out


def seen_cards(view) -> tuple[list[Card], dict[int, list[int]]]:
    """The cards this seat has seen that nobody may hold unseen (its hand,
    the pile, every card on the table, the tiplu once seen), and per other
    seat the kinds it is known to hold (picked from the pile, not thrown,
    not laid down)."""
    ex: MarriageView = view.extra
    table = [c for s in range(view.players) for g in ex.exposed[s] + ex.laid[s] for c in g]
    out = [*view.hand, *view.discard, *table]
    if view.cut is not None:
        out.append(view.cut)
    gone = {c.uid for c in out}
    known: dict[int, list[int]] = {}
    for s, mem in read_log(view).items():
        if view.status[s] != SeatStatus.ACTIVE:
            continue
        held = []
        for c in mem.held:
            if c.uid not in gone:
                gone.add(c.uid)
                held.append(c.kind)
        known[s] = held
    return out, known


def stock_draws(view, seat: int) -> int:
    return sum(1 for s, what, _ in view.log if s == seat and what == Move.DRAW_STOCK)


class WorldSampler:
    """Draws worlds for one decision (see the module docstring)."""

    def __init__(self, view, policy: Policy) -> None:
        ex: MarriageView = view.extra
        self.view = view
        self.policy = policy
        self.order = turn_order(view)
        self.printed = view.rules.printed_jokers
        sight, known = seen_cards(view)
        left = copies(view)
        for c in sight:
            left[c.kind] -= 1
        for kinds in known.values():
            for k in kinds:
                left[k] -= 1
        self.pool = [k for k in range(KINDS) for _ in range(max(0, left[k]))]
        self.tiplu = ex.tiplu.kind if ex.tiplu is not None else None
        self.mine = counts_of(c.kind for c in view.hand)
        self.pile = [c.kind for c in view.discard]
        self.route = {s: ex.saw_by[s] for s in self.order}
        self.exposed = {s: len(ex.exposed[s]) for s in self.order}
        self.laid = {s: [c.kind for g in ex.laid[s] for c in g] for s in self.order}
        self.tunnelas = {s: [g[0].kind for g in ex.laid[s]
                             if len(g) == 3 and len({c.kind for c in g}) == 1]
                         for s in self.order}
        two = len(self.order) <= 2
        self.seats = []  # (seat, known kinds, cards to draw, extra draws)
        self.weights = {}  # seat -> per kind, how much likelier than average it holds one
        memory = read_log(view)
        for s in self.order[1:]:
            mine = known.get(s, [])[:view.hand_sizes[s]]
            extra = min(MAX_EXTRA[0 if two else 1], stock_draws(view, s))
            self.seats.append((s, mine, view.hand_sizes[s] - len(mine), extra))
            if WEIGHTED:
                self.weights[s] = card_weights(memory[s], self.route[s] is not None)

    def sample(self, rng: random.Random) -> Deal:
        pool = list(self.pool)
        tiplu = self.tiplu
        if tiplu is None:  # never read: one of the cards this seat has not seen
            natural = [i for i, k in enumerate(pool) if k != JOKER_KIND]
            tiplu = pool.pop(rng.choice(natural))
        deal = Deal({self.view.seat: list(self.mine)}, {}, list(self.pile), self.view.seat,
                    self.order, dict(self.route), self.exposed,
                    {s: list(x) for s, x in self.laid.items()},
                    {s: list(x) for s, x in self.tunnelas.items()}, tiplu, self.printed,
                    rng.getrandbits(32))
        for seat, known, unknown, extra in self.seats:
            deal.hands[seat] = draw_hand(
                rng, pool, known, unknown, extra, self.weights.get(seat), TRIES,
                lambda c, n, s=seat, k=known: self._throw_extra(deal, s, c, n, k),
                lambda c, s=seat: self._agrees(deal, s, c))
        rng.shuffle(pool)
        deal.stock = Deal.streams(pool[:self.view.stock_size], self.order)
        picked = self.view.picked
        deal.picked = picked.kind if picked is not None else None
        return deal

    def _throw_extra(self, deal: Deal, seat: int, c: list[int], extra: int,
                     known: list[int]) -> list[int]:
        """The rollout policy throws the ``extra`` cards drawn beyond the
        hand (never one of the ``known`` cards it still holds)."""
        spare = []
        route = deal.route[seat]
        for _ in range(extra):
            if route is None:
                costs = unseen_costs(c, mask_of(c), self.policy.leans(c, deal.exposed[seat]))
            elif route == "dublees":
                costs = {k: 100 if c[k] >= 2 else 0 for k in range(KINDS) if c[k]}
            else:
                costs = seen_costs(c, mask_of(c) & ~deal.wmask)
            free = [k for k in costs if c[k] > known.count(k)]
            if free:
                k = min(free, key=costs.__getitem__)
            else:
                k = next(x for x in range(KINDS) if c[x] > known.count(x))
            c[k] -= 1
            spare.append(k)
        return spare

    def _agrees(self, deal: Deal, seat: int, c: list[int]) -> bool:
        """Whether a hand fits where its player stands: not seen, it would
        have seen; seen by dublees, it would have shown."""
        route = deal.route[seat]
        e = deal.exposed[seat]
        if route is None:
            if self.policy.dublees_open and pairs_of(c) + e >= 7:
                return False
            return choose_pures(list(c), 3 - e) is None
        if route == "dublees":
            return pairs_of(c) == 0
        return True


# ---------------------------------------------------------------- the model


class Context:
    """One decision's policy, sampler and settlement."""

    __slots__ = ("view", "policy", "sampler", "settler", "me", "max_turns")

    def __init__(self, view) -> None:
        self.view = view
        self.policy = Policy(view)
        self.sampler = WorldSampler(view, self.policy)
        self.settler = Settler(view)
        self.me = view.seat
        self.max_turns = TURNS_PER_SEAT * len(self.sampler.order)


TURNS_PER_SEAT = 30  # a rollout's turns per seat in the deal, at most


class MarriageModel:
    """Indian Marriage's side of the search interface (``core.Model``)."""

    def prepare(self, view) -> Context:
        return Context(view)

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        return ctx.sampler.sample(rng)

    def outcome(self, ctx: Context, world: Deal, action
                ) -> Generator[None, None, list[int] | None]:
        deal = world.copy()
        policy = ctx.policy
        me = ctx.me
        if isinstance(action, Discard):
            deal.throw(me, action.card.kind)
        elif isinstance(action, DrawStock):
            new = deal.draw_stock(me, policy.reshuffle)
            if new is None:
                return None
            finish_turn(deal, policy, me, new)
        elif isinstance(action, DrawDiscard):
            finish_turn(deal, policy, me, deal.take(me))
        else:
            raise ValueError(f"the search cannot play {action!r}")
        yield
        yield from play_out(deal, policy, ctx.max_turns)
        return ctx.settler.deltas(deal)
