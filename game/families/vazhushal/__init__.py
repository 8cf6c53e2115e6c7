"""Vazhushal, or Wipe (RULES.md §7): melds laid on the table, the spread
discard line, the wipe and the negative joker.

- ``family``: the rule set and the engine's hooks; ``actions``, ``melds``
  (table melds and lay-offs), ``laydown`` (the exact lay-down search) and
  ``settle`` (the stock-out score and game points);
- ``bots`` (easy, medium, hard);
- ``coach``: how the coach sees a hand and this game's own moves (``COACH``);
- ``howto``: How to play and the first-deal tour (``HOWTO``);
- ``table/``: its part of the table (drawn; the window imports it).
"""

from game.families.vazhushal.bots import BOTS
from game.families.vazhushal.ceiling import CEILING_BOTS
from game.families.vazhushal.coach import COACH
from game.families.vazhushal.family import FAMILY
from game.families.vazhushal.howto import HOWTO

__all__ = ["BOTS", "CEILING_BOTS", "COACH", "FAMILY", "HOWTO"]
