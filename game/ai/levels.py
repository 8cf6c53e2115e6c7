"""The three levels a player meets, one name across every game family.

A level (``easy``, ``medium``, ``hard``) is played in each family by that
family's own class for it; ``LevelPlayer`` is one seat's bot of a level, and
asks ``classes`` (the registry's lookup: family name and level to class)
for the family of each view it is shown.  Nothing here names a family."""

from __future__ import annotations

from collections.abc import Callable, Generator

from game.engine import Action, PlayerView

# level -> (the name the table gives that player, a one-line description)
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("Asha", "Keeps the melds it sees and throws high cards; makes the odd slip."),
    "medium": ("Vikram", "Plays the best move for this turn: fast melds, few points."),
    "hard": ("Meera", "Thinks ahead: plays out the likely hands and weighs what a loss "
             "would cost."),
}

ClassLookup = Callable[[str, str], type]  # (family name, level) -> bot class


class LevelPlayer:
    """One seat's bot of ``level``: it plays each family with that family's
    class for the level (one instance per family, built on first use)."""

    def __init__(self, level: str, classes: ClassLookup, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
        self.level = self.name = level
        self.description = LEVELS[level][1]
        self.seed = seed
        self._classes = classes
        self._bots: dict[str, object] = {}

    def bot_for(self, family: str):
        bot = self._bots.get(family)
        if bot is None:
            bot = self._bots[family] = self._classes(family, self.level)(self.seed)
        return bot

    def think(self, view: PlayerView) -> Generator[None, None, Action]:
        return self.bot_for(view.rules.family).think(view)

    def choose(self, view: PlayerView) -> Action:
        return self.bot_for(view.rules.family).choose(view)
