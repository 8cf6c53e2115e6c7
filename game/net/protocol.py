"""The messages between a client and the room server.

Every message is one JSON object in one WebSocket text frame, with the
protocol version ``v`` and its kind ``t``; a client may add a request number
``id``, which the server's reply (an error included) repeats.

Client to server (``parse`` checks each against its schema below; anything
else, or any unknown field, is refused with an error and changes nothing):

- ``create``: a new room: ``game`` (a preset), ``options`` (rule options),
  ``seats`` (``"person"`` or a bot level per seat), ``name``, optionally the
  host's ``seat``, a turn ``timer`` in seconds and the ``fill`` level of
  bots for seats nobody takes;
- ``join``: ``room`` (its code), ``name``, optionally a free ``seat``;
- ``resume``: ``room`` and the seat's ``token`` (after a drop);
- ``sit`` (another free ``seat``), ``start`` (the host), ``leave`` (give the
  seat up: in the lobby it is free again; once the match has begun a bot of
  the room's ``fill`` level plays it to the end; either way the token holds
  nothing more);
- ``act``: ``action`` as the save codec writes it, optionally ``n``, the
  number of moves the client saw (a move made since is refused as stale);
- ``ping``.

Server to client: ``welcome`` (on connecting), ``joined`` (``room``,
``seat``, and the ``token`` on taking a seat), ``room`` (the lobby and who is
connected), ``state`` (``n`` moves so far, the seat's ``view``, the turn
``clock`` when a timer runs; once the match is over, its ``record`` as the
save codec writes it and the ``codes`` of its deals), ``left``, ``pong`` and
``error`` (``code``, ``text``).

Nothing received is evaluated or unpickled: ``json.loads`` and the checks
here are all that reads it.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

VERSION = 1
MAX_MESSAGE = 8 * 1024  # characters of a client message: an action fits many times over
MAX_FRAME = 64 * 1024  # a larger frame closes the connection (the WebSocket library's limit)
NAME_LIMIT = 14  # a person's name, as the table shows it (``game.app.session``)
MAX_ID = 2**31 - 1

# error codes (the text says it in words)
BAD_JSON, TOO_BIG, SCHEMA, WRONG_VERSION, TEXT_ONLY = (
    "bad_json", "too_big", "schema", "version", "text_only")
RATE, LIMIT = "rate", "limit"
NO_ROOM, IN_ROOM, NOT_IN_ROOM, BAD_TOKEN, ROOM_FULL, SEAT_TAKEN = (
    "no_room", "in_room", "not_in_room", "bad_token", "room_full", "seat_taken")
NOT_HOST, STARTED, NOT_STARTED, BAD_GAME = "not_host", "started", "not_started", "bad_game"
NOT_YOUR_TURN, ILLEGAL, STALE = "not_your_turn", "illegal", "stale"


class ProtocolError(ValueError):
    """A message refused: ``code`` for programs, the text for people."""

    def __init__(self, code: str, text: str, msg_id: int | None = None) -> None:
        super().__init__(text)
        self.code = code
        self.msg_id = msg_id  # the refused request's number, when it could be read


@dataclass(frozen=True)
class Message:
    kind: str
    body: dict[str, Any]
    id: int | None = None


# ------------------------------------------------------------------ checks
Check = Callable[[Any, str], Any]


def text(most: int, least: int = 0) -> Check:
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or not least <= len(value) <= most:
            raise ProtocolError(SCHEMA, f"{where} must be text of {least} to {most} characters")
        return value
    return check


def whole(lo: int, hi: int) -> Check:
    def check(value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ProtocolError(SCHEMA, f"{where} must be a whole number from {lo} to {hi}")
        return value
    return check


def seconds_or_none(lo: float, hi: float) -> Check:
    def check(value: Any, where: str) -> float | None:
        if value is None:
            return None
        if not isinstance(value, int | float) or isinstance(value, bool) \
                or not math.isfinite(value) or not lo <= value <= hi:
            raise ProtocolError(SCHEMA, f"{where} must be seconds from {lo} to {hi}, or null")
        return float(value)
    return check


def list_of(item: Check, most: int, least: int = 0) -> Check:
    def check(value: Any, where: str) -> list:
        if not isinstance(value, list) or not least <= len(value) <= most:
            raise ProtocolError(SCHEMA, f"{where} must be a list of {least} to {most} items")
        return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]
    return check


def options(value: Any, where: str) -> dict[str, Any]:
    """Rule options: names to plain values (the rule set judges them after)."""
    if not isinstance(value, dict) or len(value) > 40:
        raise ProtocolError(SCHEMA, f"{where} must be an object of at most 40 options")
    for key, v in value.items():
        if not isinstance(key, str) or not 0 < len(key) <= 40:
            raise ProtocolError(SCHEMA, f"{where} has a bad option name")
        if not (v is None or isinstance(v, bool) or (isinstance(v, int) and abs(v) <= 10**6)
                or (isinstance(v, str) and len(v) <= 40)):
            raise ProtocolError(SCHEMA, f"{where}.{key} must be a short plain value")
    return dict(value)


def action(value: Any, where: str) -> list:
    """An action as the save codec writes it: a code, then plain values (the
    codec and the engine judge the rest)."""
    if not isinstance(value, list) or not value or not isinstance(value[0], str) \
            or len(value[0]) > 40 or len(value) > 8:
        raise ProtocolError(SCHEMA, f"{where} must be an action: [kind, values...]")
    return value


Schema = dict[str, tuple[Check, bool]]  # field -> (check, required)
_SEAT = whole(0, 11)
_CODE = text(40, 1)
SCHEMAS: dict[str, Schema] = {
    "create": {"game": (text(40, 1), True), "options": (options, False),
               "seats": (list_of(text(12, 1), 12, 2), True), "name": (text(40), True),
               "seat": (_SEAT, False), "timer": (seconds_or_none(5, 600), False),
               "fill": (text(12, 1), False)},
    "join": {"room": (_CODE, True), "name": (text(40), True), "seat": (_SEAT, False)},
    "resume": {"room": (_CODE, True), "token": (text(64, 1), True)},
    "sit": {"seat": (_SEAT, True)},
    "start": {},
    "leave": {},
    "act": {"action": (action, True), "n": (whole(0, 10**7), False)},
    "ping": {},
}


# ------------------------------------------------------------------ reading


def parse(raw: str | bytes) -> Message:
    """The client message in ``raw`` (raises ProtocolError, reads nothing more)."""
    if not isinstance(raw, str):
        raise ProtocolError(TEXT_ONLY, "messages are JSON text frames")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(TOO_BIG, f"a message may have at most {MAX_MESSAGE} characters")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(BAD_JSON, "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(SCHEMA, "a message is a JSON object")
    msg_id = data.get("id")
    if not (isinstance(msg_id, int) and not isinstance(msg_id, bool) and 0 <= msg_id <= MAX_ID):
        if msg_id is not None:
            raise ProtocolError(SCHEMA, f"id must be a whole number from 0 to {MAX_ID}")
        msg_id = None
    try:
        return Message(*_fields(data), msg_id)
    except ProtocolError as exc:
        exc.msg_id = msg_id
        raise


def _fields(data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise ProtocolError(WRONG_VERSION, f"this server speaks version {VERSION}")
    kind = data.get("t")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError(SCHEMA, "unknown message kind")
    body: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("v", "t", "id"):
            continue
        if key not in schema:
            raise ProtocolError(SCHEMA, f"{kind} has no field {key!r}")
        body[key] = schema[key][0](value, key)
    missing = [k for k, (_, required) in schema.items() if required and k not in body]
    if missing:
        raise ProtocolError(SCHEMA, f"{kind} needs {', '.join(missing)}")
    return kind, body


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def clean_name(raw: str, fallback: str) -> str:
    """A person's name as the table shows it: printable, single-spaced, short."""
    kept = "".join(ch if not unicodedata.category(ch).startswith(("C", "Z")) else " "
                   for ch in raw)
    name = " ".join(kept.split())[:NAME_LIMIT].strip()
    return name or fallback


# ------------------------------------------------------------------ writing


def encode(kind: str, msg_id: int | None = None, **body: Any) -> str:
    """A message as the text frame that carries it."""
    out: dict[str, Any] = {"v": VERSION, "t": kind}
    if msg_id is not None:
        out["id"] = msg_id
    out.update(body)
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def error(code: str, text_: str, msg_id: int | None = None) -> str:
    return encode("error", msg_id, code=code, text=text_)
