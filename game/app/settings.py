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
    cards: bool = False  # about how the cards look and read (the screen groups these)

    def name_of(self, value: Any) -> str:
        return self.names[self.values.index(value)]


SETTINGS: tuple[Option, ...] = (
    Option("speed", "Game speed", ("slow", "normal", "fast", "instant"),
           ("Slow", "Normal", "Fast", "Instant"), "normal",
           "How fast the cards move and the others play."),
    Option("motion", "Card movement", ("full", "reduced"), ("Full", "Reduced"), "full",
           "Reduced: cards appear in place, marked a moment; no flying, shower or "
           "counting up."),
    Option("next_deal", "Next deal", (0, 10, 5), ("When I press", "After 10 s", "After 5 s"), 0,
           "Start the next deal by itself after a countdown (a tap stops it)."),
    Option("sound", "Sound", (True, False), ("On", "Off"), True,
           "Sound effects (M toggles them anywhere)."),
    Option("four_colour", "Four-colour suits", (False, True), ("Off", "On"), False,
           "♠ black, ♥ red, ♦ blue, ♣ green.", cards=True),
    Option("large_cards", "Large cards", (False, True), ("Off", "On"), False,
           "A big rank and suit on every card, for small screens and tired eyes.",
           cards=True),
    Option("hints", "Group labels", (True, False), ("On", "Off"), True,
           "Name each group of your hand and show your count.", cards=True),
    # On for a new player; finishing or skipping the tour turns it off (and a
    # settings file saved before the tour existed gets it once, as new).
    Option("walkthrough", "Walkthrough", (True, False), ("On", "Off"), True,
           "A short tour of your next deal: the stock, the pile, your groups, "
           "declaring. It turns itself off once done.", cards=True),
)

BY_KEY = {o.key: o for o in SETTINGS}

# Multiplier of every animation and pause; 0 plays the AI without waiting.
SPEED_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


def _allowed(opt: Option, value: Any) -> bool:
    """Whether ``value`` is one of ``opt``'s values, of the same type (a saved
    ``false`` is no countdown of 0 seconds, a saved 1 no ``true``)."""
    return any(value == v and type(value) is type(v) for v in opt.values)


class Settings:
    """The current value of each setting, always one of its allowed values."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values = {o.key: o.default for o in SETTINGS}
        for key, value in (values or {}).items():
            opt = BY_KEY.get(key)
            if opt is not None and _allowed(opt, value):
                self.values[key] = value

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def set(self, key: str, value: Any) -> None:
        opt = BY_KEY[key]
        if not _allowed(opt, value):
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

    @property
    def reduced_motion(self) -> bool:
        """Cards appear in place instead of flying; no flourish (the same news)."""
        return self.values["motion"] == "reduced"

    def to_json(self) -> dict[str, Any]:
        return dict(self.values)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Unknown keys and bad values fall back to the defaults."""
        return cls(data if isinstance(data, dict) else None)
