"""13-card Indian Rummy: Paplu and the online Points, Pool and Deals formats
(RULES.md §2, §3).

- ``family``: the rule set and the engine's hooks; ``solver`` (with
  ``solver_search``), ``melds`` and ``settle``: the exact evaluator, meld
  names and the deal's settlement;
- ``easy``, ``medium``, ``hard`` (``bots``) with ``judge``, ``shape``,
  ``packing``, ``reading``, ``worlds``, ``search`` and ``search_policy``;
  ``ceiling``: the clairvoyant bots that measure what hidden cards are worth
  (``CEILING_BOTS``, played by ``python -m game.ceiling``);
- ``coach``: how the coach sees a hand of this game (``COACH``);
- ``howto``: How to play and the first-deal tour (``HOWTO``);
- ``bench``: its section of ``python -m game.bench``;
- ``table``: its part of the table (drawn; the window imports it).
"""

from game.families.thirteen.bots import BOTS
from game.families.thirteen.ceiling import CEILING_BOTS
from game.families.thirteen.coach import COACH
from game.families.thirteen.family import FAMILY
from game.families.thirteen.howto import HOWTO

__all__ = ["BOTS", "CEILING_BOTS", "COACH", "FAMILY", "HOWTO"]
