"""Leaving a room and moving in it: a seat changed in the lobby is the seat
played; a person who leaves mid-match is played by a bot at once (not after
the stand-in's wait), for good, and only their own seat; when the host
leaves the lobby the role goes to someone connected, else to the first to
arrive.  The room alone, then through a real server on loopback."""

from __future__ import annotations

import json

import pytest

from game.engine import Phase
from game.net import keys
from game.net.protocol import ProtocolError
from game.net.rooms import Room
from game.net.setup import plan_room

from .helpers import Player, close_all, pause, seated, settings, started, states_of, until

pytestmark = pytest.mark.asyncio


def room_of(*seats: str, game: str = "points") -> Room:
    plan = plan_room({"game": game, "seats": list(seats), "name": "Host"})
    return Room("ABCDEFGHJK", plan, now=0.0)


def refused(call) -> str:
    with pytest.raises(ProtocolError) as exc:
        call()
    return exc.value.code


def saved(room: Room) -> str:
    return json.dumps(room.to_json(), sort_keys=True)


# ------------------------------------------------------------------ the room alone


async def test_leaving_mid_match_hands_the_seat_to_a_bot_for_good():
    room = room_of("person", "person", "easy")  # bots for free seats: medium, the default
    room.join("Asha")
    _, token = room.join("Ravi")
    room.arrive(0, 0.0)
    room.arrive(1, 0.0)
    room.start(0, 5, 0.0)
    room.leave(1, 3.0)
    assert room.session.levels == [None, "medium", "easy"]
    assert room.session.is_bot(1) and not room.seats[1].taken
    assert room.seats[1].plan == "medium" and room.names()[1] == "Ravi"
    assert room.describe(0)["seats"][1] == {"plan": "medium", "name": "Ravi", "taken": True,
                                            "online": False, "covered": False,
                                            "ready": False}
    assert room.seen_at == 3.0  # somebody went: the room's idle time counts from here
    assert refused(lambda: room.resume(token)) == "bad_token"  # the token holds nothing
    assert refused(lambda: room.join("Ravi")) == "started"
    # the seat is a bot's in the save too: a restarted server has the bot play it
    again = Room.from_json(json.loads(saved(room)), 10.0)
    assert again.session.levels == [None, "medium", "easy"] and again.session.is_bot(1)
    assert again.seats[1].plan == "medium" and refused(lambda: again.resume(token)) == \
        "bad_token"


async def test_a_leave_for_a_seat_not_held_changes_nothing():
    room = room_of("person", "person", "easy")
    room.join("Asha")
    room.arrive(0, 0.0)
    before = saved(room)
    for seat in (1, 2, 7, -1):  # free, a bot's, none at all, and below the first
        assert refused(lambda seat=seat: room.leave(seat, 1.0)) == "not_in_room"
        assert saved(room) == before
    room.join("Ravi")
    room.start(0, 5, 0.0)
    room.leave(1, 1.0)
    before = saved(room)
    for seat in (1, 2):  # the seat just given up, and a bot's, once the match is on
        assert refused(lambda seat=seat: room.leave(seat, 2.0)) == "not_in_room"
        assert saved(room) == before


async def test_the_host_role_goes_to_someone_connected_else_to_the_first_to_arrive():
    room = room_of("person", "person", "person")
    for name in ("Meera", "Asha", "Ravi"):
        room.join(name)
    for seat in range(3):
        room.arrive(seat, 0.0)
    room.depart(1, 1.0)  # Asha's phone sleeps: she still holds seat 2
    room.leave(0, 2.0)
    assert room.host == 2  # Ravi, connected; not Asha, the first seat taken
    # nobody connected: the role waits for whoever arrives first
    room = room_of("person", "person", "person")
    for name in ("Meera", "Asha", "Ravi"):
        room.join(name)
    room.arrive(0, 0.0)
    room.leave(0, 1.0)
    assert room.host == 0 and not room.seats[0].taken
    room.arrive(2, 2.0)  # Ravi comes back first
    assert room.host == 2
    room.arrive(1, 3.0)
    assert room.host == 2  # the host stays the host
    room.start(2, 5, 4.0)


# ------------------------------------------------------------------ through the server


async def test_a_seat_changed_in_the_lobby_is_the_seat_played():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "person"], 2)
    host, guest = players
    try:
        assert guest.client.seat == 1
        guest.client.sit(2)
        await until(lambda: host.client.room.seats[2].taken, players, what="the move")
        assert guest.client.seat == 2  # the room message moved it; no "joined" says so
        host.client.start()
        await until(lambda: guest.client.view is not None, players, what="the deal")
        assert guest.client.view.seat == 2 and guest.client.seat == 2
    finally:
        await close_all(server, players)


async def test_a_person_who_leaves_mid_match_is_played_by_a_bot_at_once(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 3131)
    # a stand-in would come only after 600 s: whatever plays seat 2 is the leave's bot
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "easy"], 2)
    host, guest = players
    stranger = Player(url, None)
    try:
        code = host.client.code
        host.client.start()
        await until(lambda: guest.client.view is not None, players, what="the deal")
        room = server.rooms[code]
        token, left_at = guest.client.token, room.moves
        guest.client.leave()
        await until(lambda: not host.client.room.seats[1].person, [host, guest],
                    what="the others told")
        assert host.client.room.seats[1].plan == "medium"
        assert guest.client.status == "connected" and guest.client.token is None
        assert room.session.is_bot(1) and 1 not in server.members[code]
        # the match goes on: the bot plays seat 2's turns (the host plays its own)
        await until(lambda: 1 in [st.to_act for st in states_of(room)[left_at:-1]]
                    or room.session.state.result is not None, [host], timeout=30,
                    what="the bot's move in seat 2")
        assert not host.errors
        # the leaver's token takes nothing back
        back = Player(url, None)
        back.client.resume(code, token)
        await until(lambda: back.client.status == "closed", [back], what="the refusal")
        assert [e.code for e in back.errors] == ["bad_token"]
        # a leave from a connection that holds no seat changes nothing
        stranger.client.join("ZZZZZZZZZZ", "Mallory")
        await until(lambda: stranger.errors, [stranger], what="no room")
        stranger.client.leave()
        await until(lambda: len(stranger.errors) == 2, [stranger], what="the leave refused")
        assert [e.code for e in stranger.errors] == ["no_room", "not_in_room"]
        assert room.seats[0].taken and room.seats[0].online and code in server.rooms
    finally:
        await close_all(server, [*players, stranger])


async def test_the_host_who_leaves_passes_the_role_to_one_who_is_here():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "person"], 3)
    host, asha, ravi = players
    try:
        asha.client.close()  # her phone sleeps
        await until(lambda: not host.client.room.seats[1].online, [host, ravi],
                    what="Asha away")
        host.client.leave()
        await until(lambda: ravi.client.room.host != 0, [host, ravi], what="a new host")
        assert ravi.client.room.host == 2 == ravi.client.room.you
        ravi.client.start()
        await until(lambda: ravi.client.view is not None, [ravi], what="the deal")
        assert not ravi.errors
    finally:
        await close_all(server, players)


async def test_with_nobody_here_the_first_back_hosts():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "person"], 3)
    host, asha, ravi = players
    tokens = [p.client.token for p in players]
    try:
        code = host.client.code
        asha.client.close()
        ravi.client.close()
        await until(lambda: not any(s.online for s in host.client.room.seats[1:]), [host],
                    what="both away")
        host.client.leave()
        await until(lambda: host.client.room is None, [host], what="the host gone")
        await pause([host])
        back = Player(url, None)  # Ravi's phone wakes first
        players.append(back)
        back.client.resume(code, tokens[2])
        await until(lambda: back.client.room is not None, [back], what="Ravi back")
        assert back.client.room.host == 2 == back.client.room.you
        back.client.start()
        await until(lambda: back.client.view is not None, [back], what="the deal")
        assert not back.errors
    finally:
        await close_all(server, players)


async def test_a_leave_between_deals_lets_the_next_deal_start(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 80)
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "pool101", ["person", "person", "easy"], 2)
    host, guest = players
    guest.auto = False  # plays its turns (below), and is never ready for the next deal
    try:
        host.client.start()
        room = server.rooms[host.client.code]

        asked: set[int] = set()  # the positions the guest has moved in

        def deal_over() -> bool:
            seen = guest.client.moves_seen
            view = guest.client.view if seen == room.moves and seen not in asked else None
            if view is not None and view.my_turn and view.phase != Phase.DEAL_OVER:
                asked.add(seen)
                guest.client.propose(guest.bot.choose(view))
            return room.session is not None and room.ready == {0}

        await until(deal_over, players, timeout=60, what="the host ready, the guest not")
        await pause(players)
        assert room.session.state.deal_no == 1  # the table waits for the guest
        guest.client.leave()
        await until(lambda: room.session.state.deal_no == 2, players,
                    what="the next deal without the one who left")
    finally:
        await close_all(server, players)
