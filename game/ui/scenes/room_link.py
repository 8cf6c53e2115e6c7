"""The window's hold on a room: the ``RoomClient``, polled once a frame by
the app, and the ``RemoteSession`` the table plays once the host starts
(``RoomLink``); and the app's component that opens, resumes and leaves
rooms and puts a room's match on the table (``Rooms``).

What the server sends goes where the window reads it: the lobby reads
``room`` (the seats, the code, the link and its QR code), the table reads the
session (each position the server sent, queued for the table to show in
turn).  The seat's ticket (server, code, token) is kept in the store with the
person's room choices, so a restarted app or a reloaded page takes the seat
back by itself; it is forgotten when the room has gone.  Nothing here draws.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

from game.app import friends
from game.app.friends import FriendsPrefs, Ticket
from game.app.remote import Presence, RemoteSession
from game.engine import Phase
from game.net import protocol
from game.net.client import (
    CLOSED,
    RECONNECTING,
    RoomClient,
    RoomInfo,
    ServerError,
    Transport,
    Update,
    default_transport,
)
from game.net.wire import WireError
from game.uikit.art.palette import DANGER

# what a refusal's code means to a player, where the server's own words would
# not help them (the rest are said as the server words them)
WORDS = {
    protocol.STALE: "The table moved on before your move arrived: look again.",
    protocol.NOT_YOUR_TURN: "Wait for your turn.",
    protocol.RATE: "Slow down a little: too many moves at once.",
    "bad_message": "The room server sent something this game cannot read.",  # the client's
}


class Unreachable:
    """A connection that cannot be made here: closed from the start (the
    client then says the room could not be reached, and nothing waits)."""

    status = "closed"
    close_code: int | None = None

    def open(self, url: str) -> None:
        self.status = "closed"

    def send(self, text: str) -> None:
        pass

    def receive(self) -> list[str]:
        return []

    def close(self) -> None:
        self.status = "closed"


def platform_transport() -> Transport:
    """The page's WebSocket, or the desktop's on the window's asyncio loop;
    where no loop runs the window (a script stepping it by hand), none."""
    if sys.platform != "emscripten":
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return Unreachable()
    return default_transport()


def said(error: ServerError) -> str:
    """A refusal as a sentence for the player."""
    text = WORDS.get(error.code) or error.text or "The room refused that."
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def presence_of(room: RoomInfo) -> list[Presence]:
    return [Presence(s.name, s.person, s.online or not s.person, s.covered, s.reconnecting,
                     s.ready, None if s.person else s.plan) for s in room.seats]


class RoomLink:
    """One room, from asking for it (create, join, resume) to leaving it."""

    def __init__(self, client: RoomClient, prefs: FriendsPrefs, *, hints: bool = False,
                 keep: bool = True) -> None:
        """``keep``: write the seat's ticket to the store (a test's app may not)."""
        self.client = client
        self.prefs = prefs
        self.hints = hints
        self.keep = keep
        self.session: RemoteSession | None = None
        self.room: RoomInfo | None = None
        self.status = client.status
        self.version = 0  # goes up whenever the room (the lobby's news) changed
        self.news: list[str] = []  # refusals and troubles to say, oldest first
        self.notices: list[str] = []  # who left, who hosts: news, not trouble
        self.closed = ""  # why the room is gone for this device ("": it is not)
        self.refusal = ""  # the code of the refusal that left no room to wait in

    # ------------------------------------------------------------ asking
    @property
    def code(self) -> str | None:
        return self.room.code if self.room is not None else self.client.code

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def is_host(self) -> bool:
        room = self.room
        return room is not None and room.you is not None and room.you == room.host

    # ------------------------------------------------------------ each frame
    def poll(self) -> Update:
        """Take what the server sent: the room, the positions, the refusals."""
        update = self.client.poll()
        self.status = update.status
        if update.room is not None and (update.room_changed or self.room is None):
            self._tell_changes(self.room, update.room)
            self.room = update.room
            self.version += 1
        self._keep_ticket(update)
        if self.session is None and self.room is not None and self.room.started \
                and self.client.seat is not None and update.states:
            self.session = self._session(self.room, self.client.seat)
        session = self.session
        if session is not None:
            if update.room_changed and self.room is not None:
                session.set_presence(presence_of(self.room))
            for moves, raw, record in update.states:
                try:
                    session.receive(moves, self.client.decode(raw), record)
                except (WireError, ValueError):  # a server of another version: say so
                    self.news.append(said(ServerError("bad_message", "")))
            if update.states:
                session.set_timer(update.clock)
                if session.state is None:
                    # not one position could be shown (a view of another seat,
                    # or one this game cannot read): set up again from the next
                    self.session = None
        for error in update.errors:
            if session is not None:
                session.refused(error.id)
            self.news.append(said(error))
            if self.room is None and self.client.seat is None and not self.closed:
                self.closed = said(error)  # no room to wait in (no such code, full, started)
                self.refusal = error.code
                self.client.close()
                self.version += 1
        if update.status == CLOSED and not self.closed:
            reached = self.room is not None or self.client.seat is not None
            self.closed = (update.closed_why or "The connection to the room was closed.") \
                if reached else f"Could not reach the room server at {self.client.server}."
            self.news.append(self.closed)
            self.version += 1
        if self.session is not None:
            self.session.offline = _offline_words(update.status, self.closed)
        return update

    def _tell_changes(self, old: RoomInfo | None, new: RoomInfo) -> None:
        """Say who left the room (a bot plays their seat once the game has
        begun), and that the host's role came here."""
        if old is None or old.code != new.code:
            return
        people = {s.name for s in new.seats if s.person and s.taken}
        st = self.session.state if self.session is not None else None
        bot_plays = new.started and (st is None or st.phase != Phase.MATCH_OVER)
        for seat, info in enumerate(old.seats):
            # a name is unique among the seats taken: one found elsewhere moved seat
            if seat != old.you and info.person and info.taken and info.name not in people:
                self.notices.append(f"{info.name} left the room"
                                    + (": a bot plays for them." if bot_plays else "."))
        was_host = old.you is not None and old.you == old.host
        if not new.started and not was_host and new.you is not None and new.you == new.host:
            self.notices.append("You are the host now: start the game when everyone is here.")

    def _session(self, room: RoomInfo, seat: int) -> RemoteSession:
        presence = presence_of(room)
        session = RemoteSession(room.rules, seat, self.client.propose,
                                names=[p.name for p in presence],
                                levels=[p.level for p in presence], hints=self.hints)
        session.set_presence(presence)
        return session

    def _keep_ticket(self, update: Update) -> None:
        """The seat's way back, in the store while it holds a seat; forgotten
        when the room refused it for good or the person left."""
        c = self.client
        ticket = Ticket(c.server, c.code, c.token) if c.code and c.token else None
        if update.status == CLOSED and c.closed_why:
            ticket = None  # the room has gone, or the seat is not ours any more
        if ticket != self.prefs.ticket and (ticket is not None or update.status == CLOSED
                                            or c.code is None):
            self.prefs.ticket = ticket
            if self.keep:
                problem = friends.save(self.prefs)
                if problem:
                    self.news.append(problem)

    def take_news(self) -> list[str]:
        out, self.news = self.news, []
        return out

    def take_notices(self) -> list[str]:
        out, self.notices = self.notices, []
        return out

    # ------------------------------------------------------------ the lobby's buttons
    def sit(self, seat: int) -> None:
        self.client.sit(seat)

    def start(self) -> None:
        self.client.start()

    def leave(self) -> None:
        """Give the seat up and close the connection; the ticket is forgotten."""
        if self.client.code is not None and self.client.status not in (CLOSED, "idle"):
            self.client.leave()
            self.client.poll()  # sends it now, while the connection is open
        self.client.close()
        self.prefs.ticket = None
        if self.keep:
            friends.save(self.prefs)


def _offline_words(status: str, closed: str) -> str:
    """What the table says while its moves cannot reach the room ("" when they can)."""
    if status == RECONNECTING:
        return "Reconnecting to the table: you can play once it is back"
    if status == CLOSED:
        return f"Not connected: {closed.rstrip('.')}" if closed else "Not connected"
    return ""


class Rooms:
    """The app's play with friends (``app.rooms``): the person's choices, the
    room held, and the match at home, kept aside (and saved) while a room's
    match is on the table.  A component of the ``App``; it opens the lobby
    and the table through the app's navigator."""

    def __init__(self, app, prefs: FriendsPrefs,
                 transport: Callable[[], Transport] | None = None) -> None:
        """``transport`` makes the connections (the platform's by default)."""
        self.app = app
        self.prefs = prefs
        self.link: RoomLink | None = None
        self.home: tuple | None = None  # (session, arrangement, hands) of the match at home
        self._transport = transport or platform_transport

    def at_start(self, room: tuple[str, str] | None, *, resume: bool) -> None:
        """The app opens: into a join link's room (``room``: its code and
        server), else (``resume``) back into the room this device sits in."""
        ticket = self.prefs.ticket if resume else None
        if room is not None and (ticket is None or ticket.code != room[0]):
            if not self.prefs.name:  # a friend's link on a new device: who is this?
                self.app.push(self.app.screens.name(lambda: self.join(room[1], room[0]),
                                                    ok="Join"))
                return
            self.join(room[1], room[0])
        elif ticket is not None:  # a link to the room this device sits in resumes too
            self.resume(ticket)

    def to_friends(self) -> None:
        """The room's match is over: its next is the host's to open, on the
        friends screen (over the menu)."""
        self.leave()
        self.app.replace(self.app.screens.menu())
        self.app.push(self.app.screens.friends())

    def _open(self, server: str) -> RoomLink:
        if self.link is not None:
            self.leave()
        client = RoomClient(server, make_transport=self._transport)
        self.link = RoomLink(client, self.prefs, keep=self.app.may_save, hints=self.prefs.hints)
        return self.link

    def create(self, server: str, game: str, seats: list[str], *,
               options: dict | None = None, timer: float | None = None,
               fill: str | None = None) -> None:
        """Open a room on ``server`` as its host, and show its lobby."""
        self._open(server).client.create(game, seats, self.prefs.person_name(),
                                         options=options, timer=timer, fill=fill)
        self.app.push(self.app.screens.lobby())

    def join(self, server: str, code: str) -> None:
        """Take a free seat in room ``code`` on ``server``, and show its lobby."""
        self._open(server).client.join(code, self.prefs.person_name())
        self.app.push(self.app.screens.lobby())

    def resume(self, ticket: Ticket) -> None:
        """Take the seat of ``ticket`` back (after a restart or a reload)."""
        self._open(ticket.server).client.resume(ticket.code, ticket.token)
        self.app.push(self.app.screens.lobby())

    def leave(self) -> None:
        """Give the room's seat up; the match at home comes back."""
        link, self.link = self.link, None
        if link is not None:
            link.leave()
        if self.home is not None:
            app = self.app
            app.session, app.arrangement, app.hands = self.home
            self.home = None

    def saved(self) -> tuple:
        """What the app's save holds: the match at home, never a room's."""
        app = self.app
        return self.home if self.home is not None else (app.session, app.arrangement,
                                                        app.hands)

    def poll(self) -> None:
        """Each frame: the room's news; once the host starts, the table."""
        link = self.link
        if link is None:
            return
        link.poll()
        for text in link.take_news():
            self.app.toast(text, DANGER, 4.0)
        for text in link.take_notices():
            self.app.toast(text, seconds=4.0)
        session = link.session
        if session is not None and session.state is not None and self.app.session is not session:
            self._to_table(session)  # never a table without a position to show

    def _to_table(self, session: RemoteSession) -> None:
        app = self.app
        if self.home is None:
            self.home = (app.session, app.arrangement, app.hands)
        app.play_remote(session)
