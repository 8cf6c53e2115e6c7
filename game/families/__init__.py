"""The installed game families, and what every other layer reads of them.

A family is one folder here (``thirteen/``, ``twentyone/``, ``marriage/``,
``vazhushal/``) holding everything that is that game; ``INSTALLED`` below is
the one list of them, in the order menus show them.  Adding a family is one
folder and one line in that list: README.md beside this file says how.

A family package offers, as module attributes:

- ``FAMILY``: its ``game.engine.Family`` (rules, presets and the engine's hooks);
- ``BOTS``: its bot class for each level (``easy``, ``medium``, ``hard``);
- ``COACH``: how the coach sees its hands (a ``game.ai.coach.Lens`` class; optional);
- ``HOWTO``: its "How to play" pages and first-deal tour
  (``game.engine.howto.HowToText``, written from the rules in force);

and, found by name only when asked for: ``<package>.table`` (its part of the
table, drawn with pygame, imported by the window alone) and
``<package>.bench`` (its section of ``python -m game.bench``).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from game.ai.levels import LEVELS, LevelPlayer
from game.ai.registry import BOTS as ANY_FAMILY_BOTS
from game.ai.registry import is_bot_file, load_bot_file
from game.engine.family import Family, family_of
from game.engine.rules import RuleError, RuleSet
from game.families import marriage, thirteen, twentyone, vazhushal

INSTALLED: tuple[ModuleType, ...] = (thirteen, twentyone, marriage, vazhushal)

FAMILIES: dict[str, Family] = {}  # family name -> its hooks
PACKAGES: dict[str, ModuleType] = {}  # family name -> its package
PRESETS: dict[str, RuleSet] = {}  # preset name -> rule set, family by family


def install(package: ModuleType) -> None:
    """Add a family package and its presets (the tests install small games too)."""
    family = package.FAMILY
    FAMILIES[family.name] = family
    PACKAGES[family.name] = package
    for name, rules in family.presets().items():
        PRESETS[name] = rules


def uninstall(package: ModuleType) -> None:
    """Take a family installed by ``install`` out again."""
    family = package.FAMILY
    FAMILIES.pop(family.name, None)
    PACKAGES.pop(family.name, None)
    for name in family.presets():
        PRESETS.pop(name, None)


def preset(name: str, options: dict[str, Any] | None = None) -> RuleSet:
    try:
        base = PRESETS[name]
    except KeyError:
        raise RuleError(f"unknown variant {name!r}: choose from {', '.join(PRESETS)}") from None
    return base.with_options(**options) if options else base


def load_rules(name: str, options: dict[str, Any]) -> RuleSet:
    """A saved rule set: the preset ``name`` with ``options`` (unknown keys
    are refused with the reason, as for every option)."""
    return preset(name, {k: v for k, v in options.items() if k != "name"})


def package_of(rules: RuleSet) -> ModuleType:
    """The installed package of the family ``rules`` belong to."""
    try:
        return PACKAGES[rules.family]
    except KeyError:
        raise RuleError(f"no installed game family {rules.family!r}") from None


def table_module(rules: RuleSet) -> str:
    """The module holding the table part of ``rules``' family (for the window)."""
    return f"{package_of(rules).__name__}.table"


def bot_class(family: str, level: str) -> type:
    """The class that plays ``level`` in ``family`` (``LevelPlayer`` asks it)."""
    package = PACKAGES.get(family)
    cls = package.BOTS.get(level) if package is not None else None
    if cls is None:
        raise ValueError(f"no {level} bot plays the {family} family")
    return cls


def bot_names() -> list[str]:
    """Every bot ``make_bot`` knows by name."""
    return [*ANY_FAMILY_BOTS, *LEVELS]


def make_bot(spec: str, seed: int = 0):
    """A bot from its name (a level, ``random``, ``greedy``) or ``file.py:ClassName``."""
    if is_bot_file(spec):
        return load_bot_file(spec, seed)
    if spec in LEVELS:
        return LevelPlayer(spec, bot_class, seed)
    if spec in ANY_FAMILY_BOTS:
        return ANY_FAMILY_BOTS[spec](seed)
    raise ValueError(f"unknown bot {spec!r}: choose from {', '.join(sorted(bot_names()))}")


for _package in INSTALLED:
    install(_package)

__all__ = ["FAMILIES", "INSTALLED", "PACKAGES", "PRESETS", "bot_class", "bot_names",
           "family_of", "install", "load_rules", "make_bot", "package_of", "preset",
           "table_module", "uninstall"]
