"""Wild cards, value cards and value-card bonuses of 21- and 27-card rummy
(RULES.md §4, §5); the pure runs one suit's cards make; physical melds from
the evaluator's kind-level melds.

Pure Python (no pygame, numpy or threads): it also runs in the browser.

Kinds are those of ``cards.py``: ``suit * 13 + rank - 1`` for natural cards,
``JOKER_KIND`` (52) for every printed joker.  Printed jokers are always wild
and are never listed in a wild set (callers test ``kind == JOKER_KIND``
separately, as the 13-card solver does).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.caches import Memo
from game.engine.cards import JOKER_KIND, RANK_NAMES, Card, kind_of
from game.engine.meldtypes import ALLWILD, IMPURE, MELD_NAMES, PURE, SET, TANALA, Meld

SPADES, CLUBS = 0, 3
ACE_OF_SPADES = kind_of(1, SPADES)
TWO_OF_CLUBS = kind_of(2, CLUBS)

# --------------------------------------------------------- per-form thresholds


@dataclass(frozen=True)
class FormRules:
    """The numbers that differ between the 21-card and the 27-card game.

    §4 gives the 21-card figures; §5 scales them for 27 cards (its defaults,
    since the sources are silent)."""

    form: int
    pure_needed: int  # pure sequences for show (a), tunnelas for show (b), and the
    #                   number from which only deadwood counts
    show_dublees: int  # show (c)
    show_wilds: int  # show (d)
    flat_dublees: int  # this many dublees pay 2 points
    flat_wilds: int  # this many wild cards held pay 2 points
    cap: int  # most a hand pays
    offsets: tuple[int, ...]  # value/wild kinds of the cut suit, rank offsets


FORMS = {
    21: FormRules(21, 3, 8, 8, 6, 7, 120, (0, 1, -1)),
    27: FormRules(27, 4, 10, 10, 8, 9, 150, (0, 1, -1, 2, -2)),
}


def form_rules(form: int) -> FormRules:
    try:
        return FORMS[form]
    except KeyError:
        raise ValueError(f"no such form {form!r}: 21 or 27 cards") from None


# -------------------------------------------------------------- wild cards


def _shift(kind: int, d: int) -> int:
    """The kind ``d`` ranks away in the same suit, ranks wrapping A<->K
    (§4: Ace cut -> 2 and K; K cut -> Q and A; §5: 2 cut -> K A 3 4)."""
    s, r = divmod(kind, 13)
    return s * 13 + (r + d) % 13


def value_kinds(cut_kind: int, form: int = 21) -> tuple[int, ...]:
    """The value cards of a deal, cut card first.

    21 cards: (cut, upper, lower); 27 cards: (cut, upper, lower, second
    upper, second lower), all in the cut suit, ranks wrapping at the ends.
    A printed-joker cut has the single value card A♠ (§4: "only A♠ counts as
    a value card"), so no marriage exists in that deal."""
    rules = form_rules(form)
    if cut_kind == JOKER_KIND:
        return (ACE_OF_SPADES,)
    if not 0 <= cut_kind < 52:
        raise ValueError(f"no such card kind: {cut_kind}")
    return tuple(_shift(cut_kind, d) for d in rules.offsets)


def wild_kinds_21(cut_kind: int, rank_any_suit: bool = False, form: int = 21) -> frozenset[int]:
    """The designated wild kinds of a 21/27-card deal (printed jokers are wild
    besides these and are not in the set).

    Default (seed): the cut card's rank and suit plus the upper and lower
    jokers (27 cards: also the second upper and lower), wrapping at the
    ends.  ``rank_any_suit`` (the online option) makes the cut rank wild in
    every suit; the upper and lower jokers stay in the cut suit.  A printed
    joker cut: all Aces, 2♠ and K♠ (27 cards: all Aces, K♠ Q♠ 2♠ 3♠)."""
    rules = form_rules(form)
    if cut_kind == JOKER_KIND:
        out = {kind_of(1, s) for s in range(4)}
        out.update(_shift(ACE_OF_SPADES, d) for d in rules.offsets)
        return frozenset(out)
    out = set(value_kinds(cut_kind, form))
    if rank_any_suit:
        r = cut_kind % 13
        out.update(s * 13 + r for s in range(4))
    return frozenset(out)


# ---------------------------------------------------------------- bonuses

SCHEMES = ("standard", "flat", "adda52")


@dataclass(frozen=True)
class Bonus:
    """What a hand's value cards earn from each other player: ``points`` and
    the split behind it, e.g. ``(("marriage", 100), ("value 7♥ ×1", 10))``,
    and how many marriages the split uses."""

    points: int
    parts: tuple[tuple[str, int], ...]
    marriages: int = 0


def card_name(kind: int) -> str:
    """Display name with a suit symbol: ``7♥``, ``10♠``, ``JK``."""
    if kind == JOKER_KIND:
        return "JK"
    s, r = divmod(kind, 13)
    return RANK_NAMES[r] + "♠♥♦♣"[s]


def _held_points(n: int, scheme: str, first: bool) -> int:
    """Points of ``n`` copies of one value kind held outside marriages.
    Standard: 1/2/3 held = 10/30/50 (20 more per further copy, which three
    decks never give).  Flat: 20 each.  adda52: the cut card 30 each, the
    other value cards 20 each."""
    if n <= 0:
        return 0
    if scheme == "standard":
        return 10 + 20 * (n - 1)
    if scheme == "adda52" and first:
        return 30 * n
    return 20 * n


def _marriage_points(m: int, scheme: str) -> int:
    """Standard: 1/2/3 marriages = 100/300/500; flat and adda52: 100 each."""
    if m <= 0:
        return 0
    if scheme == "standard":
        return 100 + 200 * (m - 1)
    return 100 * m


def bonus_points(kinds_held: Iterable[int], values: Sequence[int],
                 scheme: str = "standard") -> Bonus:
    """The value-card bonus of a hand (§4; §5 for five value kinds).

    ``kinds_held``: the kinds of every card in the hand (melded or not: value
    cards count wherever they are).  ``values``: ``value_kinds(cut, form)``.
    A marriage is one card of every value kind (3 cards for 21, 5 for 27)
    and needs at least three value kinds (none after a printed-joker cut).
    A card scores in one category only; every number of marriages is tried
    and the split paying most is returned (two cut cards, one upper and one
    lower: marriage 100 + one value card 10 = 110).  ``adda52`` also pays
    20 for each printed joker, A♠ and 2♣ that is not a value card."""
    if scheme not in SCHEMES:
        raise ValueError(f"no bonus scheme {scheme!r}: choose from {', '.join(SCHEMES)}")
    held = Counter(kinds_held)
    values = tuple(values)
    counts = [held.get(v, 0) for v in values]
    most = min(counts) if len(values) >= 3 else 0
    best: tuple[int, int] | None = None
    for m in range(most + 1):
        pts = _marriage_points(m, scheme) + sum(
            _held_points(n - m, scheme, i == 0) for i, n in enumerate(counts))
        if best is None or pts > best[0]:
            best = (pts, m)
    assert best is not None
    total, m = best
    parts: list[tuple[str, int]] = []
    if m:
        parts.append(("marriage" if m == 1 else f"{m} marriages", _marriage_points(m, scheme)))
    for i, (v, n) in enumerate(zip(values, counts, strict=True)):
        if n - m > 0:
            parts.append((f"value {card_name(v)} ×{n - m}", _held_points(n - m, scheme, i == 0)))
    if scheme == "adda52":
        for k in (JOKER_KIND, ACE_OF_SPADES, TWO_OF_CLUBS):
            n = held.get(k, 0)
            if n and k not in values:
                parts.append((f"{card_name(k)} ×{n}", 20 * n))
                total += 20 * n
    return Bonus(total, tuple(parts), m)


def marriages_held(kinds_held: Iterable[int], values: Sequence[int]) -> int:
    """How many complete marriages (one of each value kind) the hand holds;
    0 when the deal has fewer than three value kinds."""
    values = tuple(values)
    if len(values) < 3:
        return 0
    held = Counter(kinds_held)
    return min(held.get(v, 0) for v in values)


# ------------------------------------------------------- pure runs of a suit


def _step(code: int) -> int:
    """Open-run length codes: 1, 2, 3 (= 3 or more); 11, 12, 13 for a run
    that began at the low Ace (it may not reach the high Ace)."""
    return code + 1 if code not in (3, 13) else code


# entries each of the two memos below keeps (about as many as a long
# session meets; beyond that it forgets its oldest)
MEMO_MOST = 32768
_SUIT_PURE: Memo = Memo(MEMO_MOST)
_RUNS: Memo = Memo(MEMO_MOST)


def clear_memos() -> None:
    """Forget what ``suit_pure`` and ``runs_possible`` remember."""
    _SUIT_PURE.clear()
    _RUNS.clear()


def suit_pure(cnt: tuple[int, ...], pts: tuple[int, ...], most: int, tunnelas: bool = True):
    """Best points of exactly j disjoint pure melds (runs of 3+ and, if
    ``tunnelas``, three identical cards) of one suit, j = 0..most.

    ``cnt``/``pts``: 13 entries, rank 1..13 (a designated wild card counts
    as itself here, with its 0 points).  A dynamic programme over positions
    1..14 (14 = the Ace high; each split of the Aces between low and high is
    tried) whose state is the multiset of open runs' lengths.  Returns a
    tuple over j of (points, melds) or None; a meld is ("run", lo, hi) or
    ("tun", rank)."""
    key = (cnt, pts, most, tunnelas)
    found = _SUIT_PURE.get(key)
    if found is None:
        found = _SUIT_PURE.keep(key, _suit_pure(cnt, pts, most, tunnelas))
    return found


def _suit_pure(cnt: tuple[int, ...], pts: tuple[int, ...], most: int, tunnelas: bool):
    best: list = [None] * (most + 1)
    best[0] = (0, ())
    present = [n > 0 for n in cnt] + [cnt[0] > 0]
    if not any(present[i] and present[i + 1] and present[i + 2] for i in range(12)) \
            and (max(cnt) < 3 or not tunnelas):
        return tuple(best)
    ca = cnt[0]
    for h in range(ca + 1) if ca and cnt[12] and cnt[11] else (0,):
        n_at = [0, ca - h, *cnt[1:], h, 0]  # positions 0..15
        p_at = [0, pts[0], *pts[1:], pts[0], 0]
        states: dict = {((), 0): (0, (), ())}
        for p in range(1, 16):
            n = n_at[p]
            if n == 0 and all(not key[0] for key in states):
                continue
            new: dict = {}
            for (_codes, started), (val, fin, opens) in states.items():
                for mask in range(1 << len(opens)):
                    cont = bin(mask).count("1")
                    nopens, nfin, ok = [], fin, cont <= n
                    for i, (code, start) in enumerate(opens):
                        if not ok:
                            break
                        if mask >> i & 1:  # the run goes on (never past K from the low A)
                            ok = not (p == 14 and code >= 11)
                            nopens.append((_step(code), start))
                        elif code in (3, 13):  # the run ends at p - 1
                            nfin = (*nfin, ("run", start, p - 1))
                        else:
                            ok = False
                    if not ok:
                        continue
                    spare = n - cont
                    tuns = (0, 1) if tunnelas and spare >= 3 and p <= 13 and started < most \
                        else (0,)
                    for tun in tuns:
                        room = min(spare - 3 * tun, most - started - tun) if p <= 12 else 0
                        for s in range(room + 1):  # s new runs start at p
                            opens2 = sorted(nopens + [(11 if p == 1 else 1, p)] * s)
                            v = val + p_at[p] * (cont + 3 * tun + s)
                            key = (tuple(o[0] for o in opens2), started + tun + s)
                            old = new.get(key)
                            if old is None or v > old[0]:
                                fin2 = (*nfin, ("tun", p)) if tun else nfin
                                new[key] = (v, fin2, tuple(opens2))
            states = new
        for (_codes, started), (val, fin, _opens) in states.items():
            if best[started] is None or val > best[started][0]:
                best[started] = (val, fin)
    return tuple(best)


def runs_possible(cnt: bytes, most: int) -> int:
    """How many disjoint pure runs (not tunnelas) one suit's 13 counts make,
    at most ``most``."""
    found = _RUNS.get(cnt)
    if found is None:
        found = _RUNS.keep(cnt, _runs(cnt))
    return found if found < most else most


def pure_runs_reach(counts: bytes, suit: int, most: int) -> bool:
    """Whether suits ``suit``..3 of ``counts`` (52 kinds, a byte each) make
    ``most`` disjoint pure runs between them (``runs_possible`` of each suit
    added up)."""
    have = 0
    for t in range(suit * 13, 52, 13):
        have += runs_possible(counts[t:t + 13], most)
        if have >= most:
            return True
    return False


def _runs(cnt: bytes) -> int:
    """``runs_possible`` without its cap.  A run of 3+ holds a run of
    exactly 3, so this packs 3-card windows; greedy from the low end is
    optimal for equal intervals under per-rank capacities (an earlier window
    can always replace a later one sharing its cards); each split of the
    Aces (low/high) is tried."""
    ca = cnt[0]
    best = 0
    for h in range(ca + 1) if ca and cnt[12] and cnt[11] else (0,):
        rem = [ca - h, *cnt[1:], h]
        n = 0
        for q in range(12):
            t = min(rem[q], rem[q + 1], rem[q + 2])
            if t:
                n += t
                rem[q] -= t
                rem[q + 1] -= t
                rem[q + 2] -= t
        best = max(best, n)
    return best


# ------------------------------------------------------------ physical melds

# A kind-level meld of the search: (type, naturals, designated wild cards
# standing as themselves, wild slots, lo, hi, points).  Runs span positions
# lo..hi (1..14, 14 = Ace high); a set has lo = its rank, hi = its size.


class WideMeld(Meld):
    """A meld of physical cards; three identical cards are a *tunnela*."""

    @property
    def name(self) -> str:
        return "tunnela" if self.kind == TANALA else MELD_NAMES[self.kind]


def wild_room(melds, keep: int) -> int:
    """How many more wild cards kind-level melds take, the ``keep`` pure
    melds with least room staying pure (a run grows to 13 cards, a set to
    4, a tunnela not at all)."""
    rooms, pure_rooms = [], []
    for m in melds:
        t = m[0]
        room = 0 if t == TANALA else 4 - m[5] if t == SET else 13 - (m[5] - m[4] + 1)
        (pure_rooms if t in (PURE, TANALA) else rooms).append(room)
    pure_rooms.sort()
    return sum(rooms) + sum(pure_rooms[keep:])


def _by_kind(cards) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for card in sorted(cards):
        out.setdefault(card.kind, []).append(card)
    return out


def place_melds(cards, wild: frozenset[int], melds, complete: bool, keep: int):
    """Physical cards for kind-level melds: naturals first, then wild slots
    from the pool (printed jokers and designated wild cards not standing as
    themselves).  In a complete hand the spare wild cards join melds with
    room (the ``keep`` pure melds with least room stay pure) or, three or
    more, form a group.  Returns (melds, deadwood)."""
    by_kind = _by_kind(cards)
    groups: list[list] = []
    types: list[int] = []
    spans: list[tuple[int, int]] = []
    for t, nats, _nd, w, lo, hi, _gain in melds:
        naturals = [by_kind[n].pop(0) for n in nats]
        if t in (PURE, IMPURE):
            group: list = [None] * (hi - lo + 1)
            for card in naturals:
                group[(14 if card.rank == 1 and hi == 14 else card.rank) - lo] = card
        else:
            group = naturals + [None] * w
        groups.append(group)
        types.append(t)
        spans.append((lo, hi))
    pool = sorted(c for k, v in by_kind.items() if k == JOKER_KIND or k in wild for c in v)
    by_kind = {k: v for k, v in by_kind.items() if not (k == JOKER_KIND or k in wild)}
    for group in groups:
        for i, card in enumerate(group):
            if card is None:
                group[i] = pool.pop(0)
    if complete and len(pool) >= 3:
        groups.append(pool)
        types.append(ALLWILD)
        pool = []
    elif complete and pool:
        rooms = [wild_room([(t, (), 0, 0, lo, len(g) if t == SET else hi)], 0)
                 for t, g, (lo, hi) in zip(types, groups, spans, strict=True)]
        kept = {i for _, i in sorted((rooms[i], i) for i, t in enumerate(types)
                                     if t in (PURE, TANALA))[:keep]}
        for i, t in enumerate(types):
            while pool and rooms[i] > 0 and i not in kept:
                lo, hi = spans[i]
                if t == SET or hi < 14:
                    groups[i].append(pool.pop(0))
                    spans[i] = (lo, hi + 1)
                else:
                    groups[i].insert(0, pool.pop(0))
                    spans[i] = (lo - 1, hi)
                rooms[i] -= 1
                types[i] = IMPURE if t == PURE else t
    deadwood = [c for k in sorted(by_kind) for c in by_kind[k]] + pool
    return tuple(WideMeld(t, tuple(g)) for t, g in zip(types, groups, strict=True)), tuple(deadwood)


def dublee_pairs(cards) -> tuple[tuple[Card, Card], ...]:
    """The dublees: two identical cards (two printed jokers too; a
    designated wild card only with an identical card).  Three identical
    cards give one dublee, not one and a half (RULES §6; the 21-card seed
    counts "separate" dublees); four, which three decks never deal, two."""
    return tuple((v[i], v[i + 1]) for _, v in sorted(_by_kind(cards).items())
                 for i in range(0, len(v) - 1, 2))
