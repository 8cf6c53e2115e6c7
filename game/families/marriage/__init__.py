"""Indian Marriage (RULES.md §6): 21 cards, the hidden tiplu, maal.

- ``family``: the rule set and the engine's hooks; ``actions`` (exposing
  tunnelas, showing to see the tiplu), ``hand`` (the arrangement search),
  ``maal`` and ``settle`` (the n·S − T exchange);
- ``bots`` (easy, medium, hard) with ``judge``; hard's search in
  ``hard``, ``search`` and ``search_policy``; ``ceiling`` (``CEILING_BOTS``):
  hard told the real hands, for measuring only;
- ``coach``: how the coach sees a hand and this game's own moves (``COACH``);
- ``howto``: How to play and the first-deal tour (``HOWTO``);
- ``table/``: its part of the table (drawn; the window
  imports it).
"""

from game.families.marriage.bots import BOTS
from game.families.marriage.ceiling import CEILING_BOTS
from game.families.marriage.coach import COACH
from game.families.marriage.family import FAMILY
from game.families.marriage.howto import HOWTO

__all__ = ["BOTS", "CEILING_BOTS", "COACH", "FAMILY", "HOWTO"]
