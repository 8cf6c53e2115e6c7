"""How the Marriage bots judge a hand (``Judge.value``, over ``Shape``'s
exact search of kind counts) and what they know of the cards in sight; the
bots' module docstring (``bots.py``) says how."""

from __future__ import annotations

from game.ai.knowledge import live_counts as _live_counts
from game.engine import PlayerView
from game.engine.cards import JOKER_KIND
from game.families.marriage.actions import DUBLEES, MarriageView
from game.families.marriage.hand import jhiplu, poplu

NIDX = 53
# kind -> search index, rank-major (rank * 4 + suit): the cards a group may
# take beside the lowest one are then a few indices ahead
_IDX = [(k % 13) * 4 + k // 13 for k in range(52)] + [JOKER_KIND]
_UNIT = 1024  # a card in a group is worth more than any number of outs


# ------------------------------------------------------------------ shapes
class Shape:
    """Exact best grouping of a hand's non-wild cards into at most ``m``
    groups.  ``pure``: only tunnelas and pure runs (and their parts) count
    (the unseen player's three); otherwise trials too.  ``live[i]``: copies
    of search index ``i`` that may still come (None: all look alive).
    ``wild``: wild cards are held, so two identical cards are worth no more
    than one (a wild card never completes a tunnela) and a partial meld
    whose card is dead is still alive.  Memoised per instance: make one per
    decision and reuse it for every candidate hand."""

    def __init__(self, pure: bool, live: list[int] | None, wild: bool):
        self.pure = pure
        self.live = live
        self.wild = wild
        self.memo: dict[int, int] = {}
        self.c = [0] * NIDX
        self.lonely: tuple[int, ...] = ()  # the lonely cards' values, best first
        self.lonely_id = 0
        self.lonely_ids: dict[tuple[int, ...], int] = {}
        self.templates: list = [None] * NIDX  # built on first use
        self.single: list = [None] * NIDX

    def _alive(self, *idx: int) -> int:
        if self.live is None:
            return 1
        return sum(self.live[i] for i in idx if 0 <= i < NIDX)

    def _single(self, k: int) -> int:
        """A single card's value: one card, plus the live cards that would
        join it (its neighbours in the suit, its rank in other suits, and
        another copy where that helps)."""
        v = self.single[k]
        if v is None:
            near = [] if self.wild else [k]
            if k < JOKER_KIND:
                r, s = divmod(k, 4)
                near += [k + 4 * d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]
                if r == 0:
                    near += [44 + s, 48 + s]
                elif r >= 11:
                    near.append(s)
                if not self.pure:
                    near += [r * 4 + t for t in range(4) if t != s]
            v = self.single[k] = _UNIT + self._alive(*near)
        return v

    def _templates(self, k: int) -> list[tuple[tuple[int, ...], int, int]]:
        """Every group holding one copy of index k and higher indices, as
        (indices, value, state delta); the search keeps those in hand."""
        out: list[tuple[tuple[int, ...], int]] = [((k, k, k), 3 * _UNIT)]
        outs = self._alive(k)
        if outs:
            out.append(((k, k), (1 if self.wild else 2) * _UNIT + outs))
        if k < JOKER_KIND:
            r, s = divmod(k, 4)
            up1 = k + 4 if r <= 11 else -1
            up2 = k + 8 if r <= 10 else -1
            if up2 >= 0:
                out.append(((k, up1, up2), 3 * _UNIT))
            pairs = []
            if up1 >= 0:  # k, k+1: k-1 or k+2 completes (never K-A-2)
                pairs.append((up1, (k - 4 if r >= 1 else -1, k + 8 if r <= 10 else -1,
                                    s if r == 11 else -1)))
            if up2 >= 0:
                pairs.append((up2, (k + 4,)))
            if r == 0:  # the ace above the king: Q-K-A
                q, kk = 44 + s, 48 + s
                out.append(((k, q, kk), 3 * _UNIT))
                pairs += [(q, (kk,)), (kk, (q,))]
            if not self.pure:
                others = [r * 4 + t for t in range(s + 1, 4)]
                for i, a in enumerate(others):
                    for b in others[i + 1:]:
                        out.append(((k, a, b), 3 * _UNIT))
                    pairs.append((a, tuple(r * 4 + t for t in range(4) if t not in (s, a % 4))))
            for p, completers in pairs:
                outs = self._alive(*completers)
                if outs or self.wild:
                    out.append(((k, p), 2 * _UNIT + outs))
        return [(g, v, sum(1 << (3 * x) for x in g)) for g, v in out]

    def score(self, counts: list[int], m: int) -> int:
        """``_UNIT`` per card in a group, plus outs.  Cards that can join no
        other card of the hand (lonely) can only be single cards: they are
        left out of the search and take the groups it leaves over."""
        c = self.c
        c[:] = counts
        lonely = []
        state = 0
        for i in range(NIDX):
            n = counts[i]
            if not n:
                continue
            if n == 1 and not self._related(i):
                c[i] = 0
                lonely.append(self._single(i))
            else:
                state |= n << (3 * i)
        key = tuple(sorted(lonely, reverse=True)[:m])
        self.lonely = key
        self.lonely_id = self.lonely_ids.setdefault(key, len(self.lonely_ids))
        return self._best(0, state, m, sum(c))

    def _related(self, i: int) -> bool:
        """Whether index ``i`` shares a template with another card in hand."""
        c = self.c
        if i == JOKER_KIND:
            return False
        r, s = divmod(i, 4)
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 12 and c[i + 4 * d]:
                return True
        if r == 0 and (c[44 + s] or c[48 + s]) or r >= 11 and c[s]:
            return True
        return not self.pure and any(c[r * 4 + t] for t in range(4) if t != s)

    def _best(self, k: int, state: int, g: int, left: int) -> int:
        """Best value of the cards left (indices >= k, ``left`` of them,
        plus the lonely ones) in ``g`` groups.  Once a choice puts as many
        cards in groups as could ever fit, the others are not tried (they
        could only gain outs, a tiebreak)."""
        if g == 0:
            return 0
        c = self.c
        while k < NIDX and c[k] == 0:
            k += 1
        if k == NIDX:
            return sum(self.lonely[:g])
        key = (((state << 3) | g) << 16) | self.lonely_id
        v = self.memo.get(key)
        if v is not None:
            return v
        cap = min(3 * g, left + len(self.lonely)) * _UNIT
        best = -1
        templates = self.templates[k]
        if templates is None:
            templates = self.templates[k] = self._templates(k)
        for group, value, delta in templates:
            n = len(group)
            if n == 3:
                if group[1] == k:
                    if c[k] < 3:
                        continue
                elif not (c[group[1]] and c[group[2]]):
                    continue
            elif group[1] == k:
                if c[k] < 2:
                    continue
            elif not c[group[1]]:
                continue
            for x in group:
                c[x] -= 1
            v = value + self._best(k, state - delta, g - 1, left - n)
            for x in group:
                c[x] += 1
            if v > best:
                best = v
                if v >= cap:
                    break
        if best < cap:
            bit = 1 << (3 * k)
            c[k] -= 1
            # a single card: a group still to be filled
            v = self._single(k) + self._best(k, state - bit, g - 1, left - 1)
            if v > best:
                best = v
            if best < cap:  # or leave it out of every group
                v = self._best(k, state - bit, g, left - 1)
                if v > best:
                    best = v
            c[k] += 1
        self.memo[key] = best
        return best


def lonely_cards(c: list[int]) -> int:
    """Cards (by search index counts) that can join no other card of the
    hand in any meld: a cheap measure of how far the rest of a hand is from
    seven melds, for a player who has not seen."""
    n = 0
    for i in range(JOKER_KIND):
        if c[i] != 1:
            continue
        r, s = divmod(i, 4)
        if any(c[r * 4 + t] for t in range(4) if t != s):
            continue
        if any(0 <= r + d <= 12 and c[i + 4 * d] for d in (-2, -1, 1, 2)):
            continue
        if r == 0 and (c[44 + s] or c[48 + s]) or r >= 11 and c[s]:
            continue
        n += 1
    return n + (c[JOKER_KIND] == 1)


def counts_of(kinds, wild: frozenset[int]) -> tuple[list[int], int]:
    """Search-index counts of the non-wild cards, and how many are wild."""
    c = [0] * NIDX
    w = 0
    for k in kinds:
        if k in wild:
            w += 1
        else:
            c[_IDX[k]] += 1
    return c, w


# ------------------------------------------------------------- judgement
class Judge:
    """One decision's view of hands: the route(s) open, live cards, memos."""

    rest_weight = 0.15  # not seen: per card that can join no other, against the three

    def __init__(self, view: PlayerView, counting: bool, dublee_bias: float = 1.0):
        ex: MarriageView = view.extra
        seat = view.seat
        self.seen = ex.i_have_seen
        self.route = ex.my_route
        self.exposed = len(ex.exposed[seat])
        self.laid = len(ex.laid[seat])
        self.wild = view.wild
        self.dublee_bias = dublee_bias
        opts = view.rules.marriage_options
        self.dublees_open = opts.dublee_route_open(view.players)
        self.live_kinds = live_counts(view) if counting else None
        live = None
        self.unseen = max(1, sum(self.live_kinds)) if self.live_kinds is not None else 40
        if self.live_kinds is not None:
            live = [0] * NIDX
            for k in range(53):
                live[_IDX[k]] = self.live_kinds[k]
        self.live = live
        if self.seen:
            self.all = Shape(False, live, True)
        else:
            self.pures = Shape(True, live, False)

    def value(self, kinds: tuple[int, ...]) -> float:
        """Cards still to draw (lower is better), fractional tiebreaks
        included, for a hand after the discard."""
        if self.seen and self.route == DUBLEES:
            return self._dublee_value(kinds, 8 - self.laid - self.exposed)
        if self.seen:
            c, w = counts_of(kinds, self.wild)
            m = len(kinds) // 3
            sc = self.all.score(c, m)
            need = max(0, 3 * m - sc // _UNIT - w)
            return need - self.hope(sc % _UNIT)
        c, _ = counts_of(kinds, frozenset())
        m = max(0, 3 - self.exposed)
        sp = self.pures.score(c, m)
        seq = 3 * m - sp // _UNIT - self.hope(sp % _UNIT)
        seq += self.rest_weight * lonely_cards(c)
        if not self.dublees_open:
            return seq
        dub = self._dublee_value(kinds, 7 - self.exposed) + self.dublee_bias
        return min(seq, dub) + 0.05 * max(seq, dub)

    def hope(self, outs: int) -> float:
        """Roughly the chance that the next card drawn helps (below one)."""
        return min(0.9, outs / self.unseen)

    def _dublee_value(self, kinds: tuple[int, ...], want: int) -> float:
        counts: dict[int, int] = {}
        for k in kinds:
            counts[k] = counts.get(k, 0) + 1
        pairs = sum(n // 2 for n in counts.values())
        need = max(0, want - pairs)
        if not need:
            return 0.0
        live = self.live_kinds
        outs = sum((live[k] if live is not None else 1) for k, n in counts.items() if n % 2)
        return need - self.hope(outs)


def live_counts(view: PlayerView) -> list[int]:
    """Per kind: copies that may still be drawn or sit unseen in the stock or
    another hand (``knowledge.live_counts``, less the melds every player has
    exposed or laid on the table)."""
    ex: MarriageView = view.extra
    table = [c for s in range(view.players) for g in ex.exposed[s] + ex.laid[s] for c in g]
    return _live_counts(view, table)


def could_use(kinds: tuple[int, ...], top: int, wild: frozenset[int]) -> bool:
    """Whether ``top`` can join any card of the hand in a group (the same
    kind, a near card of its suit, its rank in another suit), or is wild."""
    if top in wild:
        return True
    if top == JOKER_KIND:
        return top in kinds
    s, r = divmod(top, 13)
    for k in kinds:
        if k == JOKER_KIND or k in wild:
            continue
        ks, kr = divmod(k, 13)
        if kr == r or ks == s and (abs(kr - r) <= 2 or {kr, r} <= {0, 11, 12}):
            return True
    return False


def maal_weight(view: PlayerView, kind: int) -> int:
    """What holding a card of ``kind`` is worth in maal to a seen player
    (a rough per-card share of the table; 0 for unseen players)."""
    tip = view.cut
    if tip is None:
        return 0
    if kind == tip.kind:
        return 3
    if kind in (poplu(tip), jhiplu(tip)):
        return 2
    return 0
