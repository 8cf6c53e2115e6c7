"""Bots for Indian Marriage (RULES.md §6): easy, medium and hard.

What every level does:
- exposes every tunnela it was dealt (it counts toward the three pure melds
  or as a dublee, and pays a bonus once seen);
- sees the tiplu as soon as it can (an unseen loser pays 10 instead of 3 and
  its maal is murdered); with both routes open it sees by dublees (then one
  more dublee wins, and pays 5 more);
- declares whenever ``shows.declarations_thought`` finds a valid show (so it
  never makes a false show), throwing a card that is not maal; it plays
  only moves in ``view.legal``.

How a hand is judged (``Judge.value``): about how many cards it still has
to draw, less the chance that the next card helps.  ``Shape`` is an exact
search over kind counts for the most cards in at most ``m`` groups (melds,
two-card partial melds, single cards); wild cards (only for a player who
has seen) fill any gap but the third card of two identical ones; the live
cards that would join a group ("outs") are its tiebreak.
- Not seen, sequences route: the gap to three natural pure melds (tunnelas,
  pure runs), plus a little for every card that joins no other.
- Not seen, dublee route: seven dublees (exposed tunnelas count one each);
  the better of the two routes counts.
- Seen by sequences: every card in hand in 3-card melds, wild cards filling.
- Seen by dublees: one more dublee.
A partial meld whose missing cards are all in sight counts as single cards.
A seen player keeps its wild cards (they are its maal) on equal terms.

The levels:
- easy, a casual player: no card counting (every partial meld looks alive),
  takes the pile's card when it pairs a card or brings the hand a whole card
  closer, and four times in ten throws a random one of its nearly-worst
  cards;
- medium: counts live cards from everything in sight (hand, pile, table,
  the tiplu once seen, cards others picked and still hold), takes the pile's
  card when it brings the hand closer, throws the card that leaves the best
  hand;
- hard: medium, and among the discards nearly as good it looks one draw
  ahead (the hand after each live card it may draw, weighted by the copies
  left) and reads the next player (``feed_risk``: the cards they picked and
  threw, what a dublee player can still pair) so as not to feed them.

Every decision is a generator (``think``) that yields between candidate
hands (hard: between the draws it looks at), so one slice stays within a
few milliseconds of processor time.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...engine import Declare, Discard, DrawDiscard, DrawStock, NextDeal, Phase, PlayerView
from ...engine.actions import Action, Answer
from ...engine.cards import JOKER_KIND, Card
from ...engine.families.marriage_actions import (
    DUBLEES,
    DoneExposing,
    ExposeTunnela,
    MarriageView,
    SeeTiplu,
)
from ...engine.families.marriage_hand import jhiplu, poplu
from ...engine.shows import declarations_thought
from ..base import finish
from ..knowledge import next_seat, read_log
from ..levels import register_family_bots

Thought = Generator[None, None, Action]

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
    another hand (not in my hand, the pile, on the table, set aside as the
    tiplu, or picked from the pile by another player and not thrown)."""
    per = view.decks
    jokers = view.decks * view.rules.jokers_per_deck_in_play
    live = [per] * 52 + [jokers]
    ex: MarriageView = view.extra

    def gone(card: Card) -> None:
        live[card.kind] = max(0, live[card.kind] - 1)

    for c in view.hand:
        gone(c)
    for c in view.discard:
        gone(c)
    for s in range(view.players):
        for g in ex.exposed[s] + ex.laid[s]:
            for c in g:
                gone(c)
    if view.cut is not None:
        gone(view.cut)
    for s, mem in read_log(view).items():
        if view.status[s] == "active":
            for c in mem.held:
                gone(c)
    return live


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


def without(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


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


# -------------------------------------------------------------------- bots
class MarriageBot:
    """The shared turn: expose, see, declare, then draw/discard by ``Judge``."""

    name = "marriage"
    description = ""
    counting = True  # count live cards
    slip = 0.0  # chance of a random nearly-worst discard
    margin = 0.0  # discards within this of the best are "nearly as good"
    dublee_bias = 1.0
    take_gain = 0.5  # how much closer the pile's card must bring the hand
    prefer = DUBLEES  # the route taken when both are open

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        return finish(self.think(view))

    def rng(self, view: PlayerView) -> random.Random:
        hand = ",".join(str(c.uid) for c in view.hand)
        return random.Random(f"{self.seed}|{view.deal_no}|{view.seat}|{view.phase.value}|"
                             f"{len(view.log)}|{hand}")

    def think(self, view: PlayerView) -> Thought:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        action = None
        if NextDeal() in legal:
            action = NextDeal()
        elif view.phase == Phase.DECIDE:
            action = Answer(True)
        elif view.phase == Phase.FAMILY:
            exposes = [a for a in legal if isinstance(a, ExposeTunnela)]
            action = exposes[0] if exposes else DoneExposing()
        elif view.phase == Phase.DRAW:
            action = yield from self.draw(view)
        elif view.phase == Phase.DISCARD:
            declares = yield from declarations_thought(view)
            if declares:
                action = self.pick_declare(view, declares)
            else:
                sees = [a for a in legal if isinstance(a, SeeTiplu)]
                if sees:
                    action = yield from self.see(view, sees)
                else:
                    action = yield from self.discard(view)
        if action not in legal:  # a bug must never become an illegal move
            action = self.fallback(view)
        return action

    def fallback(self, view: PlayerView) -> Action:
        legal = view.legal
        for a in (DrawStock(), DrawDiscard(), DoneExposing(), NextDeal()):
            if a in legal:
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else legal[0]

    # -------------------------------------------------------------- pieces
    def judge(self, view: PlayerView) -> Judge:
        return Judge(view, self.counting, self.dublee_bias)

    def pick_declare(self, view: PlayerView, declares: list[Declare]) -> Action:
        """Show, throwing the card worth least as maal (a wild card last)."""
        return min(declares, key=lambda a: (a.card.kind in view.wild,
                                            maal_weight(view, a.card.kind), a.card.uid))

    def see(self, view: PlayerView, sees: list[SeeTiplu]) -> Thought:
        """Both routes open (rare): dublees, whose follow-up is one more
        dublee among eight cards (and the finish pays 5 more); a sequence
        seer still has four melds to make."""
        routes = {a.route: a for a in sees}
        return routes.get(self.prefer, sees[0])
        yield

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        if DrawDiscard() not in legal:
            return DrawStock()
        if DrawStock() not in legal:
            return DrawDiscard()
        kinds = tuple(c.kind for c in view.hand)
        top = view.discard[-1].kind
        if not could_use(kinds, top, view.wild):
            return DrawStock()
        judge = self.judge(view)
        now = judge.value(kinds)
        yield
        # the hand with the card, judged as a whole: the search leaves out
        # the card it would throw (it never needs to throw the new one, or
        # the new card gains nothing)
        after = judge.value(kinds + (top,))
        return DrawDiscard() if after < now - self.take_gain else DrawStock()

    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        scored = yield from self.rank_discards(view, judge)
        best = scored[0][0]
        near = [t for t in scored if t[0] <= best + self.margin]
        if self.slip:
            rng = self.rng(view)
            if len(near) > 1 and rng.random() < self.slip:
                return Discard(rng.choice(near)[2])
        card = yield from self.pick_discard(view, judge, near)
        return Discard(card)

    def pick_discard(self, view: PlayerView, judge: Judge, near: list) -> Thought:
        return near[0][2]
        yield

    def rank_discards(self, view: PlayerView, judge: Judge) -> Thought:
        """(value, tiebreak, card) for each distinct discard, best first;
        a seen player keeps its wild cards (maal) on equal terms."""
        kinds = tuple(c.kind for c in view.hand)
        options: dict[int, Card] = {}
        for a in view.legal:
            if isinstance(a, Discard):
                options.setdefault(a.card.kind, a.card)
        scored = []
        for kind, card in sorted(options.items()):
            value = judge.value(without(kinds, kind))
            keep = (kind in view.wild) * 2 + maal_weight(view, kind)
            scored.append((value + 0.01 * keep, -_rank_points(kind), card))
            yield
        scored.sort(key=lambda t: (t[0], t[1], t[2].uid))
        return scored


def _rank_points(kind: int) -> int:
    if kind == JOKER_KIND:
        return 0
    r = kind % 13 + 1
    return 10 if r >= 10 or r == 1 else r


class EasyMarriage(MarriageBot):
    name = "easy"
    description = "Sees the tiplu when it can and keeps its pairs and runs; slips now and then."
    counting = False
    slip = 0.4
    margin = 1.0
    take_gain = 0.9

    def draw(self, view: PlayerView) -> Thought:
        """The pile's card when it makes a dublee on the dublee way, or
        brings the hand a whole card closer."""
        legal = view.legal
        if DrawDiscard() in legal and DrawStock() in legal:
            ex: MarriageView = view.extra
            kinds = [c.kind for c in view.hand]
            top = view.discard[-1].kind
            if (ex.my_route == DUBLEES or not ex.i_have_seen) and kinds.count(top) == 1:
                return DrawDiscard()
        action = yield from super().draw(view)
        return action


class MediumMarriage(MarriageBot):
    name = "medium"
    description = "Counts live cards, picks its route and keeps its maal."


class HardMarriage(MarriageBot):
    name = "hard"
    description = "Looks one draw ahead and reads the next player so as not to feed them."
    margin = 1.0
    max_candidates = 4  # how many of the nearly-as-good discards it looks ahead with
    feed = 0.6  # own-value units a sure feed costs

    def pick_discard(self, view: PlayerView, judge: Judge, near: list) -> Thought:
        """Among the discards nearly as good, the one whose hand is best
        after the next draw from the stock (the expectation over the live
        cards), less the chance that the next player takes it."""
        if len(near) == 1:
            return near[0][2]
        nxt = next_seat(view, view.seat)
        risk = feed_risk(view, judge, nxt) if nxt is not None else (lambda kind: 0.0)
        kinds = tuple(c.kind for c in view.hand)
        live = judge.live_kinds
        total = max(1, sum(live))
        best = None
        for _, tiebreak, card in near[:self.max_candidates]:
            rest = without(kinds, card.kind)
            now = judge.value(rest)
            expected = 0.0
            for k in range(53):
                if not live[k]:
                    continue
                v = now
                if could_use(rest, k, view.wild):
                    yield
                    v = min(now, judge.value(rest + (k,)))
                expected += live[k] * v
            key = (expected / total + self.feed * risk(card.kind), tiebreak, card.uid)
            if best is None or key < best[0]:
                best = (key, card)
            yield
        return best[1]


def feed_risk(view: PlayerView, judge: Judge, seat: int):
    """A function kind -> rough chance that ``seat`` takes that card from
    the pile and is helped by it."""
    ex: MarriageView = view.extra
    live = judge.live_kinds or live_counts(view)
    mem = read_log(view).get(seat)
    held = [c.kind for c in mem.held] if mem else []
    threw = set(mem.threw) if mem else set()
    size = max(1, view.hand_sizes[seat])
    unseen = max(1, sum(live))
    seen_them = ex.seen[seat]
    route = ex.saw_by[seat]

    def holds(kind: int) -> float:
        """Chance they hold a copy of ``kind``."""
        if kind in held:
            return 1.0
        p = min(1.0, size * live[kind] / unseen)
        return p * (0.3 if kind in threw else 1.0)

    def risk(kind: int) -> float:
        if seen_them and kind in view.wild:
            return 0.0  # they have seen: a wild card (we know it too) may not be taken
        if seen_them and route == DUBLEES or kind == JOKER_KIND:
            return holds(kind)
        s, r = divmod(kind, 13)
        near = [s * 13 + r + d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]
        if r == 0:
            near += [s * 13 + 11, s * 13 + 12]  # Q-K-A
        p_run = max((holds(x) for x in near), default=0.0)
        picked_near = any(x in near for x in held)
        return min(1.0, 0.5 * holds(kind) + 0.4 * p_run + (0.4 if picked_near else 0.0))

    return risk


register_family_bots("marriage", {"easy": EasyMarriage, "medium": MediumMarriage,
                                  "hard": HardMarriage})
