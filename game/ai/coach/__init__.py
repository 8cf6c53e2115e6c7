"""The coach's framework: a hint (a bot's move and why) and the review of a
deal, for any family, with no family inside.

- ``words``: cards, groups of cards and what the public log says of the
  next player, in a player's words;
- ``lens``: how the coach sees a hand (``Lens``: the arrangement, the count,
  the distance to a finish, a position's worth in points), the neutral lens
  a family without one gets, and what a family's lens adds (its own
  moves' reasons and prices, by action class);
- ``reasons``: one line saying why a move is good (the shared moves' here);
- ``advice``: the hint and the review, given the bot and the family's lens.

Each family's knowledge lives in its folder (``game/families/<name>/coach.py``,
exported by its package as ``COACH``, a ``Lens`` class); ``game.app.coach``
finds it through the registry and makes the bot that coaches.
"""

from game.ai.coach.advice import Hint, Mistake, hint_thought, review, same_move, value
from game.ai.coach.lens import Layout, Lens, Standing
from game.ai.coach.reasons import explain

__all__ = ["Hint", "Layout", "Lens", "Mistake", "Standing", "explain", "hint_thought",
           "review", "same_move", "value"]
