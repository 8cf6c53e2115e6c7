"""Vazhushal (Wipe), RULES.md §7: the exact lay-down search (stock-out score,
going out).  Pure Python.

The search works on kind counts, as ``solver.py`` does.  It takes the lowest
remaining kind and either puts one copy into a *core* with higher kinds, or
sends every remaining copy to the hand (deadwood; a designated wild kind's
copies go to the wild pool instead).  A core is the natural cards of one meld:
a sequence core is positions in one suit (gaps to be filled by wild cards), a
set core is suits of one rank.  Where the wild cards go -- filling gaps,
stretching a sequence at either end, completing a set -- is decided at the
leaf, exactly: every core offers its readings (window or suits, wild cards
used, value of the places they take) and a small knapsack over the cores picks
the best, keeping a pure meld when the rules want one and no two identical
melds.  A wild card left in hand costs 20 and one in a meld gains what it
stands for, so the value of a wild card depends on the place it takes; that
is why the places are chosen at the leaf and not while the cores are built.

Score of a lay-down = value of every melded card (a wild card worth what it
stands for) minus value of every card left in hand (a wild card 20).  A branch
is cut when melding all its remaining cards, every wild card worth 10, could
not beat the best found.

Melds of wild cards only (the rule option ``all_wild_melds``): three or more
wild cards the cores leave may make melds of their own, 10 a card (at the
top: the most a wild card is worth, so the bound above holds), never pure
(``readings.wild_only_melds`` reads them unlike the player's other melds).

Existing table melds.  The player's own melds may be passed in: their cards
must all stay melded but may be rearranged freely with the hand's cards
(RULES.md §7: "A player may add to and rearrange only their own melds (all
cards stay in valid melds)"); the lay-down at a stock-out is read as an
ordinary meld phase, so rearranging is allowed there too.  The result's melds
are then all of the player's melds, and the score counts them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from game.engine.caches import Memo
from game.engine.cards import JOKER_KIND, Card
from game.families.vazhushal.cores import core_options
from game.families.vazhushal.melds import (
    SEQUENCE,
    SET,
    THREE_IN_A_ROW,
    WILD_LEFT_PENALTY,
    TableMeld,
    is_wild,
    kind_value,
    left_value,
    pos_kind,
    position_value,
)
from game.families.vazhushal.readings import wild_only_melds

_NEG = -(10**9)
WILD_ONLY_CARD = 10  # a wild card in a meld of wild cards only, at the top (Q-K-A, a set of Aces)


class _OutOfNodes(Exception):
    pass


@dataclass(frozen=True)
class Laydown:
    """Best stock-out lay-down: ``score`` = melded value - value left in hand."""

    score: int
    melds: tuple[TableMeld, ...]
    left: tuple[Card, ...]
    exact: bool = True  # False only when a node limit cut the search short


@dataclass(frozen=True)
class GoOut:
    """How to go out: lay (or rearrange into) ``melds`` and discard ``discard``."""

    discard: Card
    melds: tuple[TableMeld, ...]


def laydown_score(melds: Iterable[TableMeld], left: Iterable[Card], wild: frozenset[int]) -> int:
    """Stock-out score of a player's melds and the cards left in their hand."""
    return sum(m.value for m in melds) - sum(left_value(c, wild) for c in left)


# -------------------------------------------------------------------- search


# A kind's cores (``_Search._cores``) by whether a pure set keeps the rule and
# their key, which holds all they are built from: a bot judging each unseen
# stock card searches hands a card apart, whose cores are mostly the same.
_CORE_MEMOS = (Memo(1 << 13), Memo(1 << 13))
_VALUES = tuple(kind_value(k) for k in range(52))
_WILD_TABLES: Memo = Memo(64)  # by the deal's wild kinds: a search per unseen card needs them


def _wild_tables(wild: frozenset[int]) -> tuple[tuple[bool, ...], list[int], tuple[int, ...]]:
    """(per kind whether it is wild, the wild kinds in order, per kind the
    most a card of it adds to a lay-down: a wild card 10)."""
    wild = frozenset(wild)  # the same object when it is one already
    got = _WILD_TABLES.get(wild)
    if got is None:
        wildk = tuple(k in wild for k in range(52))
        got = _WILD_TABLES.keep(wild, (wildk, sorted(wild),
                                       tuple(10 if wildk[k] else _VALUES[k] for k in range(52))))
    return got


class _Search:
    def __init__(self, hand: Sequence[int], table: Sequence[int], wild: frozenset[int],
                 allow: int | None, exact_left: bool, pure_given: bool, set_pure_ok: bool,
                 pure_always: bool, node_limit: int | None = None, all_wild: bool = False):
        c = [0] * 52
        hc = [0] * 52
        jokers = table_jokers = 0
        for k in hand:
            if k == JOKER_KIND:
                jokers += 1
            else:
                c[k] += 1
                hc[k] += 1
        for k in table:
            if k == JOKER_KIND:
                jokers += 1
                table_jokers += 1
            else:
                c[k] += 1
        self.c, self.hc = c, hc
        self.jokers, self.table_jokers = jokers, table_jokers
        self.wildk, self.desig, self.ubv = _wild_tables(wild)
        self.val = _VALUES
        self.allow = allow  # cards that may stay in hand (None: any)
        self.exact_left = exact_left  # exactly ``allow`` cards stay in hand
        self.pure_given = pure_given
        self.set_pure_ok = set_pure_ok  # a pure set keeps the rule (not a first meld)
        self.pure_always = pure_always  # even with no melds (going out)
        self.all_wild = all_wild  # wild cards left over may make melds of their own
        self.feasibility = exact_left  # stop at the first arrangement found
        self.nodes = 1 << 62 if node_limit is None else node_limit
        self.exact = True  # False when the node limit cut the search
        self.best = _NEG
        self.best_cores: list | None = None
        self.core_memo = _CORE_MEMOS[bool(set_pure_ok)]
        # the pure melds the hand could ever make, to see when none is left
        self.pure_triples = [t for t in THREE_IN_A_ROW if c[t[0]] and c[t[1]] and c[t[2]]]
        self.pure_ranks = [r0 for r0 in range(13) if (c[r0] > 0) + (c[13 + r0] > 0)
                           + (c[26 + r0] > 0) + (c[39 + r0] > 0) >= 3]
        # isolated naturals: no natural of their rank, none of their suit within
        # two places.  One sits in a meld only with wild cards on both sides
        # or two above/below it, and two such wild cards serve two isolated
        # cards at most when a suit holds two of them (5 JK JK 8), else one.
        # So b wild cards meld at most b (or b // 2) isolated cards.
        iso = [k for k in range(52) if c[k] and not self.wildk[k] and not self._partner(k)]
        self.iso = sorted(((2 * self.val[k], k) for k in iso), reverse=True)
        self.iso_per_wild = 1 if len({k // 13 for k in iso}) < len(iso) else 2
        self.done = False

    # ------------------------------------------------------------- recursion
    def run(self, floor: int | None) -> None:
        """Search for the best arrangement scoring more than ``floor`` (or,
        going out, for any arrangement)."""
        self.best = _NEG if floor is None else floor
        rem = sum(self.c[k] * self.ubv[k] for k in range(52))
        counts = list(self.c)
        try:
            self._rec(0, 0, rem, 0, 0, 0, 0, [], None, 0, self.pure_given)
        except _OutOfNodes:
            self.c[:] = counts  # the search was cut mid-branch
            self.exact = False

    def _rec(self, k, base, rem, used, pool, pmust, dead, cores, cl, ci, pured):
        self.nodes -= 1
        if self.nodes < 0:
            raise _OutOfNodes
        c = self.c
        if cl is None:
            while k < 52 and c[k] == 0:
                k += 1
            if k == 52:
                self._leaf(base, pool, pmust, dead, cores)
                return
        budget = self.jokers + pool - used
        for d in self.desig:
            if d >= k:
                budget += c[d]
        if budget < 0:
            return
        if not pured and cores and not self._pure_possible():
            return  # melds without a pure one: only laying nothing is left
        # bound: every card left melded, every wild card worth 10 (known gaps less)
        if not self.feasibility:
            ub = base + rem + 10 * (self.jokers + pool)
            if ub <= self.best or (self.iso and ub - self._iso_penalty(k, budget) <= self.best):
                return
        if cl is None:
            cl = self._cores(k, budget)
            ci = 0
        val, ubv = self.val, self.ubv
        for i in range(ci, len(cl)):
            core = cl[i]
            if core[4] > budget:
                continue
            nats = core[3]
            if not all(map(c.__getitem__, nats)):  # a kind of it is used up
                continue
            gain = 0
            lose = core[5]
            for n in nats:
                c[n] -= 1
                gain += val[n]
                lose += ubv[n]
            cores.append(core)
            now = pured or core[6]
            if c[k]:
                self._rec(k, base + gain, rem - lose, used + core[4], pool, pmust, dead,
                          cores, cl, i, now)
            else:
                self._rec(k + 1, base + gain, rem - lose, used + core[4], pool, pmust, dead,
                          cores, None, 0, now)
            cores.pop()
            for n in nats:
                c[n] += 1
            if self.done:
                return
        # every remaining copy of k stays in hand (a wild kind joins the pool)
        n = c[k]
        c[k] = 0
        if self.wildk[k]:
            self._rec(k + 1, base, rem - n * ubv[k], used, pool + n,
                      pmust + max(0, n - self.hc[k]), dead, cores, None, 0, pured)
        elif n <= self.hc[k] and (self.allow is None or dead + n <= self.allow):
            self._rec(k + 1, base - n * val[k], rem - n * ubv[k], used, pool, pmust,
                      dead + n, cores, None, 0, pured)
        c[k] = n

    def _partner(self, k: int) -> bool:
        """Whether some other natural kind held could share a meld with k."""
        c = self.c
        s, r0 = divmod(k, 13)
        if any(c[t * 13 + r0] for t in range(4) if t != s):
            return True
        r = r0 + 1
        for pos in (r, 14) if r == 1 else (r,):
            for q in range(pos - 2, pos + 3):
                if q != pos and 1 <= q <= 14 and c[pos_kind(s, q)] and pos_kind(s, q) != k:
                    return True
        return False

    def _iso_penalty(self, k: int, budget: int) -> int:
        """Score lost for sure: isolated cards above k that too few wild cards
        are left to meld stay in hand (the most valuable are assumed melded)."""
        free = budget // self.iso_per_wild
        c = self.c
        penalty = 0
        for lost, kind in self.iso:
            if kind <= k:
                continue
            n = c[kind]
            if n <= free:
                free -= n
            else:
                penalty += lost * (n - free)
                free = 0
        return penalty

    def _pure_possible(self) -> bool:
        """Whether the cards not yet placed still hold a pure meld (three
        naturals in a row; three suits of a rank when a pure set will do)."""
        c = self.c
        for a, b, d in self.pure_triples:
            if c[a] and c[b] and c[d]:
                return True
        if self.set_pure_ok:
            for r0 in self.pure_ranks:
                if (c[r0] > 0) + (c[13 + r0] > 0) + (c[26 + r0] > 0) + (c[39 + r0] > 0) >= 3:
                    return True
        return False

    def _cores(self, k: int, budget: int) -> list[tuple]:
        """Cores holding one copy of kind k, every other natural of higher kind
        (memoised on which of those kinds are present)."""
        c = self.c
        s, r0 = divmod(k, 13)
        key = (k, budget, *c[k + 1:s * 13 + 13], c[r0], c[13 + r0], c[26 + r0], c[39 + r0])
        got = self.core_memo.get(key)
        if got is None:
            got = self.core_memo.keep(key, self._make_cores(k, budget))
        return got

    def _make_cores(self, k: int, budget: int) -> list[tuple]:
        c = self.c
        s, r0 = divmod(k, 13)
        out: list[tuple] = []
        seq_tag, set_tag = ("q", s), ("t", r0)
        if budget >= 2:  # k alone with two or more wild cards: a sequence or a set
            out.append(("l", k, (), (k,), 2, 0, False, (seq_tag, set_tag)))
        for start in (1, 14) if r0 == 0 else (r0 + 1,):
            ahead = range(start + 1, 14) if start != 14 else range(13, 1, -1)
            kinds = [pos_kind(s, q) for q in ahead]
            qs = list(ahead)

            def walk(j, pos, nats, gaps, slack, qs=qs, kinds=kinds, start=start):
                if len(pos) > 1:
                    span = abs(pos[-1] - start) + 1
                    need = gaps + max(0, 3 - span)
                    if need <= budget:
                        p = tuple(pos) if start != 14 else tuple(reversed(pos))
                        out.append(("q", s, p, tuple(nats), need, slack,
                                    need == 0, (seq_tag,)))
                last = pos[-1]
                for t in range(j, len(qs)):
                    q = qs[t]
                    g = gaps + abs(q - last) - 1
                    if g > budget:
                        break
                    if c[kinds[t]]:
                        lo, hi = min(q, last), max(q, last)
                        sl = slack + sum(10 - position_value(x) for x in range(lo + 1, hi))
                        pos.append(q)
                        nats.append(kinds[t])
                        walk(t + 1, pos, nats, g, sl)
                        pos.pop()
                        nats.pop()

            walk(0, [start], [k], 0, 0)
        others = [t for t in range(s + 1, 4) if c[t * 13 + r0]]
        for size in range(1, len(others) + 1):
            for chosen in combinations(others, size):
                need = max(0, 2 - size)
                if need <= budget:
                    nats = (k, *(t * 13 + r0 for t in chosen))
                    out.append(("t", r0, (s, *chosen), nats, need, 0,
                                need == 0 and self.set_pure_ok, (set_tag,)))
        out.sort(key=lambda x: -len(x[3]))
        return out

    # ------------------------------------------------------------------ leaf
    def _leaf(self, base, pool, pmust, dead, cores) -> None:
        w_all = self.jokers + pool
        got = self._solve(cores, w_all, self.table_jokers + pmust, dead, trace=False)
        if got is None:
            return
        score = base + got[0]
        if self.feasibility:
            self.best = score
            self.best_cores = list(cores)
            self.done = True
        elif score > self.best:
            self.best = score
            self.best_cores = list(cores)

    def _solve(self, cores, w_all, must, dead, trace):
        """Best placement of ``w_all`` wild cards over the cores: (score part,
        chosen options, wild cards in melds of their own) or None.  Score
        part = value of wild places - 20 per wild card left."""
        if not cores:
            if self.pure_always and not self.pure_given:
                return None
            # melds of wild cards alone need the pure meld already on the table
            got = self._left_wild(w_all, 0, must, dead, self.pure_given)
            return None if got is None else (got[0], (), got[1])
        need_pure = not self.pure_given
        # components of cores that could represent the same meld
        n = len(cores)
        opts = [core_options(cr, w_all) for cr in cores]
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for i in range(n):
            if not opts[i]:
                return None
            for j in range(i + 1, n):
                if set(cores[i][7]) & set(cores[j][7]):
                    wi = {o[2]: o[0] for o in opts[i]}
                    if any(o[2] in wi and wi[o[2]] + o[0] <= w_all for o in opts[j]):
                        parent[find(i)] = find(j)
        comps: dict[int, list[int]] = {}
        for i in range(n):
            comps.setdefault(find(i), []).append(i)
        states: dict[tuple[int, bool], tuple] = {(0, False): (0, ())}
        for members in comps.values():
            table = self._component(members, cores, opts, w_all, trace)
            new: dict[tuple[int, bool], tuple] = {}
            for (w1, p1), (v1, ch1) in states.items():
                for (w2, p2), (v2, ch2) in table.items():
                    w = w1 + w2
                    if w > w_all:
                        continue
                    key = (w, p1 or p2)
                    v = v1 + v2
                    old = new.get(key)
                    if old is None or v > old[0]:
                        new[key] = (v, ch1 + ch2 if trace else ())
            states = new
            if not states:
                return None
        best = None
        for (w, p), (v, ch) in states.items():
            if need_pure and not p:
                continue
            got = self._left_wild(w_all - w, w, must, dead, True)
            if got is None:
                continue
            score = v + got[0]
            if best is None or score > best[0]:
                best = (score, ch, got[1])
        return best

    def _left_wild(self, r: int, placed: int, must: int, dead: int,
                   own_melds: bool) -> tuple[int, int] | None:
        """The best for the ``r`` wild cards the cores leave (``placed``
        placed there): (score part, how many make melds of their own), or
        None when the rules allow nothing.  Each one left in hand costs 20;
        with the option, three or more may make melds of their own
        (``own_melds``: the pure meld rules allow them), 10 a card."""
        counts = range(r, 2, -1) if self.all_wild and own_melds else ()
        best = None
        for m in (*counts, 0):
            left = dead + r - m
            if placed + m < must or (self.allow is not None and (
                    left > self.allow or (self.exact_left and left != self.allow))):
                continue
            score = WILD_ONLY_CARD * m - WILD_LEFT_PENALTY * (r - m)
            if best is None or score > best[0]:
                best = (score, m)
        return best

    def _component(self, members, cores, opts, w_all, trace):
        """{(wilds, pure kept): (value, choices)} for cores that may clash."""
        set_ok = self.set_pure_ok
        table: dict[tuple[int, bool], tuple] = {}

        def pure_of(i, o):
            return o[3] and (o[2][0] == "q" or set_ok)

        if len(members) == 1:
            i = members[0]
            for o in opts[i]:
                key = (o[0], pure_of(i, o))
                old = table.get(key)
                if old is None or o[1] > old[0]:
                    table[key] = (o[1], ((i, o),) if trace else ())
            return table
        reps: set = set()

        def rec(t, w, p, v, ch):
            if t == len(members):
                key = (w, p)
                old = table.get(key)
                if old is None or v > old[0]:
                    table[key] = (v, tuple(ch))
                return
            i = members[t]
            for o in opts[i]:
                if w + o[0] > w_all or o[2] in reps:
                    continue
                reps.add(o[2])
                ch.append((i, o))
                rec(t + 1, w + o[0], p or pure_of(i, o), v + o[1], ch)
                ch.pop()
                reps.discard(o[2])

        rec(0, 0, False, 0, [])
        return table


# ------------------------------------------------------------ materialising


def _materialise(hand: Sequence[Card], table_cards: Sequence[Card], wild: frozenset[int],
                 chosen, wild_only: int = 0) -> tuple[tuple[TableMeld, ...], tuple[Card, ...]]:
    by_kind: dict[int, list[Card]] = {}
    for card in list(table_cards) + list(hand):  # table copies are melded first
        by_kind.setdefault(card.kind, []).append(card)
    melds_nat = []
    for core, opt in chosen:
        melds_nat.append((core, opt, [by_kind[k].pop(0) for k in core[3]]))
    wild_pool = [c for c in list(table_cards) + list(hand)
                 if is_wild(c.kind, wild) and c in by_kind.get(c.kind, ())]
    out = []
    for _core, opt, naturals in melds_nat:
        rep = opt[2]
        if rep[0] == "q":
            _, suit, lo, hi = rep
            at = {}
            for card in naturals:
                r = card.rank
                at[14 if r == 1 and hi == 14 else r] = card
            cards, sf = [], []
            for p in range(lo, hi + 1):
                cards.append(at[p] if p in at else wild_pool.pop(0))
                sf.append(pos_kind(suit, p))
            out.append(TableMeld(tuple(cards), SEQUENCE, tuple(sf)))
        else:
            _, r0, suits = rep
            own = {card.kind // 13: card for card in naturals}
            cards = [own[s] if s in own else wild_pool.pop(0) for s in suits]
            out.append(TableMeld(tuple(cards), SET, tuple(s * 13 + r0 for s in suits)))
    # the table's wild cards first (the pool's order)
    out += wild_only_melds(wild_pool[:wild_only], {m.signature for m in out})
    placed = {c for m in out for c in m.cards}
    left = tuple(c for c in hand if c not in placed)
    return tuple(out), left


def _prepare(cards, table, has_pure_on_table):
    table_cards = [c for m in table for c in m.cards]
    melded = bool(table) or has_pure_on_table
    return table_cards, melded


# ---------------------------------------------------------------- public API


def best_laydown(cards: Sequence[Card], wild: frozenset[int],
                 table: Sequence[TableMeld] = (), has_pure_on_table: bool = False,
                 node_limit: int | None = None, *, all_wild: bool = False) -> Laydown:
    """The stock-out lay-down worth most (exact).

    ``cards`` is the hand.  With ``table`` (the player's own melds) every table
    card stays melded, rearranged as needed, at least one pure meld kept, no
    two identical melds; the result lists all the player's melds.  Without it,
    new melds must include a pure sequence (or nothing is laid) unless
    ``has_pure_on_table`` says the player's untouched table already holds a
    pure meld.  Ties between equal lay-downs go to the first found.

    ``node_limit`` bounds the work for callers that need an answer in time
    (bots on very large hands): past it the best lay-down found so far is
    returned with ``exact=False``.  Without it the answer is always exact.
    ``all_wild``: melds of wild cards only are allowed (the rule option)."""
    table_cards, melded = _prepare(cards, table, has_pure_on_table)
    s = _Search([c.kind for c in cards], [c.kind for c in table_cards], wild, None, False,
                pure_given=has_pure_on_table and not table, set_pure_ok=melded,
                pure_always=False, node_limit=node_limit, all_wild=all_wild)
    nothing = -sum(left_value(c, wild) for c in cards)
    s.run(None if table else nothing - 1)
    if s.best_cores is None:
        if table:
            raise ValueError("the table melds given admit no valid arrangement"
                             if s.exact else "node limit reached before any arrangement")
        return Laydown(nothing, (), tuple(cards), s.exact)
    got = s._solve(s.best_cores, *_leaf_args(s, s.best_cores), trace=True)
    melds, left = _materialise(cards, table_cards, wild,
                               [(s.best_cores[i], o) for i, o in got[1]], got[2])
    return Laydown(laydown_score(melds, left, wild), melds, left, s.exact)


def go_out(cards: Sequence[Card], wild: frozenset[int], table: Sequence[TableMeld] = (),
           has_pure_on_table: bool = False, node_limit: int | None = None, *,
           all_wild: bool = False) -> GoOut | None:
    """A way to meld every card of the hand but one (to discard), or None.

    Exact.  Without ``table`` the melds laid must include a pure sequence
    unless ``has_pure_on_table``; with it the table's cards are rearranged with
    the hand's as in :func:`best_laydown`.  ``node_limit`` bounds the work
    (bots): past it None is returned even if a way exists.  The search runs in
    a fixed order, so a way found within a limit is found within any larger one.
    ``all_wild``: melds of wild cards only are allowed (the rule option)."""
    if not cards:
        return None
    table_cards, melded = _prepare(cards, table, has_pure_on_table)
    s = _Search([c.kind for c in cards], [c.kind for c in table_cards], wild, 1, True,
                pure_given=has_pure_on_table and not table, set_pure_ok=melded,
                pure_always=True, node_limit=node_limit, all_wild=all_wild)
    s.run(None)
    if s.best_cores is None:
        return None
    got = s._solve(s.best_cores, *_leaf_args(s, s.best_cores), trace=True)
    melds, left = _materialise(cards, table_cards, wild,
                               [(s.best_cores[i], o) for i, o in got[1]], got[2])
    if len(left) != 1:  # the search guarantees it; never hand back a wrong answer
        raise AssertionError("go_out: expected exactly one card left")
    return GoOut(left[0], melds)


def _leaf_args(s: _Search, cores) -> tuple[int, int, int]:
    """Recompute (wilds, must place, dead) of the leaf holding ``cores``."""
    c = [0] * 52
    for k in range(52):
        c[k] = s.c[k]
    for core in cores:
        for k in core[3]:
            c[k] -= 1
    pool = sum(c[d] for d in s.desig)
    pmust = sum(max(0, c[d] - s.hc[d]) for d in s.desig)
    dead = sum(c[k] for k in range(52) if not s.wildk[k])
    return s.jokers + pool, s.table_jokers + pmust, dead
