"""The search behind the 21/27-card evaluator (RULES.md §4, §5): one hand's
counts, its pure melds and the depth-first searches over its melds.
``solver.py`` asks it and words the answers; the method is described there.

Pure Python (no pygame, numpy or threads): it also runs in the browser.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from game.engine.caches import Memo, keep_latest, trim
from game.engine.cards import JOKER_KIND, card_points
from game.engine.meldtypes import IMPURE, PURE, SET, TANALA
from game.families.twentyone.cards import form_rules, pure_runs_reach, suit_pure, wild_room
from game.families.twentyone.meld_order import Lazy, Option, option, ordered, skip_block
from game.families.twentyone.wild_need import need_left, wild_need

if TYPE_CHECKING:
    from game.families.twentyone.solver import WideOptions


# (wild kinds, ace points) -> which kinds are wild, the points of each kind,
# the melds of a kind by what they depend on (one table without the impure
# runs' variants that leave cards out and one with), ``Hand._lonely`` by
# the counts left, ``Hand._suit_group`` by a suit's counts and, for each of
# the four suits, ``Hand._suit_totals`` by its counts
_MELDS: dict[tuple, tuple] = {}
_MELDS_KEPT = 50000  # entries of each of a cut's caches
_CUTS_KEPT = 4  # cuts (a deal plays one: kept with room)


class OutOfNodes(Exception):
    """A bounded search's nodes are spent (the hand is left half taken)."""


class Hand:
    """Per-hand data, the pure-meld analysis and the searches."""

    # nodes its searches may still visit: unbounded, but for a
    # ``BoundedHand`` (counted here, not in an override, since a frame
    # more a node cost a rollout's searches about a tenth of their time)
    nodes = 1 << 62

    # a search for the most points melded, once no wild card is left, cuts
    # by the cards no meld can take (``_lonely``; with a wild card left, or
    # in a search melding every card, a like cut cost what it saved)
    cut_lonely = True

    def __init__(self, kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions):
        self.rules = form_rules(opts.form)
        # so that bytes(c), a node's memo key, is a copy; the printed jokers
        # counted in a 53rd byte, then taken out
        c = bytearray(53)
        for k in kinds:
            c[k] += 1
        self.jokers = jokers = c[JOKER_KIND]
        del c[JOKER_KIND]
        self.c = c
        # the melds of a kind (see _melds_with), shared by every hand with
        # these wild kinds and points: the hands a bot compares differ by a
        # card or two, and most kinds keep the same melds in all of them
        shared = _MELDS.get((wild, opts.ace_points))
        if shared is None:
            iswild = [k in wild for k in range(52)]
            pts = [0 if iswild[k] else card_points(k, opts.ace_points) for k in range(52)]
            # the suits' totals (tuples of ints by bytes) in Memos: as exact
            # dicts, young again after each deal's full collection
            shared = _MELDS[wild, opts.ace_points] = (
                iswild, pts, {}, {}, {}, {}, *(Memo(_MELDS_KEPT) for _ in range(4)))
            keep_latest(_MELDS, _CUTS_KEPT)
        self.iswild = shared[0]  # never written: shared too
        self.pts = shared[1]
        self.opt_caches: tuple[dict, dict] = (shared[2], shared[3])
        self.lonely_cache: dict[bytes, int] = shared[4]  # _lonely by the counts left
        suits = shared[5]  # _suit_group by suit, pure melds wanted and counts
        totals = shared[6:]  # _suit_totals by counts, one table a suit
        for cache in shared[2:]:
            trim(cache, _MELDS_KEPT)
        held = self.held = set(kinds)  # kinds held, any order
        held.discard(JOKER_KIND)
        # the hand's totals and pure melds (best points of exactly j of them,
        # combined over suits), a suit at a time: a hand a bot weighs differs
        # from the last by a card or two, so most suits' counts were met before
        total = nwild = dublees = tunnelas = 0
        most = self.rules.pure_needed
        comb = {0: (0, ())}
        self.pure_from = pure_from = [0] * 5  # pure melds possible in suits s.. (a bound)
        groups = []
        for s in range(4):
            lo = s * 13
            counts = bytes(c[lo:lo + 13])
            known = totals[s]
            sums = known.get(counts)
            if sums is None:
                sums = known[counts] = self._suit_totals(s, counts)
            row, p, w, d, t = sums
            total += p
            nwild += w
            dublees += d
            tunnelas += t
            row |= (row & 1) << 13  # the Ace high too
            starts = row & row >> 1 & row >> 2  # three in a row from here
            if not starts and not t:
                continue  # no three in a row, no tunnela: no pure meld (suit_pure's test)
            key = (s, most, counts)
            group = suits.get(key)
            if group is None:
                group = suits[key] = self._suit_group(s, most, starts)
            groups.append(group)
            pure_from[s] = group[-1][0]
        self.total = total
        self.nwild = jokers + nwild
        self.dublee_count = jokers // 2 + dublees
        self.tunnela_count = jokers // 3 + tunnelas
        if jokers >= 3:
            groups.append([(j, 0, (("jk",),) * j) for j in range(min(jokers // 3, most) + 1)])
        for s in range(3, -1, -1):
            pure_from[s] += pure_from[s + 1]
        for g in groups:
            new: dict = {}
            for j1, (v1, m1) in comb.items():
                for j2, v2, m2 in g:
                    if j1 + j2 <= most and (j1 + j2 not in new or v1 + v2 > new[j1 + j2][0]):
                        new[j1 + j2] = (v1 + v2, m1 + m2)
            comb = new
        self.comb = comb
        self.maxpure = max(comb)

    def _suit_totals(self, s: int, counts: bytes) -> tuple[int, int, int, int, int]:
        """Suit s's ranks held (bits), points, wild cards, dublees and
        tunnelas, from its ``counts`` (a byte a rank)."""
        pts, iswild = self.pts, self.iswild
        row = points = wilds = dublees = tunnelas = 0
        for r, n in enumerate(counts):
            if n:
                k = s * 13 + r
                points += pts[k] * n
                if iswild[k]:
                    wilds += n
                dublees += n // 2
                tunnelas += n // 3
                row |= 1 << r
        return row, points, wilds, dublees, tunnelas

    def _suit_group(self, s: int, most: int, starts: int) -> list[tuple]:
        """(j, points, melds) for each j of suit s's ``suit_pure``, the melds
        named with their suit; ``starts``: the ranks that begin three in a
        row (bits, the Ace high 13)."""
        lo = s * 13
        runs = starts | starts << 1 | starts << 2
        runs |= runs >> 13  # the Ace high is the Ace
        # only ranks in three in a row, or held three times, can be in a pure
        # meld: the others (and the points of ranks not held) are left out of
        # suit_pure's key, so that a suit's shape is found again
        cnt = tuple(n if runs >> r & 1 or n >= 3 else 0
                    for r, n in enumerate(self.c[lo:lo + 13]))
        held_pts = tuple(p if n else 0 for n, p in zip(cnt, self.pts[lo:lo + 13], strict=True))
        res = suit_pure(cnt, held_pts, most)
        return [(j, r[0], tuple((s, *m) for m in r[1])) for j, r in enumerate(res)
                if r is not None]

    def best_pure(self) -> tuple[int, tuple]:
        """The most points in 1..T-1 disjoint pure melds (the middle rung),
        as kind-level melds."""
        best = max((self.comb[j] for j in range(1, self.rules.pure_needed) if j in self.comb),
                   key=lambda r: r[0])
        return best[0], tuple(self._pure_meld(m) for m in best[1])

    def _pure_meld(self, m: tuple) -> tuple:
        if m[0] == "jk":
            return _tunnela(JOKER_KIND, self.pts, self.iswild)
        s = m[0]
        if m[1] == "tun":
            return _tunnela(s * 13 + m[2] - 1, self.pts, self.iswild)
        nats = tuple(s * 13 + (q - 1) % 13 for q in range(m[2], m[3] + 1))
        return (PURE, nats, sum(self.iswild[n] for n in nats), 0, m[2], m[3],
                sum(self.pts[n] for n in nats))

    # ---------------------------------------------------------------- search
    def search(self, must: bool, min_pure: int, floor: int = -1, spare: int = 0,
               memo: dict | None = None):
        """``must``: an arrangement melding every card (wild cards included)
        with ``min_pure`` pure melds kept pure, as (melds, spare wild cards),
        or None; ``spare`` cards (0 or 1: the discard still to come) may stay
        out of it.  Otherwise: the arrangement melding most points (more
        than ``floor``) with ``min_pure`` pure melds, as (points, melds), or
        None.  ``memo``: the states searched by an earlier search of the
        same question on the same hand (``must`` only: one that stopped
        keeps what it proved), filled in."""
        self.must, self.min_pure, self.best = must, min_pure, floor
        self.spare = spare if must else 0
        self.best_melds = self.found = None
        self.memo: dict = {} if memo is None else memo
        self.skips = min_pure > 0
        self.opt_cache = self.opt_caches[self.skips]
        c = self.c
        cands = [k for k in range(52) if c[k] >= 3 and (min_pure or not self.iswild[k])]
        if min_pure and self.jokers >= 3:
            cands.append(JOKER_KIND)
        for mask in range(1 << len(cands)):  # tunnelas first, then the rest
            chosen = [k for i, k in enumerate(cands) if not mask >> i & 1]
            self._start(chosen)
            if self.found is not None:
                return self.found
        if must:
            return None
        return None if self.best_melds is None else (self.best, self.best_melds)

    def _start(self, tunnelas: list[int]) -> None:
        c, pts, iswild = self.c, self.pts, self.iswild
        for k in tunnelas:
            if k != JOKER_KIND:
                c[k] -= 3
        # the tunnelas take their cards out of the hand's totals
        self.wavail = self.nwild - 3 * sum(k == JOKER_KIND or iswild[k] for k in tunnelas)
        melded = sum(3 * pts[k] for k in tunnelas if k != JOKER_KIND)
        remaining = self.total - melded
        self._isolation()
        self.need = wild_need(self.held, c, iswild, [k for _p, k in self.iso]) \
            if self.must else ()
        if not (self.must and (self._iso_stuck(-1, self.wavail) > self.spare
                               or need_left(self.need, c) - 2 * self.spare > self.wavail)):
            melds = [_tunnela(k, pts, iswild) for k in tunnelas]
            self._rec(0, melded, remaining, self.wavail, len(tunnelas), melds)
        for k in tunnelas:
            if k != JOKER_KIND:
                c[k] += 3

    def _isolation(self) -> None:
        """Isolated cards: no natural card of their rank in another suit, none
        of their suit within two ranks.  One sits in a meld only beside wild
        cards on both nearest places; such a wild card touches two isolated
        cards only when they share a suit, so b wild cards meld at most b//2
        of them (b if a suit holds two): the others stay deadwood."""
        c, iswild, pts = self.c, self.iswild, self.pts
        iso = []
        for k in self.held:
            if not c[k] or iswild[k] or not pts[k]:
                continue
            for t in _RELATED[k]:  # its rank in other suits, its suit within two ranks
                if c[t] and not iswild[t]:
                    break
            else:
                iso.append((pts[k], k))
        iso.sort(reverse=True)
        self.iso = iso
        self.iso_pair = len({k // 13 for _, k in iso}) < len(iso)

    def _iso_stuck(self, k: int, budget: int) -> int:
        """How many copies of isolated kinds above ``k`` no wild card left
        can reach (``_iso_penalty`` counting cards, not points)."""
        free = budget if self.iso_pair else budget // 2
        stuck = 0
        for _p, kind in self.iso:
            if kind > k:
                n = self.c[kind]
                stuck += max(0, n - free)
                free = max(0, free - n)
        return stuck

    def _iso_penalty(self, k: int, budget: int) -> int:
        free = budget if self.iso_pair else budget // 2
        penalty = 0
        for p, kind in self.iso:
            if kind > k:
                n = self.c[kind]
                penalty += p * max(0, n - free)
                free = max(0, free - n)
        return penalty

    def _lonely(self, left: bytes) -> int:
        """The points of the cards left (``left``: their counts) that no
        meld takes without a wild card from the pool: a natural card
        in no three in a row of its suit (the cards left, wild kinds as
        themselves), whose rank is left in fewer than three suits and of
        which fewer than three copies are left.  With no wild card left they
        stay deadwood, whatever the search does next."""
        pts = self.pts
        # a byte lane a rank: bit 0 of lane r says whether rank r is left
        v = int.from_bytes(left, "little")
        v |= v >> 4
        v |= v >> 2
        v |= v >> 1
        rows = [v & _LANES, v >> 104 & _LANES, v >> 208 & _LANES, v >> 312 & _LANES]
        a, b, c, d = rows
        sets = (a & b & (c | d)) | (c & d & (a | b))  # ranks left in three suits
        dead = 0
        for s in range(4):
            row = rows[s] | (rows[s] & 1) << 104  # the Ace high too
            starts = row & row >> 8 & row >> 16
            runs = starts | starts << 8 | starts << 16
            loose = rows[s] & ~(runs | runs >> 104 | sets)
            while loose:
                low = loose & -loose
                loose ^= low
                x = s * 13 + (low.bit_length() >> 3)
                if left[x] < 3:  # a wild kind counts nothing; three: a tunnela
                    dead += pts[x] * left[x]
        return dead

    def _rec(self, k, melded, remaining, budget, pure, melds) -> None:
        self.nodes -= 1
        if self.nodes < 0:
            raise OutOfNodes
        c = self.c
        while k < 52 and c[k] == 0:
            k += 1
        if budget < 0:
            return
        if k == 52:
            self._leaf(melded, budget, pure, melds)
            return
        min_pure = self.min_pure
        left = bytes(c)
        must = self.must
        # the future depends only on the counts left, the budget and the pure
        # melds still wanted: the memo keeps a bound on what it can add
        key = (left, budget, pure if pure < min_pure else min_pure, self.spare)
        bound = self.memo.get(key)
        if bound is not None and (must or melded + bound <= self.best):
            return
        if pure < min_pure:  # can the cards left still make the pure runs wanted?
            s, most = k // 13, min_pure - pure
            if self.pure_from[s] < most or not pure_runs_reach(left, s, most):
                self.memo[key] = _NOTHING
                return
        if must:
            if self.found is not None or (self.iso and self._iso_stuck(k, budget) > self.spare):
                return
            # a card still to throw takes at most two wild cards' need away
            if self.need and need_left(self.need, c) - 2 * self.spare > budget:
                return
        else:
            ub = melded + remaining
            if ub <= self.best or (self.iso and ub - self._iso_penalty(k, budget) <= self.best):
                return
        if not (must or budget) and self.cut_lonely:  # no wild card left
            lonely = self.lonely_cache.get(left)
            if lonely is None:
                lonely = self.lonely_cache[left] = self._lonely(left)
            if melded + remaining - lonely <= self.best:
                return
        rec = self._rec
        # the options depend on the rest of k's suit and on k's rank in the
        # later suits: the same local picture recurs all over the search
        local = (k, budget, left[k:k - k % 13 + 13], left[k + 13::13])
        options = self.opt_cache.get(local)
        if options is None:
            options = self.opt_cache[local] = self._melds_with(k, budget)
        for m, nats, gain, cost, is_pure in options:
            for n in nats:
                c[n] -= 1
            melds.append(m)
            rec(k, melded + gain, remaining - gain, budget - cost, pure + is_pure, melds)
            melds.pop()
            for n in nats:
                c[n] += 1
            if self.found is not None:
                return
        n = c[k]
        if self.iswild[k] or not must:  # a wild kind's copies join the pool
            c[k] = 0
            rec(k + 1, melded, remaining - self.pts[k] * n, budget, pure, melds)
            c[k] = n
        elif self.spare:  # one copy is the card still to be thrown
            self.spare -= 1
            c[k] = n - 1
            rec(k, melded, remaining - self.pts[k], budget, pure, melds)
            c[k] = n
            self.spare += 1
        gain = 0 if must else self.best - melded
        if bound is None or gain < bound:
            self.memo[key] = gain

    def _leaf(self, melded, left, pure, melds) -> None:
        if pure < self.min_pure:
            return
        if self.must:
            if left == 0 or left >= 3 or wild_room(melds, self.min_pure) >= left - self.spare:
                self.found = (list(melds), left)
        elif melded > self.best:
            self.best = melded
            self.best_melds = list(melds)

    # -------------------------------------------------------- candidate melds
    def _melds_with(self, k: int, budget: int) -> list[Option] | Lazy:
        """Melds holding one copy of kind k, every other natural of higher
        kind, as kind-level melds (see ``twentyone_cards``), as the search's
        options in the order it tries them (``meld_order``).  A designated
        wild kind only starts pure runs: elsewhere it is a pool wild card."""
        c, iswild, pts = self.c, self.iswild, self.pts
        s, r = divmod(k, 13)
        out: list = []
        blocks: list = []  # _skips' recipes
        r += 1
        self._runs(out, blocks, k, r, budget, True)
        if r == 1:
            self._runs(out, blocks, k, r, budget, False)
        if iswild[k]:
            return [option(m) for m in out]  # pure runs, shortest first
        if budget >= 2:  # k and two wild cards
            lo = r if r <= 12 else 11
            out.append((IMPURE, (k,), 0, 2, lo, lo + 2, pts[k]))
        others = [t * 13 + r - 1 for t in range(s + 1, 4)
                  if c[t * 13 + r - 1] and not iswild[t * 13 + r - 1]]
        for size in range(1, len(others) + 1):
            for chosen in combinations(others, size):
                w = max(0, 2 - size)
                if w <= budget:
                    out.append((SET, (k, *chosen), 0, w, r, size + 1 + w, pts[k] * (size + 1)))
        return ordered(out, blocks, pts)

    def _runs(self, out, blocks, k: int, r: int, budget: int, up: bool) -> None:
        """Runs from kind k (rank r) upwards, or from an Ace downwards from
        the high Ace (``up`` False): pure ones (designated wild kinds
        standing as themselves) and, unless k is wild, impure ones."""
        c, iswild, pts = self.c, self.iswild, self.pts
        base = k - r  # kind of rank q is base + q
        wk = iswild[k]
        pnats = [k]  # every card in its place (while no place is empty)
        inats, ipos = [k], [r if up else 14]  # the non-wild naturals and places
        pgain = igain = pts[k]
        nd, gaps, pure_ok = int(wk), 0, True
        for q in range(r + 1, 14) if up else range(13, 1, -1):
            kk = base + q
            natural = c[kk] > 0 and not iswild[kk]
            if natural:
                pnats.append(kk)
                inats.append(kk)
                ipos.append(q)
                pgain += pts[kk]
                igain += pts[kk]
            else:
                gaps += 1
                if c[kk] and pure_ok:
                    pnats.append(kk)  # a designated wild card as itself
                    nd += 1
                else:
                    pure_ok = False
            lo, hi = (r, q) if up else (q, 14)
            span = hi - lo + 1
            if pure_ok and span >= 3:
                out.append((PURE, tuple(pnats), nd, 0, lo, hi, pgain))
            # an impure run ends with a natural card; with every gap filled by
            # a designated wild card as itself, the pure run above is as good
            elif not wk and natural:
                w = gaps + max(0, 3 - span)
                if w <= budget:
                    if span < 3:  # two cards: one wild card on the open side
                        lo, hi = (lo, lo + 2) if lo + 2 <= 14 else (12, 14)
                    out.append((IMPURE, tuple(inats), 0, w, lo, hi, igain))
                    if self.skips and w < budget and len(inats) > 2:
                        self._skips(out, blocks, inats, ipos, w, budget, lo, hi, igain,
                                    base + r)
            if not pure_ok and (wk or gaps > budget):
                break

    def _skips(self, out, blocks, inats, ipos, w, budget, lo, hi, gain, first) -> None:
        """The same impure run with interior naturals left out (wild cards in
        their places) so that a pure run made later may take them.  Only
        needed for a natural a pure run above rank ``first`` could hold, and
        when this run keeps another wild card: otherwise giving the card
        back makes this run pure and the other impure, no pure run lost.
        Added as recipes, made when a search reaches them (``meld_order``)."""
        c = self.c
        base, r = divmod(first, 13)
        base, r = base * 13 - 1, r + 1
        elig = [i for i in range(1, len(inats) - 1)
                if any(a > r and a + 2 <= 13 and c[base + a] and c[base + a + 1]
                       and c[base + a + 2] for a in range(ipos[i] - 2, ipos[i] + 1))]
        nats = tuple(inats)
        for size in range(1, min(budget - w, len(elig)) + 1):
            skip_block(blocks, len(out), nats, elig, size, w + size, lo, hi, gain)


# the memo's bound for a state that cannot make the pure melds wanted: met
# again, it is cut at the memo, before the pure runs are counted again
_NOTHING = -(1 << 30)
_LANES = sum(1 << 8 * r for r in range(13))  # bit 0 of each rank's byte lane


def _related_kinds(k: int) -> tuple[int, ...]:
    """Kinds that can share a meld with kind k without wild cards: its rank
    in the other suits, its suit within two ranks (the Ace next to 2 and K)."""
    s, r = divmod(k, 13)  # r: 0 = Ace .. 12 = King; 13 = the Ace again
    near = (1, 2, 11, 12) if r == 0 else (r - 2, r - 1, r + 1, r + 2)
    return tuple(t * 13 + r for t in range(4) if t != s) + tuple(
        s * 13 + q % 13 for q in near if 0 <= q <= 13)


_RELATED = tuple(_related_kinds(k) for k in range(52))


def _tunnela(k: int, pts, iswild) -> tuple:
    if k == JOKER_KIND:
        return (TANALA, (k, k, k), 0, 0, 0, 0, 0)
    r = k % 13 + 1
    return (TANALA, (k, k, k), 3 if iswild[k] else 0, 0, r, r, 3 * pts[k])


class BoundedHand(Hand):
    """A hand whose searches stop after ``nodes`` more nodes (``Hand._rec``
    counts them).  It visits the nodes it always did (no cut by
    ``_lonely``): a stopped search's answer depends on which nodes its
    budget reached."""

    nodes = 0
    cut_lonely = False


class SlicedHand(Hand):
    """A hand for a question asked a slice at a time (a search melding every
    card): its searches stop after ``left`` states never met before in this
    question (``seen``, kept from slice to slice with the memo).  A slice
    begins the search again; what it walks back through costs nothing, so
    every slice meets ``left`` new states and the question ends.  Counting
    every node instead, a state whose moves outnumber a slice's nodes, most
    of them cut at once and so never in the memo, was begun again for ever
    (a 28-card hand with wild cards: 13,000 slices without an answer, where
    the search at once takes 2,515 nodes)."""

    left = 0
    seen: set = frozenset()

    def _rec(self, k, melded, remaining, budget, pure, melds) -> None:
        # the key of Hand._rec's memo (its k is the first kind still held)
        key = (bytes(self.c), budget, min(pure, self.min_pure), self.spare)
        if key not in self.seen:
            self.seen.add(key)
            self.left -= 1
            if self.left < 0:
                raise OutOfNodes
        Hand._rec(self, k, melded, remaining, budget, pure, melds)
