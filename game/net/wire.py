"""A seat's view as JSON and back: what the server sends a client of the
game, and how the client rebuilds the very same ``PlayerView``.

Cards travel as their ids, actions as the save codec writes them, records
(a deal's result, a family's extra view) as objects of their fields.  The
reader goes by the fields' types, so it accepts exactly the shapes the
writer makes and raises ``WireError`` on anything else; it never imports,
evaluates or unpickles: a family's extra view names its class, and only a
dataclass of the game's own family package, already loaded, is accepted.

The rule set is not repeated in every view: the room message carries it
once, and the reader is given it.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from functools import lru_cache
from typing import Any

from game.app.codec import ACTION_CODES, SaveError, decode_action
from game.engine import Action, Card, PlayerView, RuleSet
from game.engine.cards import FACES_PER_DECK
from game.engine.state import LogEntry, SeatStatus
from game.families import package_of

MAX_DECKS = 8  # no family deals from more: a card id beyond them is not a card
# the view's fields whose declared type is looser than what the engine puts there
_FIELD_TYPES: dict[str, Any] = {
    "log": tuple[LogEntry, ...],
    "status": tuple[SeatStatus, ...],
}
_VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerView) if f.name != "rules")


class WireError(ValueError):
    """A message that is not what the writer makes; the text says where."""


# ------------------------------------------------------------------ writing


def to_wire(value: Any) -> Any:
    """``value`` as JSON data: cards as ids, actions as the save codec's lists,
    tuples and sets as lists, records as objects of their fields."""
    kind = type(value)
    if kind in _PLAIN:  # the exact types first: most of a view is these
        return value
    if kind is Card:
        return value.uid
    if kind is tuple or kind is list:  # cards and numbers inline: a call each adds up
        return [v.uid if type(v) is Card else v if type(v) in _PLAIN else to_wire(v)
                for v in value]
    if kind is LogEntry:  # a log holds many, and the server writes it for every seat
        card = value.card
        return [value.seat, str(value.kind), None if card is None else card.uid]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Action):  # as ``encode_action`` writes it: its code, then its fields
        code, names = _action_shape(kind)
        return [code, *(to_wire(getattr(value, n)) for n in names)]
    if isinstance(value, tuple | list):
        return [to_wire(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(to_wire(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {n: to_wire(getattr(value, n)) for n in _field_names(kind)}
    if isinstance(value, dict):
        return {str(k): to_wire(v) for k, v in value.items()}
    raise TypeError(f"{kind.__name__} has no wire form")


@lru_cache(maxsize=512)
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@lru_cache(maxsize=512)
def _action_shape(cls: type) -> tuple[str, tuple[str, ...]]:
    """An action class's code in the save codec and its fields, in order
    (``encode_action`` of the same action writes the same list: the tests
    read every view back through ``decode_action``)."""
    return ACTION_CODES.get(cls, cls.__name__), _field_names(cls)


_PLAIN = frozenset({int, str, bool, float, type(None)})
_SHARED = frozenset({"log", "discard", "result", "scores", "status", "hand_sizes",
                     "turns_taken", "in_match", "offer"})


def view_to_wire(view: PlayerView, memo: dict | None = None) -> dict[str, Any]:
    """Every field of ``view`` but its rules; the family's extra view tagged
    with its class (``module:Name``).  ``memo``, shared while the views of
    one position are written for every seat, writes the parts all seats see
    alike (the same objects: the log, the pile, the last result) only once."""
    out = {}
    for name in _VIEW_FIELDS:
        if name == "extra":
            continue
        value = getattr(view, name)
        if memo is not None and name in _SHARED:
            key = (name, id(value))
            if key not in memo:
                memo[key] = (value, to_wire(value))  # the value kept: its id stays its own
            out[name] = memo[key][1]
        else:
            out[name] = to_wire(value)
    extra = view.extra
    if extra is None:
        out["extra"] = None
    elif dataclasses.is_dataclass(extra) and not isinstance(extra, type):
        cls = type(extra)
        out["extra"] = {"type": f"{cls.__module__}:{cls.__qualname__}", "of": to_wire(extra)}
    else:
        raise TypeError(f"an extra view must be a dataclass, not {type(extra).__name__}")
    return out


# ------------------------------------------------------------------ reading


def view_from_wire(data: Any, rules: RuleSet) -> PlayerView:
    """The ``PlayerView`` written by ``view_to_wire`` for a game of ``rules``."""
    if not isinstance(data, dict) or set(data) != set(_VIEW_FIELDS):
        raise WireError("a view needs exactly the view's fields")
    hints = _view_hints()
    values: dict[str, Any] = {"rules": rules}
    for name in _VIEW_FIELDS:
        if name == "extra":
            values[name] = _extra(data[name], rules)
        else:
            values[name] = from_wire(hints[name], data[name], rules, name)
    return PlayerView(**values)


@lru_cache(maxsize=1)
def _view_hints() -> dict[str, Any]:
    hints = dict(typing.get_type_hints(PlayerView))
    hints.update(_FIELD_TYPES)
    return hints


def _extra(data: Any, rules: RuleSet) -> Any:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {"type", "of"}:
        raise WireError("extra: not a tagged record")
    cls = _family_record(rules, data["type"])
    return from_wire(cls, data["of"], rules, "extra")


def _family_record(rules: RuleSet, name: Any) -> type:
    """The dataclass ``module:Name`` of ``rules``' family package: looked up
    among modules already loaded, never imported on a message's word."""
    if not isinstance(name, str) or name.count(":") != 1:
        raise WireError("extra: a bad type name")
    module_name, _, qualname = name.partition(":")
    package = package_of(rules).__name__
    module = sys.modules.get(module_name)
    if module is None or not (module_name == package or module_name.startswith(package + ".")):
        raise WireError(f"extra: {module_name!r} is not a module of the {rules.family} family")
    cls = getattr(module, qualname, None) if qualname.isidentifier() else None
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)
            and cls.__module__ == module_name):
        raise WireError(f"extra: {qualname!r} is not a record of the {rules.family} family")
    return cls


def from_wire(tp: Any, value: Any, rules: RuleSet, where: str = "value") -> Any:
    """The value of type ``tp`` that ``to_wire`` wrote as ``value``."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any or tp is object:
        return _loose(value, where)
    if tp is type(None):
        if value is None:
            return None
        raise WireError(f"{where}: expected nothing")
    if origin in (typing.Union, types.UnionType):
        return _union(args, value, rules, where)
    if tp is Card:
        return _card(value, where)
    if isinstance(tp, type) and issubclass(tp, Action):
        try:
            return decode_action(value, rules)
        except SaveError as exc:
            raise WireError(f"{where}: {exc}") from None
    if tp is tuple or origin is tuple:
        return _tuple(args, value, rules, where)
    if origin in (frozenset, set):
        if not isinstance(value, list):
            raise WireError(f"{where}: expected a list")
        return frozenset(from_wire(args[0], v, rules, where) for v in value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            raise WireError(f"{where}: {value!r} is not a {tp.__name__}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _record(tp, value, rules, where)
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        return _named_tuple(tp, value, rules, where)
    return _scalar(tp, value, where)


def _union(args: tuple, value: Any, rules: RuleSet, where: str) -> Any:
    if value is None and type(None) in args:
        return None
    problems = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return from_wire(arg, value, rules, where)
        except WireError as exc:
            problems.append(str(exc))
    raise WireError("; ".join(problems) or f"{where}: no type fits")


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, int) or isinstance(value, bool) \
            or not 0 <= value < FACES_PER_DECK * MAX_DECKS:
        raise WireError(f"{where}: {value!r} is not a card")
    return Card(value)


def _tuple(args: tuple, value: Any, rules: RuleSet, where: str) -> tuple:
    if not isinstance(value, list):
        raise WireError(f"{where}: expected a list")
    if not args:
        return _loose(value, where)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_wire(args[0], v, rules, where) for v in value)
    if len(args) != len(value):
        raise WireError(f"{where}: expected {len(args)} values")
    return tuple(from_wire(a, v, rules, where) for a, v in zip(args, value, strict=True))


def _record(cls: type, value: Any, rules: RuleSet, where: str) -> Any:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    names = {f.name for f in fields}
    required = {f.name for f in fields if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING}
    if not isinstance(value, dict) or not required <= set(value) <= names:
        raise WireError(f"{where}: a {cls.__name__} needs its fields")
    hints = _hints(cls)
    try:
        return cls(**{k: from_wire(hints[k], v, rules, f"{where}.{k}") for k, v in value.items()})
    except (TypeError, ValueError) as exc:
        raise WireError(f"{where}: {exc}") from None


def _named_tuple(cls: type, value: Any, rules: RuleSet, where: str) -> tuple:
    hints = _hints(cls)
    fields = cls._fields
    if not isinstance(value, list) or len(value) != len(fields):
        raise WireError(f"{where}: a {cls.__name__} has {len(fields)} values")
    return cls(*(from_wire(hints[n], v, rules, where) for n, v in zip(fields, value, strict=True)))


@lru_cache(maxsize=256)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _scalar(tp: Any, value: Any, where: str) -> Any:
    if tp is bool and isinstance(value, bool):
        return value
    if tp is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if tp is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if tp is str and isinstance(value, str):
        return value
    raise WireError(f"{where}: {value!r} is not a {getattr(tp, '__name__', tp)}")


def _loose(value: Any, where: str) -> Any:
    """An untyped value (a pool offer): lists become tuples, scalars stay."""
    if isinstance(value, list):
        return tuple(_loose(v, where) for v in value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise WireError(f"{where}: {type(value).__name__} where plain values belong")
