"""The window in a room, through a real room server on loopback: a seat
changed in the lobby is the seat at the table; Leave the room at the table
gives the seat to a bot at once and the others are told; a room that is
full or has started is said as such; and hosting passes on with a word."""

from __future__ import annotations

import asyncio
import time

import pygame
import pytest

from game.app.menu_config import PERSON
from game.families import make_bot
from game.net import keys
from game.ui.scenes.lobby import LobbyScene
from game.ui.table import TableScene
from tests.ui.helpers import App, human_move, key, press

from .helpers import Player, settings, started, states_of

pytestmark = pytest.mark.asyncio

SIZE = (1280, 720)


def window(name: str, size: tuple[int, int] = SIZE) -> App:
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.rooms.prefs.name = name
    return app


def toasts_of(app: App) -> list[str]:
    """Every toast the window shows from now on, in order."""
    said: list[str] = []
    show = app.toast

    def toast(text: str, *args, **kw) -> None:
        said.append(text)
        show(text, *args, **kw)

    app.toast = toast
    return said


async def frames(apps: list[App], done, what: str, others: tuple[Player, ...] = (),
                 timeout: float = 20.0) -> None:
    """Step every window and client, and let the sockets work, until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        for app in apps:
            app.step(1 / 60)
        for p in others:
            p.step()
        await asyncio.sleep(0.001)
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")


def heading(app: App) -> str:
    return app.top.form.rows[0].text


def close(*apps: App) -> None:
    for app in apps:
        if app.rooms.link is not None:
            app.rooms.link.client.close()


async def test_the_host_who_moved_seat_in_the_lobby_plays_that_seat():
    # the window once set the table up for the seat it had left, and crashed
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = window("Meera")
    try:
        host.rooms.create(url, "points", [PERSON, PERSON, "easy"])
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        press(host, "sit1")
        await frames([host], lambda: host.rooms.link.room.you == 1, "the move")
        assert host.rooms.link.seat == 1 and host.rooms.link.is_host
        press(host, "start")
        await frames([host], lambda: isinstance(host.top, TableScene), "the table")
        assert host.top.bottom == 1 and host.session.seat == 1
        truth = server.rooms[host.rooms.link.room.code].session
        await frames([host], lambda: not host.session.waiting
                     and len(host.session.actions) == len(truth.actions), "the position")
        assert host.session.current == truth.view(1)
    finally:
        close(host)
        await server.stop()


async def test_leave_the_room_at_the_table_gives_the_seat_to_a_bot_at_once(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 3131)
    # a stand-in would come after 600 s: the leave's bot is what plays on
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    host, guest = window("Meera"), window("Ravi")
    apps = [host, guest]
    try:
        host.rooms.create(url, "points", [PERSON, PERSON, "easy"])
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        code = host.rooms.link.room.code
        guest.rooms.join(url, code)
        await frames(apps, lambda: host.rooms.link.room.seats[1].taken, "the guest")
        host.rooms.link.start()
        await frames(apps, lambda: all(isinstance(a.top, TableScene) for a in apps), "tables")
        said = toasts_of(host)
        room = server.rooms[code]
        left_at = room.moves
        key(guest, pygame.K_ESCAPE)  # the pause dialog
        press(guest, "leave")  # "Leave the room": give the seat up (a bot plays it)
        assert guest.rooms.link is None
        await frames([host], lambda: "Ravi left the room: a bot plays for them." in said,
                     "the host told")
        assert host.session.levels[1] == "medium" and host.session.presence_tag(1) == ""
        assert room.session.is_bot(1) and not room.seats[1].taken
        # the host plays on, and the bot plays seat 2's turns from the leave on
        bot = make_bot("easy", 1)

        def bot_played() -> bool:
            top = host.top
            if isinstance(top, TableScene) and top.my_turn and not top.session.waiting \
                    and top.session.pending is None:
                human_move(host, bot)
            return 1 in [st.to_act for st in states_of(room)[left_at:-1]] \
                or room.session.state.result is not None

        await frames([host], bot_played, "seat 2's bot to move", timeout=30)
        assert not any("Reconnecting" in t for t in said)
    finally:
        close(*apps)
        await server.stop()


async def test_a_full_room_and_a_started_room_say_which():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    full, begun = Player(url, None), Player(url, None)
    hosts = (full, begun)
    try:
        full.client.create("points", ["person", "easy"], "Meera")
        begun.client.create("points", ["person", "person", "easy"], "Asha")
        await frames([], lambda: full.client.room and begun.client.room, "the rooms", hosts)
        begun.client.start()
        await frames([], lambda: begun.client.view is not None, "the deal", hosts)
        for code, title, status in (
                (full.client.code, "This room is full", "Every seat for a person is taken."),
                (begun.client.code, "This game has already started",
                 "The game has started: only its players may come back."),
                ("K7QM2RXD4P", "No room", "No room has that code (it may have expired).")):
            app = window("Ravi", (390, 844))
            app.rooms.join(url, code)
            await frames([app], lambda app=app: bool(app.rooms.link.closed), "the refusal",
                         hosts)
            assert isinstance(app.top, LobbyScene)
            assert (heading(app), app.top._status()) == (title, status)
            close(app)
    finally:
        for p in hosts:
            p.client.close()
        await server.stop()


async def test_the_one_left_in_the_lobby_is_told_they_host_now():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = Player(url, None)
    guest = window("Ravi")
    try:
        host.client.create("points", ["person", "person", "easy"], "Meera")
        await frames([], lambda: host.client.room is not None, "the room", (host,))
        guest.rooms.join(url, host.client.code)
        await frames([guest], lambda: guest.rooms.link.room is not None, "the lobby", (host,))
        said = toasts_of(guest)
        host.client.leave()
        await frames([guest], lambda: guest.rooms.link.is_host, "the role", (host,))
        await frames([guest], lambda: len(said) >= 2, "the news", (host,))
        assert said == ["Meera left the room.",
                        "You are the host now: start the game when everyone is here."]
        press(guest, "start")
        await frames([guest], lambda: isinstance(guest.top, TableScene), "the table", (host,))
    finally:
        host.client.close()
        close(guest)
        await server.stop()


async def test_a_join_link_on_a_new_device_asks_the_name_first(monkeypatch):
    # a friend's link opened on a device that knows no name seated them as
    # "Player", and nothing in the room could change it
    from game.app import friends
    from game.ui.scenes.entry import EntryDialog
    from tests.ui.helpers import post

    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 4242)
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = window("Meera")
    guest = None
    try:
        host.rooms.create(url, "points", [PERSON, PERSON, "easy"])
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        code = host.rooms.link.room.code
        guest = App(SIZE, load=True, save=True, room=(code, url))  # nothing saved: no name
        dialog = guest.top
        assert isinstance(dialog, EntryDialog) and dialog.title == "Your name at the table"
        assert guest.rooms.link is None  # not in the room before the name is given
        for ch in "Kiran":
            post(pygame.TEXTINPUT, text=ch)
            guest.step(1 / 60)
        press(guest, "ok")
        assert isinstance(guest.top, LobbyScene)
        await frames([host, guest], lambda: host.rooms.link.room.seats[1].taken, "the guest")
        assert host.rooms.link.room.seats[1].name == "Kiran"
        assert friends.load().name == "Kiran"  # the device remembers it
    finally:
        for app in (host, guest):
            if app is not None and app.rooms.link is not None:
                app.rooms.link.client.close()
        await server.stop()
