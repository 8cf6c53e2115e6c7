"""The Vazhushal levels: easy and medium in ``levels.py`` (with the heuristic
hard's search starts from), hard in ``hard.py`` (a search over the hidden
hands); medium's judgement of a position in ``judge.py``."""

from game.families.vazhushal.hard import HardVazhushal
from game.families.vazhushal.judge import Judge, completing_kinds, extension_kinds
from game.families.vazhushal.levels import EasyVazhushal, HeuristicVazhushal, MediumVazhushal

__all__ = ["BOTS", "EasyVazhushal", "HardVazhushal", "HeuristicVazhushal", "Judge",
           "MediumVazhushal", "completing_kinds", "extension_kinds"]

# the levels a player meets in this game, by name (the registry reads it)
BOTS = {"easy": EasyVazhushal, "medium": MediumVazhushal, "hard": HardVazhushal}
