"""The search behind ``solver.py``: melds of a kind, the transposition table
and the bounds (the summaries of the lives it keeps are ``lives.py``'s; see
solver.py for what it finds)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from game.engine.caches import keep_latest, trim
from game.engine.cards import JOKER_KIND, card_points
from game.engine.meldtypes import IMPURE, PURE, SET, TANALA, MeldOptions
from game.families.thirteen.lives import (
    NO_LIVES,
    TANALA_COLUMN,
    life_column,
    life_table,
    lives_ok,
)

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
    if spare > 0 and len(nats) > 2:
        for size, kept in _variants(len(nats), spare):
            out.append((IMPURE, length, w + size, tuple([nats[i] for i in kept]), suit, lo))


# the subsets of range(n) in the order of their bit masks
_SUBSETS = [[tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)]
            for n in range(4)]


@lru_cache(maxsize=256)
def _variants(n: int, most: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For a run of n natural cards, the variants that leave out 1..most
    interior ones: (how many, the positions kept), by size, then in
    lexicographic order of the positions left out."""
    out = []
    for size in range(1, min(most, n - 2) + 1):
        for skip in combinations(range(1, n - 1), size):
            out.append((size, tuple(i for i in range(n) if i not in skip)))
    return tuple(out)


_NONE = -(1 << 40)  # the bound of a state with no valid completion


# --------------------------------------------------------- per-hand tables
# The kinds a meld whose lowest kind is k may hold: its suit from k up, its
# rank in the suits above.
_RELEVANT_KINDS = [
    tuple(range(k, k - k % 13 + 13)) + tuple(range(k + 13, 52, 13)) for k in range(52)]


@lru_cache(maxsize=4)
def _points(ace_points: int) -> tuple[int, ...]:
    return tuple(card_points(k, ace_points) for k in range(52))


@lru_cache(maxsize=8)
def _weights(shift: int) -> list[int]:
    """The unit of each kind in a code of counts with ``shift`` bits a kind."""
    return [1 << (shift * k) for k in range(52)]


@lru_cache(maxsize=8)
def _units(shift: int) -> int:
    """A code with one copy of every kind (the lowest bit of each count)."""
    return sum(_weights(shift))


@lru_cache(maxsize=8)
def _relevant(shift: int) -> list[int]:
    """The bits of _RELEVANT_KINDS[k] in a code with ``shift`` bits a kind."""
    full = (1 << shift) - 1
    return [sum(full << (shift * x) for x in kinds) for kinds in _RELEVANT_KINDS]


# (wild kinds, ace points) -> each kind's points and whether it is wild
_KIND_TABLES: dict[tuple, tuple[list[int], list[bool]]] = {}

# (wild kinds, options) -> the melds of a kind by what they read (_Search._moves):
# hands a bot compares differ by a card or two, most kinds' melds stay the same
_ALL_MOVES: dict[tuple, dict[tuple, list]] = {}
_MOVES_KEPT = 50000  # entries of one (wild kinds, options) table
_CUTS_KEPT = 4  # tables: a deal reads two (its cut, and no wild kind), kept with room


class _Search:
    def __init__(self, counts: list[int], jokers: int, wild: frozenset[int], opts: MeldOptions,
                 present: list[int] | None = None):
        self.c = counts
        self.jokers = jokers
        self.wild = wild
        self.opts = opts
        # each kind's points (wild kinds 0) and wildness, read only: one pair
        # of tables for every hand with these wild kinds
        tables = _KIND_TABLES.get((wild, opts.ace_points))
        if tables is None:
            pts = list(_points(opts.ace_points))
            is_wild = [False] * 52
            for k in wild:
                pts[k] = 0
                is_wild[k] = True
            tables = _KIND_TABLES[wild, opts.ace_points] = (pts, is_wild)
            trim(_KIND_TABLES, 64)
        pts, is_wild = tables
        self.pts, self.is_wild = pts, is_wild
        self.designated = sum([counts[k] for k in wild])
        if present is None:
            present = [k for k in range(52) if counts[k]]
        self.present = present
        self.total = sum([pts[k] * counts[k] for k in present])
        # a bit for each rank (bit 0 = Ace, 13 = Ace again, high) in each suit
        rows = [0, 0, 0, 0]
        for k in present:
            rows[k // 13] |= 1 << (k % 13)
        self.rows = [row | (row & 1) << 13 for row in rows]
        self.lives = True
        self.best = -1
        self.best_melds: list | None = None
        self.must_meld = False
        self.declarable = False
        self.decl_melds: list = []
        self.iso: list[tuple[int, int]] | None = None
        self.cores: list | None = None

    def _isolation(self) -> None:
        """An isolated card (no natural card of its rank, none of its suit
        within two ranks) sits in a meld only with wild cards on the two
        places nearest it, and such a wild card is near no other isolated
        card unless two isolated kinds share a suit.  So b wild cards meld at
        most b//2 isolated cards (b when a suit holds two), and the others
        are deadwood whatever else happens: a bound the search can use."""
        pts, c, rows = self.pts, self.c, self.rows
        tanala = self.opts.tanala
        a, b, d, e = rows
        in_two = (a & b) | (a & d) | (a & e) | (b & d) | (b & e) | (d & e)  # ranks in 2+ suits
        iso = []
        suits = []
        for s, row in enumerate(rows):
            # a bit for each rank with a card of this suit within two ranks
            near = (row << 1 | row << 2 | row >> 1 | row >> 2) & 0x3FFF
            near |= near >> 13  # the Ace's neighbours as the high Ace's too
            alone = row & ~(in_two | near) & 0x1FFF
            while alone:
                low = alone & -alone
                alone ^= low
                k = s * 13 + low.bit_length() - 1
                if pts[k] and not (tanala and c[k] >= 3):
                    iso.append((pts[k], k))
                    suits.append(s)
        iso.sort(reverse=True)
        self.iso = iso
        self.iso_per_wild = 1 if len(set(suits)) < len(suits) else 2

    def _iso_penalty(self, k: int, budget: int, code: int) -> int:
        """Points of isolated cards above kind k that must stay deadwood."""
        free = budget // self.iso_per_wild
        shift, full = self.shift, self.full
        penalty = 0
        for p, kind in self.iso:  # most valuable first
            if kind <= k:
                continue
            n = code >> (shift * kind) & full
            if n <= free:
                free -= n
            else:
                penalty += p * (n - free)
                free = 0
        return penalty

    def _pure_cores(self) -> None:
        """Every pure sequence holds three natural cards in a row (every
        tanala three identical ones): these cores, with how many designated
        wild cards each uses as themselves.  A search that has no pure
        sequence yet and no core left in the hand has no valid leaf."""
        is_wild = self.is_wild
        cores = []
        for s, row in enumerate(self.rows):
            starts = row & row >> 1 & row >> 2
            while starts:
                i = (starts & -starts).bit_length() - 1
                starts &= starts - 1
                a, b, d = s * 13 + i, s * 13 + i + 1, s * 13 + (i + 2) % 13
                cores.append(((a, b, d), is_wild[a] + is_wild[b] + is_wild[d]))
        if self.opts.tanala:
            c = self.c
            cores += [((k, k, k), 3 * is_wild[k]) for k in self.present if c[k] >= 3]
        self.cores = cores

    def _lives_possible(self, life: int, budget: int, code: int) -> bool:
        """Whether the melds still to come can complete the lives: a leaf
        needs a pure sequence and a second sequence; an impure one (or a
        group of spare wild cards) takes at least one wild card, a pure one
        a core.  A necessary condition only: it never cuts a valid leaf."""
        pures = life % 3 + life // 3 % 3
        if pures and pures + life // 9 % 3 >= 2:
            return True
        shift, full = self.shift, self.full
        found = []
        for kinds, cost in self.cores:
            if cost > budget:
                continue
            a, b, d = kinds
            if a == b:  # a tanala
                if code >> (shift * a) & full < 3:
                    continue
            elif not (code >> (shift * a) & full and code >> (shift * b) & full
                      and code >> (shift * d) & full):
                continue
            if pures or cost < budget or life:
                return True
            found.append((kinds, cost))
        if pures:
            return budget >= 1
        # no sequence yet, and every pure core uses up the whole budget: a
        # second pure core must be made of other cards, for no wild card
        for i, (kinds, cost) in enumerate(found):
            for kinds2, cost2 in found[i:]:
                if cost + cost2 > budget:
                    continue
                need: dict[int, int] = {}
                for x in kinds + kinds2:
                    need[x] = need.get(x, 0) + 1
                if all(code >> (shift * x) & full >= n for x, n in need.items()):
                    return True
        return False

    @classmethod
    def of(cls, kinds: tuple[int, ...], wild: frozenset[int], opts: MeldOptions) -> _Search:
        """The search of a hand given as sorted kinds (printed jokers last)."""
        counts = [0] * 52
        present = []
        for k in kinds:
            if k == JOKER_KIND:
                break
            if not counts[k]:
                present.append(k)
            counts[k] += 1
        return cls(counts, kinds.count(JOKER_KIND), wild, opts, present)

    # ----------------------------------------------------------------- search
    def _prepare(self) -> None:
        """Per-hand tables.  In the search the counts left are one integer,
        ``code``, with ``shift`` bits a kind (kinds below the one searched
        are all 0, so its lowest bit names that kind)."""
        c = self.c
        self._isolation()
        if self.cores is None:
            self._pure_cores()
        shift = max(c).bit_length() or 1
        self.shift = shift
        self.full = (1 << shift) - 1
        self.weight = weight = _weights(shift)
        self.code = sum([weight[k] * c[k] for k in self.present])
        self.relevant = _relevant(shift)
        self.moves: dict[int, list] = {}
        self.all_moves: list[list | None] = [None] * 52
        shared = _ALL_MOVES.get((self.wild, self.opts))
        if shared is None:
            shared = _ALL_MOVES[self.wild, self.opts] = {}
            keep_latest(_ALL_MOVES, _CUTS_KEPT)
        trim(shared, _MOVES_KEPT)
        self.shared_moves = shared
        self.units = _units(shift)
        self.lives_ok: dict[tuple[int, int], bool] = {}

    def run(self, lives: bool, floor: int = -1, must_meld: bool = False) -> None:
        """Search; only arrangements melding more than ``floor`` points count.
        ``must_meld`` looks only for a declaration (no natural deadwood)."""
        self.lives = lives
        self.best = floor
        self.best_melds = None
        self.must_meld = must_meld
        if self.iso is None:
            self._prepare()
        self.after = life_table(self.opts) if lives else NO_LIVES
        # state (code, budget, life) -> an upper bound on the points the rest
        # of the search can meld from that state
        self.table: dict[tuple, int] = {}
        self._rec(0, self.total, self.jokers + self.designated, [], self.code, 0)

    def _rec(self, melded, remaining, budget, melds, code, life):
        """Search from the state (code, budget, life), ``melded`` points so
        far.  What the state can still meld depends on nothing else, so
        ``table`` keeps an upper bound for it: first _bound's, then after a
        search of it self.best - melded, for every completion was either
        reached (and is at most self.best) or cut for not beating self.best.
        So only subtrees with nothing better than self.best are ever cut, and
        the first leaf of the best value in depth-first order, the one kept
        (leaves must beat self.best), is found as without the table; the same
        holds for the first declarable leaf, as ties with a declaration
        still to find are not cut."""
        if not code:
            self._leaf(melded, budget, life, melds)
            return
        shift = self.shift
        k = ((code & -code).bit_length() - 1) // shift
        table = self.table
        key = (code, budget, life)
        bound = table.get(key)
        if bound is None:
            bound = table[key] = self._bound(k, remaining, budget, life, code)
        ub = melded + bound
        best = self.best
        if ub <= best and (ub < best or not self.lives or self.declarable or ub < self.total):
            return
        must_meld = self.must_meld
        if must_meld and (self.declarable or bound < remaining):
            return  # found already, or a natural card has to stay deadwood
        here = code & self.relevant[k]  # k and the kinds its melds may hold
        moves = self.moves.get(here)
        if moves is None:
            moves = self.moves[here] = self._moves(k, code)
        rec = self._rec
        if moves:
            after = self.after[life]
            for cost, gain, dcode, col, meld, _ in moves:
                if cost <= budget:
                    melds.append(meld)
                    rec(melded + gain, remaining - gain, budget - cost, melds, code - dcode,
                        after[col])
                    melds.pop()
        # every remaining copy of k is deadwood (a designated wild card is
        # then a wild card: it was counted in the budget already)
        if not must_meld or self.is_wild[k]:
            n = code >> (shift * k) & self.full
            rec(melded, remaining - self.pts[k] * n, budget, melds, code - n * self.weight[k],
                life)
        if must_meld and self.declarable:
            return
        # every completion from here melds at most self.best - melded points
        # more: all others were cut for not beating self.best
        bound = self.best - melded
        if bound < table[key]:
            table[key] = bound

    def _bound(self, k, remaining, budget, life, code) -> int:
        """The first upper bound of a state: its points, less the isolated
        cards the budget cannot meld; none at all if the lives are out of
        reach."""
        if self.lives and not self._lives_possible(life, budget, code):
            return _NONE
        if self.iso:
            return remaining - self._iso_penalty(k, budget, code)
        return remaining

    def _moves(self, k, code):
        """The melds with lowest kind k here, each with what it takes: (budget,
        points, code, life column, meld, its kinds as bits of a code).  Those
        the budget affords are the melds _melds_with finds here for that
        budget, in its order.

        In the whole hand and for the whole budget, _melds_with finds a
        superset of them in the same order: with fewer cards a run over the
        same window leaves out more interior cards, one of the variants
        _add_run makes, and a meld that needs more wild cards than a smaller
        budget has is left out, in both cases without changing the order of
        the others (_add_run makes the variants of a window by size, then in
        lexicographic order; _melds_with sorts stably).  So the melds are
        found once a kind and filtered: all their naturals still here (the
        budget is for the caller)."""
        every = self.all_moves[k]
        if every is None:
            # _all_moves reads the counts of the kinds a meld of k may hold,
            # the budget, the code's width (and the table's wild kinds, options)
            key = (k, self.code & self.relevant[k], self.shift, self.jokers + self.designated)
            every = self.shared_moves.get(key)
            if every is None:
                every = self.shared_moves[key] = self._all_moves(k)
            self.all_moves[k] = every
        shift = self.shift
        here = code
        for i in range(1, shift):
            here |= code >> i
        here &= self.units  # a bit for each kind still here
        out = []
        for move in every:
            if here & move[5] == move[5] and (
                    move[3] != TANALA_COLUMN or code >> (shift * k) & self.full >= 3):
                out.append(move)
        return out

    def _all_moves(self, k):
        moves = []
        pts, weight, is_wild = self.pts, self.weight, self.is_wild
        budget = self.jokers + self.designated
        for meld in self._melds_with(k, budget, self.c):
            cost = meld[2]
            gain = dcode = units = 0
            for n in meld[3]:
                cost += is_wild[n]
                gain += pts[n]
                dcode += weight[n]
                units |= weight[n]
            if cost <= budget:
                moves.append((cost, gain, dcode, life_column(meld[0], meld[1]), meld, units))
        return moves

    def _melds_with(self, k, budget, c):
        """Melds holding one copy of kind k, all other naturals of higher kind
        (``c``: the counts of kind k and of the kinds such melds may hold)."""
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
        for chosen in _SUBSETS[len(others)]:
            m = 1 + len(chosen)
            w = 3 - m if m < 3 else 0
            if w <= budget:
                out.append((SET, m + w, w, (k, *[others[i] for i in chosen]), s, r))
        # bigger melds first: good arrangements are found early and prune more
        out.sort(key=lambda x: -len(x[3]))
        return out

    # ------------------------------------------------------------------- leaf
    def _leaf(self, melded, left, life, melds):
        if self.lives:
            ok = self.lives_ok.get((life, left))
            if ok is None:
                ok = self.lives_ok[life, left] = lives_ok(life, left, self.opts)
            if not ok:
                return
        if melded > self.best:
            self.best = melded
            self.best_melds = list(melds)
        if (self.lives and not self.declarable and melded == self.total
                and spare_plan([(m[0], m[1]) for m in melds], left, self.opts) is not None):
            self.declarable = True
            self.decl_melds = list(melds)

    def best_pure_points(self) -> tuple[int, tuple | None]:
        """The most valuable single pure sequence (or tanala) in the hand."""
        c, pts = self.c, self.pts
        best, arg = -1, None
        for s in range(4):
            row = self.rows[s]
            if not row & row >> 1 & row >> 2:
                continue  # no three in a row
            base = s * 13 - 1
            have = [False] + [bool(row >> i & 1) for i in range(14)]
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
            for k in self.present:
                if c[k] >= 3 and 3 * pts[k] > best:
                    best, arg = 3 * pts[k], (TANALA, 3, 0, (k, k, k), k // 13, k % 13 + 1)
        return best, arg


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
