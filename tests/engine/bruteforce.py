"""A slow, obviously-correct referee for the evaluator: try every partition
of the hand into groups and deadwood, judge each group with ``classify``."""

from __future__ import annotations

from game.engine.cards import JOKER_KIND, card_points
from game.engine.melds import meld_types
from game.engine.meldtypes import ALLWILD, IMPURE, PURE, TANALA

PURE_TYPES = {PURE, TANALA}
SEQ_TYPES = {PURE, IMPURE, TANALA, ALLWILD}


def _partitions(n):
    """Restricted growth strings; label 0 is the deadwood."""
    labels = [0] * n

    def rec(i, top):
        if i == n:
            yield list(labels)
            return
        for lab in range(top + 2):
            labels[i] = lab
            yield from rec(i + 1, max(top, lab))

    yield from rec(0, 0)


def brute(cards, wild, opts):
    pts = [0 if c.kind == JOKER_KIND or c.kind in wild else card_points(c.kind, opts.ace_points)
           for c in cards]
    total = sum(pts)
    best_lives = -1
    best_pure = -1
    best_any = 0
    declarable = False
    n = len(cards)
    judged = {}  # a group's roles, judged once: partitions share most groups
    for labels in _partitions(n):
        groups = {}
        for i, lab in enumerate(labels):
            if lab:
                groups.setdefault(lab, []).append(i)
        roles = []
        ok = True
        for idx in groups.values():
            key = tuple(idx)
            if key not in judged:
                judged[key] = _role([cards[i] for i in idx], wild, opts)
            role = judged[key]
            if role is None:
                ok = False
                break
            roles.append(role)
        if not ok:
            continue
        melded = sum(pts[i] for i, lab in enumerate(labels) if lab)
        best_any = max(best_any, melded)
        if len(groups) == 1 and roles[0][0] == "pure":
            best_pure = max(best_pure, melded)
        if _lives(roles, opts):
            best_lives = max(best_lives, melded)
            if all(labels):
                declarable = True
    count = total
    if best_pure >= 0:
        count = min(count, total - best_pure)
    if best_lives >= 0:
        count = min(count, total - best_lives)
    return count, declarable, total - best_any


def _role(group, wild, opts):
    """("pure" | "seq" | "set", size) for a meld, None for a group that is none."""
    types = meld_types(group, wild, opts)
    if not types:
        return None
    if types & PURE_TYPES:
        return ("pure", len(group))
    if types & SEQ_TYPES:
        return ("seq", len(group))
    return ("set", len(group))


def _lives(roles, opts):
    pures = [r for r in roles if r[0] == "pure"]
    seqs = [r for r in roles if r[0] in ("pure", "seq")]
    if not pures or len(seqs) < 2:
        return False
    if not opts.four_card_life:
        return True
    for i, p in enumerate(roles):
        if p[0] != "pure":
            continue
        for j, s in enumerate(roles):
            if j != i and s[0] in ("pure", "seq") and (p[1] >= 4 or s[1] >= 4):
                return True
    return False
