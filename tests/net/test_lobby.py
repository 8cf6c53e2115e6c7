"""The lobby through the server: a code typed any way, a chosen seat, moving
to another seat, leaving, and only the host starting."""

from __future__ import annotations

import pytest

from .helpers import Player, close_all, settings, started, until

pytestmark = pytest.mark.asyncio


async def test_people_gather_in_the_lobby_and_the_host_starts():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host, guest, late = Player(url, None), Player(url, None), Player(url, None)
    everyone = [host, guest, late]
    try:
        host.client.create("marriage", ["person", "person", "person", "hard"], "Asha")
        await until(lambda: host.client.status == "lobby", everyone, what="the room")
        code = host.client.code
        typed = f"{code[:4].lower()}-{code[4:]} "
        guest.client.join(typed, "Ravi", seat=2)
        await until(lambda: host.client.room.seats[2].taken, everyone, what="Ravi in seat 3")
        assert guest.client.seat == 2 and host.client.room.seats[2].name == "Ravi"
        assert [s.plan for s in host.client.room.seats] == ["person"] * 3 + ["hard"]
        guest.client.sit(1)
        await until(lambda: host.client.room.seats[1].taken
                    and not host.client.room.seats[2].taken, everyone, what="Ravi moving")
        assert guest.client.room.you == 1
        guest.client.start()
        await until(lambda: guest.errors, everyone, what="a refusal")
        assert [e.code for e in guest.errors] == ["not_host"]
        guest.client.leave()
        await until(lambda: not host.client.room.seats[1].taken and guest.client.room is None,
                    everyone, what="Ravi leaving")
        assert guest.client.status == "connected" and guest.client.token is None
        host.client.start()
        await until(lambda: host.client.view is not None, everyone, what="the deal")
        room = server.rooms[code]
        assert room.session.levels == [None, "medium", "medium", "hard"]
        late.client.join(code, "Late")
        await until(lambda: late.errors, everyone, what="a refusal")
        assert [e.code for e in late.errors] == ["started"]
        assert late.client.status == "connected"  # free to try another room
    finally:
        await close_all(server, everyone)


async def test_the_last_person_leaving_closes_the_lobby(tmp_path):
    server = await started(settings(tmp_path / "rooms"))
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = Player(url, None)
    try:
        host.client.create("points", ["person", "easy"], "Solo")
        await until(lambda: host.client.status == "lobby", [host], what="the room")
        code = host.client.code
        await server.store.flush()
        assert server.store.read(code) is not None
        host.client.leave()
        await until(lambda: code not in server.rooms, [host], what="the room to close")
        await server.store.flush()
        assert server.store.read(code) is None
        assert server.rooms_of.counts == {}  # the address may open rooms again
    finally:
        await close_all(server, [host])
