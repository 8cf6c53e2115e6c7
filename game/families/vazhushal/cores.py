"""Vazhushal (Wipe), RULES.md §7: the readings of a *core*, the natural
cards of one meld in the lay-down search (``laydown.py``), with the wild
cards that may fill it in.  Pure Python.

A core: (type, suit or rank index, positions or suits, natural kinds, least
wilds); type "q" = sequence (positions 1..14 in one suit), "t" = set (suits
of one rank), "l" = one natural card (a sequence or a set).  An option (one
reading of a core): (wilds, value of the wild places, rep, pure) where rep
names the meld represented: ("q", suit, lo, hi) or ("t", rank, suits).
"""

from __future__ import annotations

from itertools import combinations

from game.families.vazhushal.cards import kind_value, position_value

_OPTIONS: dict[tuple, list[tuple]] = {}


def core_options(core: tuple, budget: int) -> list[tuple]:
    """Every reading of ``core`` with at most ``budget`` wild cards
    (remembered: the search asks the same ones again and again)."""
    key = (core[0], core[1], core[2], budget)
    got = _OPTIONS.get(key)
    if got is not None:
        return got
    out: list[tuple] = []
    if core[0] == "l":  # one natural card: a sequence or a set
        suit, r0 = divmod(core[1], 13)
        out = core_options(("q", suit, (r0 + 1,)), budget) + core_options(("t", r0, (suit,)),
                                                                        budget)
        if r0 == 0:
            out = out + core_options(("q", suit, (14,)), budget)
    elif core[0] == "q":
        suit, pos = core[1], core[2]
        m = len(pos)
        a, b = pos[0], pos[-1]
        own = sum(position_value(p) for p in pos)
        for lo in range(a, max(1, a - budget) - 1, -1):
            for hi in range(b, min(14, b + budget) + 1):
                n = hi - lo + 1
                w = n - m
                if w > budget or n < 3 or (lo == 1 and hi == 14):
                    continue
                val = sum(position_value(p) for p in range(lo, hi + 1)) - own
                out.append((w, val, ("q", suit, lo, hi), w == 0))
    else:
        r0, suits = core[1], core[2]
        m = len(suits)
        missing = [s for s in range(4) if s not in suits]
        for size in (3, 4):
            extra = size - m
            if extra < 0 or extra > budget:
                continue
            for add in combinations(missing, extra):
                rep = ("t", r0, tuple(sorted(suits + add)))
                out.append((extra, extra * kind_value(r0), rep, extra == 0))
    if len(_OPTIONS) > 50000:
        _OPTIONS.clear()
    _OPTIONS[key] = out
    return out
