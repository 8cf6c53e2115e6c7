"""How the 21- and 27-card bots judge a hand (``WideJudge.analyse``): the
expected draws to each show it could make, what it would pay if another
player showed first, and its value-card bonus; the bots' module docstring
(``bots.py``) says how."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.knowledge import live_counts
from game.engine import PlayerView
from game.engine.cards import card_points
from game.engine.state import SeatStatus
from game.families.twentyone.cards import bonus_points, form_rules

# what each kind counts (an ace 10, a joker 0), looked up in the inner loops
POINTS = [card_points(k) for k in range(53)]


def _kind(suit: int, pos: int) -> int:
    """The kind at run position ``pos`` (1..14, 14 = the Ace high)."""
    return suit * 13 + (pos - 1) % 13


# The three-card windows of pure runs: (suit, low position, kinds).
WINDOWS = tuple((s, p, (_kind(s, p), _kind(s, p + 1), _kind(s, p + 2)))
                for s in range(4) for p in range(1, 13))
# Partners of each kind in a two-card partial meld, and what completes it:
# (partner, completing kinds).
_PAIRS: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(52)]
for _k in range(52):
    _s, _r0 = divmod(_k, 13)
    for _p in ((_r0 + 1, 14) if _r0 == 0 else (_r0 + 1,)):  # positions of this kind
        for _d in (1, 2):
            _q = _p + _d
            if _q > 14 or (_p == 1 and _q > 13):
                continue
            if _d == 1:
                _fill = tuple(_kind(_s, x) for x in (_p - 1, _q + 1)
                              if 1 <= x <= 14 and not (x == 14 and _p == 1)
                              and not (x == 1 and _q == 14))
            else:
                _fill = (_kind(_s, _p + 1),)
            _PAIRS[_k].append((_kind(_s, _q), _fill))
    for _t in range(4):
        if _t != _s:
            _PAIRS[_k].append((_t * 13 + _r0, tuple(u * 13 + _r0 for u in range(4)
                                                   if u not in (_s, _t))))
del _k, _s, _r0, _p, _d, _q, _fill, _t


@dataclass(frozen=True)
class Analysis:
    value: float  # lower is better
    route: str  # the show the hand is nearest to
    need: int  # draws still needed on that route
    draws: float  # expected draws on that route (need / p)
    count: int  # what the hand would pay if another player showed
    bonus: int  # its value-card bonus (from each other player)


class WideJudge:
    """One decision's view of hands: the form's numbers, the wild kinds, the
    live cards and a memo of analysed hands."""

    def __init__(self, view: PlayerView, counting: bool = True, risk: float = 1.0,
                 bonus_weight: float = 1.0):
        rules = view.rules
        self.view = view
        self.form = form_rules(rules.form)
        self.size = rules.hand_size
        self.wild = view.wild
        self.iswild = [k in view.wild for k in range(52)] + [True]
        self.values = view.extra.values if view.extra is not None else ()
        self.scheme = rules.bonus_scheme
        self.wild_show = rules.wild_show
        self.ace = rules.ace_points
        self.risk = risk
        self.bonus_weight = bonus_weight
        self.opponents = max(1, sum(1 for s, st in enumerate(view.status)
                                    if st == SeatStatus.ACTIVE and s != view.seat))
        self.live = live_counts(view) if counting else [3] * 53
        self.unseen = max(1, sum(self.live))
        self.live_wild = sum(self.live[k] for k in range(53) if self.iswild[k])
        self.memo: dict[tuple[int, ...], Analysis] = {}

    # ------------------------------------------------------------ one hand
    def analyse(self, kinds: tuple[int, ...]) -> Analysis:
        """``kinds``: the hand (sorted kinds; a hand with one card more is
        judged as if its worst card went)."""
        found = self.memo.get(kinds)
        if found is not None:
            return found
        iswild = self.iswild
        c = [0] * 53
        w = 0
        for k in kinds:
            c[k] += 1
            if iswild[k]:
                w += 1
        live = self.live
        unseen = self.unseen
        routes = []
        # --- show "pure"
        need, useful, count, holes, pure_outs = self._pure(c, w)
        routes.append(("pure", need, useful))
        # --- dublees (a designated wild card pairs only with itself)
        dub = sum(n // 2 for n in c)
        fr = self.form
        need_d = max(0, fr.show_dublees - dub)
        single = sum(1 for k in range(53) if c[k] % 2 == 1)
        outs_d = sum(live[k] for k in range(53) if c[k] % 2 == 1)
        routes.append(("dublees", need_d, outs_d))
        # --- tunnelas: the kinds held most (their own copies are the outs)
        tops = sorted(((c[k], k) for k in range(53) if c[k] and c[k] + live[k] >= 3),
                      reverse=True)[:fr.pure_needed]
        if len(tops) == fr.pure_needed:
            need_t = sum(3 - min(3, n) for n, _k in tops)
            outs_t = sum(live[k] for n, k in tops if n < 3)
            routes.append(("tunnelas", need_t, outs_t))
        # --- wild cards held
        if self.wild_show:
            routes.append(("wilds", max(0, fr.show_wilds - w), self.live_wild))
        best = None
        for name, n, outs in routes:
            draws = 0.0 if n == 0 else n * unseen / max(outs, unseen * 0.01)
            if name == "pure" and holes:  # the pure holes need their own cards
                draws = max(draws, holes * unseen / max(pure_outs, unseen * 0.01))
            elif name == "dublees" and n and single:
                # each dublee made costs a single card more: fewer outs
                each = outs / single
                draws = sum(unseen / max(unseen * 0.01, each * (single - 2 * i))
                            for i in range(n))
            if best is None or draws < best[2]:
                best = (name, n, draws)
        name, n, draws = best
        if dub >= fr.flat_dublees or w >= fr.flat_wilds:
            count = 2
        count = min(count, fr.cap)
        bonus = bonus_points(kinds, self.values, self.scheme).points if self.values else 0
        value = (draws + self.risk * count / 40
                 - self.bonus_weight * bonus * self.opponents / 2)
        out = Analysis(value, name, n, draws, count, bonus)
        self.memo[kinds] = out
        return out

    def _pure(self, c: list[int], w: int) -> tuple[int, int, int, int, int]:
        """Need, outs (live copies of helpful cards), the count paid if
        another player showed, the holes of the pure targets and their outs,
        for show "pure"."""
        size = self.size
        want = self.form.pure_needed
        iswild = self.iswild
        live = self.live
        rem = [0 if iswild[k] else c[k] for k in range(52)]
        # pure targets: windows of one suit and tunnelas with the missing
        # cards live (designated wild kinds are left out of them)
        cands = []
        for _s, p, ks in WINDOWS:
            a, b, d = ks
            if iswild[a] or iswild[b] or iswild[d]:
                continue
            have = (rem[a] > 0) + (rem[b] > 0) + (rem[d] > 0)
            if not have:
                continue
            miss = [k for k in ks if rem[k] == 0]
            if any(live[k] == 0 for k in miss):
                continue
            cands.append((3 - have, -sum(live[k] for k in miss), p, ks))
        for k in range(52):
            if rem[k] >= 2 and (rem[k] == 3 or live[k] > 0):
                cands.append((3 - min(3, rem[k]), -live[k], 0, (k, k, k)))
        cands.sort()
        chosen = self._choose_targets(cands, rem, want)
        miss_p = 0
        pure_pts = 0
        complete_pure = 0
        useful: set[int] = set()
        spans = 0
        kept = 0
        runs_at = []  # the pure runs: [suit, lo, hi, complete]
        for miss, _l, p, ks in chosen:
            if ks[0] == ks[1]:  # a tunnela
                k = ks[0]
                n = min(3, rem[k])
                rem[k] -= n
                kept += n
                spans += 3
                if miss:
                    useful.add(k)
                else:
                    pure_pts += 3 * POINTS[k]
                    complete_pure += 1
                miss_p += miss
                continue
            for k in ks:
                if rem[k]:
                    rem[k] -= 1
                    kept += 1
                    if not miss:
                        pure_pts += POINTS[k]
                else:
                    useful.add(k)
            runs_at.append([ks[0] // 13, p, p + 2, not miss])
            if not miss:
                complete_pure += 1
            miss_p += miss
        pure_outs = sum(live[k] for k in useful)
        miss_p += 3 * (want - len(chosen))  # no target at all: three exact cards
        if len(chosen) < want:
            pure_outs += 6
        # the other cards: complete runs and sets
        other_pts = 0
        complete: list[list[int]] = []
        for s in range(4):
            while True:
                run = _longest_run(rem, s, iswild)
                if len(run) < 3:
                    break
                for k in run:
                    rem[k] -= 1
                complete.append(run)
        for r0 in range(13):
            while True:
                suits = [t * 13 + r0 for t in range(4) if rem[t * 13 + r0]]
                if len(suits) < 3:
                    break
                for k in suits:
                    rem[k] -= 1
                complete.append(suits)
        for g in complete:
            kept += len(g)
            spans += len(g)
            other_pts += sum(POINTS[k] for k in g)
        # the pure runs lengthened by the cards left next to them
        for run in runs_at:
            s, lo, hi, whole = run
            while hi < (13 if lo == 1 else 14) and rem[_kind(s, hi + 1)] \
                    and not iswild[_kind(s, hi + 1)]:
                hi += 1
                rem[_kind(s, hi)] -= 1
                kept += 1
                if whole:
                    pure_pts += POINTS[_kind(s, hi)]
            while lo > (2 if hi == 14 else 1) and rem[_kind(s, lo - 1)] \
                    and not iswild[_kind(s, lo - 1)]:
                lo -= 1
                rem[_kind(s, lo)] -= 1
                kept += 1
                if whole:
                    pure_pts += POINTS[_kind(s, lo)]
            spans += hi - lo + 1
            if whole:
                for x in (lo - 1, hi + 1):  # a longer pure run
                    if 1 <= x <= 14 and not (lo == 1 and x == 14) and not (hi == 14 and x == 1):
                        useful.add(_kind(s, x))
        # two-card partial melds, then single cards
        pairs: list[tuple[int, int, tuple[int, ...]]] = []
        singles: list[int] = []
        for k in range(52):
            while rem[k]:
                rem[k] -= 1
                for q, fill in _PAIRS[k]:
                    if rem[q] and not iswild[q]:
                        rem[q] -= 1
                        pairs.append((k, q, fill))
                        break
                else:
                    singles.append(k)
        # as many as fit in the hand's size (pure targets not found take
        # three places each): pairs (2 of 3 cards), then single cards (those
        # with most live partners first)
        room = size - spans - 3 * (want - len(chosen))
        holes = 0
        for _k, _q, fill in pairs:
            if room >= 3:
                room -= 3
                kept += 2
                holes += 1
                useful.update(fill)
        singles.sort(key=lambda k: -sum(live[q] for q, _f in _PAIRS[k]))
        for k in singles:
            if room < 3:
                break
            room -= 3
            kept += 1
            holes += 2
            useful.update(q for q, _f in _PAIRS[k])
        junk = size - kept - w
        if junk > 0:  # cards that lengthen complete melds replace junk
            for g in complete:
                if g[0] // 13 == g[-1] // 13 and g[0] != g[-1] and len(g) < 13:
                    s = g[0] // 13
                    positions = [_pos(k, g) for k in g]
                    lo, hi = min(positions), max(positions)
                    for x in (lo - 1, hi + 1):
                        if 1 <= x <= 14:
                            useful.add(_kind(s, x))
                elif len(g) < 4:
                    r0 = g[0] % 13
                    useful.update(t * 13 + r0 for t in range(4) if t * 13 + r0 not in g)
        need = max(junk, miss_p + max(0, holes - w), 0)
        if need:
            useful.update(k for k in range(53) if self.iswild[k])
        outs = sum(live[k] for k in useful)
        # the count if another player showed now (card points, wild cards 0)
        total = sum(POINTS[k] * c[k] for k in range(52) if not iswild[k])
        if self.ace != 10:
            total += (self.ace - 10) * sum(c[k] for k in range(0, 52, 13) if not iswild[k])
        if complete_pure == 0:
            count = total
        elif complete_pure < want:
            count = total - pure_pts
        else:
            count = total - pure_pts - other_pts
        return need, outs, count, miss_p, pure_outs

    @staticmethod
    def _choose_targets(cands, rem, want):
        """``want`` disjoint pure targets with the fewest missing cards
        (candidates sorted best first; a small search)."""
        best: list = []
        best_miss = [10 ** 6]
        used = {}
        chosen: list = []

        def fits(ks) -> bool:
            need: dict[int, int] = {}
            for k in ks:
                if rem[k] > 0:
                    need[k] = need.get(k, 0) + 1
            if ks[0] == ks[1]:
                need = {ks[0]: min(3, rem[ks[0]])}
            return all(used.get(k, 0) + n <= rem[k] for k, n in need.items())

        def take(ks, sign) -> None:
            if ks[0] == ks[1]:
                used[ks[0]] = used.get(ks[0], 0) + sign * min(3, rem[ks[0]])
                return
            for k in ks:
                if rem[k] > 0:
                    used[k] = used.get(k, 0) + sign

        nodes = [0]

        def dfs(start: int, miss: int) -> None:
            nodes[0] += 1
            if len(chosen) == want or start == len(cands):
                total = miss + 3 * (want - len(chosen))
                if total < best_miss[0]:
                    best_miss[0] = total
                    best[:] = chosen
                return
            if nodes[0] > 400:
                return
            for i in range(start, len(cands)):
                cand = cands[i]
                if miss + cand[0] * (want - len(chosen)) >= best_miss[0]:
                    break  # sorted: no later candidate does better
                if not fits(cand[3]):
                    continue
                chosen.append(cand)
                take(cand[3], 1)
                dfs(i + 1, miss + cand[0])
                take(cand[3], -1)
                chosen.pop()
                if best_miss[0] == 0:
                    return
            if len(chosen) < want:  # fewer targets held: the rest from nothing
                total = miss + 3 * (want - len(chosen))
                if total < best_miss[0]:
                    best_miss[0] = total
                    best[:] = chosen

        dfs(0, 0)
        return best


def _pos(k: int, group: list[int]) -> int:
    r = k % 13 + 1
    if r == 1 and any(x % 13 >= 11 for x in group):
        return 14
    return r


def _longest_run(rem: list[int], s: int, iswild: list[bool]) -> list[int]:
    """The longest run of consecutive natural cards of suit ``s`` held
    (positions 1..14, never K-A-2)."""
    best: list[int] = []
    cur: list[int] = []
    for p in range(1, 15):
        k = _kind(s, p)
        if rem[k] and not iswild[k] and not (p == 14 and cur and cur[0] % 13 == 0
                                              and len(cur) == 13):
            cur.append(k)
            if len(cur) > len(best):
                best = list(cur)
        else:
            cur = []
    if len(best) > 13:
        best = best[:13]
    return best
