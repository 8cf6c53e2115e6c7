"""Player settings as data: one table lists every setting, its choices and
default, so screens and saves walk the table instead of naming each key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    values: tuple[Any, ...]
    names: tuple[str, ...]  # what the screen shows for each value
    default: Any
    help: str = ""

    def name_of(self, value: Any) -> str:
        return self.names[self.values.index(value)]


SETTINGS: tuple[Option, ...] = (
    Option("speed", "Game speed", ("slow", "normal", "fast", "instant"),
           ("Slow", "Normal", "Fast", "Instant"), "normal",
           "How fast the other players' cards move."),
    Option("sound", "Sound", (True, False), ("On", "Off"), True,
           "Sound effects (M toggles them anywhere)."),
    Option("hints", "Group labels", (True, False), ("On", "Off"), True,
           "Name each group of your hand and show your count."),
    # On for a new player; finishing or skipping the tour turns it off (and a
    # settings file saved before the tour existed gets it once, as new).
    Option("walkthrough", "Walkthrough", (True, False), ("On", "Off"), True,
           "A short tour in your next deal: the stock, the discard pile, your groups "
           "and how to declare. It turns itself off once done or skipped."),
)

BY_KEY = {o.key: o for o in SETTINGS}

# Multiplier of every animation and pause; 0 plays the AI without waiting.
SPEED_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


class Settings:
    """The current value of each setting, always one of its allowed values."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values = {o.key: o.default for o in SETTINGS}
        for key, value in (values or {}).items():
            opt = BY_KEY.get(key)
            if opt is not None and value in opt.values:
                self.values[key] = value

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def set(self, key: str, value: Any) -> None:
        opt = BY_KEY[key]
        if value not in opt.values:
            raise ValueError(f"{key} cannot be {value!r}: choose from {opt.values}")
        self.values[key] = value

    def cycle(self, key: str, step: int = 1) -> Any:
        opt = BY_KEY[key]
        i = opt.values.index(self.values[key])
        self.values[key] = opt.values[(i + step) % len(opt.values)]
        return self.values[key]

    @property
    def speed(self) -> float:
        return SPEED_FACTOR[self.values["speed"]]

    def to_json(self) -> dict[str, Any]:
        return dict(self.values)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Unknown keys and bad values fall back to the defaults."""
        return cls(data if isinstance(data, dict) else None)
