"""The rollout policy of hard's search (``search_policy.Table``) playing a
seat of a real deal: a yardstick, not a level.

Hard's search plays every simulated player by this policy, so how well the
policy plays on its own says how good a model of play the rollouts are, and
what the search adds on top of it (the AI README's 21-card line).  It runs in
a few tens of microseconds a turn, so a ladder of a thousand seeds takes
about a minute:

    python tools/ladder.py --variant 21card --players 2 --seeds 1000 \\
        --pair game/families/twentyone/policy_player.py:PolicyPlayer,medium

Draw: the pile's card when the policy wants it (``Table.wants``; never a
kind this seat threw, nor a fourth pile card in a row: ``WideBot.may_take``),
else the stock.  Discard: the policy's throw (``Table.throw``).  It shows as
every level does, whenever the exact evaluator finds a valid show
(``WideBot.decide``), and never drops: a rollout has no drops either.
"""

from __future__ import annotations

from game.ai.base import Thought
from game.ai.common import distinct_discards
from game.ai.search.worlds import counts_of
from game.engine import Discard, DrawDiscard, DrawStock, PlayerView
from game.families.twentyone.heuristic import WideBot
from game.families.twentyone.search_policy import Table


class PolicyPlayer(WideBot):
    """The search's rollout policy as a player (see the module)."""

    name = "policy"
    description = "Plays the way hard's search imagines every player plays."

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        if DrawStock() not in legal:
            return DrawDiscard()
        if DrawDiscard() in legal:
            top = view.discard[-1].kind
            c = counts_of(card.kind for card in view.hand)
            if self.may_take(view, top) and Table(view).wants(c, top, view.upcard_fresh):
                return DrawDiscard()
        yield
        return DrawStock()

    def discard(self, view: PlayerView) -> Thought:
        table = Table(view)
        c = counts_of(card.kind for card in view.hand)
        barred = None
        if view.picked is not None and not table.may_throw_picked:
            barred = view.picked.kind
        options = distinct_discards(view)
        kind = table.throw(c, barred)
        yield
        if kind in options:
            return Discard(options[kind])
        return self.fallback(view)
