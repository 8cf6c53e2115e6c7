"""Nothing is lost: a dropped client comes back with its token (a wrong token
is refused), a bot stands in for a person away too long and leaves when they
return, and a server stopped mid-deal and started again resumes each room
exactly where it was, from its save."""

from __future__ import annotations

import hmac
import json

import pytest

from game.engine import Phase, view_for
from game.engine.state import Move
from game.net import keys
from game.net.client import CLOSED, PLAYING, RECONNECTING

from .helpers import (
    FakeClock,
    Player,
    close_all,
    pause,
    seated,
    settings,
    started,
    started_with,
    states_of,
    until,
)

pytestmark = pytest.mark.asyncio


def settled(server, code: str, players: list[Player]):
    """The room waits for a person, and every client has seen the latest move."""
    def check() -> bool:
        room = server.rooms[code]
        if room.session is None:
            return False
        state = room.session.state
        return (state.to_act is not None and not room.session.is_bot(state.to_act)
                and all(p.client.moves_seen == room.moves for p in players))
    return check


async def test_a_dropped_client_comes_back_with_its_token(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 4242)
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "easy", "easy"], 2)
    a, b = players
    try:
        a.client.start()
        await until(lambda: len(b.messages("state")) >= 4, players, what="a few moves")
        token = b.client.token
        b.transports[-1].abort()  # the phone loses its network
        await until(lambda: a.client.room.seats[1].reconnecting, [a], what="B shown away")
        await until(lambda: b.client.status == RECONNECTING, [b], what="B reconnecting")
        await until(lambda: b.client.status == PLAYING and a.client.room.seats[1].online,
                    players, what="B back")
        assert b.client.token == token and b.client.seat == 1
        resumed = [m for m in b.messages("joined")][-1]
        assert "token" not in resumed  # a token is only ever sent once
        room = server.rooms[a.client.code]
        moves_when_back = room.moves
        await until(lambda: all(p.deals for p in players), players, timeout=60,
                    what="the deal's end")
        states = states_of(room)
        assert any(states[k].to_act == 1 for k in range(moves_when_back, room.moves))
        assert b.client.view == view_for(room.session.state, 1)
        assert not a.errors and not b.errors
    finally:
        await close_all(server, players)


async def test_a_wrong_token_is_refused_in_constant_time(monkeypatch):
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person"], 2)
    compared = []
    real = hmac.compare_digest

    def spy(x, y):
        compared.append((len(x), len(y)))
        return real(x, y)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    code, token = players[0].client.code, players[0].client.token
    wrong = [token[:-1] + ("A" if token[-1] != "A" else "B"), "x", keys.new_token(),
             players[1].client.token + "0"]
    try:
        for guess in wrong:
            thief = Player(url, None)
            thief.client.resume(code, guess)
            await until(lambda t=thief: t.client.status == CLOSED, [thief], what="refusal")
            assert [e.code for e in thief.errors] == ["bad_token"]
            assert thief.client.seat is None and thief.client.view is None
        # every seat was compared each time, digest against digest (32 bytes each)
        assert compared and all(pair == (32, 32) for pair in compared)
        assert len(compared) == 2 * len(wrong)
        # the right token still works, from a new device
        again = Player(url, None)
        again.client.resume(code, token)
        await until(lambda: again.client.status == "lobby", [again], what="the host back")
        assert again.client.seat == 0
        again.client.close()
    finally:
        await close_all(server, players)


async def test_a_bot_stands_in_until_its_owner_returns(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 777)
    clock = FakeClock()
    server = await started_with(settings(takeover_after=30, burst=10**6), clock)
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "easy"], 2)
    a, b = players
    try:
        a.client.start()
        code = a.client.code
        await until(settled(server, code, players), players, what="a person's turn")
        b.transports[-1].abort()
        await until(lambda: a.client.room.seats[1].reconnecting, [a], what="B away")
        room = server.rooms[code]
        clock.advance(29)
        await pause([a])
        assert not room.seats[1].covered  # not yet
        clock.advance(2)
        await until(lambda: a.client.room.seats[1].covered, [a], what="the stand-in")
        moved_from = room.moves
        await until(lambda: any(e.seat == 1 for e in room.session.state.log[moved_from:])
                    or room.session.state.result is not None or
                    room.session.state.deal_no > 1, [a], what="the stand-in's move")
        # B comes back: the stand-in leaves at once, B plays its own turns again
        await until(lambda: b.client.status == PLAYING and not a.client.room.seats[1].covered,
                    players, what="B back")
        assert 1 not in room.session.bots
        await until(lambda: all(p.deals for p in players), players, timeout=60,
                    what="the deal's end")
    finally:
        await close_all(server, players)


async def test_a_restarted_server_resumes_the_room_identically(tmp_path, monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 9090)
    data = tmp_path / "rooms"
    first = await started(settings(data, takeover_after=600))
    port = first.port
    url = f"ws://127.0.0.1:{port}/ws"
    players = await seated(url, "marriage", ["person", "person", "medium"], 2)
    second = None
    try:
        players[0].client.start()
        code = players[0].client.code
        await until(lambda: server_moves(first, code) >= 6, players, what="some moves")
        for p in players:
            p.auto = False
        await until(settled(first, code, players), players, what="a person's turn")
        room = first.rooms[code]
        assert room.session.state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        saved = json.dumps(room.to_json(), sort_keys=True)
        views = [view_for(room.session.state, s) for s in range(room.players)]
        await first.stop()
        await until(lambda: all(p.client.status == RECONNECTING for p in players), players,
                    what="everyone reconnecting")

        second = await started(settings(data, port=port, takeover_after=600))
        again = second.rooms[code]
        assert json.dumps(again.to_json(), sort_keys=True) == saved
        assert [view_for(again.session.state, s) for s in range(again.players)] == views
        assert not any(st.online for st in again.seats)
        await until(lambda: all(p.client.status == PLAYING for p in players), players,
                    timeout=20, what="everyone back with their tokens")
        assert [p.client.view for p in players] == views[:2]
        for p in players:
            p.auto = True
        p = next(p for p in players if p.client.seat == again.session.state.to_act)
        p.client.propose(p.bot.choose(p.client.view))
        await until(lambda: all(p.deals for p in players), players, timeout=60,
                    what="the deal's end on the new server")
        assert all(not p.errors for p in players)
    finally:
        for p in players:
            p.client.close()
        if second is not None:
            await second.stop()


def server_moves(server, code: str) -> int:
    room = server.rooms[code]
    return room.moves if room.session is not None else 0


async def test_the_turn_timer_plays_a_safe_move_and_is_off_by_default(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 31337)
    clock = FakeClock()
    server = await started_with(settings(burst=10**6), clock)
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "easy"], 1, timer=10)
    untimed = await seated(url, "points", ["person", "easy"], 1)
    everyone = players + untimed
    for p in everyone:
        p.auto = False
    try:
        for p in everyone:
            p.client.start()
        rooms = [server.rooms[p.client.code] for p in everyone]
        await until(lambda: all(r.session is not None and r.session.state.to_act == 0
                                and r.session.state.phase == Phase.DRAW for r in rooms)
                    and all(p.client.my_turn for p in everyone), everyone,
                    what="the person's first draw")
        timed, plain = rooms
        hand = timed.session.state.hands[0]
        assert players[0].messages("state")[-1]["clock"] == 10.0
        assert "clock" not in untimed[0].messages("state")[-1]
        clock.advance(9.9)
        await pause(everyone)
        assert timed.session.state.phase == Phase.DRAW
        clock.advance(0.2)
        await until(lambda: timed.session.state.phase == Phase.DISCARD, everyone,
                    what="the timer's draw")
        drawn = timed.session.state.hands[0][-1]
        assert timed.session.state.log[-1][:2] == (0, Move.DRAW_STOCK)
        clock.advance(10.1)
        await until(lambda: any(e.kind == Move.DISCARD and e.seat == 0
                                for e in timed.session.state.log), everyone,
                    what="the timer's discard")
        first_discard = next(e for e in timed.session.state.log
                             if e.kind == Move.DISCARD and e.seat == 0)
        assert first_discard.card == drawn  # the card drawn goes back: the hand is as it was
        if timed.session.state.to_act != 0:
            assert sorted(timed.session.state.hands[0]) == sorted(hand)
        # the room without a timer waited all along
        assert plain.session.state.phase == Phase.DRAW and plain.moves == 0
    finally:
        await close_all(server, everyone)


async def test_an_idle_room_expires_with_its_save(tmp_path):
    clock = FakeClock()
    server = await started_with(settings(tmp_path / "rooms", room_ttl=60), clock)
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person"], 2)
    code, token = players[0].client.code, players[0].client.token
    for p in players:
        p.client.close()
    await until(lambda: not server.rooms[code].anyone_here, [], what="everyone gone")
    await server.store.flush()
    assert server.store.read(code) is not None
    clock.advance(59)
    await pause([])
    assert code in server.rooms
    clock.advance(2)
    late = Player(f"ws://127.0.0.1:{server.port}/ws", None)
    await until(lambda: code not in server.rooms, [], what="the room to expire")
    await server.store.flush()
    assert server.store.read(code) is None
    late.client.resume(code, token)
    await until(lambda: late.client.status == CLOSED, [late], what="no room")
    assert [e.code for e in late.errors] == ["no_room"]
    await server.stop()


async def test_a_wrong_code_leaves_the_client_free_to_try_again():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "person", "person"], 2)
    try:
        lone = Player(url, None)
        lone.client.join("ZZZZZZZZZZ", "Nobody")
        await until(lambda: lone.errors, [lone], what="a refusal")
        assert [e.code for e in lone.errors] == ["no_room"]
        assert lone.client.status == "connected"
        lone.client.join(players[0].client.code, "Somebody")
        await until(lambda: lone.client.status == "lobby", [lone], what="the right room")
        assert lone.client.seat == 2
        lone.client.close()
    finally:
        await close_all(server, players)
