"""The rollout policy of hard's search (``search_policy.Table``) playing a
seat of a real deal: a yardstick, not a level.

Hard's search plays every simulated player by this policy, so how well the
policy plays on its own says how good a model of play the rollouts are (the
AI README's Vazhushal lines).  It runs in some tens of microseconds a turn,
so a ladder of a thousand seeds takes about a minute:

    python tools/ladder.py --variant vazhushal --players 2 --seeds 1000 \\
        --pair game/families/vazhushal/policy_player.py:PolicyPlayer,medium

Draw: the wipe the policy takes (``Table.best_wipe``), as the engine lays
it, else the stock.  Discard: the policy's throw (``Table.throw``).  It goes
out whenever the engine's search finds the way, and holds its melds back
until then, as every level but easy does (``VazhushalBot.play``).
"""

from __future__ import annotations

from game.ai.base import Thought
from game.ai.search.worlds import counts_of
from game.engine import DrawStock, PlayerView
from game.engine.cards import Card
from game.families.vazhushal.actions import Position, Wipe, resolve_wipe
from game.families.vazhushal.judge import Judge
from game.families.vazhushal.levels import VazhushalBot
from game.families.vazhushal.search import policy_melds
from game.families.vazhushal.search_policy import Table


class PolicyPlayer(VazhushalBot):
    """The search's rollout policy as a player (see the module)."""

    name = "policy"
    description = "Plays the way hard's search imagines every player plays."

    def draw(self, view: PlayerView) -> Thought:
        wipes = [a for a in view.legal if isinstance(a, Wipe)]
        if not wipes:
            return DrawStock()
        pos = Position.of_view(view)
        mine = policy_melds(pos.melds)
        yield
        got = Table(view.wild).best_wipe(counts_of(c.kind for c in view.hand),
                                         [c.kind for c in pos.line], mine, bool(mine),
                                         pos.first_upcard_wild(0), None)
        if got is None:
            return DrawStock()
        for action in wipes:  # the wipe from the line card the policy chose
            if pos.index_of(action.card) == got[0]:
                yield
                laid, _ = resolve_wipe(pos, action)
                if laid is not None:
                    return action
        return DrawStock()

    def pick_discard(self, view: PlayerView, judge: Judge) -> Thought:
        table = Table(view.wild)
        mine = policy_melds(Position.of_view(view).melds)
        c = counts_of(card.kind for card in view.hand)
        kind, _ = table.throw(c, table.split(c, mine, bool(mine)), bool(mine))
        yield
        return _card_of(view.hand, kind)


def _card_of(hand, kind: int) -> Card:
    return next(c for c in hand if c.kind == kind)
