"""How far a hand is from a valid declaration, and which draws bring it closer.

The exact evaluator says what a hand *pays*; a bot racing to declare needs to
know how many cards it still has to *draw*.  ``shape`` answers that with a
search over partial melds, much like a mahjong "shanten" count:

- a hand of T cards (13) is split into at most four groups, each a partial run
  (one suit, a window of positions, some holes) or a partial set (one rank,
  different suits), plus junk;
- every group has a least size (3, or its window's span), and the least sizes
  must fit in T slots;
- one run is the pure one: its holes need the exact natural cards; every other
  empty slot may be filled by a wild card held or by any draw that fits;
- ``need`` is the fewest draws to fill every slot; each draw replaces one junk
  card, so it is also the number of junk cards left over.

The search also gathers the kinds that fill a slot of some best arrangement:
drawing one of them lowers ``need`` by one.  Designated wild cards are treated
as wild only (never as themselves): a small loss of precision for a heuristic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engine.caches import Memo

JOKER = 52
MAX_GROUPS = 4
MAX_HOLES = 2  # a run window with more holes than this is not worth keeping


@dataclass(frozen=True)
class Shape:
    need: int  # fewest draws to reach a valid declaration (0: declarable shape)
    useful: int  # bit mask of kinds (bit 52 = printed joker) that lower ``need``
    junk_points: int  # least points of the cards outside the groups, at ``need``
    kept: int  # natural cards inside the groups of that arrangement

    def useful_kinds(self) -> list[int]:
        return [k for k in range(53) if self.useful >> k & 1]


def _points(kind: int) -> int:
    r = kind % 13 + 1
    return 10 if r == 1 or r >= 10 else r


def _kind(suit: int, pos: int) -> int:
    """Kind of the card at run position ``pos`` (1..14, 14 = Ace high)."""
    return suit * 13 + (0 if pos == 14 else pos - 1)


def _mask(kinds) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


# ------------------------------------------------------------------ groups
# A group is a tuple (is_run, naturals, least_size, holes, fill_mask, ext_mask,
# exact) where fill_mask holds the kinds that fill a hole (or reach size 3),
# ext_mask the kinds that lengthen it beyond its least size, and exact says
# that every hole needs its own kind (else any of the fill kinds will do).


def _run_group(suit: int, positions: list[int], nats: tuple[int, ...]):
    lo, hi = positions[0], positions[-1]
    span = hi - lo + 1
    n = len(positions)
    owned = set(positions)
    if span >= 3:
        fills = [_kind(suit, p) for p in range(lo, hi + 1) if p not in owned]
        ext = []
        if lo > 1 and not (lo == 2 and hi == 14):
            ext.append(_kind(suit, lo - 1))
        if hi < 14 and not (lo == 1 and hi == 13):
            ext.append(_kind(suit, hi + 1))
        return (True, nats, span, span - n, _mask(fills), _mask(ext), True)
    reach = 3 - span
    fills = []
    for p in range(lo - reach, hi + reach + 1):
        if 1 <= p <= 14 and p not in owned:
            if (p == 14 and lo <= 2) or (p == 1 and hi >= 13):
                continue  # no wrap-around: K-A-2 is not a run
            fills.append(_kind(suit, p))
    m = _mask(fills)
    return (True, nats, 3, 3 - n, m, m, False)


def _set_fill(rank0: int, suits: tuple[int, ...]) -> int:
    # not cached: asked only by the cached _options_of and at import
    return _mask(s * 13 + rank0 for s in range(4) if s not in suits)


def _runs_from(c: list[int], s: int, k: int, start: int, stop: int, step: int,
               wide: bool) -> list[tuple]:
    """Run groups of suit ``s`` that hold kind ``k`` at position ``start`` and
    reach out from it in direction ``step`` (positions before ``stop``)."""
    out = []
    positions = [start]
    nats = [k]
    holes = 0
    for q in range(start + step, stop, step):
        kq = s * 13 + q - 1
        if c[kq] == 0:
            holes += 1
            if holes > MAX_HOLES:
                break
            continue
        positions.append(q)
        nats.append(kq)
        if holes <= 1 or len(nats) > 2 or wide:
            out.append(_run_group(s, sorted(positions), tuple(nats)))
    return out


def _options(c: list[int], k: int, wide: bool) -> tuple[tuple, ...]:
    """Every group whose lowest natural is one copy of kind ``k``.  Two cards
    with two holes between them are a group only when ``wide`` (two wild
    cards in hand could fill it); otherwise they are no better than one.
    Only which kinds of k's suit and k's rank are present matters, so the
    answer is cached on those two bit masks (hands share them often)."""
    s, r0 = divmod(k, 13)
    suit_bits = 0
    for q in range(13):
        if c[s * 13 + q]:
            suit_bits |= 1 << q
    rank_bits = 0
    for t in range(s + 1, 4):
        if c[t * 13 + r0]:
            rank_bits |= 1 << t
    key = (k, wide, suit_bits, rank_bits)
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS.keep(key, _options_of(k, wide, suit_bits, rank_bits))
    return found


_OPTIONS: Memo = Memo(16384)  # past that many entries, it forgets its oldest


def _options_of(k: int, wide: bool, suit_bits: int, rank_bits: int) -> tuple[tuple, ...]:
    s, r0 = divmod(k, 13)
    r = r0 + 1
    c = [0] * 52
    for q in range(13):
        if suit_bits >> q & 1:
            c[s * 13 + q] = 1
    # runs upwards from r, and for an ace also downwards from 14 (ace high);
    # a lone card is never a group here: see _Search.leaf
    out = _runs_from(c, s, k, r, 14, 1, wide)
    if r == 1:
        out += _runs_from(c, s, k, 14, 1, -1, wide)
    # sets: this suit plus other suits of the same rank above it
    others = [t * 13 + r0 for t in range(s + 1, 4) if rank_bits >> t & 1]
    for mask in range(1, 1 << len(others)):
        chosen = tuple(others[i] for i in range(len(others)) if mask >> i & 1)
        n = 1 + len(chosen)
        suits = (s, *(x // 13 for x in chosen))
        fill = _set_fill(r0, suits)
        out.append((False, (k, *chosen), max(3, n), max(0, 3 - n), fill if n < 3 else 0,
                    fill if n < 4 else 0, False))
    out.sort(key=lambda g: -len(g[1]))
    return tuple(out)


# ------------------------------------------------------------------ search


def _neighbour_masks() -> tuple[list[int], list[int]]:
    """Per kind: the kinds that make a two-card run with it, and a set pair."""
    runs, sets = [], []
    for k in range(52):
        s, r0 = divmod(k, 13)
        g = _run_group(s, [r0 + 1], (k,))[4]
        if r0 == 0:
            g |= _run_group(s, [14], (k,))[4]
        runs.append(g)
        sets.append(_set_fill(r0, (s,)))
    return runs, sets


RUN_NEAR, SET_NEAR = _neighbour_masks()


FIELD = 3  # bits per kind in a multiset vector: guard bit + count up to 3
GUARD = sum(4 << (FIELD * k) for k in range(52))


class _Group:
    """A partial meld in the search.  ``dead`` counts the empty slots no live
    natural card can fill any more: only a wild card can, and never in the
    pure sequence."""

    __slots__ = ("run", "n", "least", "miss", "fill", "ext", "vec", "pts", "dead")

    def __init__(self, g: tuple, live: int) -> None:
        self.run, nats, self.least, self.miss, fill, ext, exact = g
        self.n = len(nats)
        self.vec = sum(1 << (FIELD * x) for x in nats)
        self.pts = sum(_points(x) for x in nats)
        self.fill = fill & live
        self.ext = ext & live
        if self.miss == 0:
            self.dead = 0
        elif exact:
            self.dead = (fill & ~live).bit_count()  # every hole needs its own card
        else:
            self.dead = max(0, self.miss - self.fill.bit_count())  # any of the options


# groups are read-only once built: shared between searches
_GROUPS: Memo = Memo(2048)


class _Search:
    """Choose at most four disjoint groups (each of two or more naturals);
    leftover cards may still start a group of their own (a "single")."""

    def __init__(self, counts: list[int], wilds: int, wild: frozenset[int], slots: int,
                 live: int, detail: bool = True):
        self.c = counts
        # with detail, every best arrangement is visited (their useful cards
        # are pooled); without, only a strictly better one is worth a visit
        self.detail = detail
        self.slack = 0 if detail else 1
        self.wilds = wilds
        self.wild_mask = (_mask(wild) | (1 << JOKER)) & live
        self.live = live
        self.slots = slots
        self.present = [k for k in range(52) if counts[k]]
        self.naturals = sum(counts)
        self.total = sum(_points(k) * counts[k] for k in range(52))
        groups = []
        wide = wilds >= 2
        for k in self.present:
            for g in _options(counts, k, wide):
                group = _GROUPS.get((g, live))
                if group is None:
                    group = _GROUPS.keep((g, live), _Group(g, live))
                groups.append(group)
        groups.sort(key=lambda g: -g.n)
        self.groups = groups
        self.best = slots + 1
        self.useful = 0
        self.junk = 0
        self.kept = 0

    def run(self) -> None:
        avail = GUARD + sum(self.c[k] << (FIELD * k) for k in self.present)
        self.dfs(0, avail, 0, 0, 0, 0, 3, 0, [])

    def dfs(self, start: int, avail: int, kept: int, kept_pts: int, least: int, runs: int,
            pure_miss: int, dead: int, chosen: list) -> None:
        slots = self.slots
        left = MAX_GROUPS - len(chosen)
        # this choice as it stands, loose cards starting groups of their own
        add = min(left, (slots - least) // 3)
        want_runs = 2 - runs if runs < 2 else 0
        if add >= want_runs and dead <= self.wilds:
            singles = min(add, self.naturals - kept)
            miss = 2 if singles and pure_miss > 2 else pure_miss
            short = slots - kept - singles - miss - self.wilds
            need = miss + short if short > 0 else miss
            if need <= self.best - self.slack:
                if self.detail:
                    self.record(avail, kept, kept_pts, least, chosen, singles, want_runs, miss,
                                short, need)
                else:
                    self.best = need
        if not left or self.best == 0 and not self.detail:
            return
        groups = self.groups
        floor = slots - self.wilds - kept
        bound = self.best - self.slack
        for j in range(start, len(groups)):
            g = groups[j]
            if floor - left * g.n > bound:
                break  # the groups are sorted by size: no later one does better
            if least + g.least > slots:
                continue
            x = avail - g.vec
            if x & GUARD != GUARD:
                continue  # a card of g is already in a chosen group
            chosen.append(g)
            if g.run:
                pure = g.miss if g.miss < pure_miss and not g.dead else pure_miss
                self.dfs(j + 1, x, kept + g.n, kept_pts + g.pts, least + g.least, runs + 1,
                         pure, dead + g.dead, chosen)
            else:
                self.dfs(j + 1, x, kept + g.n, kept_pts + g.pts, least + g.least, runs,
                         pure_miss, dead + g.dead, chosen)
            chosen.pop()
            bound = self.best - self.slack

    def record(self, avail: int, kept: int, kept_pts: int, least: int, chosen: list,
               singles: int, want_runs: int, miss: int, short: int, need: int) -> None:
        """A best-so-far (or equal) arrangement: note what would improve it."""
        junk_pts = self.total - kept_pts
        useful = 0
        if need:
            slots = self.slots
            least += 3 * max(singles, want_runs)
            pure = None
            runs = [g for g in chosen if g.run and not g.dead]
            if runs and not (singles and miss == 2 and min(g.miss for g in runs) > 2):
                pure = min(runs, key=lambda g: g.miss)
            junk = [k for k in self.present if avail >> (FIELD * k) & 3] if singles else []
            near = 0
            for x in junk:
                near |= RUN_NEAR[x]
                if want_runs < singles:
                    near |= SET_NEAR[x]
            near &= self.live
            if miss:
                if pure is not None:
                    useful |= pure.fill
                else:
                    for x in junk:
                        useful |= RUN_NEAR[x] & self.live
            if short > 0:
                useful |= self.wild_mask | near
                for g in chosen:
                    if g is not pure and g.miss:
                        useful |= g.fill
                if least < slots:
                    for g in chosen:
                        useful |= g.ext
        if need < self.best:
            self.best, self.useful, self.junk, self.kept = need, useful, junk_pts, kept
        else:
            self.useful |= useful
            if junk_pts < self.junk:
                self.junk, self.kept = junk_pts, kept


ALL_LIVE = (1 << 53) - 1


def _split(kinds: tuple[int, ...], wild: frozenset[int]) -> tuple[list[int], int]:
    """Counts of natural kinds, and how many wild cards (jokers or designated)."""
    counts = [0] * 52
    wilds = 0
    for k in kinds:
        if k == JOKER or k in wild:
            wilds += 1
        else:
            counts[k] += 1
    return counts, wilds


# Hits are rare across decisions (hands change every turn): small caches keep
# the memory low, which matters in the browser.
@lru_cache(maxsize=4096)
def shape_of(kinds: tuple[int, ...], wild: frozenset[int], slots: int = 13,
             live: int = ALL_LIVE) -> Shape:
    """The shape of a hand given as sorted kinds (52 = printed joker) that must
    fill ``slots`` (13; a 14-card hand is judged as if its worst card went).
    ``live`` is the bit mask of kinds that may still be drawn."""
    counts, wilds = _split(kinds, wild)
    s = _Search(counts, wilds, wild, slots, live)
    s.run()
    return Shape(s.best, s.useful, s.junk, s.kept)


@lru_cache(maxsize=1024)
def need_of(kinds: tuple[int, ...], wild: frozenset[int], slots: int = 13,
            live: int = ALL_LIVE) -> int:
    """``shape_of(...).need`` alone, found faster (no useful cards gathered)."""
    counts, wilds = _split(kinds, wild)
    s = _Search(counts, wilds, wild, slots, live, detail=False)
    s.run()
    return s.best


def shape(cards, wild: frozenset[int], slots: int = 13, live: int = ALL_LIVE) -> Shape:
    return shape_of(tuple(sorted(c.kind for c in cards)), wild, slots, live)
