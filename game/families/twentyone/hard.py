"""Hard (Meera) in 21- and 27-card rummy: a search over the hidden hands.

The rollout policy (``search_policy.py``) finds the sensible moves and is
the prior; the search (``game.ai.search``, with this game's model
``search.py``) samples every other player's hand from the public log, plays
each candidate out to the end of the deal with the policy for everyone,
settles it as the family does (counts, half for no turn yet, value-card
bonuses) and keeps the move with the best expected score.

- Discard: the ``MAX_CANDIDATES`` least worth natural cards (the policy's
  worth, ``Table.throw_scores``) within ``CAND_MARGIN`` of the least are
  played out; the policy's order is the prior (``PRIOR`` points per unit of
  worth) and a measured advantage counts as far as it is sure
  (``search.core.choose``, ``TAU``).  At 21 cards with two players in the
  deal a close choice (``search.core.close_call``: a runner-up within one
  standard error) is searched on with ``CLOSE_EXTRA`` times the budget more:
  the choice at the budget is often noise, and a clear one needs no more.
- Draw: when the policy would take the pile's card, taking it is weighed
  against the stock (taking starts ``DRAW_PRIOR`` ahead); otherwise the
  stock.  A kind this seat threw is never taken back, nor a fourth pile
  card in a row (``WideBot.may_take``: two bots could pass cards for ever).
- Drop: weighed when the heuristic's fitted model (``expected_delta``) says
  playing on is worth less than ``PACK_WINDOW`` above the drop; then the
  search plays on over sampled worlds and drops when that is worse than the
  drop by ``PACK_MARGIN``.  A first hand is weighed only when a regular
  would drop it (no wild card, four draws or more from a show).  The
  numbers of a drop are kept (``pack_odds``: the drop and the rollouts'
  cost of playing on) so that the coach's words and the table's
  announcement give what the decision weighed, not another model's.
- Show: at once, whenever a valid show exists (the frame's
  ``declarations_thought``), throwing the card that keeps the biggest bonus.

The budget is counted in rollouts (never in time), so a seed always gives
the same move; the browser plays the same budget (the thinking is sliced:
it costs no frame).
"""

from __future__ import annotations

from game.ai.base import PackOdds, Thought
from game.ai.common import distinct_discards
from game.ai.kinds import kinds_of
from game.ai.knowledge import know
from game.ai.search.core import (
    Budget,
    Candidate,
    choose,
    close_call,
    players_in_deal,
    search,
    table_budget,
)
from game.ai.search.worlds import counts_of
from game.engine import Discard, DrawDiscard, DrawStock, Pack, PlayerView
from game.engine.game import pack_cost
from game.families.twentyone.heuristic import WideBot, expected_delta, hopeless_first_hand
from game.families.twentyone.search import TwentyOneModel
from game.families.twentyone.search_policy import Table

MAX_CANDIDATES = 3  # discards the search weighs
CAND_MARGIN = 40  # ... within this much worth of the least
PRIOR = 0.1  # points per unit of worth a candidate starts behind
TAU = 8.0  # spread of true differences between candidates expected (points)
DRAW_PRIOR = 2.0  # points the policy's draw starts ahead
PACK_WINDOW = 25.0  # weigh the drop when the model puts playing on this close to it
PACK_MARGIN = 3.0  # points the drop must be better than playing on
BUDGET = Budget(rollouts=30, min_worlds=5, max_worlds=14, z=2.0)
TAKE_BUDGET = Budget(rollouts=20, min_worlds=5, max_worlds=10, z=2.0)
PACK_BUDGET = Budget(rollouts=24, min_worlds=24, max_worlds=24, z=99.0)
# A 27-card rollout costs about twice a 21-card one (its show and count
# searches are longer): at the full budget a decision's median is 60 ms at
# two players and 69 at four (CPU, ``python -m game.bench.bots``), over the
# 60 ms a decision may take.  0.65 of it at four: 44 ms; with two players
# left in the deal, whose rollouts are shorter, 0.8 of it (24 rollouts a
# discard; 0.85, with 25, measured 50 ms and played the 1,000 ladder seeds alike).
LONG_HAND_SHARE = 0.65
LONG_HAND_SHARE_TWO = 0.8
# With two players in the deal a 21-card decision's median is 33 ms at the
# full budget and 43 ms at 1.5 times it.  1.8 times (52 ms) measured no
# stronger: +0.19 [-0.54, +0.93] a deal over 5,000 paired ladder seeds
TWO_PLAYER_SHARE = 1.5
# A close discard at 21 cards and two players is searched on with this many
# times its budget more (three times the thinking in all; about two searched
# discards in three are close, three decisions in ten).  The decision's median
# rose from 45.6 to 49.7 ms (CPU, 300 decisions), and over 5,000 paired
# ladder seeds the bot gained +1.08 [+0.26, +1.90] a deal against medium
CLOSE_EXTRA = 2.0


class SearchHard(WideBot):
    """Hard: the policy's sensible moves, chosen among by the search."""

    name = "hard"
    description = "Thinks ahead: plays out the likely hands and weighs what a loss would cost."
    budget = BUDGET
    take_budget = TAKE_BUDGET
    pack_budget = PACK_BUDGET
    pack_odds: PackOdds | None = None  # the numbers of its last drop, while it stands

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = TwentyOneModel(know)

    def budget_for(self, view: PlayerView, budget: Budget) -> Budget:
        """Fewer rollouts a candidate at a fuller table (each is longer), and
        fewer at 27 cards (``LONG_HAND_SHARE``, or ``LONG_HAND_SHARE_TWO``
        with two players left in the deal); more at 21 cards with two
        players left (``TWO_PLAYER_SHARE``)."""
        budget = table_budget(view, budget)
        two = players_in_deal(view) <= 2
        if view.rules.hand_size > 21:
            return budget.scaled(LONG_HAND_SHARE_TWO if two else LONG_HAND_SHARE)
        return budget.scaled(TWO_PLAYER_SHARE) if two else budget

    def close_extra(self, view: PlayerView) -> float:
        """How many times its budget more a close discard is searched on:
        ``CLOSE_EXTRA`` at 21 cards with two players in the deal, where it
        was measured, none elsewhere (27-card rollouts are twice as long)."""
        if view.rules.hand_size > 21 or players_in_deal(view) > 2:
            return 0.0
        return CLOSE_EXTRA

    # ---------------------------------------------------------------- draw
    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        self.pack_odds = None  # a drop's numbers speak for that drop only
        play = DrawStock()
        if DrawDiscard() in legal:
            if DrawStock() not in legal:
                play = DrawDiscard()
            else:
                top = view.discard[-1].kind
                if self.may_take(view, top):
                    table = Table(view)
                    c = counts_of(c.kind for c in view.hand)
                    take = table.wants(c, top, view.upcard_fresh)
                    if take:
                        cands = [Candidate(DrawStock(), 0.0 if take else DRAW_PRIOR),
                                 Candidate(DrawDiscard(), DRAW_PRIOR if take else 0.0)]
                        yield from search(view, self.model, cands,
                                          self.budget_for(view, self.take_budget),
                                          self.rng(view))
                        take = choose(cands, TAU).action == DrawDiscard()
                    if take:
                        play = DrawDiscard()
        yield
        if Pack() in legal and self.may_pack(view):
            cands = [Candidate(play), Candidate(Pack())]
            yield from search(view, self.model, cands, self.budget_for(view, self.pack_budget),
                              self.rng(view), race=False)
            if cands[1].mean > cands[0].mean + PACK_MARGIN:
                self.pack_odds = odds_of(view, cands[0], cands[1])
                return Pack()
        return play

    def may_pack(self, view: PlayerView) -> bool:
        """A drop is worth weighing when the fitted model puts playing on
        within ``PACK_WINDOW`` of the drop (or below it); a first hand only
        when a regular would drop it too (``hopeless_first_hand``)."""
        judge = self.judge(view)
        kinds = kinds_of(view.hand)
        now = judge.analyse(kinds)
        cost, first = pack_cost(view, view.seat)
        if first and not hopeless_first_hand(judge, kinds, now):
            return False
        return expected_delta(view, now, judge.opponents) < -cost + PACK_WINDOW

    # ------------------------------------------------------------- discard
    def discard(self, view: PlayerView) -> Thought:
        table = Table(view)
        c = counts_of(card.kind for card in view.hand)
        scores = table.throw_scores(c)
        options = distinct_discards(view)
        barred = None
        if view.picked is not None and not table.may_throw_picked:
            barred = view.picked.kind
        ranked = sorted((scores[k], k) for k in options
                        if k in scores and not (k == barred and c[k] == 1))
        if not ranked:  # wild cards only (and the card just taken): the fallback's choice
            return self.fallback(view)
        least = ranked[0][0]
        near = [(w, k) for w, k in ranked if w <= least + CAND_MARGIN][:MAX_CANDIDATES]
        cands = [Candidate(Discard(options[k]), -PRIOR * (w - least)) for w, k in near]
        if len(cands) == 1:
            return cands[0].action
        yield
        budget = self.budget_for(view, self.budget)
        rng = self.rng(view)
        yield from search(view, self.model, cands, budget, rng)
        extra = self.close_extra(view)
        if extra and close_call(cands, TAU):
            yield from search(view, self.model, cands, budget.scaled(extra), rng)
        return choose(cands, TAU).action


def odds_of(view: PlayerView, play: Candidate, drop: Candidate) -> PackOdds:
    """The search's numbers in points: the drop and the rollouts' average
    cost of playing on (in Pool the search weighs a match equity worth about
    a point a point: scaled so that the drop reads as its points).  No share
    of won deals: a rollout's score counts the value-card bonuses, so a lost
    deal can score above nothing and the share would not be the wins."""
    cost = float(pack_cost(view, view.seat)[0])
    scale = cost / -drop.mean if drop.mean < 0 else 1.0
    return PackOdds(cost, -play.mean * scale)
