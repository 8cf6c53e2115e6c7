"""What a host may ask for when opening a room, checked before anything is
made: a preset of an installed game, rule options of the preset's own types,
a seat plan (a person, or a bot of a known level: never a bot file, which
would run code), and a table the window can show."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.ai.levels import LEVELS
from game.app.menu_config import MAX_SEATS_ON_SCREEN
from game.engine import RuleError, RuleSet
from game.families import PRESETS, preset
from game.net.protocol import BAD_GAME, SCHEMA, ProtocolError

PERSON = "person"
DEFAULT_FILL = "medium" if "medium" in LEVELS else next(iter(LEVELS))


@dataclass(frozen=True)
class Plan:
    """A room as the host asked for it."""

    rules: RuleSet
    seats: tuple[str, ...]  # PERSON or a bot level, per seat
    host: int  # the host's seat (a person's)
    timer: float | None  # the turn timer, seconds (None: off)
    fill: str  # the level of bots for seats nobody takes, and of stand-ins


def plan_room(body: dict[str, Any]) -> Plan:
    """The checked plan of a ``create`` message's body (raises ProtocolError)."""
    rules = _rules(body["game"], body.get("options") or {})
    seats = tuple(body["seats"])
    for seat, plan in enumerate(seats):
        if plan != PERSON and plan not in LEVELS:
            raise ProtocolError(SCHEMA, f"seat {seat + 1}: {plan!r} is neither a person nor "
                                f"a bot level ({', '.join(LEVELS)})")
    if len(seats) > MAX_SEATS_ON_SCREEN:
        raise ProtocolError(BAD_GAME, f"a room seats at most {MAX_SEATS_ON_SCREEN} players")
    try:
        rules.check_players(len(seats))
    except RuleError as exc:
        raise ProtocolError(BAD_GAME, str(exc)) from None
    people = [s for s, plan in enumerate(seats) if plan == PERSON]
    if not people:
        raise ProtocolError(SCHEMA, "a room needs a seat for a person")
    host = body.get("seat", people[0])
    if host >= len(seats) or seats[host] != PERSON:
        raise ProtocolError(SCHEMA, f"seat {host + 1} is not a person's seat")
    fill = body.get("fill", DEFAULT_FILL)
    if fill not in LEVELS:
        raise ProtocolError(SCHEMA, f"fill must be a bot level ({', '.join(LEVELS)})")
    return Plan(rules, seats, host, body.get("timer"), fill)


def _rules(game: str, options: dict[str, Any]) -> RuleSet:
    base = PRESETS.get(game)
    if base is None:
        raise ProtocolError(BAD_GAME, f"no game {game!r} here: choose from {', '.join(PRESETS)}")
    for key, value in options.items():
        if key not in type(base).OPTIONS:
            raise ProtocolError(BAD_GAME, f"{key!r} is not a rule option of {game}")
        if not _same_kind(base, key, value):
            raise ProtocolError(BAD_GAME, f"{key} cannot be {value!r}")
    try:
        return preset(game, options)
    except (RuleError, TypeError, ValueError) as exc:
        raise ProtocolError(BAD_GAME, str(exc)) from None


def _same_kind(base: RuleSet, key: str, value: Any) -> bool:
    """Whether ``value`` is of the option's own kind (the rule set then judges
    the value itself): a flag for a flag, a number for a number, text for
    text, and None where the option's type allows it (a cap that is off)."""
    if value is None:
        return key in _may_be_none(type(base))
    default = getattr(base, key)
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if default is None or isinstance(default, int):
        return isinstance(value, int)
    return isinstance(default, str) and isinstance(value, str)


@cache
def _may_be_none(cls: type) -> frozenset[str]:
    """The fields of a rule set declared ``X | None`` (annotations are text here)."""
    return frozenset(f.name for f in dataclasses.fields(cls)
                     if "None" in [part.strip() for part in str(f.type).split("|")])
