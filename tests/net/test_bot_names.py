"""A bot's name in a room, through a real server on loopback: the lobby's room
message names each bot as the table will, and never as a person in the room
is named (a person who joins with a bot's name keeps it; the bot moves on)."""

from __future__ import annotations

import pytest

from .helpers import Player, close_all, settings, started, until

pytestmark = pytest.mark.asyncio


def names(player: Player) -> list[str]:
    return [s.name for s in player.client.room.seats]


async def test_a_bot_is_named_as_nobody_here_and_keeps_its_name_at_the_table():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host, guest = Player(url, None), Player(url, None)
    everyone = [host, guest]
    try:
        host.client.create("points", ["person", "person", "easy", "easy"], "Meera")
        await until(lambda: host.client.status == "lobby", everyone, what="the room")
        # the bots' usual names (seat order: You, Asha, Ravi, Meera): the
        # host's "Meera" sends seat 4 to the first name nobody has, Arjun
        assert names(host) == ["Meera", "", "Ravi", "Arjun"]
        guest.client.join(host.client.code, "Ravi")
        await until(lambda: host.client.room.seats[1].taken, everyone, what="Ravi seated")
        assert names(host) == ["Meera", "Ravi", "Arjun", "Priya"]  # Ravi's too, now
        lobby = names(guest)
        host.client.start()
        await until(lambda: host.client.room.started and guest.client.view is not None,
                    everyone, what="the deal")
        assert lobby == names(guest) == names(host) == ["Meera", "Ravi", "Arjun", "Priya"]
        assert server.rooms[host.client.code].session.names == lobby
    finally:
        await close_all(server, everyone)


async def test_the_seats_nobody_took_are_named_without_renaming_the_lobby_s_bots():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host, guest = Player(url, None), Player(url, None)
    everyone = [host, guest]
    try:
        host.client.create("points", ["person", "person", "person", "easy"], "Asha", seat=1)
        await until(lambda: host.client.status == "lobby", everyone, what="the room")
        guest.client.join(host.client.code, "Meera", seat=2)
        await until(lambda: host.client.room.seats[2].taken, everyone, what="Meera seated")
        # usual names You, Asha, Ravi, Meera: the bot's Meera is a person's, so Arjun
        assert names(host) == ["", "Asha", "Meera", "Arjun"]
        host.client.start()
        await until(lambda: host.client.room.started and guest.client.view is not None,
                    everyone, what="the deal")
        # seat 1's bot, new at the start: its usual Asha is the host's and
        # Arjun is the lobby's bot's, so the next name nobody has, Priya
        assert names(host) == names(guest) == ["Priya", "Asha", "Meera", "Arjun"]
    finally:
        await close_all(server, everyone)
