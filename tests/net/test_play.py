"""Whole deals of every family through a real server on loopback: two to six
people (clients with a bot choosing from the view the wire carried) and bots
in the other seats.  Every frame each client received is then scanned against
the server's own truth, replayed move by move: its view is exactly
``view_for`` its seat at that move, and names no card of another player's
hand, of the stock, nor an unseen tiplu; no seat's token reaches anyone else."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.app.session import Session
from game.engine import GameState, Phase, family_of, view_for
from game.families.marriage.actions import MarriageDeal
from game.families.vazhushal.actions import WipeDeal
from game.net import keys
from game.net.rooms import Room
from game.net.wire import view_from_wire

from .helpers import cards_in, seated, settings, started, states_of, until

pytestmark = pytest.mark.asyncio
KINDS = {"welcome", "joined", "room", "state", "pong"}
STATE_KEYS = {"v", "t", "n", "view", "clock", "codes", "record"}
ROOM_KEYS = {"v", "t", "room", "game", "players", "host", "you", "started", "timer", "fill",
             "seats", "server", "link", "qr"}

# (preset, people, bots): every family, from two people to six
CASES = [
    ("paplu", 2, ["medium", "hard"]),
    ("deals", 3, ["easy"]),  # a whole match of two deals: ready, next deal, match over
    ("21card", 4, ["medium", "easy"]),
    ("marriage", 4, ["medium"]),
    ("vazhushal", 5, ["easy"]),
    ("points", 6, []),
]


def hidden_from(state: GameState, seat: int) -> set:
    """What ``seat`` may not know now, from the server's truth: the other
    hands (until the deal is settled and shown), the stock (always), less
    whatever was shown face up; and the tiplu while the seat has not seen it."""
    hidden = set(state.stock)
    if not state.deal_over:
        hidden |= {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    shown = {e.card for e in state.log if e.card is not None}
    shown |= set(state.discard) | set(family_of(state.rules).table_cards(state))
    ex = state.extra
    if isinstance(ex, WipeDeal):  # the line's first card and the negative joker lie face up
        shown |= {ex.upcard, ex.negative}
    hidden -= shown
    if isinstance(ex, MarriageDeal) and not (ex.seen[seat] or state.deal_over):
        hidden.add(ex.tiplu)
    return hidden


def leaks(player, room, states: list[GameState]) -> list[str]:
    """Every card a state frame showed ``player`` that its seat may not know
    at that move (from the server's truth, not from the view code)."""
    seat = player.client.seat
    found = []
    for msg in player.messages("state"):
        state = states[msg["n"]]
        view = view_from_wire(msg["view"], room.rules)
        for card in sorted(cards_in(view) & hidden_from(state, seat)):
            found.append(f"move {msg['n']}: {card}")
        if isinstance(state.extra, MarriageDeal) and not state.extra.seen[seat] \
                and not state.deal_over and (view.cut or view.wild or view.extra.tiplu):
            found.append(f"move {msg['n']}: the unseen tiplu's wild cards")
    return found


def scan(player, room, states: list[GameState], others_tokens: list[str]) -> int:
    """Check every frame ``player`` received; the number of views checked."""
    seat = player.client.seat
    fam = family_of(room.rules)
    assert not leaks(player, room, states)
    views = 0
    for text in player.frames:
        for token in others_tokens:
            assert token not in text
        msg = json.loads(text)
        assert msg["t"] in KINDS, msg["t"]
        if msg["t"] == "room":
            assert set(msg) <= ROOM_KEYS
            continue
        if msg["t"] != "state":
            continue
        assert set(msg) <= STATE_KEYS
        state = states[msg["n"]]
        view = view_from_wire(msg["view"], room.rules)
        assert view == view_for(state, seat)
        assert fam.view_leak(state, seat, view) is None
        assert ("codes" in msg) == (state.phase == Phase.MATCH_OVER and bool(room.codes()))
        assert ("record" in msg) == (state.phase == Phase.MATCH_OVER)
        views += 1
    return views


@pytest.mark.parametrize("game,people,bots", CASES, ids=[c[0] for c in CASES])
async def test_whole_deals_through_the_server_leak_nothing(game, people, bots, monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 20250 + people)  # a repeatable deal
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, game, ["person"] * people + bots, people)
    try:
        players[0].client.start()
        if game == "deals":
            finished = lambda: all(p.client.view is not None  # noqa: E731
                                   and p.client.view.phase == Phase.MATCH_OVER for p in players)
        else:
            finished = lambda: all(p.deals for p in players)  # noqa: E731
        await until(finished, players, timeout=60, what=f"a whole {game} deal")
        room = server.rooms[players[0].client.code]
        states = states_of(room)
        tokens = [p.client.token for p in players]
        for i, p in enumerate(players):
            assert not p.errors, p.errors
            checked = scan(p, room, states, tokens[:i] + tokens[i + 1:])
            assert checked >= 2
        # the people played their own seats: every person's seat made moves
        movers = {e.seat for st in states for e in st.log}
        assert set(range(people)) <= movers
        if game == "deals":
            assert len(room.session.state.history) == 2
            assert all(len(p.deals) == 2 for p in players)
            # after the match each client holds it whole, to replay and count
            for p in players:
                assert Session.from_json(p.client.record).state == room.session.state
    finally:
        for p in players:
            p.client.close()
        await server.stop()


@pytest.mark.parametrize("game,leak", [("paplu", "the next seat's view"),
                                       ("marriage", "the tiplu to a seat that has not seen")])
async def test_the_scan_finds_a_leaking_server(game, leak, monkeypatch):
    """The scan above is only worth something if it fails on a server that
    leaks: make the room send what it must not, and the scan must say so."""
    real_view = Room.view

    def leaky(room, seat):
        if game == "paplu":
            return real_view(room, (seat + 1) % room.players)
        view = real_view(room, seat)
        if view.extra is not None and view.extra.tiplu is None:
            view = dataclasses.replace(
                view, extra=dataclasses.replace(view.extra, tiplu=room.session.state.extra.tiplu))
        return view

    monkeypatch.setattr(Room, "view", leaky)
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, game, ["person", "person", "easy"], 2)
    for p in players:
        p.auto = False  # what they are shown is not their seat's: they could not play
    try:
        players[0].client.start()
        await until(lambda: all(p.messages("state") for p in players), players,
                    what="the deal")
        room = server.rooms[players[0].client.code]
        states = states_of(room)
        assert any(leaks(p, room, states) for p in players), leak
    finally:
        for p in players:
            p.client.close()
        await server.stop()
