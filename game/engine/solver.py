"""Exact hand evaluator: the best arrangement of a hand into melds.

The search works on card *kinds* (rank, suit) with counts, never on permutations
of identical cards.  It takes the lowest remaining kind and either puts one copy
into a meld with higher kinds (and wild cards), or sends every remaining copy of
it to the deadwood.  Wild cards are fungible: a meld only records how many it
needs, and a leaf checks that the hand holds that many (printed jokers plus
designated wild cards not used as themselves).  A branch is cut when even
melding every remaining card could not beat the best arrangement found.

Settlement (RULES.md §2) has three tiers, and the count of a hand is the least:
  no pure sequence              -> every card counts
  a pure sequence only          -> every card outside the best pure sequence
  pure + second sequence (life) -> only the deadwood
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .cards import JOKER_KIND, Card, card_points

PURE, IMPURE, SET, TANALA, ALLWILD = range(5)
MELD_NAMES = ("pure sequence", "sequence", "set", "tanala", "wild group")


@dataclass(frozen=True)
class MeldOptions:
    """The part of a rule set that decides what a meld and a life are."""

    ace_points: int = 10
    tanala: bool = False  # three identical cards (3+ decks)
    four_card_life: bool = False
    one_wild_per_impure: bool = False
    all_wild_melds: bool = False


@dataclass(frozen=True)
class Meld:
    kind: int  # PURE, IMPURE, SET, TANALA, ALLWILD
    cards: tuple[Card, ...]

    @property
    def name(self) -> str:
        return MELD_NAMES[self.kind]

    @property
    def is_sequence(self) -> bool:
        return self.kind in (PURE, IMPURE, TANALA, ALLWILD)

    @property
    def is_pure(self) -> bool:
        return self.kind in (PURE, TANALA)


@dataclass(frozen=True)
class Evaluation:
    count: int  # what the hand pays as a non-winner (uncapped)
    declarable: bool  # every card melded with valid lives
    melds: tuple[Meld, ...]  # the arrangement behind ``count``
    deadwood: tuple[Card, ...]
    loose_count: int  # points of cards in no meld at all, lives ignored
    tier: str  # "none", "pure" or "lives"
    total: int  # points of every card


# A raw meld from the search: (type, length, wilds, naturals, suit, lo)
# naturals is a tuple of kinds; for runs, lo is the low end of the window
# (positions 1..14, 14 = Ace high).


def _add_run(out, nats, w, length, suit, lo, budget, one_wild) -> None:
    """A run over a window, plus the same window with interior natural cards
    left out for other melds and replaced by wild cards (which can matter
    when a wild card may not go elsewhere, e.g. one wild per sequence)."""
    out.append((PURE if w == 0 else IMPURE, length, w, tuple(nats), suit, lo))
    spare = budget - w
    if one_wild:
        spare = min(spare, 1 - w)
    interior = nats[1:-1]
    for size in range(1, min(spare, len(interior)) + 1):
        for skip in combinations(range(1, len(nats) - 1), size):
            kept = tuple(n for i, n in enumerate(nats) if i not in skip)
            out.append((IMPURE, length, w + size, kept, suit, lo))


class _Search:
    def __init__(self, counts: list[int], jokers: int, wild: frozenset[int], opts: MeldOptions):
        self.c = counts
        self.jokers = jokers
        self.wild = wild
        self.opts = opts
        self.pts = [0 if k in wild else card_points(k, opts.ace_points) for k in range(52)]
        self.designated = sum(counts[k] for k in wild)
        self.total = sum(self.pts[k] * counts[k] for k in range(52))
        self.lives = True
        self.best = -1
        self.best_melds: list | None = None
        self.must_meld = False
        self.declarable = False
        self.decl_melds: list = []
        self.iso: list[tuple[int, int]] | None = None

    def _isolation(self) -> None:
        """An isolated card (no natural card of its rank, none of its suit
        within two ranks) sits in a meld only with wild cards on the two
        places nearest it, and such a wild card is near no other isolated
        card unless two isolated kinds share a suit.  So b wild cards meld at
        most b//2 isolated cards (b when a suit holds two), and the others
        are deadwood whatever else happens: a bound the search can use."""
        c, pts = self.c, self.pts
        iso = []
        suits = []
        for k in range(52):
            if c[k] and pts[k] and not self._has_partner(k):
                iso.append((pts[k], k))
                suits.append(k // 13)
        iso.sort(reverse=True)
        self.iso = iso
        self.iso_per_wild = 1 if len(set(suits)) < len(suits) else 2

    def _iso_penalty(self, k: int, budget: int) -> int:
        """Points of isolated cards above kind k that must stay deadwood."""
        free = budget // self.iso_per_wild
        c = self.c
        penalty = 0
        for p, kind in self.iso:  # most valuable first
            if kind <= k:
                continue
            n = c[kind]
            if n <= free:
                free -= n
            else:
                penalty += p * (n - free)
                free = 0
        return penalty

    def _has_partner(self, k: int) -> bool:
        c = self.c
        s, r = divmod(k, 13)
        if self.opts.tanala and c[k] >= 3:
            return True
        for t in range(4):
            if t != s and c[t * 13 + r]:
                return True
        r += 1
        near = (r - 2, r - 1, r + 1, r + 2) if r != 1 else (2, 3, 12, 13)
        for q in near:
            if q == 14:
                q = 1
            if 1 <= q <= 13 and c[s * 13 + q - 1]:
                return True
        return False

    @classmethod
    def of(cls, kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions) -> _Search:
        counts = [0] * 52
        jokers = 0
        for k in kinds:
            if k == JOKER_KIND:
                jokers += 1
            else:
                counts[k] += 1
        return cls(counts, jokers, wild, opts)

    # ----------------------------------------------------------------- search
    def run(self, lives: bool, floor: int = -1, must_meld: bool = False) -> None:
        """Search; only arrangements melding more than ``floor`` points count.
        ``must_meld`` looks only for a declaration (no natural deadwood)."""
        self.lives = lives
        self.best = floor
        self.best_melds = None
        self.must_meld = must_meld
        if self.iso is None:
            self._isolation()
        self._rec(0, 0, self.total, 0, 0, 0, [])

    def _rec(self, k, melded, remaining, used, pool, nat_desig, melds):
        c = self.c
        while k < 52 and c[k] == 0:
            k += 1
        if k == 52:
            self._leaf(melded, used, pool, melds)
            return
        budget = self.jokers + self.designated - nat_desig - used
        if budget < 0:
            return
        ub = melded + remaining
        if self.iso:
            ub -= self._iso_penalty(k, budget)
        if ub < self.best or (
            ub == self.best and (not self.lives or self.declarable or ub < self.total)
        ):
            return
        wild = self.wild
        pts = self.pts
        if self.must_meld and self.declarable:
            return
        for meld in self._melds_with(k, budget):
            naturals = meld[3]
            gain = 0
            nd = 0
            for n in naturals:
                c[n] -= 1
                gain += pts[n]
                if n in wild:
                    nd += 1
            melds.append(meld)
            self._rec(k, melded + gain, remaining - gain, used + meld[2], pool, nat_desig + nd,
                      melds)
            melds.pop()
            for n in naturals:
                c[n] += 1
        # every remaining copy of k is deadwood (a designated wild goes to the pool)
        if self.must_meld and k not in wild:
            return
        n = c[k]
        c[k] = 0
        if k in wild:
            self._rec(k + 1, melded, remaining, used, pool + n, nat_desig, melds)
        else:
            self._rec(k + 1, melded, remaining - pts[k] * n, used, pool, nat_desig, melds)
        c[k] = n

    def _melds_with(self, k, budget):
        """Melds holding one copy of kind k, all other naturals of higher kind."""
        c = self.c
        opts = self.opts
        one_wild = opts.one_wild_per_impure
        s, r = divmod(k, 13)
        r += 1
        base = s * 13 - 1  # kind of rank q in suit s is base + q
        out = []
        if opts.tanala and c[k] >= 3:
            out.append((TANALA, 3, 0, (k, k, k), s, r))
        # runs going up from r (r == 1 is Ace low)
        nats = [k]
        gaps = 0
        for q in range(r + 1, 14):
            if c[base + q] == 0:
                gaps += 1
                if gaps > budget:
                    break
                continue
            nats.append(base + q)
            span = q - r + 1
            w = gaps + max(0, 3 - span)
            if w <= budget and not (one_wild and w > 1):
                # a short run is padded upwards: q <= 13, so q + 1 <= 14 always fits
                _add_run(out, nats, w, max(span, 3), s, r, budget, one_wild)
        # k alone in a run: two wilds
        if budget >= 2 and not one_wild:
            lo = r if r <= 12 else r - 2
            out.append((IMPURE, 3, 2, (k,), s, lo))
        if r == 1:
            # Ace high: runs going down from 14
            nats = [k]
            gaps = 0
            for q in range(13, 1, -1):
                if c[base + q] == 0:
                    gaps += 1
                    if gaps > budget:
                        break
                    continue
                nats.append(base + q)
                span = 14 - q + 1
                w = gaps + max(0, 3 - span)
                if w <= budget and not (one_wild and w > 1):
                    lo = q if span >= 3 else q - (3 - span)
                    _add_run(out, nats, w, max(span, 3), s, lo, budget, one_wild)
        # sets: other suits of rank r above suit s
        others = [t * 13 + r - 1 for t in range(s + 1, 4) if c[t * 13 + r - 1] > 0]
        n = len(others)
        for mask in range(1 << n):
            chosen = [others[i] for i in range(n) if mask >> i & 1]
            m = 1 + len(chosen)
            w = max(0, 3 - m)
            if w <= budget:
                out.append((SET, m + w, w, (k, *chosen), s, r))
        # bigger melds first: good arrangements are found early and prune more
        out.sort(key=lambda x: -len(x[3]))
        return out

    # ------------------------------------------------------------------- leaf
    def _leaf(self, melded, used, pool, melds):
        avail = self.jokers + pool
        if used > avail:
            return
        left = avail - used
        if self.lives and not self._lives_ok(melds, left):
            return
        if melded > self.best:
            self.best = melded
            self.best_melds = list(melds)
        if (self.lives and not self.declarable and melded == self.total
                and spare_plan([(m[0], m[1]) for m in melds], left, self.opts) is not None):
            self.declarable = True
            self.decl_melds = list(melds)

    def _lives_ok(self, melds, left) -> bool:
        opts = self.opts
        pure_runs = tanalas = impure = 0
        long_pure = long_impure = False
        for m in melds:
            t = m[0]
            if t == PURE:
                pure_runs += 1
                long_pure = long_pure or m[1] >= 4
            elif t == IMPURE:
                impure += 1
                long_impure = long_impure or m[1] >= 4
            elif t == TANALA:
                tanalas += 1
        pures = pure_runs + tanalas
        if pures == 0:
            return False
        seqs = pures + impure
        all_wild = opts.all_wild_melds and left >= 3
        if seqs < 2 and not all_wild:
            return False
        if not opts.four_card_life:
            return True
        if long_pure or long_impure:
            return True
        if left >= 1:
            if impure and not opts.one_wild_per_impure:
                return True
            if pure_runs and pures >= 2:
                return True
        return opts.all_wild_melds and left >= 4

    def best_pure_points(self) -> tuple[int, tuple | None]:
        """The most valuable single pure sequence (or tanala) in the hand."""
        c, pts = self.c, self.pts
        best, arg = -1, None
        for s in range(4):
            base = s * 13 - 1
            have = [False] * 15
            for q in range(1, 14):
                have[q] = c[base + q] > 0
            have[14] = have[1]
            for lo in range(1, 13):
                if not have[lo]:
                    continue
                total = 0
                for hi in range(lo, 15):
                    if not have[hi] or (lo == 1 and hi == 14):
                        break
                    total += pts[base + (1 if hi == 14 else hi)]
                    if hi - lo >= 2 and total > best:
                        nats = tuple(base + (1 if q == 14 else q) for q in range(lo, hi + 1))
                        best, arg = total, (PURE, hi - lo + 1, 0, nats, s, lo)
        if self.opts.tanala:
            for k in range(52):
                if c[k] >= 3 and 3 * pts[k] > best:
                    best, arg = 3 * pts[k], (TANALA, 3, 0, (k, k, k), k // 13, k % 13 + 1)
        return best, arg


# ---------------------------------------------------------------- public API


def evaluate(cards: list[Card] | tuple[Card, ...], wild: frozenset[int],
             opts: MeldOptions = MeldOptions(), loose: bool = False) -> Evaluation:
    """Best arrangement of ``cards`` when the kinds in ``wild`` (and printed
    jokers) are wild.  ``loose`` also computes the no-life count (first-turn
    rummy); otherwise ``loose_count`` equals ``count``."""
    key = tuple(sorted(c.kind for c in cards))
    raw = _evaluate_kinds(key, wild, opts, loose)
    return _materialise(cards, wild, opts, raw)


@lru_cache(maxsize=20000)
def _evaluate_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions,
                    loose: bool):
    s = _Search.of(kinds, wild, opts)
    total = s.total
    pure_pts, pure_meld = s.best_pure_points()
    tier, count, melds = "none", total, []
    declarable = False
    if pure_meld is not None:
        tier, count, melds = "pure", total - pure_pts, [pure_meld]
        s.run(lives=True, floor=pure_pts)
        if s.best_melds is not None:
            tier, count, melds = "lives", total - s.best, s.best_melds
        declarable = s.declarable
        if declarable:
            tier, melds = "lives", s.decl_melds
    loose_count = count
    if loose:
        s.run(lives=False)
        loose_count = total - max(s.best, 0)
        if tier == "none" and s.best_melds is not None:
            melds = s.best_melds
    return total, count, tier, declarable, tuple(melds), loose_count


def _materialise(cards, wild, opts, raw) -> Evaluation:
    total, count, tier, declarable, melds, loose_count = raw
    by_kind: dict[int, list[Card]] = {}
    for card in cards:
        by_kind.setdefault(card.kind, []).append(card)
    out_melds: list[list[Card]] = []
    kinds_of: list[int] = []
    for m in melds:
        t, length, w, nats, s, lo = m
        naturals = [by_kind[n].pop() for n in nats]
        group: list[Card | None]
        if t in (PURE, IMPURE):
            group = [None] * length
            for card in naturals:
                pos = card.rank
                if pos == 1 and not lo <= 1:
                    pos = 14
                group[pos - lo] = card
        else:
            group = list(naturals) + [None] * w
        out_melds.append(group)  # None = a wild card still to be placed
        kinds_of.append(t)
    spare = [c for k in sorted(by_kind) for c in by_kind[k] if k == JOKER_KIND or k in wild]
    deadwood = [c for k in sorted(by_kind) for c in by_kind[k]
                if not (k == JOKER_KIND or k in wild)]
    for group in out_melds:
        for i, card in enumerate(group):
            if card is None:
                group[i] = spare.pop()
    if declarable:
        _place_spares(out_melds, kinds_of, spare, opts)
    deadwood.extend(spare)
    final = tuple(Meld(t, tuple(g)) for t, g in zip(kinds_of, out_melds, strict=True))
    return Evaluation(count, declarable, final, tuple(deadwood), loose_count, tier, total)


def _wild_room(t: int, n: int, one_wild: bool) -> int:
    """How many more wild cards a meld of type t and length n can take."""
    if t == SET:
        return 4 - n
    if t == IMPURE:
        return 0 if one_wild else 13 - n
    if t == PURE:
        return min(13 - n, 1 if one_wild else 13)
    return 0


def spare_plan(shapes: list[tuple[int, int]], left: int, opts: MeldOptions):
    """How ``left`` spare wild cards can join melds of these (type, length)
    shapes so that every card is melded with valid lives, or None.

    Returns ("spread", keep, extend) -- ``keep`` stays pure, ``extend`` (or
    None) takes the first wild card to make a 4-card life -- or
    ("group", keep, None) when the spares form an all-wild group."""
    one = opts.one_wild_per_impure
    rooms = [_wild_room(t, n, one) for t, n in shapes]
    pures = [i for i, (t, _) in enumerate(shapes) if t in (PURE, TANALA)]
    seqs = [i for i, (t, _) in enumerate(shapes) if t in (PURE, IMPURE, TANALA)]
    total = sum(rooms)
    for keep in sorted(pures, key=lambda i: rooms[i]):
        others = [i for i in seqs if i != keep]
        long_life = (shapes[keep][0] == PURE and shapes[keep][1] >= 4) or any(
            shapes[i][1] >= 4 for i in others)
        if len(seqs) >= 2 and left <= total - rooms[keep]:
            if not opts.four_card_life or long_life:
                return ("spread", keep, None)
            for i in others:
                if left >= 1 and rooms[i] >= 1:
                    return ("spread", keep, i)
        if opts.all_wild_melds and left >= 3 and (
                not opts.four_card_life or long_life or left >= 4):
            return ("group", keep, None)
    return None


def _place_spares(groups, kinds_of, spare, opts) -> None:
    """Put leftover wild cards into the melds of a declared hand, following
    the plan that made it declarable."""
    if not spare:
        return
    plan = spare_plan([(t, len(g)) for t, g in zip(kinds_of, groups, strict=True)],
                      len(spare), opts)
    if plan is None:
        return
    mode, keep, extend = plan
    if mode == "group":
        groups.append(list(spare))
        kinds_of.append(ALLWILD)
        spare.clear()
        return
    order = ([extend] if extend is not None else []) + list(range(len(groups)))
    for i in order:
        if i == keep:
            continue
        room = _wild_room(kinds_of[i], len(groups[i]), opts.one_wild_per_impure)
        if i == extend:
            room = min(room, 1)
        while spare and room > 0:
            groups[i].append(spare.pop())
            room -= 1
            if kinds_of[i] == PURE:
                kinds_of[i] = IMPURE


def is_declarable(cards, wild: frozenset[int], opts: MeldOptions = MeldOptions()) -> bool:
    """Whether every card can be melded with valid lives (faster than evaluate)."""
    return _declarable_kinds(tuple(sorted(c.kind for c in cards)), wild, opts)


@lru_cache(maxsize=20000)
def _declarable_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions) -> bool:
    s = _Search.of(kinds, wild, opts)
    if s.best_pure_points()[1] is None:
        return False
    s.run(lives=True, must_meld=True)
    return s.declarable


def hand_points(cards, wild: frozenset[int], ace_points: int = 10) -> int:
    return sum(0 if c.kind == JOKER_KIND or c.kind in wild else card_points(c.kind, ace_points)
               for c in cards)
