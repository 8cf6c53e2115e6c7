"""21-card and 27-card rummy (RULES.md §4, §5).

- ``family``: the rule set and the engine's hooks; ``cards`` (value cards,
  wild kinds, melds), ``solver`` (the exact evaluator of shows and counts)
  and ``settle`` (payments and the value-card bonuses paid whoever wins);
- ``bots`` (easy, medium, hard) with ``judge``;
- ``coach``: how the coach sees a hand of this game (``COACH``);
- ``howto``: How to play and the first-deal tour (``HOWTO``);
- ``bench``: its section of ``python -m game.bench``;
- ``table``: its part of the table (drawn; the window imports it).
"""

from game.families.twentyone.bots import BOTS
from game.families.twentyone.ceiling import CEILING_BOTS
from game.families.twentyone.coach import COACH
from game.families.twentyone.family import FAMILY
from game.families.twentyone.howto import HOWTO

__all__ = ["BOTS", "CEILING_BOTS", "COACH", "FAMILY", "HOWTO"]
