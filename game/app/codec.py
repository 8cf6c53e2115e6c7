"""Moves as a save holds them: a compact code and the action's fields as JSON
(cards as ids, tuples as lists, a family's own records, such as a meld laid
on the table, as objects of their fields), read back by the fields' types;
anything else is refused with ``SaveError``."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from game.engine import (
    Action,
    Answer,
    Card,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    RuleSet,
    ShowDealtHand,
)
from game.engine.game import core_specs
from game.families import family_of

# Compact codes for the save file; the class's fields say what follows the code.
# A family's own actions are saved under their class name (``action_types``).
ACTION_CODES: dict[type, str] = {
    DrawStock: "stock", DrawDiscard: "pile", Discard: "discard", Declare: "declare",
    ShowDealtHand: "show", Pack: "pack", NextDeal: "next", Answer: "answer",
}
CODE_ACTIONS = {code: cls for cls, code in ACTION_CODES.items()}


def action_types(rules: RuleSet) -> frozenset[type]:
    """Every kind of action the game of ``rules`` has (its family's action table)."""
    return frozenset(family_of(rules).action_specs(core_specs()))


class SaveError(ValueError):
    """The saved match cannot be restored; the message says why."""


def _encode(value: Any) -> Any:
    """A field's value as JSON: a card as its id, tuples (of cards) as lists,
    a family's own record (a meld laid on the table) as an object of its fields."""
    if isinstance(value, Card):
        return value.uid
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def encode_action(action: Action) -> list[Any]:
    out: list[Any] = [ACTION_CODES.get(type(action), type(action).__name__)]
    for f in dataclasses.fields(action):
        out.append(_encode(getattr(action, f.name)))
    return out


def _card(value: Any) -> Card:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise SaveError(f"not a card id: {value!r}")
    return Card(value)


def _cards(value: Any, depth: int) -> tuple:
    """Nested lists of card ids (``depth`` levels) as tuples of cards."""
    if not isinstance(value, list):
        raise SaveError(f"not a list of cards: {value!r}")
    if depth == 1:
        return tuple(_card(v) for v in value)
    return tuple(_cards(v, depth - 1) for v in value)


def _decode(tp: Any, value: Any, data: Any) -> Any:
    """A field's saved value back, by the field's type: ``Card``, tuples of
    them (nested), ``X | None``, ``bool``, ``str``, ``int`` and a family's
    records (dataclasses of those)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Card:
        return _card(value)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return _decode(inner[0], value, data)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if isinstance(value, list):
            return tuple(_decode(args[0], v, data) for v in value)
    elif dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = typing.get_type_hints(tp)
        names = [f.name for f in dataclasses.fields(tp)]
        if isinstance(value, dict) and sorted(value) == sorted(names):
            return tp(**{n: _decode(hints[n], value[n], data) for n in names})
    elif tp is bool and isinstance(value, bool):
        return value
    elif tp is str and isinstance(value, str):
        return value
    elif tp is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    raise SaveError(f"bad value in action {data!r}")


def decode_action(data: Any, rules: RuleSet | None = None) -> Action:
    """An action saved by ``encode_action``; a family's own actions (saved
    by class name) are found in the action table of ``rules``' game."""
    codes = dict(CODE_ACTIONS)
    if rules is not None:
        codes.update({cls.__name__: cls for cls in action_types(rules)
                      if cls not in ACTION_CODES})
    if not isinstance(data, list) or not data or data[0] not in codes:
        raise SaveError(f"not an action: {data!r}")
    cls = codes[data[0]]
    fields = dataclasses.fields(cls)
    if len(data) != 1 + len(fields):
        raise SaveError(f"action {data[0]} takes {len(fields)} value(s): {data!r}")
    hints = typing.get_type_hints(cls)
    args = [_decode(hints[f.name], value, data) for f, value in zip(fields, data[1:], strict=True)]
    return cls(*args)
