"""Who sits at the table: the person at the screen (a seat whose level is
None) and the AI players by level, with the names the screen gives them.
Pure Python; the menu, the new-game choices and the match all read it."""

from __future__ import annotations

from game.ai.levels import LEVELS

NAMES = ("You", "Asha", "Ravi", "Meera", "Arjun", "Priya", "Kabir", "Divya", "Vikram",
         "Lata", "Sunil", "Nisha")
HUMAN = None  # a seat whose level is None is played by the person at the screen


def available_levels() -> list[tuple[str, str, str]]:
    """(key, display name, description) of each AI level, easiest first."""
    return [(key, name, desc) for key, (name, desc) in LEVELS.items()]


def default_level() -> str:
    keys = [k for k, _, _ in available_levels()]
    return "medium" if "medium" in keys else keys[0]


def level_name(level: str | None) -> str:
    """How a level reads on screen ("Medium"); the AI's persona names are not levels."""
    if level is HUMAN:
        return "Human"
    return level.replace("_", " ").title()


def seat_names(levels: list[str | None]) -> list[str]:
    """"You" for the person; the AI players get names in seat order."""
    out = []
    bots = 0
    for level in levels:
        if level is HUMAN and NAMES[0] not in out:
            out.append(NAMES[0])
        else:
            bots += 1
            out.append(NAMES[1 + (bots - 1) % (len(NAMES) - 1)])
    return out
