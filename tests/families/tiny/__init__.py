"""Tiny rummy: a whole small game that lives only in the tests, to prove that a
family is one folder plus one line in the registry (``install(tiny)`` in a
test stands for the line in ``INSTALLED``).  Nothing outside this folder
names it.

Six cards each from one deck without jokers.  The card turned after the
upcard is a face-down secret; a player who peeks at it (once, before
drawing) may use its rank as wild.  After drawing, a player may lay one meld
of three (a set or a run) on the table, then throws a card; a show throws
the last card with every card left in hand in melds of three (none left is a
show too).  Each loser pays one point per card still in hand.

- ``family``: the rule set, its actions and the engine's hooks;
- ``bots``: easy, medium and hard (no coach module: the coach's neutral lens
  serves it);
- ``howto``: How to play and the first-deal tour;
- ``table``: its part of the table (drawn with pygame; the window imports it).
"""

from tests.families.tiny.bots import BOTS
from tests.families.tiny.family import FAMILY
from tests.families.tiny.howto import HOWTO

__all__ = ["BOTS", "FAMILY", "HOWTO"]
