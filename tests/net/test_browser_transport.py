"""The browser's transport against a stand-in for the page's ``WebSocket``:
an object with the browser's interface (``WebSocket.new(url)``,
``readyState``, ``send``, ``close``, and the ``onopen``/``onmessage``/
``onclose``/``onerror`` handlers the page calls later, from its own event
loop, never from inside a call).  The stand-in either plays a script or
carries the frames to and from a real server on loopback, so the same
client plays a whole deal through it."""

from __future__ import annotations

import asyncio
import json
import platform
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.engine import NextDeal
from game.net import client as client_module
from game.net.client import PLAYING, RECONNECTING, RoomClient
from game.net.transport_browser import BrowserTransport
from game.net.transport_desktop import DesktopTransport

from .helpers import Player, close_all, settings, started, until

CONNECTING, OPEN, CLOSING, CLOSED = range(4)


class StandInSocket:
    """The page's WebSocket as far as the adapter may know it."""

    def __init__(self, url: str, bridge: bool) -> None:
        self.url = url
        self.readyState = CONNECTING
        self.onopen = self.onmessage = self.onclose = self.onerror = None
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self._ws = None
        if bridge:
            self._task = asyncio.get_running_loop().create_task(self._carry())

    # what the page's code may call
    def send(self, data: str) -> None:
        if self.readyState != OPEN:
            raise RuntimeError("InvalidStateError: the socket is not open")
        self.sent.append(data)
        if self._ws is not None:
            asyncio.get_running_loop().create_task(self._ws.send(data))

    def close(self, code: int = 1000) -> None:
        self.closed_with = code
        self.readyState = CLOSING
        if self._ws is not None:
            asyncio.get_running_loop().create_task(self._ws.close(code))

    # what the browser does, later, from its event loop
    def fire(self, kind: str, **fields) -> None:
        handler = getattr(self, f"on{kind}")
        if kind == "open":
            self.readyState = OPEN
        if kind == "close":
            self.readyState = CLOSED
        if handler is not None:
            handler(SimpleNamespace(type=kind, **fields))

    async def _carry(self) -> None:
        try:
            async with connect(self.url) as ws:
                self._ws = ws
                self.fire("open")
                async for message in ws:
                    self.fire("message", data=message)
        except (OSError, ConnectionClosed):
            self.fire("error")
        code = self._ws.close_code if self._ws is not None else 1006
        self.fire("close", code=code or 1006, reason="", wasClean=code == 1000)

    def drop(self) -> None:
        """The network goes: no close frame, the page sees code 1006."""
        self._ws.transport.abort()


class StandInWindow:
    """``platform.window`` with the one class the transport uses."""

    def __init__(self, bridge: bool = False) -> None:
        self.sockets: list[StandInSocket] = []
        window = self

        class WebSocket:
            @staticmethod
            def new(url: str) -> StandInSocket:
                sock = StandInSocket(url, bridge)
                window.sockets.append(sock)
                return sock

        self.WebSocket = WebSocket


def test_the_adapter_follows_the_sockets_events():
    window = StandInWindow()
    wrapped = []
    t = BrowserTransport(window, wrap=lambda fn: wrapped.append(fn) or fn)
    t.open("wss://rummy.example/ws?room=K7QM2RXD4P")
    sock = window.sockets[0]
    assert sock.url == "wss://rummy.example/ws?room=K7QM2RXD4P"
    assert t.status == "connecting" and len(wrapped) == 4  # each handler crosses the bridge
    assert (sock.onopen, sock.onmessage, sock.onclose, sock.onerror) == tuple(wrapped)
    t.send("early")  # not open yet: the browser would throw, so nothing is sent
    assert sock.sent == []
    sock.fire("open")
    assert t.status == "open"
    t.send('{"v":1,"t":"ping"}')
    assert sock.sent == ['{"v":1,"t":"ping"}']
    sock.fire("message", data='{"v":1,"t":"pong"}')
    sock.fire("message", data="second")
    assert t.receive() == ['{"v":1,"t":"pong"}', "second"] and t.receive() == []
    sock.fire("close", code=4004, reason="gone", wasClean=True)
    assert (t.status, t.close_code) == ("closed", 4004)
    t.send("late")
    assert sock.sent == ['{"v":1,"t":"ping"}']


def test_a_failed_connection_and_a_goodbye():
    window = StandInWindow()
    t = BrowserTransport(window, wrap=lambda fn: fn)
    t.open("ws://nowhere.example/ws")
    window.sockets[0].fire("error")
    window.sockets[0].fire("close", code=1006, reason="", wasClean=False)
    assert (t.status, t.close_code) == ("closed", 1006)
    t2 = BrowserTransport(window, wrap=lambda fn: fn)
    t2.open("ws://rummy.example/ws")
    window.sockets[1].fire("open")
    t2.close()
    assert window.sockets[1].closed_with == 1000 and t2.status == "closed"


def test_the_page_gets_the_browser_transport_and_its_window(monkeypatch):
    window = StandInWindow()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    t = client_module.default_transport()
    assert isinstance(t, BrowserTransport)
    t.open("ws://x.example/ws")  # pygbag's window, found where pygbag puts it
    assert window.sockets[0].url == "ws://x.example/ws"
    monkeypatch.setattr(sys, "platform", "linux")
    assert isinstance(client_module.default_transport(), DesktopTransport)


@pytest.mark.asyncio
async def test_a_whole_deal_through_the_stand_in_and_back_after_a_drop():
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    window = StandInWindow(bridge=True)
    page = Player(url, "easy", seed=5)
    page.client = RoomClient(url, make_transport=lambda: BrowserTransport(window, lambda f: f))
    desk = Player(url, "easy", seed=6)
    players = [page, desk]
    try:
        page.client.create("21card", ["person", "person", "medium"], "Phone")
        await until(lambda: page.client.status == "lobby", players, what="the room")
        desk.client.join(page.client.code, "Laptop")
        await until(lambda: page.client.room.seats[1].taken, players, what="the guest")
        page.client.start()
        await until(lambda: len(page.client.room.seats) and page.client.view is not None
                    and page.client.moves_seen >= 3, players, what="a few moves")
        window.sockets[-1].drop()
        await until(lambda: page.client.status == RECONNECTING, players, what="the drop")
        await until(lambda: page.client.status == PLAYING, players, what="back")
        assert len(window.sockets) == 2 and "room=" in window.sockets[1].url
        await until(lambda: all(p.deals for p in players), players, timeout=60,
                    what="the deal's end")
        for p in players:
            p.auto = False
        room = server.rooms[page.client.code]
        await until(lambda: all(p.client.moves_seen == room.moves for p in players)
                    and not room.bot_due(server.clock(), 0.0), players, what="a quiet table")
        assert page.client.view == room.view(page.client.seat)
        assert not page.errors and not desk.errors
    finally:
        await close_all(server, players)


def test_the_client_routes_by_the_typed_code_and_waits_for_the_socket():
    window = StandInWindow()
    c = RoomClient("wss://rummy.example/ws",
                   make_transport=lambda: BrowserTransport(window, lambda fn: fn))
    c.join("k7qm-2rxd 4p", "Meera")
    sock = window.sockets[0]
    assert sock.url == "wss://rummy.example/ws?room=K7QM2RXD4P"  # a proxy routes by it
    assert c.poll().status == "connecting" and sock.sent == []
    sock.fire("open")
    assert c.poll().status == "connected"
    assert [json.loads(m) for m in sock.sent] == [
        {"v": 1, "t": "join", "id": 1, "room": "K7QM2RXD4P", "name": "Meera"}]
    sock.fire("message", data=json.dumps({"v": 1, "t": "joined", "room": "K7QM2RXD4P",
                                          "seat": 2, "token": "secret"}))
    update = c.poll()
    assert (update.status, c.seat, c.token) == ("lobby", 2, "secret")
    sock.fire("message", data="not json")
    assert [e.code for e in c.poll().errors] == ["bad_message"]


def test_the_client_keeps_the_line_alive_and_comes_back_after_a_drop():
    window = StandInWindow()
    now = [100.0]
    c = RoomClient("ws://h/ws", make_transport=lambda: BrowserTransport(window, lambda fn: fn),
                   clock=lambda: now[0])
    c.resume("K7QM2RXD4P", "tok")
    first = window.sockets[0]
    first.fire("open")
    c.poll()
    first.fire("message", data=json.dumps({"v": 1, "t": "joined", "room": "K7QM2RXD4P",
                                           "seat": 1}))
    c.poll()
    assert c.status == "lobby" and c.token == "tok"
    now[0] += 26
    c.poll()
    assert json.loads(first.sent[-1]) == {"v": 1, "t": "ping"}  # every 25 s of quiet
    c.propose(NextDeal())  # sent now: a stale move is not kept for later
    first.fire("close", code=1006, reason="", wasClean=False)
    assert c.poll().status == "reconnecting"
    now[0] += 0.4
    c.poll()
    assert len(window.sockets) == 1  # waits a moment before trying again
    now[0] += 0.2
    c.poll()
    second = window.sockets[1]
    assert second.url == "ws://h/ws?room=K7QM2RXD4P"
    second.fire("open")
    c.poll()
    assert [json.loads(m)["t"] for m in second.sent] == ["resume"]
    assert json.loads(second.sent[0])["token"] == "tok"
    second.fire("close", code=4001, reason="replaced", wasClean=True)
    update = c.poll()
    assert update.status == "closed" and "another device" in update.closed_why


def test_the_page_loads_the_client_without_the_websockets_library():
    """pygbag packs the game's own files only: the client, the browser
    transport and the join link's reader must load where neither
    ``websockets`` nor ``segno`` exists."""
    code = ("import sys; sys.modules['websockets'] = sys.modules['segno'] = None\n"
            "import game.net.client, game.net.transport_browser, game.net.links\n"
            "from game.net.client import RoomClient\n"
            "from game.net.transport_browser import BrowserTransport\n"
            "c = RoomClient('ws://h/ws', make_transport=lambda: BrowserTransport(object()))\n"
            "print('websockets' in sys.modules and sys.modules['websockets'] is None)\n")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
