"""Exact hand evaluator of 21- and 27-card rummy (RULES.md §4, §5).

Pure Python (no pygame, numpy or threads): it also runs in the browser.

What a hand pays as a non-winner, for the arrangement best for its owner:
  no pure sequence                      -> every card counts
  1..T-1 pure sequences (T = 3; 27: 4)  -> every card outside them counts
  T or more                             -> only the deadwood counts
  every card in a 3+-card meld, or 6+ dublees (27: 8+), or 7+ wild cards
  held (27: 9+)                         -> 2 points
capped at 120 (27: 150).  A tunnela (3 identical cards; 3 printed jokers)
counts as a pure sequence; a designated wild card standing as itself is a
natural card (``7H 8H 9H`` is pure when 8H is wild); melds of wild cards only
are allowed in this family.  The shows a winner may make are judged here too.

The search works on card kinds with counts, like ``solver.py``:
  * pure melds alone: a dynamic programme per suit (``suit_pure``) gives the
    best points of exactly j disjoint pure melds, combined over the suits:
    this is the middle rung, and says whether T pure melds exist at all;
  * tunnelas are chosen first (each subset of the kinds held three times);
  * then the lowest remaining kind puts one copy into a meld with higher
    kinds (and wild slots), or sends its copies to the deadwood (a
    designated wild kind: to the pool of wild cards).  Wild cards are
    fungible: a meld counts the slots it needs; a designated wild card is
    named only where its identity matters, as itself in a pure run.
  * a branch is cut when even melding every remaining card cannot beat the
    best found (less the isolated cards the wild cards left cannot reach),
    when the remaining cards make too few pure runs (a greedy count per
    suit), or when the same remaining counts, budget and pure melds were
    met before with at least as many points (transposition table).
A "meld everything" search (the 2-point rung, show (a)) stops at the first
arrangement found and cuts a branch at the first card left unmelded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from game.engine.cards import JOKER_KIND, Card, card_points
from game.engine.meldtypes import IMPURE, PURE, SET, TANALA
from game.families.twentyone.cards import (
    WideMeld,
    dublee_pairs,
    form_rules,
    marriages_held,
    place_melds,
    runs_possible,
    suit_pure,
    wild_room,
)

SHOWS = ("pure", "tunnelas", "dublees", "wilds", "marriages")  # in order of preference
RUNGS = ("none", "pure", "melded", "complete")


@dataclass(frozen=True)
class WideOptions:
    """The rule options the evaluation depends on.  ``values``: the deal's
    value kinds (``value_kinds``), needed by the two-marriage show only;
    ``cap`` overrides the form's maximum count."""

    form: int = 21
    ace_points: int = 10
    wild_show: bool = True
    two_marriage_show: bool = False
    values: tuple[int, ...] = ()
    cap: int | None = None

    def __post_init__(self) -> None:
        form_rules(self.form)  # refuses a form other than 21 or 27

    @property
    def max_count(self) -> int:
        return self.cap if self.cap is not None else form_rules(self.form).cap


@dataclass(frozen=True)
class WideEvaluation:
    """A hand judged under §4/§5.

    ``count``: what it pays a winner (cap included, no half rate); ``rung``
    (one of ``RUNGS``) and ``why`` say which rule gave it; ``melds`` and
    ``deadwood`` are the arrangement behind it.  ``show``: the show the hand
    makes as a winner (one of ``SHOWS``, or None), ``show_melds`` its melds
    for show "pure".  ``loose_count`` (only when asked for): the points of
    the cards in no 3+-card meld at all, the pure-sequence rungs ignored."""

    count: int
    rung: str
    why: str
    show: str | None
    melds: tuple[WideMeld, ...]
    deadwood: tuple[Card, ...]
    dublees: tuple[tuple[Card, Card], ...]
    loose_count: int | None
    total: int  # points of every card
    pure_count: int  # pure melds in the arrangement behind ``count``
    wild_count: int
    show_melds: tuple[WideMeld, ...] = ()


# ================================================================ the search


class _Hand:
    """Per-hand data, the pure-meld analysis and the searches."""

    def __init__(self, kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions):
        self.rules = form_rules(opts.form)
        self.c = c = [0] * 52
        jokers = 0
        for k in kinds:
            if k == JOKER_KIND:
                jokers += 1
            else:
                c[k] += 1
        self.jokers = jokers
        self.iswild = iswild = [k in wild for k in range(52)]
        self.pts = pts = [0 if iswild[k] else card_points(k, opts.ace_points) for k in range(52)]
        self.total = sum(pts[k] * c[k] for k in range(52))
        self.nwild = jokers + sum(c[k] for k in range(52) if iswild[k])
        self.dublee_count = jokers // 2 + sum(n // 2 for n in c)
        self.tunnela_count = jokers // 3 + sum(n // 3 for n in c)
        self.opt_caches: tuple[dict, dict] = ({}, {})
        # pure melds: best points of exactly j of them, combined over suits
        most = self.rules.pure_needed
        comb = {0: (0, ())}
        self.pure_from = [0] * 5  # pure melds possible in suits s.. (a bound)
        groups = []
        for s in range(4):
            res = suit_pure(tuple(c[s * 13:s * 13 + 13]), tuple(pts[s * 13:s * 13 + 13]), most)
            groups.append([(j, r[0], tuple((s, *m) for m in r[1]))
                           for j, r in enumerate(res) if r is not None])
            self.pure_from[s] = groups[-1][-1][0]
        groups.append([(j, 0, (("jk",),) * j) for j in range(min(jokers // 3, most) + 1)])
        for s in range(3, -1, -1):
            self.pure_from[s] += self.pure_from[s + 1]
        for g in groups:
            new: dict = {}
            for j1, (v1, m1) in comb.items():
                for j2, v2, m2 in g:
                    if j1 + j2 <= most and (j1 + j2 not in new or v1 + v2 > new[j1 + j2][0]):
                        new[j1 + j2] = (v1 + v2, m1 + m2)
            comb = new
        self.comb = comb
        self.maxpure = max(comb)

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
    def search(self, must: bool, min_pure: int, floor: int = -1, spare: int = 0):
        """``must``: an arrangement melding every card (wild cards included)
        with ``min_pure`` pure melds kept pure, as (melds, spare wild cards),
        or None; ``spare`` cards (0 or 1: the discard still to come) may stay
        out of it.  Otherwise: the arrangement melding most points (more
        than ``floor``) with ``min_pure`` pure melds, as (points, melds), or
        None."""
        self.must, self.min_pure, self.best = must, min_pure, floor
        self.spare = spare if must else 0
        self.best_melds = self.found = None
        self.memo: dict = {}
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
        jokers = self.jokers - 3 * tunnelas.count(JOKER_KIND)
        for k in tunnelas:
            if k != JOKER_KIND:
                c[k] -= 3
        self.wavail = jokers + sum(c[k] for k in range(52) if iswild[k])
        melded = sum(3 * pts[k] for k in tunnelas if k != JOKER_KIND)
        remaining = sum(pts[k] * c[k] for k in range(52))
        self._isolation()
        if not (self.must and self._iso_stuck(-1, self.wavail) > self.spare):
            melds = [_tunnela(k, pts, iswild) for k in tunnelas]
            self._rec(0, melded, remaining, 0, 0, len(tunnelas), melds)
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
        for k in range(52):
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

    def _rec(self, k, melded, remaining, used, natd, pure, melds) -> None:
        c = self.c
        while k < 52 and c[k] == 0:
            k += 1
        budget = self.wavail - natd - used
        if budget < 0:
            return
        if k == 52:
            self._leaf(melded, budget, pure, melds)
            return
        min_pure = self.min_pure
        if pure < min_pure:  # can the cards left still make the pure runs wanted?
            s, most = k // 13, min_pure - pure
            if self.pure_from[s] < most:
                return
            have = 0
            for t in range(s, 4):
                have += runs_possible(bytes(c[t * 13:t * 13 + 13]), most)
                if have >= most:
                    break
            else:
                return
        must = self.must
        if must:
            if self.found is not None or (self.iso and self._iso_stuck(k, budget) > self.spare):
                return
        else:
            ub = melded + remaining
            if ub <= self.best or (self.iso and ub - self._iso_penalty(k, budget) <= self.best):
                return
        # the future depends only on the counts left, the budget and the pure
        # melds still wanted: the memo keeps a bound on what it can add
        key = (bytes(c), budget, pure if pure < min_pure else min_pure, self.spare)
        bound = self.memo.get(key)
        if bound is not None and (must or melded + bound <= self.best):
            return
        rec = self._rec
        for m in self._melds_with(k, budget):
            for n in m[1]:
                c[n] -= 1
            melds.append(m)
            rec(k, melded + m[6], remaining - m[6], used + m[3], natd + m[2],
                pure + (m[0] == PURE), melds)
            melds.pop()
            for n in m[1]:
                c[n] += 1
            if self.found is not None:
                return
        n = c[k]
        if self.iswild[k] or not must:  # a wild kind's copies join the pool
            c[k] = 0
            rec(k + 1, melded, remaining - self.pts[k] * n, used, natd, pure, melds)
            c[k] = n
        elif self.spare:  # one copy is the card still to be thrown
            self.spare -= 1
            c[k] = n - 1
            rec(k, melded, remaining - self.pts[k], used, natd, pure, melds)
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
    def _melds_with(self, k: int, budget: int) -> list:
        """Melds holding one copy of kind k, every other natural of higher
        kind, as kind-level melds (see ``twentyone_cards``).  A designated
        wild kind only starts pure runs: elsewhere it is a pool wild card."""
        c, iswild, pts = self.c, self.iswild, self.pts
        s, r = divmod(k, 13)
        # the options depend on the rest of k's suit and on k's rank in the
        # later suits: the same local picture recurs all over the search
        key = (k, budget, bytes(c[k:s * 13 + 13]), bytes(c[k + 13::13]))
        out = self.opt_cache.get(key)
        if out is not None:
            return out
        out = self.opt_cache[key] = []
        r += 1
        self._runs(out, k, r, budget, True)
        if r == 1:
            self._runs(out, k, r, budget, False)
        if iswild[k]:
            return out
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
        out.sort(key=lambda m: (-len(m[1]), m[3]))  # big melds first
        return out

    def _runs(self, out, k: int, r: int, budget: int, up: bool) -> None:
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
                        self._skips(out, inats, ipos, w, budget, lo, hi, igain, base + r)
            if not pure_ok and (wk or gaps > budget):
                break

    def _skips(self, out, inats, ipos, w, budget, lo, hi, gain, first) -> None:
        """The same impure run with interior naturals left out (wild cards in
        their places) so that a pure run made later may take them.  Only
        needed for a natural a pure run above rank ``first`` could hold, and
        when this run keeps another wild card: otherwise giving the card
        back makes this run pure and the other impure, no pure run lost."""
        c, pts = self.c, self.pts
        base, r = divmod(first, 13)
        base, r = base * 13 - 1, r + 1
        elig = [i for i in range(1, len(inats) - 1)
                if any(a > r and a + 2 <= 13 and c[base + a] and c[base + a + 1]
                       and c[base + a + 2] for a in range(ipos[i] - 2, ipos[i] + 1))]
        for size in range(1, min(budget - w, len(elig)) + 1):
            for drop in combinations(elig, size):
                kept = tuple(n for i, n in enumerate(inats) if i not in drop)
                out.append((IMPURE, kept, 0, w + size, lo, hi,
                            gain - sum(pts[inats[i]] for i in drop)))


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


# ===================================================== suit order and words


def _prepare(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions):
    """The hand with its suits renumbered so that the suit holding most
    designated wild kinds is searched first: the wild cards its pure runs
    take as themselves leave the budget early (renaming suits changes no
    meld).  Returns the hand and the map back to the real suits."""
    held = [0] * 4
    for k in set(kinds) & wild:
        held[k // 13] += 1
    order = sorted(range(4), key=lambda s: -held[s])  # order[new] = old
    perm = [order.index(s) for s in range(4)]

    def f(k: int) -> int:
        return k if k == JOKER_KIND else perm[k // 13] * 13 + k % 13

    hand = _Hand(tuple(sorted(map(f, kinds))), frozenset(map(f, wild)), opts)
    return hand, order


def _unmap(melds, order: list[int]) -> tuple:
    return tuple((m[0], tuple(k if k == JOKER_KIND else order[k // 13] * 13 + k % 13
                              for k in m[1]), *m[2:]) for m in melds)


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def _pure_words(n: int) -> str:
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} pure sequence{'' if n == 1 else 's'}"


def _other_show(h: _Hand, opts: WideOptions, kinds: tuple[int, ...]) -> str | None:
    """Shows (b) to (e): counted, not searched (``kinds`` as dealt)."""
    rules = h.rules
    if h.tunnela_count >= rules.pure_needed:
        return "tunnelas"
    if h.dublee_count >= rules.show_dublees:
        return "dublees"
    if opts.wild_show and h.nwild >= rules.show_wilds:
        return "wilds"
    if opts.two_marriage_show and marriages_held(kinds, opts.values) >= 2:
        return "marriages"
    return None


# ================================================================ public API


@lru_cache(maxsize=4096)
def _evaluate_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
                    loose: bool):
    h, order = _prepare(kinds, wild, opts)
    rules, total = h.rules, h.total
    need = rules.pure_needed
    shown = h.search(must=True, min_pure=need) if h.maxpure >= need else None
    show = "pure" if shown is not None else _other_show(h, opts, kinds)
    melds: tuple = ()
    melded = 0  # the points melded behind the count (a floor for the loose search)
    keep = need if shown is not None else 0
    if h.nwild >= rules.flat_wilds:
        complete, why = shown, f"{h.nwild} wild cards held: 2 points"
    elif h.dublee_count >= rules.flat_dublees:
        complete, why = shown, f"{h.dublee_count} dublees: 2 points"
    else:
        complete = shown if shown is not None else h.search(must=True, min_pure=0)
        why = "every card in a meld: 2 points" if complete is not None else ""
    placed = complete is not None and bool(why)  # spare wild cards to place
    if why:
        rung, count = "complete", 2
        if complete is not None:
            melds, melded = tuple(complete[0]), total
    elif h.maxpure == 0:
        rung, count, why = "none", total, "no pure sequence: every card counts"
    else:
        melded, melds = h.best_pure()
        rung, why = "pure", f"{_pure_words(len(melds))}: cards outside " + (
            "it count" if len(melds) == 1 else "them count")
        if h.maxpure >= need:
            found = h.search(must=False, min_pure=need, floor=melded)
            if found is not None:
                melded, melds = found[0], tuple(found[1])
                rung = "melded"
                why = f"{_pure_words(sum(m[0] in (PURE, TANALA) for m in melds))}: " \
                      "only the deadwood counts"
        count = total - melded
    if rung != "complete":
        why += f" ({count}, capped at {opts.max_count})" if count > opts.max_count \
            else f" ({count})"
        count = min(count, opts.max_count)
    loose_count = None
    if loose:
        found = h.search(must=False, min_pure=0, floor=melded) if melded < total else None
        loose_count = total - (found[0] if found is not None else melded)
    pure_count = sum(m[0] in (PURE, TANALA) for m in melds)
    return (count, rung, why, show, _unmap(melds, order), placed, keep,
            _unmap(shown[0], order) if shown else (), loose_count, total, pure_count, h.nwild)


def evaluate_21(cards: Iterable[Card], wild: frozenset[int],
                opts: WideOptions = WideOptions(), loose: bool = False) -> WideEvaluation:
    """Judge a hand of the 21/27-card family (as held after the discard; any
    size): what it pays, why, the arrangement behind it and the show it
    makes.  ``wild``: the designated wild kinds (``wild_kinds_21``); printed
    jokers are always wild.  ``loose`` also computes ``loose_count`` (one
    more search).  Results are cached by the sorted kinds."""
    cards = tuple(cards)
    wild = frozenset(wild)
    (count, rung, why, show, melds, complete, keep, show_melds, loose_count, total,
     pure_count, nwild) = _evaluate_kinds(tuple(sorted(c.kind for c in cards)), wild, opts,
                                          loose)
    out, deadwood = place_melds(cards, wild, melds, complete, keep)
    shown = ()
    if show == "pure":
        shown = out if show_melds == melds else place_melds(cards, wild, show_melds, True,
                                                            keep)[0]
    return WideEvaluation(count, rung, why, show, out, deadwood, dublee_pairs(cards),
                          loose_count, total, pure_count, nwild, shown)


def count_21(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions = WideOptions(),
             below: int | None = None) -> int | None:
    """``evaluate_21(...).count`` for a hand given as sorted kinds, without
    the show or the arrangement (bots that only compare counts).  With
    ``below``, only a count under it is wanted: None says the count is at
    least ``below``, and the search skips every arrangement that cannot get
    under it."""
    cap = opts.max_count
    lim = cap if below is None else min(below, cap)
    key = (kinds, wild, opts)
    known = _COUNT_FLOOR.get(key)
    if known is not None:
        exact, at_least = known
        if exact is not None:
            return exact if below is None or exact < below else None
        if at_least >= lim and lim < cap:
            return None
    h, _order = _prepare(kinds, wild, opts)
    rules, total = h.rules, h.total
    count = None
    if h.nwild >= rules.flat_wilds or h.dublee_count >= rules.flat_dublees:
        count = 2
    elif h.search(must=True, min_pure=0) is not None:
        count = 2
    elif h.maxpure == 0:
        count = min(total, cap)
    else:
        melded, _melds = h.best_pure()
        floor = max(melded, total - lim)
        found = None
        if h.maxpure >= rules.pure_needed:
            found = h.search(must=False, min_pure=rules.pure_needed, floor=floor)
        if found is not None:
            count = total - found[0]
        elif floor == melded:
            count = min(total - melded, cap)
        elif lim == cap:
            count = cap  # nothing melds enough to get under the cap
    if len(_COUNT_FLOOR) > 20000:
        _COUNT_FLOOR.clear()
    if count is None:
        _COUNT_FLOOR[key] = (None, lim)
        return None
    _COUNT_FLOOR[key] = (count, count)
    return count if below is None or count < below else None


# (kinds, wild, opts) -> (exact count or None, a floor the count is known to reach)
_COUNT_FLOOR: dict[tuple, tuple[int | None, int]] = {}


@lru_cache(maxsize=4096)
def _show_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions) -> str | None:
    h, _order = _prepare(kinds, wild, opts)
    need = h.rules.pure_needed
    if h.maxpure >= need and h.search(must=True, min_pure=need) is not None:
        return "pure"
    return _other_show(h, opts, kinds)


def shows(cards: Iterable[Card], wild: frozenset[int],
          opts: WideOptions = WideOptions()) -> str | None:
    """The show these cards (after the discard) make, or None: the first of
    "pure", "tunnelas", "dublees", "wilds", "marriages" that applies.  No
    count is worked out: cheaper than ``evaluate_21`` for asking which
    discards leave a valid show."""
    return _show_kinds(tuple(sorted(c.kind for c in cards)), frozenset(wild), opts)


@lru_cache(maxsize=2048)
def _possible_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions) -> bool:
    h, _order = _prepare(kinds, wild, opts)
    if _other_show(h, opts, kinds) is not None:
        return True
    if h.maxpure < h.rules.pure_needed:
        return False
    return h.search(must=True, min_pure=h.rules.pure_needed, spare=1) is not None


def show_possible(cards: Iterable[Card], wild: frozenset[int],
                  opts: WideOptions = WideOptions()) -> bool:
    """Whether some discard from ``cards`` (a hand before its discard)
    leaves a show: the counted shows are counted (three tunnelas, eight
    dublees, eight wild cards or two marriages among 22 cards always leave a
    card outside them to throw); show "pure" is one search melding every
    card but one.  One call instead of one ``shows`` per card: the query
    behind ``iter_showable`` runs the per-card calls only when it is True."""
    return _possible_kinds(tuple(sorted(c.kind for c in cards)), frozenset(wild), opts)


def has_show(cards: Iterable[Card], wild: frozenset[int],
             opts: WideOptions = WideOptions()) -> bool:
    """Whether the cards make any show (the counted shows first)."""
    return shows(cards, wild, opts) is not None


def clear_caches() -> None:
    """Forget every cached result (benchmarks solve each hand from scratch)."""
    for f in (_evaluate_kinds, _show_kinds, _possible_kinds, suit_pure, runs_possible):
        f.cache_clear()
    _COUNT_FLOOR.clear()
