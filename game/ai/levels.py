"""The three leveled bots, registered by name for the menu and the simulator."""

from __future__ import annotations

from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .registry import register

BOT_CLASSES = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}

# level -> (display name, one-line description) for the menu
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("Asha", EasyBot.description),
    "medium": ("Vikram", MediumBot.description),
    "hard": ("Meera", HardBot.description),
}

for _level, _cls in BOT_CLASSES.items():
    register(_level, _cls)
