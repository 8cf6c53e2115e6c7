"""What the rollout policies read of a natural card (kinds 0-51, suit * 13 +
rank, the ace 0) in one look-up: the other two cards of every run of three
it can be in (the ace low and high), the cards beside it and two away in
its suit, and its rank in the other suits, as bit masks of kinds (bit k:
kind k), fixed once at import.

``RUN3[k]``: the pairs (lower kind first) that make a run of three with
``k``, sorted; a policy that wants them as masks takes ``bits`` of each in
the order it reads them."""

from __future__ import annotations

from collections.abc import Iterable


def pos_kind(suit: int, pos: int) -> int | None:
    """Kind at run position ``pos`` (1..14, 14 = the ace above the king) or None."""
    if not 1 <= pos <= 14:
        return None
    return suit * 13 + (0 if pos == 14 else pos - 1)


def bits(kinds: Iterable[int]) -> int:
    """The bit mask of ``kinds``."""
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


def _tables():
    run3, adj, gap, same = [], [], [], []
    for k in range(52):
        s, r0 = divmod(k, 13)
        positions = (1, 14) if r0 == 0 else (r0 + 1,)
        trios, a, g = set(), set(), set()
        for p in positions:
            for lo in (p - 2, p - 1, p):
                if lo < 1 or lo + 2 > 14:
                    continue
                ks = [pos_kind(s, q) for q in (lo, lo + 1, lo + 2)]
                trios.add(tuple(sorted(x for x in ks if x != k)))
            for d, bucket in ((1, a), (2, g)):
                for q in (p - d, p + d):
                    x = pos_kind(s, q)
                    if x is not None and x != k:
                        bucket.add(x)
        run3.append(tuple(sorted(trios)))
        adj.append(bits(a))
        gap.append(bits(g - a))
        same.append(bits(t * 13 + r0 for t in range(4) if t != s))
    return tuple(run3), tuple(adj), tuple(gap), tuple(same)


RUN3, ADJM, GAPM, SAMEM = _tables()
NEARM = tuple(ADJM[k] | GAPM[k] | SAMEM[k] for k in range(52))
