"""The room server: WebSocket connections (the ``websockets`` library), the
rooms they play in, and the clock that moves bots and timers.

One asyncio loop does everything.  A message is read, checked and answered
without awaiting anything in between, so two messages never interleave in a
room.  A room is saved (atomically, ``store``) after every change and before
anybody is told of it.  Each seat is sent its own view (``Room.view``) and
nothing else of the position: never the engine's events, never its state.
Bots think in slices (``Session.think``), the loop free between slices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.app.codec import SaveError
from game.net import keys, links
from game.net.config import Settings, settings_from
from game.net.limits import Tally, TokenBucket
from game.net.protocol import (
    IN_ROOM,
    LIMIT,
    MAX_FRAME,
    MAX_MESSAGE,
    NO_ROOM,
    NOT_IN_ROOM,
    RATE,
    Message,
    ProtocolError,
    encode,
    error,
    parse,
)
from game.net.qr import qr_rows
from game.net.rooms import Room
from game.net.setup import plan_room
from game.net.static import StaticSite
from game.net.store import RoomStore
from game.net.wire import view_to_wire

log = logging.getLogger("game.net")
MAX_BUFFER = 1024 * 1024  # bytes waiting for a client that does not read: then it goes
REPLACED, GONE, FLOOD, IDLE, BUSY = 4001, 4004, 1008, 4000, 1013  # close codes


class Conn:
    """One client's connection and where it sits."""

    __slots__ = ("ws", "address", "host", "secure", "bucket", "strikes", "room", "seat")

    def __init__(self, ws: ServerConnection, address: str, host: str | None, secure: bool,
                 bucket: TokenBucket) -> None:
        self.ws, self.address, self.host, self.secure = ws, address, host, secure
        self.bucket = bucket
        self.strikes = 0  # refused for flooding, in a row
        self.room: Room | None = None
        self.seat: int | None = None


class RoomServer:
    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.clock = clock
        self.store = RoomStore(settings.data, durable=settings.durable) if settings.data else None
        self.site = StaticSite(settings.web) if settings.web else None
        self.rooms: dict[str, Room] = {}
        self.members: dict[str, dict[int, Conn]] = {}  # room code -> seat -> connection
        self.conns: set[Conn] = set()
        self.conns_of = Tally(settings.connections_per_address)
        self.rooms_of = Tally(settings.rooms_per_address)
        self.opened_by: dict[str, str] = {}  # room code -> the address that opened it
        self._qr: dict[str, list[str]] = {}
        self._server: Server | None = None
        self._ticker: asyncio.Task | None = None
        self._jobs: set[asyncio.Future] = set()

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self._load()
        s = self.settings
        self._server = await serve(
            self._handle, s.host, s.port, process_request=self._process_request,
            origins=[*s.origins, None] if s.origins else None, max_size=MAX_FRAME,
            compression="deflate" if s.compression else None,
            ping_interval=20, ping_timeout=20, close_timeout=2)
        self._ticker = asyncio.create_task(self._tick_loop())

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Close every connection, finish writing the saves, and stop."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self.store is not None:
            await self.store.close()

    def _load(self) -> None:
        if self.store is None:
            return
        now = self.clock()
        for code, doc in self.store.load_all():
            try:
                room = Room.from_json(doc, now)
            except (SaveError, KeyError, TypeError, ValueError) as exc:
                log.warning("room %s cannot be resumed: %s", code, exc)
                continue
            self.rooms[room.code] = room
            self.members[room.code] = {}
        log.info("resumed %d room(s)", len(self.rooms))

    # ------------------------------------------------------------------ HTTP
    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        peer = connection.remote_address[0] if connection.remote_address else "?"
        proxied = peer in self.settings.trusted_proxies
        address = peer
        if proxied and request.headers.get("X-Forwarded-For"):
            address = request.headers["X-Forwarded-For"].split(",")[-1].strip() or peer
        host = request.headers.get("X-Forwarded-Host") if proxied else None
        connection.rummy = (address, links.clean_host(host or request.headers.get("Host")),
                            proxied and request.headers.get("X-Forwarded-Proto") == "https")
        if request.headers.get("Upgrade", "").lower() != "websocket":
            if urlpath(request.path) == "/healthz":
                return connection.respond(200, "ok\n")
            found = self.site.response(request.path) if self.site is not None else None
            return found or connection.respond(404, "Not found\n")
        if len(self.conns) >= self.settings.max_connections:
            return connection.respond(503, "The server is full; try again later.\n")
        if self.conns_of.full(address):
            return connection.respond(429, "Too many connections from your address.\n")
        return None

    # ----------------------------------------------------------- connection
    async def _handle(self, ws: ServerConnection) -> None:
        address, host, secure = getattr(ws, "rummy", ("?", None, False))
        if self.conns_of.full(address):  # several raced through the handshake at once
            await ws.close(BUSY, "too many connections")
            return
        s = self.settings
        conn = Conn(ws, address, host, secure, TokenBucket(s.rate, s.burst, self.clock()))
        self.conns.add(conn)
        self.conns_of.add(address)
        try:
            self._send(conn, encode("welcome", limits={"message": MAX_MESSAGE, "rate": s.rate,
                                                       "burst": s.burst}))
            while True:
                limit = s.idle_timeout if conn.room is not None else s.lobby_timeout
                try:
                    async with asyncio.timeout(limit):
                        raw = await ws.recv()
                except TimeoutError:
                    await ws.close(IDLE, "idle")
                    return
                if not self._receive(conn, raw):
                    await ws.close(FLOOD, "flood")
                    return
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self.conns_of.remove(address)
            self._leave_seat(conn)

    def _receive(self, conn: Conn, raw: str | bytes) -> bool:
        """Answer one message; False when the client floods and must go."""
        now = self.clock()
        if not conn.bucket.take(now):
            conn.strikes += 1
            self._send(conn, error(RATE, "too many messages: slow down"))
            return conn.strikes < self.settings.flood_close
        conn.strikes = 0
        msg_id = None
        try:
            msg = parse(raw)
            msg_id = msg.id
            self._dispatch(conn, msg, now)
        except ProtocolError as exc:
            self._send(conn, error(exc.code, str(exc), exc.msg_id if msg_id is None else msg_id))
        except Exception:  # noqa: BLE001 - one bad request must not stop the server
            log.exception("message refused by an error")
            self._send(conn, error("server", "the server could not do that", msg_id))
        return True

    def _later(self, job) -> None:
        """Run ``job`` (closing a connection) without waiting for it here."""
        task = asyncio.ensure_future(job)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    def _send(self, conn: Conn, text: str) -> None:
        transport = conn.ws.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_BUFFER:
            self._later(conn.ws.close(BUSY, "not reading"))
            return
        broadcast([conn.ws], text)

    # -------------------------------------------------------------- requests
    def _dispatch(self, conn: Conn, msg: Message, now: float) -> None:
        kind, body = msg.kind, msg.body
        if kind == "ping":
            self._send(conn, encode("pong", msg.id))
            return
        if kind in ("create", "join", "resume"):
            if conn.room is not None:
                raise ProtocolError(IN_ROOM, "this connection already has a seat")
            getattr(self, f"_{kind}")(conn, body, msg.id, now)
            return
        room, seat = conn.room, conn.seat
        if room is None or seat is None:
            raise ProtocolError(NOT_IN_ROOM, "join a room first")
        if kind == "act":
            between = room.ready_asked()
            moved = room.propose(seat, body["action"], body.get("n"), now)
            self._changed(room, state=moved, lobby=between)
        elif kind == "start":
            room.start(seat, keys.new_seed(self.settings.seed_bits), now)
            self._changed(room, state=True, lobby=True)
        elif kind == "sit":
            room.sit(seat, body["seat"])
            members = self.members[room.code]
            members[body["seat"]] = members.pop(seat)
            conn.seat = body["seat"]
            self._changed(room, lobby=True)
        elif kind == "leave":
            room.leave(seat, now)
            self.members[room.code].pop(seat, None)
            conn.room = conn.seat = None
            self._send(conn, encode("left", msg.id, room=room.code))
            if room.empty:
                self._remove(room)
            else:
                moved = room.next_deal_if_ready(now)  # the one not yet ready may have left
                self._changed(room, state=moved, lobby=True)

    def _create(self, conn: Conn, body: dict[str, Any], msg_id: int | None, now: float) -> None:
        s = self.settings
        if len(self.rooms) >= s.max_rooms:
            raise ProtocolError(LIMIT, "the server has as many rooms as it can hold")
        if self.rooms_of.full(conn.address):
            raise ProtocolError(LIMIT, "your address has opened as many rooms as it may")
        plan = plan_room(body)
        code = keys.new_room_code(s.code_prefix)
        while code in self.rooms:
            code = keys.new_room_code(s.code_prefix)
        room = Room(code, plan, now=now)
        seat, token = room.join(body["name"], plan.host)
        self._address_room(room, conn)
        self.rooms[code] = room
        self.members[code] = {}
        self.rooms_of.add(conn.address)
        self.opened_by[code] = conn.address
        self._seat(conn, room, seat, now, msg_id, token)

    def _join(self, conn: Conn, body: dict[str, Any], msg_id: int | None, now: float) -> None:
        room = self._room(body["room"])
        seat, token = room.join(body["name"], body.get("seat"))
        self._seat(conn, room, seat, now, msg_id, token)

    def _resume(self, conn: Conn, body: dict[str, Any], msg_id: int | None, now: float) -> None:
        room = self._room(body["room"])
        seat = room.resume(body["token"])
        old = self.members[room.code].get(seat)
        if old is not None:  # the same player on a new connection: the old one goes
            old.room = old.seat = None
            self._later(old.ws.close(REPLACED, "replaced by a new connection"))
        if room.server is None:
            self._address_room(room, conn)
        self._seat(conn, room, seat, now, msg_id, None)

    def _room(self, code: str) -> Room:
        room = self.rooms.get(keys.normal_code(code) or "")
        if room is None:
            raise ProtocolError(NO_ROOM, "no room has that code (it may have expired)")
        return room

    def _seat(self, conn: Conn, room: Room, seat: int, now: float, msg_id: int | None,
              token: str | None) -> None:
        """Put ``conn`` in ``seat``; tell it, and everyone, and save."""
        conn.room, conn.seat = room, seat
        self.members[room.code][seat] = conn
        room.arrive(seat, now)
        reply: dict[str, Any] = {"room": room.code, "seat": seat}
        if token is not None:
            reply["token"] = token
        self._save(room)
        self._send(conn, encode("joined", msg_id, **reply))
        self._broadcast_room(room)
        if room.session is not None:
            self._send_state(conn, room, now)

    def _leave_seat(self, conn: Conn) -> None:
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is None or seat is None or self.members.get(room.code, {}).get(seat) is not conn:
            return
        del self.members[room.code][seat]
        now = self.clock()
        room.depart(seat, now)
        moved = room.next_deal_if_ready(now)  # the one not yet ready has gone
        self._changed(room, state=moved, lobby=True)

    # --------------------------------------------------------------- telling
    def _changed(self, room: Room, *, state: bool = False, lobby: bool = False) -> None:
        self._save(room)
        if lobby:
            self._broadcast_room(room)
        if state:
            now = self.clock()
            memo: dict = {}
            for conn in list(self.members[room.code].values()):
                self._send_state(conn, room, now, memo)

    def _send_state(self, conn: Conn, room: Room, now: float, memo: dict | None = None) -> None:
        view = view_to_wire(room.view(conn.seat), memo)
        body: dict[str, Any] = {"n": room.moves, "view": view}
        clock = room.clock(now)
        if clock is not None:
            body["clock"] = round(clock, 1)
        record = room.record()
        if record is not None:
            body["record"] = record
            codes = room.codes()
            if codes:
                body["codes"] = codes
        self._send(conn, encode("state", **body))

    def _broadcast_room(self, room: Room) -> None:
        if not self.members[room.code]:
            return
        extra: dict[str, Any] = {"server": room.server}
        if room.link is not None:
            extra["link"] = room.link
            if room.code not in self._qr:
                self._qr[room.code] = qr_rows(room.link)
            extra["qr"] = self._qr[room.code]
        for seat, conn in list(self.members[room.code].items()):
            self._send(conn, encode("room", **room.describe(seat), **extra))

    def _save(self, room: Room) -> None:
        if self.store is None:
            return
        try:
            self.store.save(room.code, room.to_json())
        except OSError:
            log.exception("room %s could not be saved", room.code)

    def _remove(self, room: Room) -> None:
        for conn in list(self.members.pop(room.code, {}).values()):
            conn.room = conn.seat = None
            self._later(conn.ws.close(GONE, "the room is closed"))
        self.rooms.pop(room.code, None)
        self._qr.pop(room.code, None)
        opener = self.opened_by.pop(room.code, None)
        if opener is not None:
            self.rooms_of.remove(opener)
        if self.store is not None:
            self.store.delete(room.code)

    # ----------------------------------------------------------------- links
    def _address_room(self, room: Room, conn: Conn) -> None:
        """Where others reach the room, as ``conn`` (its creator, or the first
        back after a restart) reached this server: the rooms' address, and the
        join link when a page is served or named."""
        s = self.settings
        host = links.reachable(conn.host or f"localhost:{self.port}")
        room.server = s.public_server or links.server_url(host, conn.secure)
        page = s.public_page
        if page is None and self.site is not None:
            page = links.page_url(host, conn.secure)
        room.link = links.join_link(page, room.server, room.code) if page else None

    # ----------------------------------------------------------------- clock
    async def _tick_loop(self) -> None:
        s = self.settings
        sweep_at = 0.0
        while True:
            busy = False
            for room in list(self.rooms.values()):
                if room.session is None or not room.playing():
                    continue
                try:
                    thinking = self._tick_room(room)
                except Exception:  # noqa: BLE001 - one room's trouble must not stop the rest
                    log.exception("room %s: tick failed", room.code)
                    thinking = False
                if thinking:
                    busy = True
                    await asyncio.sleep(0)  # the loop is free between slices of thinking
            now = self.clock()
            if now >= sweep_at:
                self._expire(now)
                sweep_at = now + 1.0
            await asyncio.sleep(0 if busy else s.tick)

    def _tick_room(self, room: Room) -> bool:
        """Stand-ins, the turn timer and one slice of a bot's thinking; True
        if a bot is still thinking."""
        s = self.settings
        now = self.clock()
        if room.cover_absent(now, s.takeover_after):
            self._changed(room, lobby=True)
        action = room.timed_out(now)
        if action is not None:
            room.play(action, now, by_timer=True)
            self._changed(room, state=True, lobby=True)
            return False
        if not room.bot_due(now, s.bot_delay):
            return False
        action = room.session.think(s.think_budget)
        if action is None:
            return True
        room.play(action, self.clock())
        self._changed(room, state=True)
        return room.bot_due(self.clock(), s.bot_delay)

    def _expire(self, now: float) -> None:
        for room in list(self.rooms.values()):
            if not room.anyone_here and now - room.seen_at >= self.settings.room_ttl:
                log.info("room %s expired", room.code)
                self._remove(room)


def urlpath(target: str) -> str:
    return target.split("?", 1)[0]


async def run(settings: Settings) -> None:
    server = RoomServer(settings)
    await server.start()
    host = settings.host
    if host in ("", "0.0.0.0", "::"):  # every interface: name the one others on the network use
        host = links.network_address() or "localhost"
    where = f"{host}:{server.port}"
    print(f"Rooms on ws://{where}/ws" + (f", the page on http://{where}/" if server.site else ""),
          flush=True)
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):  # a service manager's stop: saves finish first
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(sig, stopping.set)
    try:
        await stopping.wait()
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    settings = settings_from(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))
    return 0
