"""A search over the hidden hands for Marriage (measured, not a level yet:
see ``bots.py``): the look-ahead's judgement finds the sensible moves, a search over
the hidden hands chooses among them by what each is expected to score.

- Discard: the discards within ``margin`` of the best by the judge (cards
  still to draw, ``judge.py``), at most ``max_candidates``, are played
  out; the look-ahead's order (the hand after the next draw, less the
  chance of feeding the next player) is the prior (``PRIOR`` points per
  card still to draw) and a measured advantage counts as far as it is
  sure (``search.core.choose``).
- Draw: when the pile's card could join the hand, taking it and drawing
  from the stock are both played out, the judge's choice ``DRAW_PRIOR``
  points ahead.
- Exposing, seeing and showing as every level does (``heuristic.py``).

The search (``game.ai.search``, with this game's model ``search.py``)
samples every other player's hand, and the tiplu until this seat has seen
it, from what this seat has seen; plays each candidate to the end of the
deal with a fast rollout policy for everyone (``search_policy.py``); and
settles it by the family's own rules: game points and the maal exchange.
Its budget is counted in rollouts, so a seed always gives the same move.
"""

from __future__ import annotations

from game.ai.base import Thought
from game.ai.search.core import Budget, Candidate, choose, search, table_budget
from game.engine import Discard, DrawDiscard, DrawStock, PlayerView
from game.families.marriage.heuristic import LookaheadMarriage
from game.families.marriage.judge import Judge
from game.families.marriage.search import MarriageModel

PRIOR = 4.0  # points a candidate starts behind per card still to draw more
DRAW_PRIOR = 2.0  # points the judge's draw starts ahead
TAU = 4.0  # spread of true differences between candidates expected (points)
BUDGET = Budget(rollouts=48, min_worlds=6, max_worlds=16, z=2.0)
TAKE_BUDGET = Budget(rollouts=32, min_worlds=6, max_worlds=16, z=2.0)


class SearchMarriage(LookaheadMarriage):
    name = "search"
    description = "Plays out the likely hands and weighs what each move is worth in points."
    budget = BUDGET
    take_budget = TAKE_BUDGET

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = MarriageModel()

    def budget_for(self, view: PlayerView, budget: Budget) -> Budget:
        """Rollouts grow longer with more players: fewer of them."""
        return table_budget(view, budget)

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        if DrawDiscard() not in legal:
            return DrawStock()
        if DrawStock() not in legal:
            return DrawDiscard()
        take = yield from self.worth_taking(view)
        if take is None:
            return DrawStock()
        yield
        cands = [Candidate(DrawStock(), 0.0 if take else DRAW_PRIOR),
                 Candidate(DrawDiscard(), DRAW_PRIOR if take else 0.0)]
        yield from search(view, self.model, cands, self.budget_for(view, self.take_budget),
                          self.rng(view))
        return choose(cands, TAU).action

    def pick_discard(self, view: PlayerView, judge: Judge, near: list) -> Thought:
        if len(near) == 1:
            return near[0][2]
        keyed = yield from self.lookahead(view, judge, near[:self.max_candidates])
        keyed.sort(key=lambda t: t[0])
        best = keyed[0][0][0]
        cands = [Candidate(Discard(card), -PRIOR * (key[0] - best)) for key, card in keyed]
        yield from search(view, self.model, cands, self.budget_for(view, self.budget),
                          self.rng(view))
        return choose(cands, TAU).action.card
