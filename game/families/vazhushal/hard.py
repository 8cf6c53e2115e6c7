"""Hard: the heuristic levels' judgement finds the sensible moves, a search
over the hidden hands chooses among them by how often each wins the deal.

- **The draw**: the stock card (every unseen kind tried, weighted by its
  copies) and each wipe the engine allows are judged by the turns the hand
  then needs (``Judge``, as the heuristic hard judged them); the best
  ``MAX_DRAWS`` within ``DRAW_MARGIN`` turns of the best are played out.
- **The discard**: the loose cards ranked as the heuristic ranks them (the
  chance a stock card helps, kept; what the others may wipe, avoided); the
  best ``MAX_THROWS`` within ``THROW_MARGIN`` are played out.
- **Going out** whenever the engine's search finds the way; melds held
  back until then (laid only with a wipe), as medium does.

The search (``game.ai.search``, with this game's model ``search.py``)
samples every other player's hand from what this seat has seen, plays each
candidate to the end of the deal with the rollout policy for everyone
(``search_policy.py``) and scores it as the family does: one game point to
the player who goes out.  The heuristic's order is the prior (``*_PRIOR``
game points per unit of its judgement) and a measured advantage counts as
far as it is sure (``search.core.choose``).  Its budget is counted in
rollouts, so a seed always gives the same move.
"""

from __future__ import annotations

from game.ai.base import Thought
from game.ai.search.core import Budget, Candidate, choose, search, table_budget
from game.engine import Discard, DrawStock, PlayerView
from game.engine.cards import Card
from game.families.vazhushal.actions import Position, Wipe
from game.families.vazhushal.judge import Judge
from game.families.vazhushal.levels import MAX_WIPES, HeuristicVazhushal, _first_of_kind
from game.families.vazhushal.melds import is_wild
from game.families.vazhushal.search import VazhushalModel

MAX_DRAWS = 3  # draws (the stock, wipes) the search weighs
DRAW_MARGIN = 1.5  # ... within this many turns of the heuristic's best
DRAW_PRIOR = 0.04  # game points per turn of the heuristic's judgement
MAX_THROWS = 3  # discards the search weighs
THROW_MARGIN = 4.0  # ... within this much of the best key (percent of chance kept)
THROW_PRIOR = 0.006  # game points per unit of the key
TAU = 0.05  # spread of true differences between candidates expected (game points)
BUDGET = Budget(rollouts=48, min_worlds=8, max_worlds=24, z=2.0)
# A rollout at four seats and more plays every seat's wipes, each split afresh: at
# four players the table's budget made a decision's median 66 ms, over the
# 60 a decision may take; this share of it keeps it near 50
FULL_TABLE_SHARE = 0.8


class HardVazhushal(HeuristicVazhushal):
    name = "hard"
    description = ("Plays out the likely hands: weighs each wipe and discard by how often "
                   "it wins the deal against the cards the others may hold.")
    budget = BUDGET

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = VazhushalModel()

    def budget_for(self, view: PlayerView) -> Budget:
        budget = table_budget(view, self.budget)
        if view.players >= 4:
            budget = budget.scaled(FULL_TABLE_SHARE)
        return budget

    # ------------------------------------------------------------------ draw
    def draw(self, view: PlayerView) -> Thought:
        if not any(isinstance(a, Wipe) for a in view.legal):
            return DrawStock()  # nothing else to weigh
        pos = Position.of_view(view)
        judge = Judge(view, self.counting, self.rearranges)
        yield
        stock = yield from self.stock_average(view, judge)
        options = [(stock, DrawStock())]
        wipes = [a for a in view.legal if isinstance(a, Wipe)][-MAX_WIPES:]
        options += yield from self.wipe_values(pos, judge, wipes)
        # the heuristic's order: best value first, ties as it broke them (the
        # stock, then the deeper wipe)
        ranked = sorted(enumerate(options), key=lambda t: (-t[1][0], t[0]))
        best = ranked[0][1][0]
        near = [opt for _, opt in ranked if opt[0] >= best - DRAW_MARGIN][:MAX_DRAWS]
        if len(near) == 1:
            return near[0][1]
        cands = [Candidate(action, DRAW_PRIOR * (value - best)) for value, action in near]
        cands[0].prior += 1e-9  # the heuristic's own choice stands on a tie
        yield from search(view, self.model, cands, self.budget_for(view), self.rng(view))
        return choose(cands, TAU).action

    # ------------------------------------------------------------- discard
    def pick_discard(self, view: PlayerView, judge: Judge) -> Thought:
        hand = list(view.hand)
        shape = judge.shape(hand)
        yield
        if not any(not is_wild(c.kind, judge.wild) for c in shape.loose):
            return (yield from self.break_meld(view, judge, hand))
        ranked = judge.ranked_throws(shape, lambda c: self.danger(judge, c))
        best = ranked[0][0][0]
        near = [(key[0], card) for key, card in ranked
                if key[0] >= best - THROW_MARGIN][:MAX_THROWS]
        kinds = set()
        cands = []
        for key, card in near:
            if card.kind in kinds:
                continue
            kinds.add(card.kind)
            cands.append(Candidate(Discard(_first_of_kind(view.hand, card)),
                                   THROW_PRIOR * (key - best)))
        if len(cands) == 1:
            return near[0][1]
        cands[0].prior += 1e-9
        yield from search(view, self.model, cands, self.budget_for(view), self.rng(view))
        return _card(choose(cands, TAU).action)


def _card(action: Discard) -> Card:
    return action.card
