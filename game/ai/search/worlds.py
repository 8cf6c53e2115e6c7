"""What every family's world sampler reads the same way: who is still in the
deal and in what order, what the log says a seat owes or did at its latest
turn, hands as counts per kind, the weighted draw of a hidden hand and the
stock dealt into one stream per seat (``core.Model.sample`` builds a world
from these; the family adds what its own rules say about a hand).

A family whose game reads a turn differently (a line instead of a pile, a
hand laid down to see) keeps its own reading in its folder."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.engine.cards import JOKER_KIND
from game.engine.family import family_of
from game.engine.state import Move, SeatStatus

KINDS = JOKER_KIND + 1  # the 52 natural kinds and the printed joker


def counts_of(kinds: Iterable[int]) -> list[int]:
    """A hand as counts per kind."""
    c = [0] * KINDS
    for k in kinds:
        c[k] += 1
    return c


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


def fair_weights(weights: list[float], wild: list[bool]) -> list[float]:
    """The log's evidence says nothing about a wild card (it fits anywhere),
    so a wild card gets the mean weight of the natural ones, not 1: after a
    few passes most natural cards weigh less than 1, and an unweighted joker
    would be drawn too often.  The printed joker is always wild, so only the
    52 natural kinds can count in the mean."""
    natural = [x for k, x in enumerate(weights[:52]) if not wild[k]]
    mean = sum(natural) / len(natural) if natural else 1.0
    return [mean if wild[k] else weights[k] for k in range(KINDS)]


def weighted_picks(rng: random.Random, pool: list[int], weights: list[float] | None,
                   want: int) -> list[int]:
    """Indices into ``pool`` of ``want`` cards drawn without replacement,
    each kind as likely as its weight (Efraimidis-Spirakis: the largest
    ``u ** (1 / w)`` are a weighted sample; no weights: uniform), highest
    index first so that they can be popped in that order."""
    if weights is None:
        return sorted(rng.sample(range(len(pool)), want), reverse=True)
    keyed = sorted(((rng.random() ** (1.0 / weights[k]), i) for i, k in enumerate(pool)),
                   reverse=True)
    return sorted((i for _, i in keyed[:want]), reverse=True)


def draw_hand(rng: random.Random, pool: list[int], known: list[int], unknown: int,
              extra: int, weights: list[float] | None, tries: int,
              throw_extra: Callable[[list[int], int], list[int]],
              agrees: Callable[[list[int]], bool]) -> list[int]:
    """One hidden hand: the ``known`` kinds and ``unknown`` more from
    ``pool``, drawn with up to ``extra`` spare cards (a player that drew
    from the stock chose its hand among more cards) that ``throw_extra(c,
    n)`` throws back, returning the kinds thrown.  A hand that does not
    ``agree`` with what its player did is drawn again, ``tries`` draws at
    most (the last one stands).  The cards drawn leave ``pool``, the spare
    ones go back to it."""
    for attempt in range(tries):
        want = min(len(pool), unknown + extra)
        picks = weighted_picks(rng, pool, weights, want)
        c = counts_of(known)
        for i in picks:
            c[pool[i]] += 1
        spare = throw_extra(c, want - unknown if want > unknown else 0)
        if attempt == tries - 1 or agrees(c):
            for i in picks:
                pool.pop(i)
            pool.extend(spare)
            return c
    raise ValueError("a hand needs at least one draw")


def streams(cards: list[int], order: list[int]) -> dict[int, list[int]]:
    """Deal ``cards`` (next card last) into one stream per seat, the seat to
    draw next first.  Every card is still drawn at random, but what the
    other players draw no longer depends on whether one of them took a card
    from the pile, so two candidate moves played out in the same world
    differ only by what the moves themselves change."""
    n = len(order)
    out: dict[int, list[int]] = {s: [] for s in order}
    for i, k in enumerate(reversed(cards)):
        out[order[i % n]].append(k)
    for s in order:
        out[s].reverse()
    return out


def policy_throws(throw: Callable[[list[int], int | None], int]
                  ) -> Callable[[list[int], int], list[int]]:
    """A ``throw_extra`` for ``draw_hand``: the rollout policy's ``throw(c,
    barred)`` throws the spare cards one at a time, nothing barred."""
    def throw_extra(c: list[int], n: int) -> list[int]:
        spare = []
        for _ in range(n):
            k = throw(c, None)
            c[k] -= 1
            spare.append(k)
        return spare
    return throw_extra


class LastTurnCheck(ABC):
    """The ``agrees`` of a rollout policy whose pile card is one face-up
    card: a hand held after a turn agrees with that turn when the policy
    would not have taken the pile card it let pass (``wants``; a wild card,
    ``w``, is never read) and the card it threw was among the least worth
    keeping, within ``throw_slack`` of the least (``throw_worth``, asked of
    the hand before the throw)."""

    __slots__ = ()  # the policies' tables keep theirs
    throw_slack = 25
    w: Sequence[bool]

    @abstractmethod
    def wants(self, c: list[int], kind: int) -> bool:
        """Whether the policy takes ``kind`` from the pile into the hand ``c``."""

    @abstractmethod
    def throw_worth(self, c: list[int]) -> dict[int, int]:
        """What keeping each kind of the hand ``c`` is worth (lower: thrown sooner)."""

    def agrees(self, c: list[int], passed: int | None, threw: int | None) -> bool:
        if passed is not None and not self.w[passed] and self.wants(c, passed):
            return False
        if threw is None or self.w[threw]:
            return True
        c[threw] += 1
        worth = self.throw_worth(c)
        c[threw] -= 1
        return worth[threw] <= min(worth.values()) + self.throw_slack


def policy_hands(rng: random.Random, pool: list[int], seats: Sequence[tuple], tries: int,
                 policy: Any) -> dict[int, list[int]]:
    """Every other seat's hand (``draw_hand``), in the order of ``seats``:
    (seat, known kinds, unknown count, spare cards, weights, (the pile card
    it let pass, the kind it threw) at its latest turn, ``last_turn``).  The
    rollout ``policy`` throws the spare cards (``throw(c, barred)``) and says
    whether a hand agrees with that turn (``agrees(c, passed, threw)``)."""
    throw_extra = policy_throws(policy.throw)
    hands = {}
    for s, known, unknown, extra, weights, (passed, threw) in seats:
        hands[s] = draw_hand(rng, pool, known, unknown, extra, weights, tries, throw_extra,
                             lambda c, p=passed, t=threw: policy.agrees(c, p, t))
    return hands


class PileSampler(ABC):
    """Draws worlds for one decision in a game of a stock and one pile whose
    hidden hands are known by what the log shows (``knowledge.Knowledge``):
    every other seat still in the deal holds the cards it picked from the
    pile and still holds, and the rest of its hand from the unseen cards,
    drawn by the family's ``weights`` with up to ``MAX_EXTRA`` spare cards
    for a seat that drew from the stock (two players / more), and drawn
    again when the rollout policy would not have played its latest turn as
    it did (``policy_hands``, ``TRIES`` draws at most).  The stock is the
    rest, shuffled and dealt into one stream per seat; what does not fit in
    it is out of play (dropped hands).  The family's sampler gives its
    ``DEAL`` class (``deal.DropDeal``'s arguments) and ``weights``."""

    TRIES = 3
    MAX_EXTRA = (1, 3)
    DEAL: Any = None

    def __init__(self, view, know, table) -> None:
        self.view = view
        self.know = know
        self.table = table
        self.order = turn_order(view)
        self.owed = owed_from_log(view)
        self.mine = counts_of(c.kind for c in view.hand)
        self.pool = [k for k in range(KINDS) for _ in range(know.unseen[k])]
        self.pile = [c.kind for c in view.discard]
        self.seats = []  # (seat, known kinds, unknown count, extra, weights, (passed, threw))
        extra_most = self.MAX_EXTRA[len(self.order) > 2]
        for s in self.order[1:]:
            mem = know.seats[s]
            size = view.hand_sizes[s]
            known = [c.kind for c in mem.held][:size]
            stock_draws = max(0, len(mem.threw) - mem.picks)
            extra = min(extra_most, stock_draws)
            self.seats.append((s, known, size - len(known), extra, self.weights(know, s),
                               last_turn(view, s)))

    @abstractmethod
    def weights(self, know, seat: int) -> list[float]:
        """Per kind: how much likelier than average ``seat`` holds it."""

    def sample(self, rng: random.Random):
        pool = list(self.pool)
        hands = {self.view.seat: list(self.mine)}
        hands.update(policy_hands(rng, pool, self.seats, self.TRIES, self.table))
        return self.world(hands, pool, rng)

    def world(self, hands: dict[int, list[int]], pool: list[int], rng: random.Random):
        """The world with these ``hands``: the rest of ``pool`` shuffled
        into the stock (what does not fit in it is out of play)."""
        rng.shuffle(pool)
        view = self.view
        stock = streams(pool[:view.stock_size], self.order)
        deal = self.DEAL(hands, stock, list(self.pile), view.seat, list(self.order),
                         dict(self.owed), list(view.turns_taken), rng.getrandbits(32))
        deal.picked = view.picked.kind if view.picked is not None else None
        return deal
