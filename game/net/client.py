"""The one client of the room server, for the desktop window and the browser
page alike: the window calls ``poll()`` once a frame and reads what changed.

No threads and no waiting: a ``Transport`` (``transport_desktop`` over the
``websockets`` library, ``transport_browser`` over the page's own
``WebSocket``) moves text frames in the background of the window's asyncio
loop, and ``poll()`` takes what has arrived.  Proposing an action only sends
it: the server's reply is the next view, or an error in ``Update.errors``.
A dropped connection is opened again, and the seat taken back with its
token, by ``poll()`` itself.

    client = RoomClient("ws://192.168.1.5:8765/ws")
    client.join("K7QM2RXD4P", "Meera")
    ...each frame:
    update = client.poll()
    for seat, entry in update.moves: animate(entry)
    if client.view and client.view.my_turn: ... client.propose(action)
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlencode, urlsplit, urlunsplit

from game.app.codec import encode_action
from game.app.session import rules_from_json
from game.engine import Action, DealResult, NextDeal, PlayerView, RuleSet
from game.engine.state import LogEntry
from game.net import keys, protocol
from game.net.transport_browser import BrowserTransport
from game.net.wire import WireError, from_wire, view_from_wire

# what the client is doing (``RoomClient.status``)
IDLE, CONNECTING, CONNECTED, LOBBY, PLAYING, RECONNECTING, CLOSED = (
    "idle", "connecting", "connected", "lobby", "playing", "reconnecting", "closed")
PING_EVERY = 25.0  # seconds: the server closes a silent connection after 120
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds before each new try to reconnect
FINAL_CLOSES = {4001: "Your seat was taken up on another device.",
                4004: "The room has closed."}
FINAL_ERRORS = {protocol.NO_ROOM, protocol.BAD_TOKEN}  # a seat that cannot be taken back


class Transport(Protocol):
    """Text frames to and from one WebSocket, without waiting.

    ``status`` is ``"connecting"``, ``"open"`` or ``"closed"`` (after
    ``open``); ``close_code`` is the close frame's code once closed (None
    when the connection just broke)."""

    status: str
    close_code: int | None

    def open(self, url: str) -> None: ...

    def send(self, text: str) -> None: ...

    def receive(self) -> list[str]: ...

    def close(self) -> None: ...


def default_transport() -> Transport:
    """The page's WebSocket in a browser, the ``websockets`` library elsewhere."""
    if sys.platform == "emscripten":
        return BrowserTransport()
    # loaded only here, on purpose: the browser has no ``websockets`` library
    from game.net.transport_desktop import DesktopTransport
    return DesktopTransport()


@dataclass(frozen=True)
class SeatInfo:
    plan: str  # "person" or a bot level
    name: str
    taken: bool
    online: bool
    covered: bool  # a bot plays for its absent owner
    ready: bool  # between deals

    @property
    def person(self) -> bool:
        return self.plan == "person"

    @property
    def reconnecting(self) -> bool:
        """A person who dropped and has not been replaced by a stand-in (yet)."""
        return self.person and self.taken and not self.online and not self.covered


@dataclass(frozen=True)
class RoomInfo:
    code: str
    rules: RuleSet
    players: int
    host: int
    you: int | None
    started: bool
    timer: float | None
    fill: str
    seats: tuple[SeatInfo, ...]
    server: str
    link: str | None = None
    qr: tuple[str, ...] = ()  # rows of "0"/"1": the link's QR code, no margin


@dataclass(frozen=True)
class ServerError:
    code: str
    text: str
    id: int | None = None


@dataclass
class Update:
    """What ``poll()`` found since the last poll.  The view itself is
    ``RoomClient.view`` (read on demand: it is only decoded when asked)."""

    status: str
    room: RoomInfo | None
    room_changed: bool = False
    view_changed: bool = False
    moves: list[LogEntry] = field(default_factory=list)  # public moves, oldest first
    # every position the server sent, in order: (its move count, the raw view,
    # the match's record when it came with it); ``RoomClient.decode`` reads a view
    states: list[tuple[int, dict[str, Any], dict[str, Any] | None]] = field(
        default_factory=list)
    deals: list[DealResult] = field(default_factory=list)  # deals settled, with all hands
    errors: list[ServerError] = field(default_factory=list)
    clock: float | None = None  # seconds left on the turn timer
    codes: tuple[str, ...] = ()  # every deal's code, once the match is over
    record: dict[str, Any] | None = None  # the whole match, once over (Session.from_json)
    closed_why: str = ""


class RoomClient:
    def __init__(self, server: str, transport: Transport | None = None, *,
                 make_transport: Callable[[], Transport] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.server = server
        self._make = make_transport or (lambda: default_transport())
        self._transport = transport
        self._url: str | None = None
        self.clock = clock
        self.status = IDLE
        self.code: str | None = None
        self.token: str | None = None  # keep it to come back after the app restarts
        self.seat: int | None = None
        self.room: RoomInfo | None = None
        self.moves_seen = 0  # the server's move count behind the view
        self.clock_left: float | None = None
        self.codes: tuple[str, ...] = ()
        self.record: dict[str, Any] | None = None  # the match to replay, once it is over
        self.closed_why = ""
        self._raw_view: dict[str, Any] | None = None
        self._view: PlayerView | None = None
        self._outbox: list[tuple[str, str]] = []  # (kind, text) not sent yet
        self._next_id = 0
        self._resume_id: int | None = None  # the request taking the seat back
        self._retry_at: float | None = None
        self._tries = 0
        self._pinged = 0.0
        self._update = self._fresh()

    # ------------------------------------------------------------- intents
    def create(self, game: str, seats: list[str], name: str, *, options: dict | None = None,
               seat: int | None = None, timer: float | None = None,
               fill: str | None = None) -> int:
        body: dict[str, Any] = {"game": game, "seats": list(seats), "name": name}
        for key, value in (("options", options), ("seat", seat), ("timer", timer),
                           ("fill", fill)):
            if value is not None:
                body[key] = value
        self._connect(None)
        return self._request("create", **body)

    def join(self, code: str, name: str, seat: int | None = None) -> int:
        """Take a seat in the room of ``code`` (as typed: case, spaces and dashes
        do not matter)."""
        code = keys.normal_code(code) or code
        self.code = code
        self._connect(code)
        body: dict[str, Any] = {"room": code, "name": name}
        if seat is not None:
            body["seat"] = seat
        return self._request("join", **body)

    def resume(self, code: str, token: str) -> int:
        """Take a seat back (after the app was closed): the room's code and the seat's token."""
        code = keys.normal_code(code) or code
        self.code, self.token = code, token
        self._connect(code)
        self._resume_id = self._request("resume", room=code, token=token)
        return self._resume_id

    def sit(self, seat: int) -> int:
        return self._request("sit", seat=seat)

    def start(self) -> int:
        return self._request("start")

    def leave(self) -> int:
        return self._request("leave")

    def propose(self, action: Action) -> int:
        """Ask the server to play ``action`` for this seat (its answer is the
        next view, or an error)."""
        return self._request("act", action=encode_action(action), n=self.moves_seen)

    def ready(self) -> int:
        """Between deals: ready for the next one."""
        return self.propose(NextDeal())

    def close(self) -> None:
        self.status = CLOSED
        self._retry_at = None
        if self._transport is not None:
            self._transport.close()

    # --------------------------------------------------------------- state
    @property
    def view(self) -> PlayerView | None:
        """This seat's view of the table (decoded from the latest state)."""
        if self._view is None and self._raw_view is not None and self.room is not None:
            self._view = view_from_wire(self._raw_view, self.room.rules)
        return self._view

    def decode(self, raw: dict[str, Any]) -> PlayerView:
        """A raw view of ``Update.states`` as the engine makes it (raises WireError)."""
        if self.room is None:
            raise WireError("a view before the room")
        return view_from_wire(raw, self.room.rules)

    @property
    def my_turn(self) -> bool:
        raw = self._raw_view
        return raw is not None and raw["to_act"] is not None and raw["to_act"] == raw["seat"]

    # ---------------------------------------------------------------- poll
    def poll(self) -> Update:
        """Take what has arrived; reconnect or keep the connection alive as due."""
        now = self.clock()
        t = self._transport
        if t is not None:
            for text in t.receive():
                self._receive(text)
            if t.status == "open":
                if self.status == CONNECTING:
                    self.status = CONNECTED
                self._flush()
                if now - self._pinged >= PING_EVERY:
                    self._pinged = now
                    t.send(protocol.encode("ping"))
            elif t.status == "closed" and self._retry_at is None \
                    and self.status not in (CLOSED, IDLE):
                self._dropped(t.close_code, now)
        if self.status == RECONNECTING and self._retry_at is not None and now >= self._retry_at:
            self._reconnect(now)
        out, self._update = self._update, self._fresh()
        out.status, out.room = self.status, self.room
        out.clock, out.codes, out.closed_why = self.clock_left, self.codes, self.closed_why
        out.record = self.record
        return out

    def _fresh(self) -> Update:
        return Update(self.status, self.room)

    # ------------------------------------------------------------ messages
    def _receive(self, text: str) -> None:
        try:
            msg = json.loads(text)
            kind = msg["t"]
        except (ValueError, KeyError, TypeError):
            self._update.errors.append(ServerError("bad_message", "the server sent nonsense"))
            return
        handler = {"welcome": self._on_welcome, "joined": self._on_joined, "left": self._on_left,
                   "room": self._on_room, "state": self._on_state,
                   "error": self._on_error}.get(kind) if isinstance(kind, str) else None
        try:
            if handler is not None:  # and a pong, or a kind this client does not know: nothing
                handler(msg)
        except (WireError, KeyError, TypeError, ValueError) as exc:
            self._update.errors.append(ServerError("bad_message", f"unreadable {kind}: {exc}"))

    def _on_welcome(self, msg: dict) -> None:
        self._pinged = self.clock()

    def _on_joined(self, msg: dict) -> None:
        self.code, self.seat = msg["room"], msg["seat"]
        if "token" in msg:
            self.token = msg["token"]
        self._tries = 0
        self.status = LOBBY

    def _on_left(self, msg: dict) -> None:
        self.code = self.token = self.seat = None
        self.room = None
        self._raw_view = self._view = None
        self.status = CONNECTED
        self._update.room_changed = True

    def _on_room(self, msg: dict) -> None:
        rules = self.room.rules if self.room is not None and \
            self.room.code == msg["room"] else rules_from_json(msg["game"])
        seats = tuple(SeatInfo(s["plan"], s["name"], s["taken"], s["online"], s["covered"],
                               s["ready"]) for s in msg["seats"])
        self.room = RoomInfo(msg["room"], rules, msg["players"], msg["host"], msg["you"],
                             msg["started"], msg["timer"], msg["fill"], seats, msg["server"],
                             msg.get("link"), tuple(msg.get("qr", ())))
        if self.room.you is not None:
            # ``joined`` names the seat taken, but a move to another seat in the
            # lobby (``sit``) is told only here; a stale seat would have the
            # window set the table up for the seat this person left
            self.seat = self.room.you
        if self.room.started:
            self.status = PLAYING
        elif self.status != PLAYING:
            self.status = LOBBY
        self._update.room_changed = True

    def _on_state(self, msg: dict) -> None:
        raw = msg["view"]
        if self.room is None or not isinstance(raw, dict):
            raise ValueError("a state before the room")
        old = self._raw_view
        self._moves(old, raw)
        self._raw_view, self._view = raw, None
        self.moves_seen = msg["n"]
        self.clock_left = msg.get("clock")
        self.codes = tuple(msg.get("codes", ()))
        self.record = msg.get("record")
        self._update.states.append((self.moves_seen, raw, self.record))
        self.status = PLAYING
        self._update.view_changed = True

    def _on_error(self, msg: dict) -> None:
        err = ServerError(msg["code"], msg["text"], msg.get("id"))
        self._update.errors.append(err)
        if err.code in FINAL_ERRORS and err.id is not None and err.id == self._resume_id:
            self.closed_why = err.text  # the room has gone, or the seat is not ours
            self.close()

    def _moves(self, old: dict | None, new: dict) -> None:
        """The public moves and settled deals between two views of this seat."""
        rules = self.room.rules
        log = new["log"]
        if old is not None and old["deal_no"] == new["deal_no"] and \
                old["log"] == log[: len(old["log"])]:
            fresh = log[len(old["log"]):]
        else:
            fresh = log if old is not None else []
        self._update.moves.extend(from_wire(LogEntry, e, rules, "log") for e in fresh)
        result = new["result"]
        if result is not None and (old is None or old["result"] != result):
            self._update.deals.append(from_wire(DealResult, result, rules, "result"))

    # ----------------------------------------------------------- transport
    def _request(self, kind: str, **body: Any) -> int:
        self._next_id += 1
        self._outbox.append((kind, protocol.encode(kind, self._next_id, **body)))
        if self._transport is not None and self._transport.status == "open":
            self._flush()
        return self._next_id

    def _flush(self) -> None:
        while self._outbox:
            self._transport.send(self._outbox.pop(0)[1])

    def _connect(self, code: str | None) -> None:
        url = self._url_for(code)
        t = self._transport
        if t is not None and t.status in ("connecting", "open"):
            if url == self._url:
                return  # this connection reaches the room already
            t.close()
        if t is None or t.status != "idle":  # a transport given unopened is used first
            self._transport = t = self._make()
        self._url = url
        self._pinged = self.clock()  # the first ping is due a while after connecting
        self.status = CONNECTING
        self.closed_why = ""
        t.open(url)

    def _url_for(self, code: str | None) -> str:
        """The server's address, with the room's code for a proxy that routes by it."""
        if code is None:
            return self.server
        parts = urlsplit(self.server)
        query = "&".join(p for p in (parts.query, urlencode({"room": code})) if p)
        return urlunsplit(parts._replace(query=query))

    def _dropped(self, close_code: int | None, now: float) -> None:
        self._outbox = [m for m in self._outbox if m[0] != "act"]  # stale once back
        if close_code in FINAL_CLOSES or self.token is None or self.code is None:
            self.closed_why = FINAL_CLOSES.get(close_code, "The connection was closed.")
            self.status = CLOSED
            return
        self.status = RECONNECTING
        self._retry_at = now + BACKOFF[min(self._tries, len(BACKOFF) - 1)]
        self._tries += 1

    def _reconnect(self, now: float) -> None:
        self._retry_at = None
        self._transport = None
        self._connect(self.code)
        self.status = RECONNECTING
        self._next_id += 1
        self._resume_id = self._next_id
        self._outbox.insert(0, ("resume", protocol.encode("resume", self._resume_id,
                                                          room=self.code, token=self.token)))
