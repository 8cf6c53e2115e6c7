"""A real room server on loopback and real clients that play through it.

``Player`` is the client library (``RoomClient`` over the desktop transport)
with every text frame it received kept, and a bot that chooses from the view
the client rebuilt, so what the bot sees is exactly what the wire carried."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path

from game.engine import Card, GameState, Phase, apply, new_match
from game.families import make_bot
from game.net.client import RoomClient, Update
from game.net.config import Settings
from game.net.server import RoomServer
from game.net.transport_desktop import DesktopTransport


def settings(data: Path | None = None, **changes) -> Settings:
    """A server for tests: loopback, any free port, bots without a pause."""
    base = dict(host="127.0.0.1", port=0, data=data, durable=False, bot_delay=0.0,
                tick=0.01)
    base.update(changes)
    return Settings(**base)


async def started(s: Settings) -> RoomServer:
    server = RoomServer(s)
    await server.start()
    return server


class Recording(DesktopTransport):
    """The desktop transport, keeping every frame it hands to the client."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[str] = []

    def receive(self) -> list[str]:
        got = super().receive()
        self.frames.extend(got)
        return got


class Player:
    def __init__(self, url: str, level: str | None = "easy", seed: int = 0) -> None:
        self.transports: list[Recording] = []
        self.client = RoomClient(url, make_transport=self._transport)
        self.bot = make_bot(level, seed) if level else None
        self.updates: list[Update] = []
        self.auto = True  # plays its turns and asks for the next deal by itself

    def _transport(self) -> Recording:
        t = Recording()
        self.transports.append(t)
        return t

    @property
    def frames(self) -> list[str]:
        return [f for t in self.transports for f in t.frames]

    def messages(self, kind: str | None = None) -> list[dict]:
        out = [json.loads(f) for f in self.frames]
        return [m for m in out if kind is None or m["t"] == kind]

    @property
    def errors(self):
        return [e for u in self.updates for e in u.errors]

    @property
    def deals(self):
        return [d for u in self.updates for d in u.deals]

    def step(self) -> None:
        update = self.client.poll()
        self.updates.append(update)
        if not self.auto or self.bot is None or not update.view_changed:
            return
        view = self.client.view
        if view is None:
            return
        if view.phase == Phase.DEAL_OVER and view.seat not in _ready_seats(self.client):
            self.client.ready()
        elif view.my_turn:
            self.client.propose(self.bot.choose(view))


def _ready_seats(client: RoomClient) -> set[int]:
    room = client.room
    return {s for s, info in enumerate(room.seats) if info.ready} if room else set()


async def until(done: Callable[[], bool], players: list[Player], timeout: float = 20.0,
                what: str = "condition") -> None:
    """Poll every player (as the window does each frame) until ``done()``."""
    deadline = time.monotonic() + timeout
    while True:
        for p in players:
            p.step()
        await asyncio.sleep(0.002)
        if done():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")


async def pause(players: list[Player], seconds: float = 0.15) -> None:
    """Let the server's clock loop go round several times (for "nothing happens")."""
    deadline = time.monotonic() + seconds
    await until(lambda: time.monotonic() >= deadline, players, what="a pause")


async def seated(url: str, game: str, plan: list[str], players_needed: int,
                 options: dict | None = None, timer: float | None = None,
                 levels: str = "easy") -> list[Player]:
    """A room of ``game``: the host creates it, the other people join, all seated."""
    people = [Player(url, levels, seed=i + 1) for i in range(players_needed)]
    host = people[0]
    host.client.create(game, plan, "Host", options=options, timer=timer)
    await until(lambda: host.client.status == "lobby", people, what="the room")
    for i, p in enumerate(people[1:], start=2):
        p.client.join(host.client.code, f"Guest {i}")
    await until(lambda: all(p.client.status == "lobby" for p in people)
                and sum(s.taken and s.person for s in host.client.room.seats) == players_needed,
                people, what="everyone seated")
    return people


def states_of(room) -> list[GameState]:
    """The server's truth: the position after each of the room's moves."""
    session = room.session
    state = new_match(session.rules, session.players, session.seed)[0]
    out = [state]
    for action in session.actions:
        state = apply(state, action)[0]
        out.append(state)
    return out


def cards_in(value) -> set[Card]:
    """Every card anywhere inside a decoded value (views, results, actions)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Card):
            found.add(v)
        elif isinstance(v, tuple | list | frozenset | set):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif hasattr(v, "__dataclass_fields__"):
            stack.extend(getattr(v, name) for name in v.__dataclass_fields__)
    return found


class FakeClock:
    """The server's clock, moved by hand: timers run out when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def started_with(s: Settings, clock: FakeClock) -> RoomServer:
    server = RoomServer(s, clock=clock)
    await server.start()
    return server


async def close_all(server: RoomServer, players: list[Player]) -> None:
    for p in players:
        p.client.close()
    await server.stop()
