"""The greedy split of a Vazhushal hand on kind counts, for the rollout
policy (``search_policy.py``): some tens of microseconds, where the bots'
exact lay-down search takes milliseconds.

A hand (counts per kind, 52 = printed joker) is split into melds
(``split_hand``): the natural runs of three or more first and then the sets,
or the sets first and then the runs, whichever leaves less to fill (both
only when a set shares a card with a run).  The natural cards left over lay
off on those melds and on the player's own table melds when they touch an
end or a missing suit; the rest pair up (two cards beside each other in a
suit, then two suits of a rank, then two cards one apart: one wild card
makes a meld of them), lie two places beyond a run's end (one wild card), or
are single (two wild cards; a second copy of a kind pairs with nothing).
The **cost** is the wild cards it would take to meld every natural card: a
pair or a near card 1, a single 2; the **shortfall** is the cost less the
wild cards held.  A player with no melds and no natural run can lay
nothing: its hand is judged ``NO_PURE`` wild cards shorter.

A meld is kept as ("q", suit, lo, hi), a run over positions lo..hi (1..14,
14 = the Ace above the King), or ("t", rank, suits), a set.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from game.engine.caches import Memo
from game.families.vazhushal.cards import kind_value

KINDS = 53
JOKER = 52
NO_PURE = 2  # wild cards a hand with no melds and no natural run is judged short of

SUIT = tuple(k // 13 for k in range(52))
BIT = tuple(1 << (k % 13) for k in range(52))
_ALL_KINDS = range(KINDS)
_BITS = tuple(tuple(r for r in range(13) if m >> r & 1) for m in range(1 << 13))


def _kind(suit: int, pos: int) -> int:
    return suit * 13 + (0 if pos == 14 else pos - 1)


def _near(a: int, b: int, reach: int) -> bool:
    """Natural kinds of one suit at most ``reach`` places apart (the Ace
    beside both the 2 and the King)."""
    if a // 13 != b // 13 or a == b:
        return False
    ra, rb = a % 13 + 1, b % 13 + 1
    return any(0 < abs(x - y) <= reach for x in ((ra, 14) if ra == 1 else (ra,))
               for y in ((rb, 14) if rb == 1 else (rb,)))


# natural kinds that can share a meld of three with a kind
PARTNERS = tuple(frozenset(b for b in range(52) if _near(a, b, 2) or (
    b % 13 == a % 13 and b != a)) for a in range(52))


def _trios(k: int) -> tuple[tuple[int, int], ...]:
    """The pairs of natural kinds that make a meld of three with ``k``: a run
    around it, or two other suits of its rank."""
    s, r0 = divmod(k, 13)
    out = set()
    for p in ((1, 14) if r0 == 0 else (r0 + 1,)):
        for lo in (p - 2, p - 1, p):
            if lo >= 1 and lo + 2 <= 14:
                others = tuple(_kind(s, q) for q in range(lo, lo + 3) if q != p)
                out.add(others)
    suits = [t for t in range(4) if t != s]
    for a in range(3):
        for b in range(a + 1, 3):
            out.add((suits[a] * 13 + r0, suits[b] * 13 + r0))
    return tuple(sorted(out))


TRIOS = tuple(_trios(k) for k in range(52))


def meld_of(kind: str, stands_for: tuple[int, ...]) -> tuple:
    """The policy's form of a table meld (``TableMeld.kind``, ``stands_for``)."""
    if kind == "set":
        return ("t", stands_for[0] % 13, tuple(sorted(k // 13 for k in stands_for)))
    suit = stands_for[0] // 13
    high = any(k % 13 == 12 for k in stands_for)
    pos = sorted(14 if k % 13 == 0 and high else k % 13 + 1 for k in stands_for)
    return ("q", suit, pos[0], pos[-1])


def meld_value(m: tuple) -> int:
    """What a meld scores at a stock-out (a wild card worth its place)."""
    if m[0] == "t":
        return len(m[2]) * kind_value(m[1])
    return sum(kind_value(_kind(m[1], p)) for p in range(m[2], m[3] + 1))


def holds(m: tuple, k: int) -> bool:
    """Whether the meld ``m`` stands for the natural kind ``k`` (``meld_kinds``
    without building the list)."""
    if m[0] == "t":
        return m[1] == k % 13 and k // 13 in m[2]
    if m[1] != k // 13:
        return False
    p = k % 13 + 1
    return m[2] <= p <= m[3] or (p == 1 and m[3] == 14)


def meld_kinds(m: tuple) -> list[int]:
    """The kinds a meld stands for."""
    if m[0] == "t":
        return [s * 13 + m[1] for s in m[2]]
    return [_kind(m[1], p) for p in range(m[2], m[3] + 1)]


# the tables below are Memos: exact dicts of such values were young again
# after each deal's full collection (game.memory)
_LAYS: Memo = Memo(1 << 16)
_ENDS: Memo = Memo(1 << 16)


def lays_off(m: tuple, k: int) -> tuple | None:
    """``m`` with the natural kind ``k`` added at an end or in a missing
    suit, or None (remembered)."""
    key = (m, k)
    got = _LAYS.get(key, 0)
    if got == 0:
        got = _LAYS.keep(key, _lays_off(m, k))
    return got


def ends(m: tuple) -> tuple[int, ...]:
    """The natural kinds that lay off on ``m`` (remembered)."""
    got = _ENDS.get(m)
    if got is None:
        got = _ENDS.keep(m, _ends(m))
    return got


# A meld's kinds that matter to a split, as 52-bit masks (bit k: kind k): the
# kinds that lay off on it (``ends``), the kinds at its ends (a set: all of
# them; a card laid off there can go again) and, for a run, the kinds two
# places beyond an end (near).  One lookup per meld where the split asked
# each card of each meld in turn.
_MELD_BITS: Memo = Memo(1 << 16)


def _meld_bits(m: tuple) -> tuple[int, int, int]:
    touch = sum(1 << k for k in set(ends(m)))  # a run from 2 to K ends in the Ace twice
    if m[0] == "t":
        return _MELD_BITS.keep(m, (touch, sum(1 << (s * 13 + m[1]) for s in m[2]), 0))
    at_ends = 1 << _kind(m[1], m[2]) | 1 << _kind(m[1], m[3])
    return _MELD_BITS.keep(m, (touch, at_ends, _near_ends(m) << 13 * m[1]))


def _lays_off(m: tuple, k: int) -> tuple | None:
    """``m`` with the natural kind ``k`` added at an end or in a missing
    suit, or None."""
    s, r0 = divmod(k, 13)
    if m[0] == "t":
        if r0 == m[1] and s not in m[2] and len(m[2]) < 4:
            return ("t", r0, tuple(sorted(m[2] + (s,))))
        return None
    if s != m[1]:
        return None
    lo, hi = m[2], m[3]
    for p in ((1, 14) if r0 == 0 else (r0 + 1,)):
        if p == lo - 1 and not (p == 1 and hi == 14):
            return ("q", s, p, hi)
        if p == hi + 1 and not (p == 14 and lo == 1):
            return ("q", s, lo, p)
    return None


def _ends(m: tuple) -> tuple[int, ...]:
    if m[0] == "t":
        return () if len(m[2]) >= 4 else tuple(t * 13 + m[1] for t in range(4) if t not in m[2])
    s, lo, hi = m[1], m[2], m[3]
    out = []
    if lo > 1 and not (lo == 2 and hi == 14):
        out.append(_kind(s, lo - 1))
    if hi < 14 and not (hi == 13 and lo == 1):
        out.append(_kind(s, hi + 1))
    return tuple(out)


def _near_ends(m: tuple) -> int:
    """Bits (rank indices of the run's suit) of the kinds two places beyond
    an end of the run ``m``."""
    lo, hi = m[2], m[3]
    bits = 0
    if lo > 2 and not (lo == 3 and hi == 14):
        bits |= 1 << (lo - 3)
    if hi < 13 and not (hi == 12 and lo == 1):
        p = hi + 2
        bits |= 1 << (0 if p == 14 else p - 1)
    return bits


def spare_of(m: tuple) -> int:
    """The kind a meld of four or more can lose: a run's high end, a set's
    last suit."""
    return m[2][-1] * 13 + m[1] if m[0] == "t" else _kind(m[1], m[3])


def length(m: tuple) -> int:
    return len(m[2]) if m[0] == "t" else m[3] - m[2] + 1


class Split:
    """A hand split by the policy: its melds, the natural cards left as
    groups (a few cards of a suit that wild cards make a run of, or two
    suits of a rank), near cards and singles, and what it would take to
    meld them."""

    __slots__ = ("melds", "groups", "near", "singles", "cost", "pure", "wilds", "spare",
                 "short")

    def __init__(self, melds, groups, near, singles, pure, wilds, spare) -> None:
        self.melds = melds
        self.groups = groups  # (kinds, wild cards it needs, the meld they make)
        self.near = near  # kinds one wild card away from a run
        self.singles = singles
        self.pure = pure  # a natural run among the melds
        self.wilds = wilds
        self.spare = spare  # melded kinds that can go without breaking a meld
        cost = len(near) + 2 * len(singles)
        for g in groups:
            cost += g[1]
        self.cost = cost
        # wild cards short of melding every card (negative: to spare); a
        # split never changes, and the policy reads this on every split
        self.short = cost - wilds


def hand_masks(c: list[int], wildk: Sequence[bool]) -> tuple[list[int], list[int], int]:
    """Hand ``c`` (counts per kind; ``wildk``: per kind, whether it is wild
    in the deal) as (a 13-bit mask per suit of the natural kinds held, the
    natural copies beyond the first in kind order (two decks), the wild
    cards held)."""
    masks = [0, 0, 0, 0]
    extra: list[int] = []
    w = 0
    # only the kinds held (found in C: a hand holds a dozen of the 53)
    for k in compress(_ALL_KINDS, c):
        n = c[k]
        if wildk[k]:
            w += n
        else:
            masks[SUIT[k]] |= BIT[k]
            if n > 1:
                extra += [k] * (n - 1)
    return masks, extra, w


def with_kinds(hand: tuple[list[int], list[int], int], kinds: list[int],
               wildk: Sequence[bool]) -> tuple[list[int], list[int], int]:
    """``hand_masks`` of a hand (given as ``hand_masks`` gives it, left as it
    is) with a card of each of ``kinds`` more: a wipe adds a few line cards
    to a hand of a dozen kinds."""
    masks, extra, w = list(hand[0]), list(hand[1]), hand[2]
    for k in kinds:
        if wildk[k]:
            w += 1
        elif masks[SUIT[k]] & BIT[k]:
            extra.append(k)
        else:
            masks[SUIT[k]] |= BIT[k]
    extra.sort()  # in kind order, as hand_masks gives them
    return masks, extra, w


def has_run(masks: list[int]) -> bool:
    """Whether suit masks (``hand_masks``) hold a natural run of three."""
    for m in masks:
        if m and runs_of(m)[0]:
            return True
    return False


def split_hand(c: list[int], wildk: Sequence[bool], table: tuple = (),
               melded: bool = False) -> Split:
    """The cheaper of the two greedy splits of hand ``c`` (counts per kind;
    ``wildk``: per kind, whether it is wild in the deal) beside the player's
    ``table`` melds (``melded``: it has some, so any meld may be laid;
    without, a split with a natural run is worth ``NO_PURE``)."""
    return split_masks(*hand_masks(c, wildk), table, melded)


def split_masks(masks: list[int], extra: list[int], w: int, table: tuple = (),
                melded: bool = False) -> Split:
    """``split_hand`` of a hand given as ``hand_masks`` gives it (changes
    ``masks`` and ``extra``)."""
    a0, b0, c0, d0 = masks
    three = (a0 & b0 & c0) | (a0 & b0 & d0) | (a0 & c0 & d0) | (b0 & c0 & d0)
    if three:
        for m in masks:
            if (m ^ runs_of(m)[1]) & three:
                break
        else:
            three = 0
    if not three:
        # no set, or none that shares a card with a run: both ways agree
        return _split(masks, extra, table, True, w)
    a = _split(list(masks), list(extra), table, True, w)
    if not a.cost and (melded or a.pure):
        return a
    b = _split(masks, extra, table, False, w)
    if melded:
        return a if a.cost <= b.cost else b
    return a if a.cost + (0 if a.pure else NO_PURE) <= b.cost + (0 if b.pure else NO_PURE) \
        else b


_RUNS: Memo = Memo(1 << 13)  # by a suit's 13-bit mask: never trimmed


def runs_of(mask: int) -> tuple:
    """(the maximal runs of three or more as (lo, hi) positions, the mask
    left) of one suit's 13-bit mask (bit r0: rank index r0)."""
    got = _RUNS.get(mask)
    if got is not None:
        return got
    left = mask
    runs = []
    while True:
        b = left << 1 | (left & 1) << 14  # bit p: position p (the Ace at 1 and 14)
        r3 = b & (b >> 1) & (b >> 2)
        if not r3:
            break
        lo = (r3 & -r3).bit_length() - 1
        hi = lo + 2
        while hi < 14 and b >> (hi + 1) & 1:
            hi += 1
        if lo == 1 and hi == 14:
            hi = 13
        runs.append((lo, hi))
        for p in range(lo, hi + 1):
            left &= ~(1 << (0 if p == 14 else p - 1))
    got = _RUNS.keep(mask, (tuple(runs), left))
    return got


def _split(masks: list[int], extra: list[int], table: tuple, runs_first: bool,
           w: int) -> Split:
    """One greedy split of the natural cards (``masks``: a 13-bit mask per
    suit, ``extra``: second copies), changing both."""
    melds: list[tuple] = []
    if runs_first:
        pure = _runs(masks, melds)
        _sets(masks, melds)
    else:
        _sets(masks, melds)
        pure = _runs(masks, melds)
    spare = []
    if melds or table:
        grown = list(table)
        laid: list[int] = []
        extra = _lay_off(masks, extra, melds, grown, laid)
        if laid:
            # a card laid off can go again while it is at an end of its meld
            at_ends = 0
            for m in melds + grown:
                at_ends |= (_MELD_BITS.get(m) or _meld_bits(m))[1]
            spare = [k for k in laid if at_ends >> k & 1]
        for m in melds:
            if length(m) > 3:
                spare.append(spare_of(m))
    return _loose(masks, extra, melds, table, pure, w, spare)


# By ``suit << 13 | mask`` (never trimmed): a suit's runs as melds and the
# mask left, its loose cards as groups and singles.  Suits repeat from hand
# to hand, and the rollouts split hands several times a turn.
_SUIT_RUNS: Memo = Memo(1 << 15)
_SUIT_LOOSE: Memo = Memo(1 << 15)


def _suit_runs(key: int) -> tuple:
    s, mask = key >> 13, key & 0x1FFF
    runs, left = runs_of(mask)
    return _SUIT_RUNS.keep(key, (tuple(("q", s, lo, hi) for lo, hi in runs), left))


def _suit_loose(key: int) -> tuple:
    s, mask = key >> 13, key & 0x1FFF
    segs, alone = segments(mask)
    groups = tuple((tuple(s * 13 + r for r in r0s), need, ("q", s, lo, hi))
                   for r0s, need, lo, hi in segs)
    return _SUIT_LOOSE.keep(key, (groups, tuple(s * 13 + r for r in alone)))


def _runs(masks: list[int], melds: list) -> bool:
    """Take every suit's runs out of ``masks`` into ``melds``; whether there were any."""
    found = False
    for s in range(4):
        m = masks[s]
        if m:
            key = s << 13 | m
            runs, masks[s] = _SUIT_RUNS.get(key) or _suit_runs(key)
            if runs:
                melds += runs
                found = True
    return found


# the set of rank r0 in the suits of a 4-bit pattern: _SET_MELDS[r0][pattern]
_SET_MELDS = tuple(tuple(("t", r0, tuple(s for s in range(4) if p >> s & 1)) for p in range(16))
                   for r0 in range(13))


def _sets(masks: list[int], melds: list) -> None:
    a, b, c, d = masks
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    if not three:
        return
    for s in range(4):
        masks[s] &= ~three
    while three:
        low = three & -three
        three ^= low
        r0 = low.bit_length() - 1
        melds.append(_SET_MELDS[r0][(a >> r0 & 1) | (b >> r0 & 1) << 1 | (c >> r0 & 1) << 2
                                   | (d >> r0 & 1) << 3])


def _lay_off(masks: list[int], extra: list[int], melds: list, table: list,
             laid: list[int]) -> list[int]:
    """Lay the loose cards (``masks``, ``extra``) off on the hand's melds
    and the table's (both lists change as cards join them, ``laid`` gets
    the kinds laid); the second copies left."""
    groups = melds + table
    # Which meld each end kind lays off on (the first it ends; a grown meld's
    # new ends join).  Only loose kinds are kept: a kind never held never lays
    # off, so most hands find none at one test per meld on 52-bit kind masks.
    loose = masks[0] | masks[1] << 13 | masks[2] << 26 | masks[3] << 39
    for k in extra:
        loose |= 1 << k
    ext: dict[int, int] = {}
    for j, m in enumerate(groups):
        if (_MELD_BITS.get(m) or _meld_bits(m))[0] & loose:
            for k in ends(m):
                if loose >> k & 1:
                    ext.setdefault(k, j)
    if not ext:
        return extra  # no loose card touches a meld
    n = len(melds)
    changed = True
    while changed and ext:
        changed = False
        for k, j in list(ext.items()):
            s = SUIT[k]
            held = masks[s] & BIT[k]
            if (not held and k not in extra) or ext.get(k) != j:
                continue
            m = groups[j]
            grown = lays_off(m, k)
            if grown is None:
                continue
            if held:
                masks[s] &= ~BIT[k]
            else:
                extra.remove(k)
            laid.append(k)
            groups[j] = grown
            for e in ends(m):
                if ext.get(e) == j:
                    del ext[e]
            for e in ends(grown):
                if loose >> e & 1:
                    ext.setdefault(e, j)
            changed = True
    melds[:] = groups[:n]
    table[:] = groups[n:]
    return extra


def _loose(masks: list[int], extra: list[int], melds: list, table: tuple, pure: bool,
           w: int, spare: list[int]) -> Split:
    """The split's loose cards: the groups of each suit (``segments``), then
    two singles of a rank paired, then singles two places beyond a run's
    end (near); the rest single (a second copy of a kind is a single that
    may pair with its rank)."""
    groups: list = []
    singles: list = []
    for s in range(4):
        m = masks[s]
        if m:
            key = s << 13 | m
            g, alone = _SUIT_LOOSE.get(key) or _suit_loose(key)
            groups += g
            singles += alone
    singles += extra
    if len(singles) > 1:
        singles = _rank_pairs(singles, groups)
    near: list[int] = []
    if singles:
        near_bits = 0
        for m in melds:
            near_bits |= (_MELD_BITS.get(m) or _meld_bits(m))[2]
        for m in table:
            near_bits |= (_MELD_BITS.get(m) or _meld_bits(m))[2]
        if near_bits:
            near = [k for k in singles if near_bits >> k & 1]
            if near:
                singles = [k for k in singles if not near_bits >> k & 1]
    return Split(melds, groups, near, singles, pure, w, spare)


def _rank_pairs(singles: list[int], groups: list) -> list[int]:
    """Pair singles of one rank in two suits (a set with one wild card);
    the singles left."""
    if len({k % 13 for k in singles}) == len(singles):
        return singles  # no two of a rank (what the loop below would give back)
    left = []
    by_rank: dict[int, int] = {}
    for k in singles:
        r0 = k % 13
        other = by_rank.get(r0)
        if other is not None and other // 13 != k // 13:
            del by_rank[r0]
            pair = tuple(sorted((other, k)))
            groups.append((pair, 1, ("t", r0, tuple(sorted((other // 13, k // 13))))))
        else:
            if other is not None:
                left.append(other)
            by_rank[r0] = k
    return left + list(by_rank.values())


_SEGS: Memo = Memo(1 << 13)  # by a suit's 13-bit mask: never trimmed


def segments(mask: int) -> tuple:
    """(groups, singles) of one suit's loose cards (13-bit mask): the
    cheapest way to cut them, in order, into runs filled by wild cards
    (a cut of ``n`` cards over ``span`` places needs ``span - n`` wild cards
    inside, and more to reach three) and single cards (two wild cards
    each).  A group is (rank indices, wild cards, lo, hi positions of the
    run).  The Ace goes low or high, whichever is cheaper.  Remembered per
    mask."""
    got = _SEGS.get(mask)
    if got is None:
        r0s = _BITS[mask]
        got = _cut([r + 1 for r in r0s])
        if mask & 1:
            high = _cut([r + 1 for r in r0s[1:]] + [14])
            if _cost(high) < _cost(got):
                got = high
        _SEGS.keep(mask, got)
    return got


def _cost(cut: tuple) -> int:
    return sum(g[1] for g in cut[0]) + 2 * len(cut[1])


def _cut(pos: list[int]) -> tuple:
    """The cheapest cut of sorted positions into runs and singles."""
    n = len(pos)
    best = [0] + [1 << 20] * n
    back = [0] * (n + 1)
    for i in range(1, n + 1):
        for j in range(i - 1, -1, -1):
            if j < i - 1 and pos[j + 1] - pos[j] > 3:
                break
            span = pos[i - 1] - pos[j] + 1
            cost = 2 if i - j == 1 else span - (i - j) + max(0, 3 - span)
            if best[j] + cost < best[i]:
                best[i], back[i] = best[j] + cost, j
    groups, singles = [], []
    i = n
    while i:
        j = back[i]
        part = pos[j:i]
        r0s = tuple(0 if p == 14 else p - 1 for p in part)
        if len(part) == 1:
            singles.append(r0s[0])
        else:
            lo, hi = part[0], part[-1]
            while hi - lo < 2:  # a wild card or two to reach three
                if hi < 14:
                    hi += 1
                else:
                    lo -= 1
            groups.append((r0s, hi - lo + 1 - len(part), lo, hi))
        i = j
    return tuple(groups), tuple(singles)


def group_cost(kinds: list[int]) -> int:
    """The wild cards natural kinds of one suit need to meld (``segments``'
    cost of them), or of one rank (two suits: one)."""
    if len(kinds) == 2 and kinds[0] % 13 == kinds[1] % 13:
        return 1
    mask = 0
    for k in kinds:
        mask |= BIT[k]
    return _cost(segments(mask))
