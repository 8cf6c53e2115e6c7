"""The three leveled bots, registered by name for the menu and the simulator.

A level is one name across every game family: ``make_bot("hard")`` gives a
bot that plays whatever family the view it is shown belongs to, through the
class registered for that family and level (``register_family_bots``)."""

from __future__ import annotations

from game.ai.easy import EasyBot
from game.ai.hard import HardBot
from game.ai.medium import MediumBot
from game.ai.registry import register

# (family, level) -> bot class with think(view) and choose(view)
FAMILY_BOTS: dict[tuple[str, str], type] = {}


def register_family_bots(family: str, classes: dict[str, type]) -> None:
    for level, cls in classes.items():
        FAMILY_BOTS[(family, level)] = cls


register_family_bots("13card", {"easy": EasyBot, "medium": MediumBot, "hard": HardBot})


class LevelPlayer:
    """One seat's bot of a level: it plays each family with that family's
    class for the level (one instance per family, built on first use)."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._bots: dict[str, object] = {}

    def bot_for(self, family: str):
        bot = self._bots.get(family)
        if bot is None:
            cls = FAMILY_BOTS.get((family, self.level))
            if cls is None:
                raise ValueError(f"no {self.level} bot plays the {family} family yet")
            bot = self._bots[family] = cls(self.seed)
        return bot

    def think(self, view):
        return self.bot_for(view.rules.family).think(view)

    def choose(self, view):
        return self.bot_for(view.rules.family).choose(view)


def _level_class(level: str, cls: type) -> type:
    return type(f"{level.title()}Player", (LevelPlayer,),
                {"level": level, "name": level, "description": cls.description})


BOT_CLASSES = {level: _level_class(level, cls)
               for level, cls in (("easy", EasyBot), ("medium", MediumBot), ("hard", HardBot))}

# level -> (display name, one-line description) for the menu
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("Asha", EasyBot.description),
    "medium": ("Vikram", MediumBot.description),
    "hard": ("Meera", HardBot.description),
}

for _level, _cls in BOT_CLASSES.items():
    register(_level, _cls)


def _load_family_bots() -> None:
    """Each family's bots live in ``ai/families/<module>.py`` and register
    themselves on import."""
    from game.ai.families import marriage, twentyone, vazhushal  # noqa: F401


_load_family_bots()
