"""Hand logic of Indian Marriage (RULES.md §6): melds, seeing, winning shows.

Pure Python (no pygame, numpy or threads) so it also runs in the browser.

Every meld is exactly three cards.  Wild cards exist only for a player who has
seen the tiplu: every function takes the player's ``wild`` set of kinds, and an
unseen player passes ``frozenset()``.  A wild card may always stand as itself.

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
from dataclasses import dataclass
from itertools import combinations

from game.engine.cards import JOKER_KIND, Card

NKINDS = 53  # 52 natural kinds + printed joker

TUNNELA = "tunnela"
PURE_SEQUENCE = "pure sequence"
TRIAL = "trial"
DIRTY_SEQUENCE = "dirty sequence"
DIRTY_TRIAL = "dirty trial"
NATURAL_PURE = frozenset((TUNNELA, PURE_SEQUENCE))

ROUTES = ("sequences", "dublees")


# ------------------------------------------------------------ wild cards
def _kind(x: int | Card) -> int:
    return x.kind if isinstance(x, Card) else int(x)


def tiplu_kind(tiplu: int | Card) -> int:
    """The tiplu's kind, checked: a natural card (never a printed joker)."""
    k = _kind(tiplu)
    if k == JOKER_KIND:
        raise ValueError("a printed joker cannot be the tiplu (RULES §6 defines none); "
                         "set another card aside")
    if not 0 <= k < 52:
        raise ValueError(f"no such card kind: {k}")
    return k


def poplu(tiplu: int | Card) -> int:
    """The kind one rank above the tiplu in its suit (K -> A: Ace is above King)."""
    k = tiplu_kind(tiplu)
    s, r = divmod(k, 13)
    return s * 13 + (r + 1) % 13


def jhiplu(tiplu: int | Card) -> int:
    """The kind one rank below the tiplu in its suit (A -> K)."""
    k = tiplu_kind(tiplu)
    s, r = divmod(k, 13)
    return s * 13 + (r - 1) % 13


def marriage_wilds(tiplu: int | Card, printed_jokers: bool = False) -> frozenset[int]:
    """The wild kinds for a player who has seen: all four suits of the tiplu's
    rank (ordinary jokers, the tiplu included), the poplu and the jhiplu, and
    JOKER_KIND when printed jokers are in play."""
    k = tiplu_kind(tiplu)
    r = k % 13
    kinds = {s * 13 + r for s in range(4)} | {poplu(k), jhiplu(k)}
    if printed_jokers:
        kinds.add(JOKER_KIND)
    return frozenset(kinds)


# ------------------------------------------------------------ one meld
def _is_natural_run(kinds: Sequence[int]) -> bool:
    """Three natural cards of one suit in consecutive rank; Ace low or high,
    never K-A-2."""
    if JOKER_KIND in kinds or len({k // 13 for k in kinds}) != 1:
        return False
    ranks = sorted(k % 13 + 1 for k in kinds)
    return ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1 or ranks == [1, 12, 13]


def _is_natural_trial(kinds: Sequence[int]) -> bool:
    return (JOKER_KIND not in kinds and len({k % 13 for k in kinds}) == 1
            and len({k // 13 for k in kinds}) == 3)


def _pair_fits_run(a: int, b: int) -> bool:
    """Two natural cards that a third (wild) card makes a 3-card run."""
    if JOKER_KIND in (a, b) or a // 13 != b // 13:
        return False
    lo, hi = sorted((a % 13 + 1, b % 13 + 1))
    if lo == hi:
        return False
    return hi - lo <= 2 or (lo == 1 and 14 - hi <= 2)


def _pair_fits_trial(a: int, b: int) -> bool:
    return JOKER_KIND not in (a, b) and a % 13 == b % 13 and a // 13 != b // 13


def classify_meld(cards: Sequence[Card], wild: frozenset[int]) -> str | None:
    """The strongest reading of a 3-card group, or None if it is no meld.

    Natural readings first (tunnela, pure sequence, trial: no card stands in
    for another, so they need no wild set), then one wild card (dirty
    sequence, dirty trial), then two (any card with two wild cards; three
    wild cards are such a meld too, one of them standing as itself).  Two
    identical cards plus a wild card is no meld: a wild card never completes
    a tunnela.
    """
    if len(cards) != 3:
        return None
    kinds = [c.kind for c in cards]
    if kinds[0] == kinds[1] == kinds[2]:
        return TUNNELA
    if _is_natural_run(kinds):
        return PURE_SEQUENCE
    if _is_natural_trial(kinds):
        return TRIAL
    flexible = [i for i, k in enumerate(kinds) if k in wild]
    found = None
    for i in flexible:  # one wild card
        a, b = (kinds[j] for j in range(3) if j != i)
        if _pair_fits_run(a, b):
            return DIRTY_SEQUENCE
        if _pair_fits_trial(a, b):
            found = DIRTY_TRIAL
    if found:
        return found
    for i, j in combinations(flexible, 2):  # two wild cards and any card
        (rest,) = (kinds[m] for m in range(3) if m not in (i, j))
        if rest != JOKER_KIND or rest in wild:
            return DIRTY_SEQUENCE
    return None


def is_natural_pure(cards: Sequence[Card]) -> bool:
    """A tunnela or a pure sequence with no card standing in for another: what
    a player lays down to see (and what counts toward the three in a show)."""
    return classify_meld(cards, frozenset()) in NATURAL_PURE


@dataclass(frozen=True)
class MarriageMeld:
    cards: tuple[Card, ...]
    name: str

    @property
    def natural_pure(self) -> bool:
        return self.name in NATURAL_PURE


@dataclass(frozen=True)
class Arrangement:
    """Melds and the cards left over (empty for a full arrangement)."""

    melds: tuple[MarriageMeld, ...]
    leftovers: tuple[Card, ...]

    @property
    def pures(self) -> int:
        return sum(m.natural_pure for m in self.melds)

    @property
    def melded(self) -> int:
        return 3 * len(self.melds)


# ------------------------------------------------------------ the search
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
            melds.append(MarriageMeld(_display_order(g), name))
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


def _display_order(group: tuple[Card, ...]) -> tuple[Card, ...]:
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


# ------------------------------------------------------------ dublees
def dublee_pairs(cards: Iterable[Card]) -> list[tuple[Card, Card]]:
    """Pairs of identical cards; three identical give one dublee (RULES §6).
    Two printed jokers are a dublee; a wild card pairs only as itself."""
    by_kind: dict[int, list[Card]] = {}
    for card in sorted(cards, key=lambda x: x.uid):
        by_kind.setdefault(card.kind, []).append(card)
    pairs = []
    for kind in sorted(by_kind):
        same = by_kind[kind]
        pairs.extend((same[i], same[i + 1]) for i in range(0, len(same) - 1, 2))
    return pairs


def count_dublees(cards: Iterable[Card]) -> int:
    return len(dublee_pairs(cards))


# ------------------------------------------------------------ seeing
@dataclass(frozen=True)
class SeeResult:
    """How a player may see the tiplu: the groups to lay down from the hand
    (3-card natural pure melds, or 2-card dublees) for ``route``."""

    route: str  # "sequences" or "dublees"
    groups: tuple[tuple[Card, ...], ...]


def _exposed(exposed: int | Sequence[Sequence[Card]]) -> tuple[int, list[tuple[Card, ...]]]:
    """Exposed tunnelas as (count, groups); a bare count carries no cards."""
    if isinstance(exposed, int):
        if exposed < 0:
            raise ValueError("a negative number of exposed tunnelas")
        return exposed, []
    groups = [tuple(g) for g in exposed]
    for g in groups:
        if classify_meld(g, frozenset()) != TUNNELA:
            raise ValueError(f"an exposed group is not a tunnela: {' '.join(map(str, g))}")
    return len(groups), groups


def _pure_melds(cards: Sequence[Card]) -> list[tuple[int, ...]]:
    """Every natural pure meld (as kinds) the cards can make."""
    c = [0] * NKINDS
    for card in cards:
        c[card.kind] += 1
    out = []
    for k in range(NKINDS):
        if c[k] >= 3:
            out.append((k, k, k))
        if k < 52:
            s, r = divmod(k, 13)
            if r <= 10 and c[k] and c[k + 1] and c[k + 2]:
                out.append((k, k + 1, k + 2))
            if r == 0 and c[k] and c[k + 11] and c[k + 12]:
                out.append((k, k + 11, k + 12))
    return out


def _choose_pures(cards: Sequence[Card], need: int, limit: int = 400) -> list[list[tuple]]:
    """Distinct choices (by kind) of ``need`` disjoint natural pure melds."""
    melds = _pure_melds(cards)
    c = [0] * NKINDS
    for card in cards:
        c[card.kind] += 1
    found: list[list[tuple]] = []

    def rec(start: int, chosen: list[tuple]) -> None:
        if len(found) >= limit:
            return
        if len(chosen) == need:
            found.append(list(chosen))
            return
        for i in range(start, len(melds)):
            m = melds[i]
            if all(c[x] >= m.count(x) for x in m):
                for x in m:
                    c[x] -= 1
                chosen.append(m)
                rec(i, chosen)
                chosen.pop()
                for x in m:
                    c[x] += 1

    rec(0, [])
    return found


def has_natural_pures(cards: Sequence[Card], need: int) -> bool:
    """Whether ``cards`` hold ``need`` disjoint natural pure melds (tunnelas or
    pure sequences).  Cheap (it stops at the first choice found): the engine
    asks it to offer seeing in ``legal_actions``."""
    return need <= 0 or bool(_choose_pures(cards, need, limit=1))


def _pick(pool: list[Card], kinds: Sequence[int]) -> tuple[Card, ...]:
    """Remove and return physical cards of these kinds from ``pool``."""
    got = []
    for x in kinds:
        i = next(i for i, card in enumerate(pool) if card.kind == x)
        got.append(pool.pop(i))
    return tuple(got)


def can_see(cards: Sequence[Card], exposed: int | Sequence[Sequence[Card]] = 0,
            dublees: bool = True) -> SeeResult | None:
    """Whether an unseen player may see the tiplu now, and with what.

    Route "sequences": three natural pure melds (tunnela or pure sequence; no
    wild cards, the player does not know them), tunnelas exposed before the
    first turn counting toward the three.  Among several choices, the one
    that leaves the rest of the hand with the most cards in natural melds.
    Route "dublees" (only if ``dublees``; the engine applies the
    ``dublee_route`` option): seven dublees, each exposed tunnela counting as
    one (three identical cards give one dublee).  Sequences are tried first.
    """
    n_exp, _ = _exposed(exposed)
    need = max(0, 3 - n_exp)
    choices = _choose_pures(cards, need)
    if choices:
        best_choice, best_v = None, -1
        for choice in choices:
            rest = list(cards)
            for m in choice:
                _pick(rest, m)
            s = _Search(rest, frozenset(), exact=False)
            v = s.value(0, s.state0, 0, s.wrem0)
            if v > best_v:
                best_choice, best_v = choice, v
        pool = list(cards)
        groups = tuple(_display_order(_pick(pool, m)) for m in best_choice)
        return SeeResult("sequences", groups)
    if dublees:
        pairs = dublee_pairs(cards)
        need_d = max(0, 7 - n_exp)
        if len(pairs) >= need_d:
            return SeeResult("dublees", tuple(pairs[:need_d]))
    return None


# ------------------------------------------------------------ winning
@dataclass(frozen=True)
class ShowResult:
    """A valid winning show.  Route "sequences": ``melds`` are all seven (the
    laid-down and exposed ones first).  Route "dublees": ``dublees`` are the
    pairs (shown ones first) and ``free`` the other cards."""

    route: str
    melds: tuple[MarriageMeld, ...] = ()
    dublees: tuple[tuple[Card, ...], ...] = ()
    free: tuple[Card, ...] = ()

    @property
    def natural_pures(self) -> int:
        return sum(m.natural_pure for m in self.melds)


def winning_show(hand: Sequence[Card], wild: frozenset[int],
                 laid_down: Sequence[Sequence[Card]] = (),
                 exposed: int | Sequence[Sequence[Card]] = (),
                 route: str | None = "sequences", size: int = 21) -> ShowResult | None:
    """Judge a show on the player's cards alone, after the discard.

    ``hand``: the cards still in hand; ``laid_down``: the melds laid down to
    see (route "sequences") or the dublees shown (route "dublees");
    ``exposed``: the tunnelas exposed before the first turn (groups or a
    count); ``wild``: the player's wild kinds, empty if they have not seen.
    All together must be ``size`` (21) cards, else ValueError.

    "sequences": seven 3-card melds, at least three of them natural pure
    (laid-down and exposed ones count; the rest may come from the hand);
    the hand must meld exactly.  "dublees": eight dublees among all the
    cards (the shown ones, the hand, exposed tunnelas: three identical give
    one), the rest free.  ``route=None`` tries both, sequences first.
    """
    if route not in (*ROUTES, None):
        raise ValueError(f"unknown route {route!r}")
    n_exp, exp_groups = _exposed(exposed)
    laid = [tuple(g) for g in laid_down]
    total = len(hand) + sum(len(g) for g in laid) + 3 * n_exp
    if total != size:
        raise ValueError(f"a show is judged on {size} cards, got {total}")
    if route in ("sequences", None):
        res = _show_sequences(hand, wild, laid, n_exp, exp_groups)
        if res is not None or route == "sequences":
            return res
    return _show_dublees(hand, laid, exp_groups, n_exp)


def _show_sequences(hand, wild, laid, n_exp, exp_groups) -> ShowResult | None:
    table: list[MarriageMeld] = []
    for g in laid:
        name = classify_meld(g, wild)
        if name is None:
            if len(g) != 3:
                return None  # dublees shown: this player is on the dublee route
            raise ValueError(f"a laid-down group is no meld: {' '.join(map(str, g))}")
        table.append(MarriageMeld(g, name))
    table.extend(MarriageMeld(g, TUNNELA) for g in exp_groups)
    pures = sum(m.natural_pure for m in table) + n_exp - len(exp_groups)
    arr = meld_all(hand, wild, min_pure=max(0, 3 - pures))
    if arr is None:
        return None
    return ShowResult("sequences", melds=tuple(table) + arr.melds)


def _show_dublees(hand, laid, exp_groups, n_exp) -> ShowResult | None:
    shown = [g for g in laid if len(g) == 2 and g[0].kind == g[1].kind]
    rest = [card for g in laid if g not in shown for card in g]
    pairs = dublee_pairs(list(hand) + rest + [card for g in exp_groups for card in g])
    if len(shown) + len(pairs) + (n_exp - len(exp_groups)) < 8:
        return None
    used = {card.uid for p in pairs for card in p}
    free = [card for card in list(hand) + rest + [x for g in exp_groups for x in g]
            if card.uid not in used]
    return ShowResult("dublees", dublees=tuple(shown) + tuple(pairs), free=tuple(free))
