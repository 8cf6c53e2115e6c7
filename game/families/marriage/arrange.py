"""Indian Marriage (RULES.md §6): the search for the best arrangement of a
hand into 3-card melds.

Pure Python (no pygame, numpy or threads) so it also runs in the browser.

The searches (``meld_all``, ``best_arrangement``) work on card *kinds* with
counts, like the 13-card solver: take the lowest kind left and either put one
copy into a meld with higher kinds (plus wild slots), or send it to the wild
pool (a wild kind) or the deadwood (only when a partial arrangement is asked
for).  Wild slots are a count; a leaf checks the pool can fill them, and the
pool's spare cards make melds of three wild cards (one stands as itself, two
are wild: "any card with two wild").  Results are memoised on the remaining
counts, so identical cards never multiply the work.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from game.engine.cards import JOKER_KIND, Card
from game.families.marriage.melds import NKINDS, Arrangement, MarriageMeld, classify_meld

_NEG = -1
_MELD = 1 << 12  # value = melds << 12 | pures << 8 | non-wild cards melded
_PURE = 1 << 8
# The search numbers kinds rank-major (index = rank0 * 4 + suit): the cards a
# meld can take beside the lowest one are then a few indices ahead (same
# rank, next two ranks), except the Q and K of a Q-K-A, so few distinct
# states arise.  Printed jokers stay at 52.
_IDX = [(k % 13) * 4 + k // 13 for k in range(52)] + [JOKER_KIND]
_KIND = [0] * NKINDS
for _k, _i in enumerate(_IDX):
    _KIND[_i] = _k
del _k, _i


class _Search:
    """Partitions of kind counts into 3-card melds (see the module doc).

    ``exact`` forbids deadwood.  ``find`` answers "is there a full
    arrangement with at least ``need`` natural pure melds" by a depth-first
    search that stops at the first one; ``value`` scores the best partial
    arrangement by dynamic programming over the remaining counts.
    """

    def __init__(self, cards: Sequence[Card], wild: frozenset[int], exact: bool):
        c = [0] * NKINDS
        for card in cards:
            c[_IDX[card.kind]] += 1
        self.c = c
        self.isw = [_KIND[i] in wild for i in range(NKINDS)]
        self.exact = exact
        self.memo: dict[tuple[int, int], int] = {}
        self.failed: set[tuple[int, int, int]] = set()
        self.path: list[tuple] = []
        self.n = len(cards)
        self.lonely = self._set_lonely_aside()
        self.state0 = sum(c[k] << (3 * k) for k in range(NKINDS))
        self.wrem0 = sum(c[k] for k in range(NKINDS) if self.isw[k])

    def _set_lonely_aside(self) -> list[int]:
        """Indices of non-wild cards that no other card can meld with (no
        card of their rank in another suit, none of their suit within two
        ranks, fewer than three copies): each melds only as "card + two
        wild", so the search leaves them out and the leaf gives them spare
        wild cards (two per card, which beats three per all-wild meld)."""
        c, isw = self.c, self.isw
        out = []
        for k in range(52):
            if not c[k] or isw[k] or c[k] >= 3:
                continue
            r, s = divmod(k, 4)
            near = [r * 4 + t for t in range(4) if t != s]
            near += [(r + d) * 4 + s for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]
            if r == 0:  # the Ace is also above the King: Q-K-A
                near += [44 + s, 48 + s]
            elif r >= 11:
                near.append(s)
            if not any(c[x] for x in near):
                out.extend([k] * c[k])
                c[k] = 0
        return out

    def moves(self, k: int) -> list[tuple]:
        """("meld", naturals, wild slots, pure) for melds holding one copy of
        index k with higher indices; ("pool", k) / ("dead", k) to set one copy
        aside.  Natural pure melds come first."""
        c, isw = self.c, self.isw
        out: list[tuple] = []
        if c[k] >= 3:
            out.append(("meld", (k, k, k), 0, 1))
        if k < 52:
            r, s = divmod(k, 4)
            up1 = k + 4 if r <= 11 and c[k + 4] else -1
            up2 = k + 8 if r <= 10 and c[k + 8] else -1
            if up1 >= 0 and up2 >= 0:
                out.append(("meld", (k, up1, up2), 0, 1))
            q, kk = 44 + s, 48 + s  # Q and K of this suit
            if r == 0 and c[q] and c[kk]:
                out.append(("meld", (k, q, kk), 0, 1))  # Q-K-A
            others = [i for i in range(k + 1, r * 4 + 4) if c[i]]
            for a, b in combinations(others, 2):
                out.append(("meld", (k, a, b), 0, 0))
            if not isw[k]:
                # Dirty melds hold only non-wild naturals: a wild card used as
                # itself beside wild slots is the same as that card in the pool.
                partners = [p for p in (up1, up2) if p >= 0]
                if r == 0:
                    partners += [p for p in (q, kk) if c[p]]
                for p in partners + others:  # one wild card
                    if not isw[p]:
                        out.append(("meld", (k, p), 1, 0))
                out.append(("meld", (k,), 2, 0))  # any card with two wild
        if isw[k]:
            out.append(("pool", k))
        elif not self.exact:
            out.append(("dead", k))
        return out

    # -- exact, first found -------------------------------------------------
    def find(self, need: int) -> bool:
        if self.n % 3:
            return False
        self.path = []
        return self._find(0, self.state0, 0, self.wrem0, need, self.n - len(self.lonely))

    def _find(self, k: int, state: int, net: int, wrem: int, need: int, left: int) -> bool:
        spare = net + wrem - 2 * len(self.lonely)  # lonely cards take two wild each
        if spare < 0 or 3 * need > left:
            return False
        c = self.c
        while k < NKINDS and c[k] == 0:
            k += 1
        if k == NKINDS:
            return spare % 3 == 0
        key = (state, net, need)
        if key in self.failed:
            return False
        isw, path = self.isw, self.path
        for mv in self.moves(k):
            if mv[0] == "meld":
                _, nats, w, pure = mv
                for x in nats:
                    c[x] -= 1
                n_w = sum(isw[x] for x in nats)
                ok = self._find(k, state - sum(1 << (3 * x) for x in nats), net - w,
                                wrem - n_w, max(0, need - pure), left - len(nats))
                for x in nats:
                    c[x] += 1
            else:  # pool
                c[k] -= 1
                ok = self._find(k, state - (1 << (3 * k)), net + 1, wrem - 1, need, left - 1)
                c[k] += 1
            if ok:
                path.append(mv)
                return True
        self.failed.add(key)
        return False

    # -- best partial arrangement ---------------------------------------------
    def value(self, k: int, state: int, net: int, wrem: int) -> int:
        """Best value of the cards left (kinds >= k); net = pool - wild slots."""
        if net + wrem < 0:
            return _NEG
        c = self.c
        while k < NKINDS and c[k] == 0:
            k += 1
        if k == NKINDS:
            return self._leaf(net)
        key = (state, net)
        memo = self.memo
        v = memo.get(key)
        if v is not None:
            return v
        best = _NEG
        for mv in self.moves(k):
            v = self._child(mv, k, state, net, wrem)
            if v > best:
                best = v
        memo[key] = best
        return best

    def _leaf(self, net: int) -> int:
        """Spare wild cards go two to a lonely card, then three together
        (a partial arrangement: ``value`` serves best_arrangement only;
        ``value`` has already refused a negative net)."""
        used = min(len(self.lonely), net // 2)
        return (used + (net - 2 * used) // 3) * _MELD + used

    def _child(self, mv: tuple, k: int, state: int, net: int, wrem: int) -> int:
        c, isw = self.c, self.isw
        if mv[0] == "meld":
            _, nats, w, pure = mv
            for x in nats:
                c[x] -= 1
                state -= 1 << (3 * x)
                wrem -= isw[x]
            v = self.value(k, state, net - w, wrem)
            for x in nats:
                c[x] += 1
            if v == _NEG:
                return _NEG
            return v + _MELD + pure * _PURE + sum(not isw[x] for x in nats)
        c[k] -= 1
        if mv[0] == "pool":
            v = self.value(k, state - (1 << (3 * k)), net + 1, wrem - 1)
        else:
            v = self.value(k, state - (1 << (3 * k)), net, wrem)
        c[k] += 1
        return v

    def arrangement(self, cards: Sequence[Card], wild: frozenset[int],
                    path: Iterable[tuple]) -> Arrangement:
        """Physical cards for a path of moves: naturals by kind, wild slots
        from the pool, lonely cards two wild each, spare pool cards in
        threes, the rest left over."""
        stacks: dict[int, list[Card]] = {}
        for card in sorted(cards, key=lambda x: x.uid, reverse=True):
            stacks.setdefault(_IDX[card.kind], []).append(card)
        plans: list[tuple[list[Card], int]] = []
        pool: list[Card] = []
        dead: list[Card] = []
        for mv in path:
            if mv[0] == "meld":
                plans.append(([stacks[x].pop() for x in mv[1]], mv[2]))
            else:
                (pool if mv[0] == "pool" else dead).append(stacks[mv[1]].pop())
        groups = [tuple(nats) + tuple(pool.pop() for _ in range(w)) for nats, w in plans]
        for k in self.lonely:
            card = stacks[k].pop()
            if len(pool) >= 2:
                groups.append((card, pool.pop(), pool.pop()))
            else:
                dead.append(card)
        while len(pool) >= 3:
            groups.append((pool.pop(), pool.pop(), pool.pop()))
        dead.extend(pool)
        melds = []
        for g in groups:
            name = classify_meld(g, wild)
            assert name is not None, g
            melds.append(MarriageMeld(display_order(g), name))
        melds.sort(key=lambda m: (not m.natural_pure, min(x.uid for x in m.cards)))
        return Arrangement(tuple(melds), tuple(sorted(dead, key=lambda x: x.uid)))

    def best_path(self) -> list[tuple]:
        """Follow the memo from the root: the moves of the best arrangement."""
        c, isw = self.c, self.isw
        saved = list(c)
        k, state, net, wrem = 0, self.state0, 0, self.wrem0
        target = self.value(k, state, net, wrem)
        path = []
        while True:
            while k < NKINDS and c[k] == 0:
                k += 1
            if k == NKINDS:
                break
            for mv in self.moves(k):
                v = self._child(mv, k, state, net, wrem)
                if v == target:
                    break
            else:  # pragma: no cover - the memo always holds the path
                raise AssertionError("arrangement walk lost its way")
            path.append(mv)
            if mv[0] == "meld":
                _, nats, w, pure = mv
                for x in nats:
                    c[x] -= 1
                    state -= 1 << (3 * x)
                    wrem -= isw[x]
                net -= w
                target = v - _MELD - pure * _PURE - sum(not isw[x] for x in nats)
            else:
                c[k] -= 1
                state -= 1 << (3 * k)
                if mv[0] == "pool":
                    net += 1
                    wrem -= 1
        c[:] = saved
        return path


def display_order(group: tuple[Card, ...]) -> tuple[Card, ...]:
    """Rank order, the Ace after the King in Q-K-A, printed jokers last."""
    high = any(x.rank in (12, 13) for x in group)
    return tuple(sorted(group, key=lambda x: (x.kind == JOKER_KIND,
                                              14 if x.rank == 1 and high else x.rank, x.uid)))


def meld_all(cards: Sequence[Card], wild: frozenset[int], min_pure: int = 0) -> Arrangement | None:
    """Every card in 3-card melds, at least ``min_pure`` of them natural pure
    melds, or None.  Exact (a complete search with memoised failures); it
    stops at the first arrangement found, trying natural pure melds first."""
    cards = list(cards)
    s = _Search(cards, wild, exact=True)
    if not s.find(min_pure):
        return None
    return s.arrangement(cards, wild, reversed(s.path))


def best_arrangement(cards: Sequence[Card], wild: frozenset[int]) -> Arrangement:
    """The most cards in 3-card melds; ties keep more natural pure melds, then
    more non-wild cards melded (wild cards left free).  For display and bots;
    exact (dynamic programming over the remaining counts)."""
    cards = list(cards)
    s = _Search(cards, wild, exact=False)
    return s.arrangement(cards, wild, s.best_path())


def natural_meld_value(cards: Sequence[Card]) -> int:
    """How well the cards meld with no wild cards (more melds, then more
    natural pure ones, then more cards melded): the score ``can_see`` ranks
    the choices of groups to lay down by."""
    s = _Search(list(cards), frozenset(), exact=False)
    return s.value(0, s.state0, 0, s.wrem0)


def most_melds(cards: Sequence[Card], wild: frozenset[int]) -> int:
    """How many 3-card melds the best arrangement of ``cards`` holds (what
    ``best_arrangement`` would lay, without laying it out)."""
    s = _Search(list(cards), wild, exact=False)
    return s.value(0, s.state0, 0, s.wrem0) // _MELD
