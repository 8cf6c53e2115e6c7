"""Hard: medium's judgement finds the sensible moves, a search over the hidden
hands chooses among them by what each is expected to score.

- Judgement (``PointsJudge``): medium's value of a hand (cards still to
  draw, the chance of a useful draw) plus what the hand would pay if another
  player showed now (the exact count: tiers, cap), ``COUNT_WEIGHT`` value
  units per 100 points.  A hand that is as fast and cheaper is better: the
  costly cards go first, a pure sequence is kept, a loss costs less.
- Discard: each card's value after throwing it, plus ``FEED`` times the
  chance that the next player takes it (``reading.py``, from that player's
  picks, throws and passes).  The best ``MAX_CANDIDATES`` within
  ``CAND_MARGIN`` are played out by the search; the heuristic's order is the
  prior (``PRIOR`` points per value unit) and a measured advantage counts as
  far as it is sure (``search.core.choose``).
- Draw: the face-up card is taken when it makes the hand's value better by
  more than ``TAKE_MARGIN`` (or it is wild); close calls are played out.
- Pack: when the hand would pay more than the drop and still needs two
  cards or more, the search plays on over sampled worlds; the estimate is
  corrected by ``PACK_CALIBRATION`` (measured on hard's own play) and the
  drop is taken when it is better by ``PACK_MARGIN``.  A first hand with a
  pure sequence and a wild card is never dropped (``packing.py``).  The
  numbers of a drop are kept (``pack_odds``: the drop, the corrected
  estimate of playing on, the share of its rollouts that won the deal).
- Declare: at once, whenever a valid declaration exists (waiting cannot make
  the others pay more and risks another player going out first).

The search (``game.ai.search``, with this game's model ``search.py``)
samples every other player's hand from the public log, plays each candidate
to the end of the deal with a fast rollout policy for everyone, settles it
exactly and scores it under the match format (points; chips in Deals; a
match equity in Pool).  Its budget is counted in rollouts, so a seed always
gives the same move, in the browser too: thinking is sliced between frames
(measured in Chromium, CPython-wasm runs it about 1.6 times slower; a
4-player decision takes about 0.4 s of frames at 60 fps, inside the pause
after the previous move).
"""

from __future__ import annotations

from game.ai.base import PackOdds, Thought
from game.ai.kinds import adding, kinds_of, without
from game.ai.knowledge import Knowledge, is_wild_kind, unseen_copies
from game.ai.search.core import Budget, Candidate, choose, search, table_budget
from game.engine import Discard, DrawDiscard, DrawStock, Pack, PlayerView
from game.engine.game import pack_cost
from game.engine.state import SeatStatus
from game.families.thirteen.family import FAMILY
from game.families.thirteen.judge import Judge, Weights
from game.families.thirteen.medium import MediumBot
from game.families.thirteen.packing import keeps_first_hand
from game.families.thirteen.reading import take_chance
from game.families.thirteen.search import ThirteenModel
from game.families.thirteen.shape import need_of
from game.families.thirteen.solver import paid_count
from game.families.thirteen.worlds import card_weights, sample_hand

COUNT_WEIGHT = 2.0  # value units per 100 points the hand would pay now
FEED = 0.4  # value units lost when the next player surely takes the card
TAKE_MARGIN = 0.3  # take the face-up card when it improves the hand's value by more
TAKE_BAND = 0.3  # ... and search the choice when the gain is this close to the margin
DRAW_PRIOR = 3.0  # points the heuristic's draw starts ahead
MAX_CANDIDATES = 3  # discards the search weighs
CAND_MARGIN = 0.6  # ... within this much of the best combined value
PRIOR = 10.0  # points per unit of combined value a candidate starts behind
TAU = 4.0  # spread of true differences between candidates expected (points)
# points the drop must be better than playing on, by number of opponents (1, 2+):
# with two players every drop also gives up the chance to win the deal
# (measured: a margin of 8 rather than 2 wins 2.1% more deals, and +0.5 points)
PACK_MARGIN = (8.0, 2.0)
# What playing on is worth, given the rollouts' estimate ``e`` of it: slope * e
# + offset, per number of opponents, (first turn, later turns).  Fitted (least
# squares, estimates below zero) on positions where a drop was worth weighing,
# in Points deals played on by hard's own heuristic without dropping: 1,470
# positions with two players, 1,265 with three, 1,046 with four.  With two
# players the rollouts are too gloomy about a bad hand; with more, about
# right on the first turn and too gloomy about a bad hand later.
PACK_CALIBRATION = {
    1: ((0.85, 2.0), (0.71, -0.1)),
    2: ((1.01, 0.4), (0.72, -1.6)),
    3: ((0.92, -3.8), (0.76, -7.9)),
}
BUDGET = Budget(rollouts=40, min_worlds=6, max_worlds=20, z=2.0)
PACK_BUDGET = Budget(rollouts=48, min_worlds=24, max_worlds=24, z=99.0)
TAKE_BUDGET = Budget(rollouts=32, min_worlds=6, max_worlds=16, z=2.0)


class PointsJudge(Judge):
    """Medium's judge with the hand's count in place of its loose points:
    what the hand would pay if another player showed now (tiers, cap)."""

    def __init__(self, view: PlayerView, knowledge: Knowledge, weights: Weights,
                 count_weight: float) -> None:
        super().__init__(view, knowledge, weights)
        self.count_weight = count_weight
        self._counts: dict[tuple[int, ...], int] = {}

    def count(self, kinds: tuple[int, ...]) -> int:
        n = self._counts.get(kinds)
        if n is None:
            rules = self.view.rules
            n = self._counts[kinds] = paid_count(
                kinds, self.wild, FAMILY.meld_options(rules, self.view.decks), rules.cap)
        return n

    def value(self, kinds: tuple[int, ...]) -> float:
        sh = self.shape(kinds)
        need = self.need(sh, kinds)
        return (need - self.weights.outs * self.outs(sh) / self.pool
                + self.count_weight * self.count(kinds) / 100)


class HardBot(MediumBot):
    name = "hard"
    description = "Thinks ahead: plays out the likely hands and weighs what a loss would cost."
    budget = BUDGET
    pack_budget = PACK_BUDGET
    take_budget = TAKE_BUDGET
    count_weight = COUNT_WEIGHT

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = ThirteenModel(self.knowledge)

    def judge(self, view: PlayerView) -> PointsJudge:
        return PointsJudge(view, self.knowledge(view), self.weights, self.count_weight)

    def budget_for(self, view: PlayerView, budget: Budget) -> Budget:
        return table_budget(view, budget)

    # ---------------------------------------------------------------- draw
    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        judge = self.judge(view)
        hand = kinds_of(view.hand)
        self.pack_odds = None
        play = DrawStock()
        if DrawDiscard() in legal:
            if DrawStock() not in legal:
                play = DrawDiscard()
            else:
                gain = yield from self.take_gain(view, judge, hand)
                take = gain > TAKE_MARGIN
                if abs(gain - TAKE_MARGIN) < TAKE_BAND and self.take_budget.rollouts:
                    # a close call: play both out
                    cands = [Candidate(DrawStock(), 0.0 if take else DRAW_PRIOR),
                             Candidate(DrawDiscard(), DRAW_PRIOR if take else 0.0)]
                    yield from search(view, self.model, cands,
                                      self.budget_for(view, self.take_budget), self.rng(view))
                    take = choose(cands, TAU).action == DrawDiscard()
                if take:
                    play = DrawDiscard()
        yield
        if Pack() in legal and self.may_pack(view, judge, hand):
            cands = [Candidate(play), Candidate(Pack())]
            yield from search(view, self.model, cands, self.budget_for(view, self.pack_budget),
                              self.rng(view), race=False)
            if self.drop_is_better(view, cands[0].mean, cands[1].mean):
                self.pack_odds = self.odds_of(view, cands[0], cands[1])
                return Pack()
        return play

    def odds_of(self, view: PlayerView, play: Candidate, drop: Candidate) -> PackOdds:
        """The search's numbers in points: the drop, the corrected estimate
        of playing on (in Pool the search weighs a match equity worth about
        a point a point: scaled so that the drop reads as its points) and
        the share of rollouts that won the deal (a won deal is the only
        rollout worth more than nothing)."""
        cost = float(pack_cost(view, view.seat)[0])
        scale = cost / -drop.mean if drop.mean < 0 else 1.0
        wins = sum(1 for v in play.values if v > 0) / len(play.values) if play.values else None
        return PackOdds(cost, -self.play_estimate(view, play.mean) * scale, wins)

    def play_estimate(self, view: PlayerView, play: float) -> float:
        """The rollouts' estimate of playing on, corrected by ``PACK_CALIBRATION``."""
        first, later = PACK_CALIBRATION[min(_opponents(view), max(PACK_CALIBRATION))]
        slope, offset = first if view.turns_taken[view.seat] == 0 else later
        return slope * play + offset

    def drop_is_better(self, view: PlayerView, play: float, drop: float) -> bool:
        """Whether the drop beats playing on, the rollouts' estimate of
        playing on corrected by ``PACK_CALIBRATION``."""
        margin = PACK_MARGIN[min(_opponents(view), len(PACK_MARGIN)) - 1]
        return drop > self.play_estimate(view, play) + margin

    def take_gain(self, view: PlayerView, judge: Judge, hand: tuple[int, ...]) -> Thought:
        """How much better (in value units) the best hand after taking the
        face-up card and throwing another is than the hand now (a wild
        card: always worth it)."""
        top = view.discard[-1].kind
        if is_wild_kind(top, view.wild):
            return 100.0
        now = judge.value(hand)
        more = adding(hand, top)
        barred = not view.rules.may_discard_picked
        best = now + 1e9
        for k in sorted(set(more)):
            if barred and k == top and more.count(top) == 1:
                continue
            yield
            best = min(best, judge.value(without(more, k)))
        return now - best

    def may_pack(self, view: PlayerView, judge: PointsJudge, hand: tuple[int, ...]) -> bool:
        """A drop is worth weighing when the hand would pay more than it
        (never a first hand with a pure sequence and a wild card)."""
        cost, _ = pack_cost(view, view.seat)
        return judge.count(hand) > cost and judge.need(judge.shape(hand), hand) >= 2 \
            and not keeps_first_hand(view)

    # ------------------------------------------------------------- discard
    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        scored = yield from self.rank_discards(view, judge)
        nxt = judge.know.next_seat
        best = scored[0][0]
        near = [t for t in scored if t[0] <= best + CAND_MARGIN]
        feed = {}
        if nxt is not None and len(near) > 1:
            for _, _, card in near:
                feed[card.kind] = take_chance(view, judge.know, nxt, card.kind)
        combined = sorted(((t[0] + FEED * feed.get(t[2].kind, 0.0), t[1], t[2]) for t in near),
                          key=lambda t: (t[0], t[1], t[2].uid))[:MAX_CANDIDATES]
        top = combined[0][0]
        cands = [Candidate(Discard(card), -PRIOR * (value - top)) for value, _, card in combined]
        if len(cands) == 1:
            return cands[0].action
        yield from search(view, self.model, cands, self.budget_for(view, self.budget),
                          self.rng(view))
        return choose(cands, TAU).action


def _opponents(view: PlayerView) -> int:
    return max(1, sum(1 for s, st in enumerate(view.status)
                      if st == SeatStatus.ACTIVE and s != view.seat))


# ------------------------------------------------ the level before the search

WORLDS = 10  # sampled hands of the next player per discard decision
TRIES = 2  # draws per world allowed to find a hand that agrees with the log
READ_MARGIN = 0.3  # consider discards whose own value is within this of the best
READ_CANDIDATES = 5
CHECK = 1  # how many of the latest throws and passes a sampled hand must agree with
MAX_EXTRA = 3  # stock draws a sampled hand has "chosen" from
WORLD_SHARE = 0.2  # weight of the sampled hands against the reading model


class ReadingBot(MediumBot):
    """The hard level before the search (kept for ``ceiling.py`` and as a
    yardstick): medium plus reading the next player."""

    name = "reading"
    description = "Remembers the pile and reads the next player."

    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        cands = yield from self.candidates(view, judge)
        nxt = judge.know.next_seat
        if nxt is None or len(cands) == 1:
            return Discard(cands[0][2])
        card = yield from self.least_feeding(view, judge, nxt, cands)
        return Discard(card)

    def candidates(self, view: PlayerView, judge: Judge) -> Thought:
        """medium's (value, tiebreak, card) for the discards nearly as good
        as its best, best first."""
        scored = yield from self.rank_discards(view, judge)
        best = scored[0][0]
        return [t for t in scored if t[0] <= best + READ_MARGIN][:READ_CANDIDATES]

    def least_feeding(self, view: PlayerView, judge: Judge, nxt: int, cands: list) -> Thought:
        """The candidate card that best balances own value against the
        chance that player ``nxt`` takes it."""
        kinds = [t[2].kind for t in cands]
        worlds = yield from self.danger(view, judge, nxt, kinds)
        feed = {k: (1 - WORLD_SHARE) * take_chance(view, judge.know, nxt, k)
                + WORLD_SHARE * worlds[k] for k in kinds}
        return min(cands, key=lambda t: (t[0] + FEED * feed[t[2].kind], t[1], t[2].uid))[2]

    def danger(self, view: PlayerView, judge: Judge, seat: int, kinds: list[int]) -> Thought:
        """Per kind: the share of sampled worlds where ``seat`` would take it
        (wild cards: always)."""
        know = judge.know
        rng = self.rng(view)
        size = view.hand_sizes[seat]
        live = their_live(view)
        slots = view.rules.hand_size
        wild = view.wild
        plain = [k for k in kinds if not is_wild_kind(k, wild)]
        mem = know.seats[seat]
        extra = max(0, min(MAX_EXTRA, len(mem.threw) - mem.picks))
        weights = card_weights(mem)
        # the hand they hold now did not want the card they just threw or passed
        recent = [k for k in mem.threw[-CHECK:] + mem.passed[-CHECK:] if not is_wild_kind(k, wild)]
        hits = dict.fromkeys(plain, 0)
        worlds = 0
        for attempt in range(WORLDS * TRIES):
            if worlds == WORLDS:
                break
            hand = sample_hand(know, seat, size, rng, extra, weights)
            before = need_of(hand, wild, slots, live)
            yield
            last_chance = WORLDS * TRIES - attempt <= WORLDS - worlds
            if not last_chance and any(
                    need_of(adding(hand, k), wild, slots, live) < before for k in recent):
                yield
                continue
            worlds += 1
            for kind in plain:
                after = need_of(adding(hand, kind), wild, slots, live)
                hits[kind] += after < before
                yield
        n = max(1, worlds)
        return {k: hits[k] / n if k in hits else 1.0 for k in kinds}


def their_live(view: PlayerView) -> int:
    """Kinds another player may still hope to draw: not every copy face up
    (a bit per kind)."""
    face_up = [*view.discard, *([view.cut] if view.cut is not None else [])]
    unseen = unseen_copies(view, face_up)
    return sum(1 << k for k in range(53) if unseen[k] > 0)
