"""Bots for 21- and 27-card rummy (RULES.md §4, §5): easy, medium and hard.

What every level does:
- shows whenever ``shows.declarations_thought`` finds a valid show (the
  engine's exact evaluator decides), so it never makes a false show, and
  throws a card that keeps its value-card bonus;
- keeps value cards and wild cards (they pay a bonus whoever wins);
- takes a discard only when the engine offers it (never a thrown wild card).

How a hand is judged (``WideJudge.analyse``): for each show it could make,
the draws still needed (``need``) and the chance that an unseen card helps
(``p``, from the live cards), giving an expected number of draws ``need / p``;
the hand's value is the best show's, plus a weight on what it would pay if
another player showed first, less its bonus.
- Show "pure" (three pure sequences, 27: four, the rest melded): the pure
  targets first (complete pure runs and tunnelas, runs missing one exact
  card, ...; the fewest missing cards, disjoint), then the other cards in
  complete runs and sets, two-card partial melds and single cards, as many
  as fit in the hand's size; wild cards fill any slot but a pure one.  As
  in shanten counts, ``need = max(size − kept − wild, pure holes + the
  other holes the wild cards cannot fill)``.  Designated wild cards count
  as wild only (a small loss of precision for speed).
- Dublees: eight (27: ten) pairs; outs are the live copies of single cards.
- Tunnelas: the three (four) kinds held most often; outs their live copies.
- Wild cards held (option): eight (ten); outs the live wild cards.
- The count if another player showed: every card with no pure sequence,
  the cards outside them with fewer than three (four), the loose ones with
  more; 2 for 6+ dublees or 7+ wild cards (27: 8+, 9+); capped.

The levels (parameters measured with duplicate deals, see the AI README):
- easy: no card counting (every copy looks alive), a random one of its
  nearly-best discards one time in four, takes the pile's card only when it
  makes the hand clearly better (``take_gain``), cares little what the hand
  would pay (``risk``), drops only a hopeless hand;
- medium: counts live cards (the hand, the pile, the cut card, cards others
  picked and still hold), weighs what the hand would pay, takes the pile's
  card when it makes the hand clearly better, and drops (30 first, 70
  later) when ``expected_delta`` (a model fitted on medium-against-medium
  deals) says playing on costs more than the drop;
- hard: medium, plus looking one stock card ahead: the pile's card is taken
  when it beats the expected value of an unknown stock card (every live kind
  weighed by its live copies), and its four best discards are judged again
  by the expected value of the hand after the next stock card; among those
  nearly equal it throws the one the next player is least likely to use
  (``feed_risk``, from what the log shows they picked, threw and let pass).

Every decision is a generator (``think``) that yields between candidate
hands, so that one slice stays within a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from ...engine import Declare, Discard, DrawDiscard, DrawStock, NextDeal, Pack, Phase, PlayerView
from ...engine.actions import Action, Answer
from ...engine.cards import JOKER_KIND, Card
from ...engine.families.twentyone_cards import bonus_points, form_rules
from ...engine.game import pack_cost
from ...engine.shows import declarations_thought
from ..base import finish
from ..knowledge import next_seat, read_log
from ..levels import register_family_bots

Thought = Generator[None, None, Action]

POINTS = [0] * 53
for _k in range(52):
    _r = _k % 13 + 1
    POINTS[_k] = 10 if _r == 1 or _r >= 10 else _r
del _k, _r


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
                                    if st == "active" and s != view.seat))
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


def live_counts(view: PlayerView) -> list[int]:
    """Per kind (52 = printed joker): copies that may still be drawn or sit
    unseen in another hand or the stock (not in my hand, the pile, the cut
    slot, or picked from the pile by a player still holding it)."""
    live = [view.decks] * 52 + [view.decks * view.rules.jokers_per_deck_in_play]

    def gone(card: Card) -> None:
        live[card.kind] = max(0, live[card.kind] - 1)

    for c in view.hand:
        gone(c)
    for c in view.discard:
        gone(c)
    if view.cut is not None:
        gone(view.cut)
    for s, mem in read_log(view).items():
        if view.status[s] == "active":
            for c in mem.held:
                gone(c)
    return live


def kinds_of(cards) -> tuple[int, ...]:
    return tuple(sorted(c.kind for c in cards))


def without(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


def adding(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return tuple(sorted(kinds + (kind,)))


# --------------------------------------------------------------------- bots


class WideBot:
    """The shared turn: show when possible, drop a poor hand, draw and
    discard by ``WideJudge``."""

    name = "wide"
    description = ""
    counting = True  # count live cards
    slip = 0.0  # chance of a random nearly-best discard
    margin = 0.0  # discards within this of the best are "nearly as good"
    risk = 8.0  # weight of what the hand would pay (count / 40 per unit)
    take_gain = 4.0  # how much better than the hand the pile's card must make it
    pack_margin = 10.0  # drop when playing on is expected to cost this much more
    risk_growth = 0.0  # the weight of the count grows by this share each turn taken
    lookahead = 0  # the best discards judged again one stock card ahead
    feed = 0.0  # value lost when the next player surely takes the discard

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        return finish(self.think(view))

    def rng(self, view: PlayerView) -> random.Random:
        hand = ",".join(str(c.uid) for c in view.hand)
        return random.Random(f"{self.seed}|{view.deal_no}|{view.seat}|{view.phase.value}|"
                             f"{len(view.log)}|{hand}")

    def judge(self, view: PlayerView) -> WideJudge:
        turns = view.turns_taken[view.seat]
        return WideJudge(view, self.counting, self.risk * (1 + self.risk_growth * turns))

    def think(self, view: PlayerView) -> Thought:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        action = None
        if NextDeal() in legal:
            action = NextDeal()
        elif view.phase == Phase.DECIDE:
            action = Answer(True)
        elif view.phase == Phase.DRAW:
            action = yield from self.draw(view)
        elif view.phase == Phase.DISCARD:
            declares = yield from declarations_thought(view)
            if declares:
                action = self.pick_declare(view, declares)
            else:
                action = yield from self.discard(view)
        if action not in legal:  # a bug must never become an illegal move
            action = self.fallback(view)
        return action

    def fallback(self, view: PlayerView) -> Action:
        legal = view.legal
        for a in (DrawStock(), DrawDiscard(), NextDeal()):
            if a in legal:
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else legal[0]

    # -------------------------------------------------------------- pieces
    def pick_declare(self, view: PlayerView, declares: list[Declare]) -> Action:
        """Show, throwing the card that leaves the biggest bonus (then the
        costliest card: it matters to nobody, but reads naturally)."""
        values = view.extra.values if view.extra is not None else ()
        kinds = kinds_of(view.hand)

        def key(a: Declare):
            rest = without(kinds, a.card.kind)
            bonus = bonus_points(rest, values, view.rules.bonus_scheme).points if values else 0
            wild = a.card.kind == JOKER_KIND or a.card.kind in view.wild
            return (-bonus, wild, -POINTS[a.card.kind], a.card.uid)

        return min(declares, key=key)

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        judge = self.judge(view)
        kinds = kinds_of(view.hand)
        now = judge.analyse(kinds)
        if Pack() in legal and self.should_pack(view, judge, now):
            return Pack()
        yield
        if DrawDiscard() not in legal:
            return DrawStock()
        if DrawStock() not in legal:
            return DrawDiscard()
        top = view.discard[-1].kind
        if not self.may_take(view, top):
            return DrawStock()
        with_top = judge.analyse(adding(kinds, top)).value  # judged as its best 21
        stock = yield from self.stock_value(view, judge, kinds, now)
        return DrawDiscard() if with_top < stock else DrawStock()

    @staticmethod
    def may_take(view: PlayerView, kind: int) -> bool:
        """Never take back a kind this seat threw this deal (it was the worst
        card then), nor a fourth pile card in a row: bots that each think
        the other's throw better than their own could pass the same cards
        round for ever."""
        mine = [(what, card) for seat, what, card in view.log if seat == view.seat]
        if any(what == "discard" and card.kind == kind for what, card in mine):
            return False
        picks = [what for what, _card in mine if what.startswith("draw")][-3:]
        return not (len(picks) == 3 and all(w == "draw_discard" for w in picks))

    def stock_value(self, view: PlayerView, judge: WideJudge, kinds, now: Analysis) -> Thought:
        """What drawing an unknown stock card is worth: the hand as it is,
        less ``take_gain`` (hard looks one card ahead)."""
        return now.value - self.take_gain
        yield

    def should_pack(self, view: PlayerView, judge: WideJudge, now: Analysis) -> bool:
        """Drop when playing on is expected to cost more than the drop
        (``expected_delta``), by at least ``pack_margin``."""
        cost, _first = pack_cost(view, view.seat)
        return expected_delta(view, now, judge.opponents) < -cost - self.pack_margin

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

    def pick_discard(self, view: PlayerView, judge: WideJudge, near: list) -> Thought:
        if self.lookahead and len(near) > 1:
            near = yield from self.look_ahead(view, judge, near[:int(self.lookahead)])
        return near[0][2]

    def look_ahead(self, view: PlayerView, judge: WideJudge, near: list) -> Thought:
        """The candidates re-ranked by the expected value of the hand after
        the next stock card (judged as its best 21), over the live kinds."""
        kinds = kinds_of(view.hand)
        live = judge.live
        out = []
        for value, tie, card in near:
            rest = without(kinds, card.kind)
            total = 0.0
            weight = 0
            for kind in range(53):
                n = live[kind]
                if n:
                    total += n * judge.analyse(adding(rest, kind)).value
                    weight += n
                    if kind % 8 == 7:
                        yield
            out.append((total / weight if weight else value, tie, card))
        out.sort(key=lambda t: (t[0], t[1], t[2].uid))
        return out

    def rank_discards(self, view: PlayerView, judge: WideJudge) -> Thought:
        """(value, tiebreak, card) for each distinct discard, best first."""
        kinds = kinds_of(view.hand)
        options: dict[int, Card] = {}
        for a in view.legal:
            if isinstance(a, Discard):
                options.setdefault(a.card.kind, a.card)
        scored = []
        for kind, card in sorted(options.items()):
            a = judge.analyse(without(kinds, kind))
            keep = judge.iswild[kind]  # a wild card helps every show but dublees
            scored.append((a.value + keep, -POINTS[kind], card))
            yield
        scored.sort(key=lambda t: (t[0], t[1], t[2].uid))
        return scored


class EasyWide(WideBot):
    name = "easy"
    description = "Goes for the show it sees, keeps its jokers; slips now and then."
    counting = False
    slip = 0.25
    margin = 1.5
    risk = 0.3
    take_gain = 2.0
    pack_margin = 60.0  # only a hopeless hand


class MediumWide(WideBot):
    name = "medium"
    description = "Counts live cards, races for the nearest show and drops a poor hand."


class HardWide(WideBot):
    name = "hard"
    description = "Medium, plus looking a card ahead and not feeding the next player."
    margin = 2.0
    lookahead = 4
    feed = 1.0  # value lost when the next player surely takes the discard
    feed_margin = 0.5  # ... weighed among discards this close after the look ahead
    take_edge = 0.0  # how much better than the expected stock card the pile's must be

    def stock_value(self, view: PlayerView, judge: WideJudge, kinds, now: Analysis) -> Thought:
        """The expected value of the hand with an unknown stock card
        (judged as its best 21), over the live kinds."""
        live = judge.live
        total = 0.0
        weight = 0
        for kind in range(53):
            n = live[kind]
            if n:
                total += n * judge.analyse(adding(kinds, kind)).value
                weight += n
                if kind % 8 == 7:
                    yield
        return (total / weight if weight else now.value) - self.take_edge

    def pick_discard(self, view: PlayerView, judge: WideJudge, near: list) -> Thought:
        if len(near) == 1:
            return near[0][2]
        ranked = yield from self.look_ahead(view, judge, near[:int(self.lookahead)])
        nxt = next_seat(view, view.seat)
        if nxt is None or not self.feed:
            return ranked[0][2]
        risk = feed_risk(view, judge, nxt)
        close = [t for t in ranked if t[0] <= ranked[0][0] + self.feed_margin]
        return min(close, key=lambda t: (t[0] + self.feed * risk(t[2].kind), t[1],
                                          t[2].uid))[2]


# What a seat expects to win (points, + won, − paid) by playing the deal on,
# from its hand at the start of a turn, under medium-against-medium play
# without drops: a + b·draws + c·(bonus × opponents) + d·count, fitted by
# least squares per form, player count (2 and 4; 3 in between, 5-6 as 4) and
# turns taken (0, 1-3, 4-7, 8+), on 300/200 deals (21 cards, 2/4 players)
# and 200/120 (27 cards).  The count (no pure sequence yet: the whole hand)
# and the bonus say most; the draws still needed a little.
DELTA_MODEL = {
    (21, 2): ((100.7, -1.64, 0.96, -0.55), (61.2, -1.55, 1.11, -0.33),
              (39.7, -1.17, 1.07, -0.35), (6.5, -0.99, 1.05, -0.19)),
    (21, 4): ((180.7, -1.79, 1.20, -1.67), (123.5, -2.98, 1.21, -0.94),
              (77.0, -3.65, 1.16, -0.57), (3.7, -2.34, 1.16, -0.55)),
    (27, 2): ((72.3, -0.18, 1.12, -0.84), (37.7, -0.41, 1.17, -0.58),
              (12.3, -0.88, 1.12, -0.36), (-11.7, -1.84, 1.02, -0.01)),
    (27, 4): ((216.0, -5.58, 1.17, -1.41), (122.1, -4.87, 1.20, -1.06),
              (49.1, -5.27, 1.19, -0.66), (0.6, -8.07, 1.11, -0.16)),
}


def expected_delta(view: PlayerView, now: Analysis, opponents: int) -> float:
    """What playing this hand on is expected to win (``DELTA_MODEL``)."""
    turns = view.turns_taken[view.seat]
    row = 0 if turns == 0 else 1 if turns <= 3 else 2 if turns <= 7 else 3
    form = view.rules.form
    players = opponents + 1
    if players == 3:
        a = DELTA_MODEL[(form, 2)][row]
        b = DELTA_MODEL[(form, 4)][row]
        coef = tuple((x + y) / 2 for x, y in zip(a, b, strict=True))
    else:
        coef = DELTA_MODEL[(form, 2 if players == 2 else 4)][row]
    return (coef[0] + coef[1] * min(now.draws, 60.0) + coef[2] * now.bonus * opponents
            + coef[3] * now.count)


def feed_risk(view: PlayerView, judge: WideJudge, seat: int):
    """A function kind -> rough chance that ``seat`` takes that card from
    the pile and is helped by it (a wild card cannot be taken)."""
    live = judge.live
    mem = read_log(view).get(seat)
    held = [c.kind for c in mem.held] if mem else []
    threw = set(mem.threw) if mem else set()
    passed = set(mem.passed) if mem else set()
    size = max(1, view.hand_sizes[seat])
    unseen = max(1, sum(live))

    def holds(kind: int) -> float:
        if kind in held:
            return 1.0
        p = min(1.0, size * live[kind] / unseen)
        return p * (0.3 if kind in threw or kind in passed else 1.0)

    def risk(kind: int) -> float:
        if judge.iswild[kind]:
            return 0.0
        if kind in passed:
            return 0.05
        s, r = divmod(kind, 13)
        near = [s * 13 + r + d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]
        if r == 0:
            near += [s * 13 + 11, s * 13 + 12]
        same = [t * 13 + r for t in range(4) if t != s]
        p_run = max((holds(x) for x in near), default=0.0)
        p_set = max((holds(x) for x in same), default=0.0)
        picked_near = any(x in near or x in same for x in held)
        return min(1.0, 0.4 * holds(kind) + 0.3 * p_run + 0.2 * p_set
                   + (0.3 if picked_near else 0.0))

    return risk


register_family_bots("21card", {"easy": EasyWide, "medium": MediumWide, "hard": HardWide})
