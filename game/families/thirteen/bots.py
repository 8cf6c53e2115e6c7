"""The 13-card levels: each in its own module (``easy``, ``medium``, ``hard``)."""

from game.families.thirteen.easy import EasyBot
from game.families.thirteen.hard import HardBot
from game.families.thirteen.medium import MediumBot

# the levels a player meets in this game, by name (the registry reads it)
BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
