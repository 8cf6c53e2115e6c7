"""Vazhushal's rollout policy (``search.py`` holds the worlds, the light deal
and the settlement): a hand judged on kind counts in some tens of
microseconds, where the bots' exact lay-down search takes milliseconds.

Every decision starts from the hand's greedy split (``split.py``: melds,
pairs, near cards and singles, and the **shortfall**: the wild cards it
would take to meld every natural card, less those held).

How the policy plays (``goes_out``, ``throw``, ``best_wipe``):

- **Going out** when everything but one card is melded with the wild cards
  held (a natural run among the melds when the player has none on the
  table).  The greedy split misses a few ways the exact search finds (the
  player goes out a turn late, then).
- **The discard**: the costliest single card; else the costliest near card,
  else a card of a pair (one apart before side by side or of a rank); a
  wild card never while a natural card is left.
- **The wipe**: the top card and the ``WIPE_DEPTH`` deepest line cards that
  make a meld of three with cards the player would hold are tried; the
  wipe whose hand, the new meld laid, is short of the fewest wild cards is
  taken when it is short of no more than the hand now (``WIPE_GAIN``).  A
  player with no melds wipes only into a natural run or while holding one
  (laid with it), and the first upcard, when wild, only once it holds one.
"""

from __future__ import annotations

from game.engine.caches import Memo
from game.families.vazhushal.cards import kind_value
from game.families.vazhushal.split import (
    JOKER,
    KINDS,
    NO_PURE,
    PARTNERS,
    TRIOS,
    Split,
    group_cost,
    hand_masks,
    has_run,
    holds,
    length,
    meld_kinds,
    meld_value,
    split_hand,
    split_masks,
    with_kinds,
)

WIPE_DEPTH = 3  # line cards below the top the policy weighs wiping from (deepest first)
# a wipe is taken when the hand after it is short of no more wild cards than
# the hand now, less this (and of the fewest of the wipes tried)
WIPE_GAIN = 0
STOCK_WILD = 7  # what a wild card laid is worth at a stock-out, about (the policy's count)


# A group's ends, each with the change of shortfall when it is thrown, by
# (kinds, wild cards it needs): every discard of a rollout asks them.
_GROUP_ENDS: Memo = Memo(1 << 14)


def _group_ends(kinds: tuple[int, ...], need: int) -> tuple[tuple[int, int], ...]:
    out = []
    for k in {kinds[0], kinds[-1]}:
        rest = [x for x in kinds if x != k]
        out.append((k, -need + (group_cost(rest) if len(rest) > 1 else 2)))
    return _GROUP_ENDS.keep((kinds, need), tuple(out))


class Table:
    """What one deal's wild cards fix for every rollout of a decision."""

    __slots__ = ("wild", "wildk", "wild_kinds", "naturals", "val", "left")

    def __init__(self, wild: frozenset[int]) -> None:
        self.wild = wild
        self.wildk = [k == JOKER or k in wild for k in range(KINDS)]
        self.wild_kinds = tuple(k for k in range(KINDS) if self.wildk[k])
        self.naturals = tuple(k for k in range(52) if not self.wildk[k])
        self.val = [kind_value(k) for k in range(52)] + [0]
        # what a card left in hand costs at a stock-out (a wild card 20)
        self.left = [20 if self.wildk[k] else self.val[k] for k in range(KINDS)]

    # ---------------------------------------------------------- the split
    def split(self, c: list[int], table: tuple = (), melded: bool = False) -> Split:
        """The policy's split of hand ``c`` beside the player's ``table``
        melds (``melded``: it has some; see ``split.split_hand``)."""
        return split_hand(c, self.wildk, table, melded)

    def short(self, s: Split, melded: bool) -> int:
        """The shortfall the policy compares (no pure run and no melds:
        ``NO_PURE`` more)."""
        return s.short + (0 if melded or s.pure else NO_PURE)

    # --------------------------------------------------------- the policy
    def discards(self, s: Split) -> list[tuple[int, int]]:
        """Every kind worth throwing from a hand split as ``s``, with the
        shortfall of the hand left: a single, a near card, an end of a
        group, a melded card to spare, a wild card."""
        base = s.short
        out = [(k, base - 2) for k in s.singles]
        out += [(k, base - 1) for k in s.near]
        for kinds, need, _ in s.groups:
            out += [(k, base + d) for k, d in _GROUP_ENDS.get((kinds, need))
                    or _group_ends(kinds, need)]
        out += [(k, base) for k in s.spare]
        if s.wilds:
            out.append((JOKER, base + 1))
        return out

    def goes_out(self, s: Split, size: int, melded: bool,
                 discards: list[tuple[int, int]] | None = None) -> bool:
        """Whether a hand of ``size`` cards split as ``s`` goes out: every
        card but one melded with the wild cards held (``discards``: the
        split's, when the caller has them)."""
        if size < 2 or not (melded or s.pure):
            return False
        if discards is None:
            discards = self.discards(s)
        return any(short <= 0 for _, short in discards)

    def throw(self, c: list[int], s: Split, melded: bool,
              discards: list[tuple[int, int]] | None = None) -> tuple[int, int]:
        """(the kind the policy throws from hand ``c`` split as ``s``, the
        shortfall of the hand left): the throw that leaves the hand
        shortest, then the costliest card; a wild card only when it leaves
        the hand shorter than any natural card would (``discards``: the
        split's, when the caller has them)."""
        val = self.val
        best, key = None, None
        if discards is None:
            discards = self.discards(s)
        for k, short in discards:
            if k == JOKER:
                k = next(x for x in self.wild_kinds if c[x])
            if not c[k]:
                continue
            kk = (short, self.wildk[k], -val[k], -k)
            if key is None or kk < key:
                best, key = k, kk
        if best is None:  # nothing loose, nothing to spare: break a meld
            best = next((k for k in self.naturals if c[k]), None)
            if best is None:
                best = next(k for k in range(KINDS) if c[k])
            return best, self.short(s, melded) + 2
        return best, key[0] + (0 if melded or s.pure else NO_PURE)

    def best_wipe(self, c: list[int], line: list[int], table: tuple, melded: bool,
                  upcard_wild: bool, now: int | None) -> tuple | None:
        """(line index, hand after the wipe, melds laid, its split) for the
        wipe the policy takes, or None (it draws from the stock).  ``now``:
        the hand's shortfall, when the caller knows it; ``upcard_wild``:
        line[0] is the first upcard and it is wild."""
        if not line:
            return None
        top = len(line) - 1
        tried = []
        if top:
            held = list(c)  # the hand and the line above the card tried
            for x in line[1:]:
                held[x] += 1
            for i in range(top):
                if self._melds_with(held, line[i]):
                    tried.append(i)
                    if len(tried) == WIPE_DEPTH:
                        break
                held[line[i + 1]] -= 1
        if self._melds_with(c, line[top]):
            tried.append(top)
        if not tried:
            return None
        best = None
        hand = hand_masks(c, self.wildk)
        for i in tried:
            # the wild first upcard waits for a natural run: no need to split for it
            if i == 0 and upcard_wild and not melded and not has_run(hand[0]):
                continue
            got = self._wipe(c, hand, line, i, table, melded)
            if got is None:
                continue
            after, laid, s = got
            if now is None:  # only a wipe that lays a meld is compared with the hand now
                now = self.short(self.split(c, table, melded), melded)
            if s.short <= now - WIPE_GAIN and (best is None or s.short < best[3].short):
                best = (i, after, laid, s)
        return best

    def _melds_with(self, held: list[int], k: int) -> bool:
        """Whether the card ``k`` makes a meld of three with cards ``held``:
        two natural cards, or one and a wild card (a wild card: with any
        two cards)."""
        wildk = self.wildk
        if wildk[k]:
            return sum(held) >= 2
        for a, b in TRIOS[k]:
            if held[a] and held[b]:
                return True
        w = 0
        for x in self.wild_kinds:
            w += held[x]
        if not w:
            return False
        if w >= 2:
            return True
        for x in PARTNERS[k]:
            if held[x]:
                return True
        return False

    def _wipe(self, c: list[int], hand: tuple, line: list[int], i: int, table: tuple,
              melded: bool) -> tuple | None:
        """(hand after wiping from ``i`` and laying the new meld that holds
        ``line[i]`` (and the natural run a player with no melds lays with
        it), the melds laid, the hand's split), or None when the policy
        finds no such meld (``hand``: ``c`` as ``split.hand_masks`` gives it)."""
        after = list(c)
        wiped = line[i:]
        for k in wiped:
            after[k] += 1
        wildk = self.wildk
        masks, extra, w = with_kinds(hand, wiped, wildk)
        if not melded and not has_run(masks):
            return None  # no split of it holds the natural run it must lay
        low = line[i]
        s = split_masks(masks, extra, w, table, melded)
        group = None
        if not wildk[low]:
            meld = next((m for m in s.melds if holds(m, low)), None)
            if meld is not None:
                used, pure, need = meld_kinds(meld), meld[0] == "q", 0
            else:
                group = next((g for g in s.groups if low in g[0]), None)
                if group is not None:
                    used, need, meld = list(group[0]), group[1], group[2]
                elif low in s.singles or low in s.near:
                    used, need = [low], 2
                    p = low % 13 + 1
                    meld = ("q", low // 13, p, p + 2) if p < 12 else ("q", low // 13, 12, 14)
                else:
                    return None
                pure = False
                if s.wilds < need:
                    return None
        else:  # a wild card lowest: it fills a group, or joins a meld
            group = next((g for g in s.groups if g[1] == 1), None)
            if group is not None:
                used, need, meld, pure = list(group[0]) + [low], 0, group[2], False
            elif s.melds and s.melds[0][0] == "q" and length(s.melds[0]) < 14:
                m = s.melds[0]
                meld = ("q", m[1], m[2], m[3] + 1) if m[3] < 14 else ("q", m[1], m[2] - 1, m[3])
                used, need, pure = meld_kinds(m) + [low], 0, False
            else:
                return None
        laid = (meld,)
        if not melded and not pure:
            run = next((m for m in s.melds if m[0] == "q" and m is not meld), None)
            if run is None:
                return None
            laid = (meld, run)
            used = used + meld_kinds(run)
        wilds = [x for x in self.wild_kinds if after[x]] if need else ()
        for k in used:
            after[k] -= 1
        for _ in range(need):
            k = next(x for x in wilds if after[x])
            after[k] -= 1
        if min(after) < 0 or sum(after) < 1:
            return None
        # the split after laying: the same, less what was laid
        rest = [m for m in s.melds if m not in laid]
        groups = [g for g in s.groups if g is not group]
        singles = [k for k in s.singles if k != low or need != 2]
        near = [k for k in s.near if k != low or need != 2]
        return after, laid, Split(rest, groups, near, singles, s.pure or melded,
                                  s.wilds - need - wildk[low], s.spare)

    # -------------------------------------------------------- stock out
    def stock_score(self, c: list[int], table: tuple) -> int:
        """A stock-out score, about: the table's melds, the hand's split
        laid beside them (the wild cards filling groups first, then near
        cards, then singles), the rest left in hand."""
        melded = bool(table)
        s = self.split(c, table, melded)
        val = self.val
        if not melded and not s.pure:  # nothing may be laid
            return -sum(self.left[k] * c[k] for k in range(KINDS))
        score = sum(meld_value(m) for m in table) + sum(meld_value(m) for m in s.melds)
        w = s.wilds
        for kinds, need, _ in sorted(s.groups, key=lambda g: (g[1], -sum(val[k] for k in g[0]))):
            if w >= need:
                w -= need
                score += sum(val[k] for k in kinds) + STOCK_WILD * need
            else:
                score -= sum(val[k] for k in kinds)
        for k in sorted(s.near, key=lambda k: -val[k]):
            if w:
                w -= 1
                score += val[k] + STOCK_WILD
            else:
                score -= val[k]
        for k in sorted(s.singles, key=lambda k: -val[k]):
            if w >= 2:
                w -= 2
                score += val[k] + 2 * STOCK_WILD
            else:
                score -= val[k]
        return score + STOCK_WILD * w
