"""The 13-card family's part of the search: hidden hands sampled from the
log, a light copy of the deal that plays out in about a millisecond, its
rollout policy, and the settlement.

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
- **The rollout policy** (``keep_scores``, ``wants``, ``throw``,
  ``after_draw``): a card's worth is local: in a natural three-card run
  (pure) 100, in a natural set 60, plus 20 per card beside it in its suit,
  10 per card two places away and 15 per other suit of its rank, minus its
  points; a second copy of a kind counts only its points.  Wild cards are
  never thrown.  The pile's top card is taken when it is wild or would sit
  in a natural run or set.  A player declares when the exact evaluator says
  a discard leaves a valid show; it is asked only when the card just drawn
  has a neighbour, a pure run is held and a cheap count of loose and wild
  cards allows a show (it misses about one show in six, found a turn
  later).  As a bot this policy wins 45% of two-player Points deals against
  medium.
- **Settlement** (``settle``): the exact count of every loser (the
  evaluator, tiers and cap as the engine settles), packers' drops, the cut
  multiplier; per-seat score changes as the match format records them.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...engine.cards import JOKER_KIND
from ...engine.families import family_of
from ...engine.solver import _declarable_kinds, hand_count
from ..knowledge import Knowledge
from ..worlds import card_weights

KINDS = 53
TRIES = 3  # draws of one player's hand that may disagree with its last pass
# stock draws a sampled hand has "chosen" from, two players / more: with more,
# hands drawn with one extra card were far weaker than the real ones (cards
# still to draw, by shape: 2.47 against 1.69 at four players; 2.21 with three)
MAX_EXTRA = (1, 3)
TRIES_SHOW = 5  # discards the exact evaluator is asked about, at most
THROW_SLACK = 25  # how far above the least worth a sampled hand's last throw may be
TURNS_PER_SLICE = 4  # rollout turns between two yields (a slice of thinking)
SLACK = 2  # half wild cards the cheap test of a finished hand may be short by


# --------------------------------------------------------------- the tables


def _pos_kind(suit: int, pos: int) -> int | None:
    """Kind at run position ``pos`` (1..14, 14 = Ace high) or None."""
    if not 1 <= pos <= 14:
        return None
    return suit * 13 + (0 if pos == 14 else pos - 1)


def _tables():
    run3, adj, gap, same = [], [], [], []
    for k in range(52):
        s, r0 = divmod(k, 13)
        positions = (1, 14) if r0 == 0 else (r0 + 1,)
        trios, a, g = set(), set(), set()
        for p in positions:
            for lo in (p - 2, p - 1, p):
                ks = [_pos_kind(s, q) for q in (lo, lo + 1, lo + 2)]
                if None in ks or lo < 1 or lo + 2 > 14:
                    continue
                others = tuple(sorted(x for x in ks if x != k))
                if len(others) == 2:
                    trios.add(others)
            for d, bucket in ((1, a), (2, g)):
                for q in (p - d, p + d):
                    x = _pos_kind(s, q)
                    if x is not None and x != k:
                        bucket.add(x)
        run3.append(tuple(sorted(trios)))
        adj.append(tuple(sorted(a)))
        gap.append(tuple(sorted(g - a)))
        same.append(tuple(t * 13 + r0 for t in range(4) if t != s))
    return tuple(run3), tuple(adj), tuple(gap), tuple(same)


RUN3, ADJ, GAP, SAME = _tables()


def _bits(kinds) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


RUN3M = tuple(tuple(_bits(p) for p in RUN3[k]) for k in range(52))
ADJM = tuple(_bits(ADJ[k]) for k in range(52))
GAPM = tuple(_bits(GAP[k]) for k in range(52))
SAMEM = tuple(_bits(SAME[k]) for k in range(52))
NEARM = tuple(ADJM[k] | GAPM[k] | SAMEM[k] for k in range(52))


class Table:
    """What a deal's rules and cut fix for every rollout of one decision."""

    __slots__ = ("rules", "wild", "w", "wild_kinds", "natural", "pts", "opts", "cap", "mult",
                 "may_throw_picked", "wild_pickup", "reshuffle", "slots", "players", "match",
                 "drops")

    def __init__(self, view) -> None:
        rules = view.rules
        fam = family_of(rules)
        self.rules = rules
        self.wild = view.wild
        self.w = [k == JOKER_KIND or k in view.wild for k in range(KINDS)]
        self.wild_kinds = tuple(k for k in range(KINDS) if self.w[k])
        self.natural = sum(1 << k for k in range(52) if not self.w[k])
        ace = rules.ace_points
        self.pts = [0 if self.w[k] else (ace if k % 13 == 0 else min(10, k % 13 + 1))
                    for k in range(52)] + [0]
        self.opts = fam.meld_options(rules, view.decks)
        self.cap = rules.cap
        self.mult = fam.deal_multiplier(rules, view.cut)
        self.may_throw_picked = rules.may_discard_picked
        self.wild_pickup = rules.joker_pickup
        self.reshuffle = rules.stock_empty == "reshuffle"
        self.slots = rules.hand_size
        self.players = view.players
        self.match = rules.match
        self.drops = (fam.pack_cost(rules, True), fam.pack_cost(rules, False))

    # ---------------------------------------------------------- the policy
    def mask(self, c: list[int]) -> int:
        """Bit mask of the natural kinds held."""
        m = 0
        for k in range(52):
            if c[k]:
                m |= 1 << k
        return m & self.natural

    def keep_scores(self, c: list[int], m: int) -> dict[int, int]:
        """The rollout policy's worth of each natural kind held (see the
        module); ``m`` is ``mask(c)``."""
        pts = self.pts
        out = {}
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            k = low.bit_length() - 1
            score = 0
            for p in RUN3M[k]:
                if m & p == p:
                    score = 100
                    break
            setn = (m & SAMEM[k]).bit_count()
            if setn >= 2 and score < 60:
                score = 60
            out[k] = (score + 20 * (m & ADJM[k]).bit_count() + 10 * (m & GAPM[k]).bit_count()
                      + 15 * setn - pts[k])
        return out

    def throw(self, c: list[int], barred: int | None, scores: dict[int, int] | None = None
              ) -> int:
        """The kind the policy throws from a hand of counts ``c``."""
        if scores is None:
            scores = self.keep_scores(c, self.mask(c))
        best, low = -1, 10 ** 6
        pts = self.pts
        for k, s in scores.items():
            if k == barred and c[k] == 1:
                continue
            if c[k] >= 2:
                s = min(s, 5 - pts[k])  # the second copy of a kind
            if s < low or (s == low and k > best):
                best, low = k, s
        if best < 0:  # only the barred card and wild cards: throw a wild card
            best = next(k for k in range(KINDS) if c[k] and k != barred)
        return best

    def wants(self, c: list[int], top: int, m: int | None = None) -> bool:
        """Whether the policy takes ``top`` from the pile."""
        if self.w[top]:
            return self.wild_pickup
        if c[top]:
            return False
        if m is None:
            m = self.mask(c)
        for p in RUN3M[top]:
            if m & p == p:
                return True
        return (m & SAMEM[top]).bit_count() >= 2

    def after_draw(self, c: list[int], barred: int | None, new: int | None = None
                   ) -> tuple[bool, int]:
        """A hand of 14 cards: (True, kind) to declare throwing ``kind``, or
        (False, kind) to throw it (a plain throw is never ``barred``, the
        card just taken from the pile when the rules forbid throwing it; a
        show does not check it: a rare inaccuracy).  ``new`` is the card just
        drawn: a hand that did not show last turn can show now only with it
        in a meld, so a natural card with no neighbour in the hand leaves
        nothing to check (two wild cards could still meld it: rare, and
        ignored).  Otherwise the exact evaluator is asked, only when a pure
        run is held and the loose cards could be covered by the wild cards."""
        m = self.mask(c)
        scores = self.keep_scores(c, m)
        wilds = 0
        for k in self.wild_kinds:
            wilds += c[k]
        if new is not None and not self.w[new] and not m & NEARM[new]:
            return False, self.throw(c, barred, scores)
        # in half wild cards: a loose card alone needs two wild cards to
        # make a meld, one beside another loose card half of one
        need = 0
        loose = 0
        for k, s in scores.items():
            extra = c[k] - 1 if s >= 60 else c[k]
            if extra > 0:
                loose |= 1 << k
                need += extra
        if need <= 2 * wilds + SLACK + 4:
            alone = []
            rest = loose
            while rest:
                low = rest & -rest
                rest ^= low
                k = low.bit_length() - 1
                if not loose & NEARM[k]:
                    alone.append(k)
                    need += 3
            need -= 4 if alone else 1 if loose else 0  # the card thrown
            if need <= 2 * wilds + SLACK and self.has_pure(m):
                finish = self._finishing(c, scores, alone, loose)
                if finish is not None:
                    return True, finish
        return False, self.throw(c, barred, scores)

    def agrees(self, c: list[int], passed: int | None, threw: int | None) -> bool:
        """Whether a hand ``c`` held after a turn agrees with that turn as
        the rollout policy would have played it: it would not have taken the
        pile card it let pass, and the card it threw was among the least
        worth keeping (within ``THROW_SLACK`` of the least)."""
        if passed is not None and not self.w[passed] and self.wants(c, passed):
            return False
        if threw is None or self.w[threw]:
            return True
        c[threw] += 1
        scores = self.keep_scores(c, self.mask(c))
        pts = self.pts
        worth = {k: min(sc, 5 - pts[k]) if c[k] >= 2 else sc for k, sc in scores.items()}
        c[threw] -= 1
        return worth[threw] <= min(worth.values()) + THROW_SLACK

    @staticmethod
    def has_pure(m: int) -> bool:
        """Whether the natural cards ``m`` hold a three-card pure run."""
        for s in range(4):
            b = m >> (13 * s) & 0x1FFF
            b |= (b & 1) << 13  # the ace above the king
            if b & (b >> 1) & (b >> 2):
                return True
        return False

    def _finishing(self, c, scores, alone, loose) -> int | None:
        kinds = []
        for k in range(KINDS):
            if c[k]:
                kinds.extend([k] * c[k])
        order = sorted(alone, key=lambda k: -self.pts[k])
        order += sorted((k for k in scores if loose >> k & 1 and k not in alone),
                        key=lambda k: scores[k])
        order += sorted((k for k in scores if not loose >> k & 1 and scores[k] < 100),
                        key=lambda k: scores[k])
        for k in order[:TRIES_SHOW]:
            i = kinds.index(k)
            if _declarable_kinds(tuple(kinds[:i] + kinds[i + 1:]), self.wild, self.opts):
                return k
        return None

    def count(self, c: list[int]) -> int:
        kinds = []
        for k in range(KINDS):
            if c[k]:
                kinds.extend([k] * c[k])
        return hand_count(tuple(kinds), self.wild, self.opts)


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
        finish_turn(deal, table, seat, new)


def finish_turn(deal: Deal, table: Table, seat: int, new: int | None = None) -> None:
    """``seat`` has drawn ``new``: declare if the policy finds a show, else throw."""
    c = deal.hands[seat]
    declare, kind = table.after_draw(c, None if table.may_throw_picked else deal.picked, new)
    if declare:
        c[kind] -= 1
        deal.pile.append(kind)
        deal.winner = seat
        return
    deal.throw(seat, kind)


def settle(deal: Deal, table: Table, players: int) -> list[int] | None:
    """Score changes per seat as the match records them (pool: penalties
    added), or None for a deal that did not end (void or unfinished)."""
    if deal.winner is None:
        return None
    pays = [0] * players
    for s, owed in deal.owed.items():
        pays[s] = owed * table.mult
    cap = table.cap
    for s, c in deal.hands.items():
        if s == deal.winner:
            continue
        n = table.count(c)
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
        if what == "pack_first":
            owed[seat] = fam.pack_cost(view.rules, True)
        elif what == "pack_middle":
            owed[seat] = fam.pack_cost(view.rules, False)
        elif what == "wrong_show":
            owed[seat] = view.rules.wrong_show_points
    return owed


def turn_order(view) -> list[int]:
    """Active seats in playing order, starting with this one."""
    step = 1 if view.rules.direction == "counterclockwise" else -1
    out = []
    s = view.seat
    for _ in range(view.players):
        if view.status[s] == "active":
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
        if what == "draw_stock":
            if s == seat:
                passed, threw = (pile[-1] if pile else None), None
        elif what == "draw_discard":
            if pile:
                pile.pop()
            if s == seat:
                passed, threw = None, None
        elif what in ("discard", "declare", "wrong_show") and card is not None:
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
        from ...engine import Discard, DrawDiscard, DrawStock, Pack

        deal = world.copy()
        table = ctx.table
        me = ctx.me
        if isinstance(action, Discard):
            deal.throw(me, action.card.kind)
        elif isinstance(action, DrawStock):
            new = deal.draw_stock(me, table.reshuffle)
            if new is None:
                return None
            finish_turn(deal, table, me, new)
        elif isinstance(action, DrawDiscard):
            new = deal.pile[-1]
            deal.take(me)
            finish_turn(deal, table, me, new)
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
        return settle(deal, table, ctx.view.players)
