"""A window whose moves cannot reach the table says so at the table and
plays nothing (it used to go on saying "Your turn: draw…" with its buttons
live, and a click queued a move nobody would ever hear): while it
reconnects, and once its seat is played on another device.  A real room
server on loopback."""

from __future__ import annotations

import asyncio
import time

import pytest

from game.app.menu_config import PERSON
from game.engine import Phase
from game.net import keys
from game.net.client import CLOSED, PLAYING, RECONNECTING
from game.ui.table import TableScene
from tests.ui.helpers import App, click

from .helpers import Player, settings, started

pytestmark = pytest.mark.asyncio


async def frames(app: App, done, what: str, timeout: float = 20.0, other=None) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        app.step(1 / 60)
        if other is not None:
            other.step()
        await asyncio.sleep(0.002)
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")


def window() -> App:
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.rooms.prefs.name = "Meera"
    return app


async def at_my_draw(app: App, url: str) -> TableScene:
    app.rooms.create(url, "points", [PERSON, "easy", "easy"])
    await frames(app, lambda: app.rooms.link.room is not None, "the room")
    app.rooms.link.start()
    await frames(app, lambda: isinstance(app.top, TableScene) and app.top.my_turn
                 and app.top.state.phase == Phase.DRAW and not app.top.session.waiting
                 and not app.top.anim.busy, "my turn to draw", timeout=60)
    return app.top


def sent_moves(app: App) -> list:
    return [m for m in app.rooms.link.client._outbox if m[0] == "act"]


async def test_a_window_reconnecting_says_so_and_sends_no_move(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 4444)
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    app = window()
    try:
        table = await at_my_draw(app, url)
        assert table.status_line.text()[0].startswith("Your turn: draw")
        app.rooms.link.client._transport.abort()  # the network drops
        await frames(app, lambda: app.rooms.link.status == RECONNECTING, "reconnecting")
        app.step(1 / 60)
        assert table.status_line.text()[0] == \
            "Reconnecting to the table: you can play once it is back."
        stock = len(table.state.stock)
        click(app, table.layout.stock.center)
        assert table.session.pending is None and not sent_moves(app)
        assert len(table.state.stock) == stock and table.state.phase == Phase.DRAW
        # back again: the turn is the person's once more, and a draw goes through
        await frames(app, lambda: app.rooms.link.status == PLAYING, "back", timeout=30)
        # (the reply to the click stands its few seconds, then the turn is told)
        await frames(app, lambda: table.status_line.text()[0].startswith("Your turn: draw"),
                     "the turn told again", timeout=10)
    finally:
        app.rooms.link.client.close()
        await server.stop()


async def test_a_seat_taken_up_on_another_device_leaves_this_window_saying_so(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 4444)
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    app = window()
    other = Player(url, None)
    try:
        table = await at_my_draw(app, url)
        link = app.rooms.link
        other.client.resume(link.client.code, link.client.token)  # a second tab, same seat
        await frames(app, lambda: link.status == CLOSED, "this window closed", other=other)
        app.step(1 / 60)
        words = table.status_line.text()[0]
        assert words == "Not connected: Your seat was taken up on another device.", words
        click(app, table.layout.stock.center)
        assert table.session.pending is None and not sent_moves(app)
        assert table.state.phase == Phase.DRAW
    finally:
        app.rooms.link.client.close()
        other.client.close()
        await server.stop()
