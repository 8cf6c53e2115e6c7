"""A lower bound on the wild cards a 21/27-card hand needs to meld every
natural card: the searches that ask whether it can (the "complete" rung, a
show, a hand one card from either) stop at once when it has fewer.

Within one of ``Hand.search``'s passes the tunnelas are chosen before the
search, so below them a meld of natural cards alone is a pure run of three
or a set of three suits.  A natural card that no such meld can hold sits in
a meld with at least one wild card (a designated wild kind standing as
itself in a pure run costs one too), two when it is isolated (no natural
card of its rank in another suit, none of its suit within two ranks: both
places beside it hold wild cards).  Two such cards sharing neither a rank
nor a suit are never in one meld (a set is one rank, a run one suit), nor
are two copies of one kind, so their melds, and their wild cards, are
distinct.  ``wild_need`` chooses such cards; what they need adds up to the
bound.  Taking cards out of a hand never lets a card into a meld of natural
cards alone, so the cards chosen for a hand bound every state the search
reaches from it, counted with the copies left (``need_left``).

Pure Python (no pygame, numpy or threads): it also runs in the browser."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence


def wild_need(held: Iterable[int], counts: Sequence[int], is_wild: Sequence[bool],
              isolated: Collection[int]) -> tuple[tuple[int, int], ...]:
    """(kind, wild cards its meld needs) for natural kinds that no pure run
    of three or set of three suits among the naturals holds, no two sharing
    a rank or a suit, those needing most wild cards in all first.
    ``held``: the kinds 0..51 held (each once); ``counts``: the copies of
    each kind; ``is_wild``: the designated wild kinds (not naturals here);
    ``isolated``: kinds known isolated."""
    naturals = [k for k in held if counts[k] and not is_wild[k]]
    rows = [0, 0, 0, 0]  # a bit a rank held, per suit
    for k in naturals:
        rows[k // 13] |= 1 << k % 13
    runs = []  # the ranks in some three in a row, per suit
    for row in rows:
        row |= (row & 1) << 13  # the Ace high too
        starts = row & row >> 1 & row >> 2
        cover = starts | starts << 1 | starts << 2
        runs.append(cover | cover >> 13)
    a, b, c, d = rows
    sets = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in three suits
    loose = []
    for k in naturals:
        s, r = divmod(k, 13)
        if not (runs[s] | sets) >> r & 1:
            need = 2 if k in isolated else 1
            loose.append((need * counts[k], k, need))
    loose.sort(reverse=True)
    ranks = suits = 0
    chosen = []
    for _total, k, need in loose:
        s, r = divmod(k, 13)
        if not (ranks >> r & 1 or suits >> s & 1):
            ranks |= 1 << r
            suits |= 1 << s
            chosen.append((k, need))
    return tuple(chosen)


def need_left(chosen: tuple[tuple[int, int], ...], counts: Sequence[int]) -> int:
    """The wild cards the ``chosen`` kinds need with ``counts`` copies left."""
    return sum([need * counts[k] for k, need in chosen])
