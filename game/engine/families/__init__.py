"""Game families: each module holds everything one family of games does
differently from the core (RULES.md §2–§7).  This is the one registry the
rule sets, presets, command line and menus read."""

from __future__ import annotations

from typing import Any

from game.engine.families.base import ActionSpec, Family
from game.engine.rules import RuleError, RuleSet

FAMILIES: dict[str, Family] = {}
PRESETS: dict[str, RuleSet] = {}


def register(family: Family) -> None:
    """Add a family and its presets (tests register small families too)."""
    FAMILIES[family.name] = family
    for name, rules in family.presets().items():
        PRESETS[name] = rules


def family_of(rules: RuleSet) -> Family:
    try:
        return FAMILIES[rules.family]
    except KeyError:
        raise RuleError(f"no game family {rules.family!r}") from None


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


def _register_modules() -> None:
    """Every family module, in the order menus list them (each defines ``FAMILY``)."""
    from game.engine.families import marriage, thirteen, twentyone, vazhushal

    for module in (thirteen, twentyone, marriage, vazhushal):
        register(module.FAMILY)


_register_modules()

__all__ = ["ActionSpec", "FAMILIES", "Family", "PRESETS", "family_of", "load_rules", "preset",
           "register"]
