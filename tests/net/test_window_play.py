"""Two windows play through a real room server on loopback: two ``App``s in
this process, each with its own ``RoomClient``, driven with the mouse and
the table's buttons as a person would (``tests/ui/helpers``).  The host
opens the room from the menu, the guest opens the join link, the host
starts; a whole deal is played with bots in the other seats, and at every
frame nothing of another hand is in either window's memory, and no
stand-in card is ever drawn face up."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

import pytest

from game.app import friends
from game.app.friends import FriendsPrefs
from game.app.menu_config import PERSON
from game.app.remote import RemoteSession
from game.app.standin import is_stand_in
from game.engine import Phase, family_of
from game.families import make_bot
from game.net import keys
from game.net.client import PLAYING, RECONNECTING
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.table import DeclareDialog, TableScene
from game.uikit.art import cardart
from tests.ui.helpers import App, human_move, press

from .helpers import cards_in, settings, started

pytestmark = pytest.mark.asyncio

SIZE = (1280, 720)


def window(name: str, **kw) -> App:
    app = App(SIZE, load=kw.pop("load", False), save=False, **kw)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.rooms.prefs.name = name
    return app


async def frames(apps: list[App], done, what: str, timeout: float = 20.0) -> None:
    """Step every window (a frame each) and let the sockets work, until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        for app in apps:
            app.step(1 / 60)
        await asyncio.sleep(0.001)
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")


def secret_cards(server, code: str, seat: int) -> set:
    """The cards the server knows in the other seats' hands and the stock,
    less those every player saw: any card a public move names (one taken
    from the pile, a Vazhushal wipe's cards, which were all thrown, naming
    their lowest) or the game shows this seat (its cut card)."""
    state = server.rooms[code].session.state
    public = {e.card for e in state.log if e.card is not None}
    public.add(family_of(state.rules).cut_for(state, seat))  # shown face up, under the stock
    hidden = set(state.stock)
    for s in range(state.players):
        if s != seat:
            hidden |= set(state.hands[s])
    return hidden - public - set(state.discard)


def check_secrets(app: App, server, code: str) -> None:
    """Nothing the window holds of the match names a card it may not know."""
    session = app.session
    assert isinstance(session, RemoteSession)
    seat = session.seat
    st = session.state
    for s in range(st.players):
        if s != seat:
            assert all(is_stand_in(c) for c in st.hands[s])
    assert all(is_stand_in(c) for c in st.stock)
    if st.result is not None or server.rooms[code].session.state.result is not None:
        return  # a settled deal shows every hand: nothing of it is secret any more
    # the live position (the settled deals before it showed every hand, and a
    # card's identity is the same in every deal: they are left out)
    live = [replace(st, result=None, history=()), replace(session.current, result=None),
            *[replace(view, result=None) for _, view, _ in session.queue]]
    held = cards_in(live)
    leaked = {c for c in held if not is_stand_in(c)} & secret_cards(server, code, seat)
    assert not leaked, f"seat {seat} holds {leaked}"


async def play_a_deal(apps: list[App], server, code: str) -> None:
    """Each window plays its person's turns with the mouse (an easy bot
    choosing), until both show the scores; each checked at every frame."""
    bots = [make_bot("easy", i + 1) for i in range(len(apps))]
    moved = [0] * len(apps)

    def play_turns() -> bool:
        for i, app in enumerate(apps):
            top = app.top
            if isinstance(top, TableScene):
                check_secrets(app, server, code)
                if top.my_turn and not top.session.waiting and top.session.pending is None \
                        and top.state.phase in (Phase.DRAW, Phase.DISCARD):
                    if human_move(app, bots[i]) != "wait":
                        moved[i] += 1
        return all(isinstance(a.top, ScoringScene) for a in apps)

    await frames(apps, play_turns, "the deal's end", timeout=60)
    assert all(moved), f"moves made by each window: {moved}"


async def test_two_windows_play_a_whole_deal_through_the_server(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 77)
    shown_faces = []
    real_face = cardart.face

    def face(card, width, *, wild=False):
        shown_faces.append(card)
        return real_face(card, width, wild=wild)

    monkeypatch.setattr(cardart, "face", face)
    server = await started(settings(public_page="http://127.0.0.1:8000/"))
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = window("Meera")
    host.config.choose_variant("points")
    host.config.players = 4
    host.rooms.prefs.server = url
    host.rooms.prefs.seats = [PERSON, "easy", "easy", "easy", "easy"]
    try:
        press(host, "friends")
        press(host, "create")
        assert isinstance(host.top, LobbyScene)
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        room = host.rooms.link.room
        assert room.link and room.qr and room.you == 0 == room.host
        code = room.code
        # the guest's window opens the join link (the page's ?room=…&server=…)
        friends.save(FriendsPrefs(name="Ravi"))  # what the guest's device remembers
        guest = window("Ravi", room=(code, url), load=True)
        apps = [host, guest]
        assert isinstance(guest.top, LobbyScene)
        await frames(apps, lambda: guest.rooms.link.room is not None
                     and host.rooms.link.room.seats[1].taken, "the guest seated")
        assert guest.rooms.link.seat == 1 and not guest.rooms.link.is_host
        host.top.rebuild()
        press(host, "start")
        await frames(apps, lambda: all(isinstance(a.top, TableScene) for a in apps),
                     "both tables")
        for app in apps:
            assert app.session.names[:2] == ["Meera", "Ravi"]
        await play_a_deal(apps, server, code)
        truth = server.rooms[code].session.state
        for app in apps:
            assert app.session.state.result == truth.result  # the same scores everywhere
            assert app.session.state.scores == truth.scores
            assert app.session.history[-1] == truth.result
        assert not any(is_stand_in(c) for c in shown_faces)
        # Points rummy is one deal a match: the match's record came with its
        # end, and the replay and the statistics read it as after a match at home
        for app in apps:
            assert app.session.state.phase == Phase.MATCH_OVER
            record = app.session.record
            assert record is not None and record.state.result == truth.result
            assert app.session.last_deal is not None
        press(guest, "replay")
        assert isinstance(guest.top, ReplayScene)
        assert host.stats.buckets and guest.stats.buckets  # each counted its own deal
    finally:
        for app in (host, *([guest] if "guest" in locals() else [])):
            if app.rooms.link is not None:
                app.rooms.link.client.close()
        await server.stop()


@pytest.mark.parametrize("game", ["marriage", "21card", "vazhushal"])
async def test_a_window_plays_a_deal_of_every_family_through_the_server(monkeypatch, game):
    # a Marriage room's window crashed once play began: the table read the
    # seat's view of the deal for what only the deal held (the wild kinds)
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 5151)
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = window("Meera")
    try:
        host.rooms.create(url, game, [PERSON, "easy", "easy"])
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        code = host.rooms.link.room.code
        host.rooms.link.start()
        await frames([host], lambda: isinstance(host.top, TableScene), "the table")
        bot = make_bot("easy", 9)
        moved = [0]

        def play() -> bool:
            top = host.top
            if isinstance(top, DeclareDialog):
                press(host, "declare")
            elif isinstance(top, TableScene):
                check_secrets(host, server, code)
                session = top.session
                if top.my_turn and not session.waiting and session.pending is None \
                        and not top.anim.busy:
                    view = session.view(top.bottom)
                    try:
                        done = human_move(host, bot)
                    except AssertionError:  # the family's own move: the table's act
                        top.act(bot.choose(view))
                        done = "family"
                    moved[0] += done != "wait"
            return isinstance(host.top, ScoringScene)

        await frames([host], play, "the deal's end", timeout=90)
        truth = server.rooms[code].session.state
        assert moved[0] and host.session.state.result == truth.result
    finally:
        if host.rooms.link is not None:
            host.rooms.link.client.close()
        await server.stop()


async def test_a_dropped_window_shows_reconnecting_and_comes_back(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 78)
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    host = window("Meera")
    host.rooms.prefs.server = url
    guest = None
    try:
        host.rooms.create(url, "points", [PERSON, PERSON, "easy"])
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        guest = window("Ravi")
        guest.rooms.join(url, host.rooms.link.room.code)
        apps = [host, guest]
        await frames(apps, lambda: host.rooms.link.room.seats[1].taken, "the guest")
        host.rooms.link.start()
        await frames(apps, lambda: all(isinstance(a.top, TableScene) for a in apps), "tables")
        guest.rooms.link.client._transport.abort()  # the guest's network drops
        await frames(apps, lambda: host.session.presence_tag(1) == "Reconnecting",
                     "the host's table shows the guest reconnecting")
        assert guest.rooms.link.status in (RECONNECTING, PLAYING)
        await frames(apps, lambda: guest.rooms.link.status == PLAYING
                     and host.session.presence_tag(1) == "", "the guest back", timeout=30)
        assert host.top.state.players == 3
    finally:
        for app in (host, guest):
            if app is not None and app.rooms.link is not None:
                app.rooms.link.client.close()
        await server.stop()


async def test_a_restarted_window_takes_its_seat_back_from_the_store(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 79)
    server = await started(settings(takeover_after=600))
    url = f"ws://127.0.0.1:{server.port}/ws"
    first = App(SIZE, load=False, save=True)
    again = None
    try:
        first.rooms.create(url, "pool101", [PERSON, "easy"])
        await frames([first], lambda: first.rooms.link.room is not None, "the room")
        code = first.rooms.link.room.code
        first.rooms.link.start()
        await frames([first], lambda: isinstance(first.top, TableScene), "the table")
        ticket = friends.load().ticket  # what the device keeps
        assert ticket is not None and (ticket.server, ticket.code) == (url, code)
        assert ticket.token == first.rooms.link.client.token
        first.rooms.link.client.close()  # the app is closed (or the page reloaded)
        truth = server.rooms[code]
        again = App(SIZE, load=True, save=True)  # started again: nothing asked
        await frames([again], lambda: isinstance(again.top, TableScene), "the table again")
        await frames([again], lambda: not again.session.waiting
                     and len(again.session.actions) == truth.moves, "the position")
        assert again.rooms.link.seat == 0 and again.rooms.link.code == code
        assert again.session.current == truth.session.view(0)
        again.rooms.leave()
        assert friends.load().ticket is None  # left: nothing to come back to
    finally:
        for app in (first, again):
            if app is not None and app.rooms.link is not None:
                app.rooms.link.client.close()
        await server.stop()


async def test_the_next_deal_starts_when_both_windows_are_ready(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 80)
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    host, guest = window("Meera"), window("Ravi")
    apps = [host, guest]
    try:
        host.rooms.create(url, "pool101", [PERSON, PERSON, "easy"])
        await frames([host], lambda: host.rooms.link.room is not None, "the room")
        code = host.rooms.link.room.code
        guest.rooms.join(url, code)
        await frames(apps, lambda: host.rooms.link.room.seats[1].taken, "the guest")
        host.rooms.link.start()
        await frames(apps, lambda: all(isinstance(a.top, TableScene) for a in apps), "tables")
        await play_a_deal(apps, server, code)
        assert all(a.session.state.phase == Phase.DEAL_OVER for a in apps)
        press(host, "next")
        assert isinstance(host.top, TableScene)
        await frames(apps, lambda: server.rooms[code].seats and
                     host.rooms.link.room.seats[0].ready, "the host ready")
        assert host.top.status()[0] == "You are ready: the next deal starts when everyone is."
        assert host.session.state.deal_no == 1  # the guest is not ready yet
        press(guest, "next")
        await frames(apps, lambda: all(a.session.state.deal_no == 2 and not a.session.waiting
                                       for a in apps), "the second deal")
        truth = server.rooms[code].session.state
        for app in apps:
            assert app.session.state.scores == truth.scores
            assert app.session.state.hands[app.rooms.link.seat] == truth.hands[app.rooms.link.seat]
    finally:
        for app in apps:
            if app.rooms.link is not None:
                app.rooms.link.client.close()
        await server.stop()


async def test_a_code_with_no_room_is_said_in_the_lobby():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    app = window("Ravi")
    try:
        app.rooms.join(url, "K7QM2RXD4P")
        await frames([app], lambda: bool(app.rooms.link.closed), "the refusal")
        assert isinstance(app.top, LobbyScene)
        assert app.top._status() == "No room has that code (it may have expired)."
    finally:
        if app.rooms.link is not None:
            app.rooms.link.client.close()
        await server.stop()
