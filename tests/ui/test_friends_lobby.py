"""The lobby and a room's table as the window shows them, without a server:
the room's news (``RoomInfo``) and the seat's views given as the client
would have decoded them.  The fit tests (``test_fit``, ``test_fit_table``)
lay these out at every size; here, what the lobby says and offers, and the
QR code drawn from the server's rows: whole pixels a module, big enough for
a phone's camera, with its margin."""

from __future__ import annotations

import pygame
import pytest

from game.app.friends import FriendsPrefs
from game.app.remote import Presence, RemoteSession
from game.app.standin import is_stand_in
from game.engine import new_match, view_for
from game.families import preset
from game.net import protocol
from game.net.client import RoomClient, RoomInfo, SeatInfo
from game.net.links import join_link
from game.net.qr import qr_rows
from game.net.rooms import Room
from game.net.setup import plan_room
from game.net.wire import view_to_wire
from game.ui.launch import parse_args, parse_query, room_of
from game.ui.scenes.lobby import LEAST_MODULE, QUIET, LobbyScene, QrRow
from game.ui.scenes.room_link import RoomLink
from game.ui.table import TableScene
from game.uikit.art import cardart
from tests.ui.helpers import App, click, form_button, step

CODE = "K7QM2RXD4P"
SERVER = "ws://192.168.1.5:8765/ws"


def room_info(you: int, *, game: str = "pool101", started: bool = False,
              seats: tuple[SeatInfo, ...] | None = None) -> RoomInfo:
    seats = seats or (SeatInfo("person", "Meera", True, True, False, False),
                      SeatInfo("person", "Ravi", True, False, False, False),
                      SeatInfo("person", "", False, False, False, False),
                      SeatInfo("hard", "Kiran", True, True, False, False))
    link = join_link("http://192.168.1.5:8765/", SERVER, CODE)
    return RoomInfo(CODE, preset(game), len(seats), 0, you, started, 30.0, "medium", seats,
                    SERVER, link, tuple(qr_rows(link)))


def lobby_app(size: tuple[int, int], you: int = 0) -> App:
    """A window in a room's lobby: the host's (``you`` 0) or a guest's."""
    app = App(size, load=False, save=False)
    link = RoomLink(RoomClient(SERVER), FriendsPrefs(), keep=False)
    link.client.seat = you
    link.room = room_info(you)
    link.version += 1
    app.rooms.link = link
    app.push(app.screens.lobby())
    step(app)
    return app


def remote_table_app(size: tuple[int, int], game: str = "pool101", players: int = 4,
                     seat: int = 1, timer: float | None = 30) -> App:
    """A window at a room's table: seat ``seat``'s view of a fresh deal."""
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    rules = preset(game)
    state = new_match(rules, players, 11)[0]  # the seed the table's own fit test deals
    names = ["Meera", "Ravi", "Kiran", "Asha", "Dev", "Noor"][:players]
    link = RoomLink(RoomClient(SERVER), FriendsPrefs(), keep=False)
    session = RemoteSession(rules, seat, lambda action: 1, names=names,
                            levels=[None] * players)
    session.set_presence([Presence(n, online=s != 2, reconnecting=s == 2)
                          for s, n in enumerate(names)])
    session.receive(0, view_for(state, seat))
    session.set_timer(timer)
    link.session = session
    app.rooms.link = link
    step(app)  # the app puts the room's match on the table
    return app


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_the_qr_code_is_drawn_module_by_module_with_its_margin(size):
    app = lobby_app(size)
    scene = app.top
    assert isinstance(scene, LobbyScene)
    row = next(r for r in scene.form.rows if isinstance(r, QrRow))
    i = scene.form.rows.index(row)
    scene.form._show(i)
    step(app)
    rect = scene.form.row_rect(i)
    n = len(row.rows) + 2 * QUIET
    side = row.side(app.metrics, rect.w)
    cell = side // n
    assert side % n == 0 and cell >= LEAST_MODULE
    left = rect.centerx - side // 2
    screen = app.screen
    # the margin is white, and each module is the colour its row says
    assert screen.get_at((left + 1, rect.y + 1))[:3] == (255, 255, 255)
    for y in (0, 3, len(row.rows) // 2, len(row.rows) - 1):
        for x in (0, 5, len(row.rows) // 2, len(row.rows) - 1):
            px = (left + (x + QUIET) * cell + cell // 2, rect.y + (y + QUIET) * cell + cell // 2)
            want = (0, 0, 0) if row.rows[y][x] == "1" else (255, 255, 255)
            assert screen.get_at(px)[:3] == want, (x, y)
    # a finder pattern's corner: a QR code's top-left module is always dark
    assert row.rows[0][0] == "1"


def test_the_host_may_start_and_a_guest_waits():
    host = lobby_app((1280, 720), you=0)
    assert form_button(host.top, "start").enabled
    guest = lobby_app((1280, 720), you=1)
    with pytest.raises(AssertionError):
        form_button(guest.top, "start")  # only the host has it
    words = [r._str() for r in guest.top.form.rows if hasattr(r, "_str")]
    assert "Waiting for the host to start the game." in words
    assert "Seat 1: Meera (host)" in words
    assert "Seat 2: Ravi (you), reconnecting" in words  # not online: dropped
    assert "Seat 3: free for a friend" in words
    assert "Seat 4: Kiran (bot, Hard)" in words  # the name the table gives the bot


def test_a_free_seat_is_offered_and_asked_for():
    app = lobby_app((1280, 720), you=1)
    sent = []
    app.rooms.link.client.sit = sent.append
    button = form_button(app.top, "sit2")
    step(app)
    button = form_button(app.top, "sit2")
    click(app, button.rect.center)
    assert sent == [2]


def test_a_room_s_table_shows_only_face_down_stand_ins_of_other_hands(monkeypatch):
    faces = []
    real = cardart.face
    monkeypatch.setattr(cardart, "face",
                        lambda card, w, *, wild=False: faces.append(card) or real(card, w,
                                                                                wild=wild))
    app = remote_table_app((1280, 720))
    table = app.top
    assert isinstance(table, TableScene) and table.bottom == 1
    for _ in range(30):
        step(app)
    st = table.state
    assert all(is_stand_in(c) for s in (0, 2, 3) for c in st.hands[s])
    assert faces and not any(is_stand_in(c) for c in faces)
    assert set(faces) <= set(st.hands[1]) | set(st.discard) | {st.cut}  # the cut joker: public
    assert table.session.names[0] == "Meera"
    surface = pygame.Surface(app.size)
    table.draw(surface)  # the other panels draw their counts from the stand-ins


def test_a_join_link_and_the_command_line_name_the_room_and_its_server():
    link = join_link("http://192.168.1.5:8765/", SERVER, CODE)
    options, problem = parse_query(link.split("?", 1)[1])
    assert problem == "" and options.room == CODE and options.server == SERVER
    assert room_of(options) == (CODE, SERVER)
    options = parse_args(["--room", "k7qm-2rxd4p", "--server", SERVER])
    assert (options.room, options.server) == (CODE, SERVER)
    options, problem = parse_query("room=K7QM2RXD4P&server=http%3A%2F%2Fevil.example%2F")
    assert options.room is None and "server" in problem  # only ws:// or wss://
    options, problem = parse_query("room=O0O0")  # letters a room code never has
    assert options.room is None and problem


def test_a_room_that_cannot_be_reached_is_said_in_the_lobby():
    app = App((390, 844), load=False, save=False)  # stepped by hand: no loop for a socket
    app.rooms.create(SERVER, "points", ["person", "easy"])
    step(app, 3)
    assert isinstance(app.top, LobbyScene)
    assert app.top._status() == f"Could not reach the room server at {SERVER}."
    assert app.rooms.link.closed and app.rooms.link.session is None
    form_button(app.top, "leave")
    app.top.back()
    assert app.rooms.link is None and not isinstance(app.top, LobbyScene)


# ------------------------------------------------------------------ the lobby, arriving


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_the_lobby_that_replaces_the_opening_form_starts_at_the_top(size):
    # the short "Opening the room" form sits mid-screen; the lobby that came
    # in its place kept that top, and on a phone its QR code ran off the screen
    app = App(size, load=False, save=False)
    link = RoomLink(RoomClient(SERVER), FriendsPrefs(), keep=False)
    link.client.seat = 0
    app.rooms.link = link
    app.push(app.screens.lobby())
    step(app)
    scene = app.top
    assert scene.form.rows[0].text == "Opening the room"
    opening_top = scene.form.rect.y
    link.room = room_info(0)
    link.version += 1
    step(app)
    form = scene.form
    m = app.metrics
    # placed as if opened with the room in hand: centred, the whole of it on
    # the screen (it is shorter than the screen less its margins at both sizes)
    assert form.content_h + 2 <= size[1] - 2 * m.pad
    assert form.rect.h == form.content_h + 2 and form.max_scroll == 0
    assert form.rect.centery == size[1] // 2 and form.rect.y < opening_top
    qr = next(i for i, r in enumerate(form.rows) if isinstance(r, QrRow))
    assert form.rect.contains(form.row_rect(qr))
    assert form.row_rect(qr).bottom <= size[1] - m.pad
    # a change within the lobby keeps its top: nothing moves under the pointer
    link.room = room_info(0, seats=room_info(0).seats[:3] + (
        SeatInfo("person", "Asha", True, True, False, False),))
    link.version += 1
    top = form.rect.y
    step(app)
    assert scene.form.rect.y == top


def test_the_window_never_opens_a_table_without_a_position():
    # a session the server's views never reached (they were for another
    # seat) once opened the table on nothing: TableScene read state.rules
    app = lobby_app((390, 844))
    link = app.rooms.link
    link.room = room_info(0, started=True)
    link.version += 1
    link.session = RemoteSession(preset("pool101"), 0, lambda action: 1,
                                 names=["Meera", "Ravi", "Asha", "Kiran"],
                                 levels=[None, None, None, "hard"])
    step(app, 3)
    assert isinstance(app.top, LobbyScene) and app.session is not link.session
    assert app.top._status() == "The game has started: taking your seat…"


class Scripted:
    """A connection that hands the client the frames a test gives it: a
    server's messages in an order this server never sends them."""

    def __init__(self) -> None:
        self.status = "idle"
        self.close_code: int | None = None
        self.inbox: list[str] = []
        self.sent: list[str] = []

    def open(self, url: str) -> None:
        self.status = "open"

    def send(self, text: str) -> None:
        self.sent.append(text)

    def receive(self) -> list[str]:
        out, self.inbox = self.inbox, []
        return out

    def close(self) -> None:
        self.status = "closed"


def test_a_session_that_showed_nothing_is_set_up_again_for_the_seat_held():
    # a view that came before the room message telling of this seat: the
    # session made for the seat the client believed in could show nothing,
    # then refused every view of the right seat after it
    room = Room(CODE, plan_room({"game": "points", "seats": ["person", "person", "easy"],
                                 "name": "Meera"}), now=0.0)
    room.join("Meera")
    room.join("Ravi")
    room.start(0, 5, 0.0)
    view = view_to_wire(room.view(1))

    def told(you: int) -> str:
        return protocol.encode("room", **room.describe(you), server=SERVER)

    wire = Scripted()
    client = RoomClient(SERVER, make_transport=lambda: wire)
    app = App((390, 844), load=False, save=False)
    app.settings.set("walkthrough", False)
    app.rooms.link = link = RoomLink(client, FriendsPrefs(), keep=False)
    client.join(CODE, "Ravi")
    app.push(app.screens.lobby())
    wire.inbox = [protocol.encode("joined", room=CODE, seat=0, token="t" * 32), told(0)]
    step(app)
    wire.inbox = [protocol.encode("state", n=0, view=view)]  # seat 2's, before its room
    step(app)
    assert link.session is None and isinstance(app.top, LobbyScene)
    wire.inbox = [told(1), protocol.encode("state", n=0, view=view)]
    step(app, 2)
    assert isinstance(app.top, TableScene) and app.top.bottom == 1
    assert app.session.current == room.view(1)


def test_the_turn_timer_is_shown_for_people_and_never_for_bots():
    # the server's timer never plays a bot's turn (nor a stand-in's): "Arjun
    # is playing… 30 s left." promised a clock that does not run
    app = remote_table_app((390, 844), "pool101", 4, seat=1)
    table = app.top
    session = table.session
    actor = table.state.to_act
    names = session.names
    people = [Presence(n) for n in names]
    session.set_presence(people)
    assert table.status_line.text()[0].endswith("s left.")
    bot = [Presence(n, person=False, level="easy") if s == actor else p
           for s, (n, p) in enumerate(zip(names, people, strict=True))]
    session.set_presence(bot)
    assert "s left" not in table.status_line.text()[0]
    away = [Presence(n, covered=True) if s == actor else p
            for s, (n, p) in enumerate(zip(names, people, strict=True))]
    session.set_presence(away)
    assert "s left" not in table.status_line.text()[0]


def test_the_host_is_asked_to_share_a_qr_code_only_where_there_is_one():
    # a server with no page of its own gives no link and so no QR code: the
    # lobby still said "Share the code or the QR code"
    from dataclasses import replace

    app = lobby_app((390, 844))
    scene = app.top
    assert scene._status().startswith("Share the code or the QR code, then start")
    app.rooms.link.room = replace(app.rooms.link.room, link="", qr=())
    assert scene._status() == "Share the code, then start: bots take the free seats."


def test_a_paste_with_no_clipboard_says_so():
    # the browser's pygame has no clipboard module: Ctrl+V did nothing, silently
    import pygame

    from game.ui.scenes.entry import CODE_KEYS, EntryDialog

    app = App((390, 844), load=False, save=False)
    dialog = EntryDialog(app, "Play a deal from its code", lambda t: "", lambda t: None,
                         keys=CODE_KEYS, limit=60)
    app.push(dialog)

    class NoScrap:
        def __getattr__(self, name):
            raise ModuleNotFoundError("No module named 'pygame.scrap'")

    real = pygame.scrap
    pygame.scrap = NoScrap()
    try:
        dialog._paste()
    finally:
        pygame.scrap = real
    assert dialog.text == ""
    assert dialog.problem == "The game cannot read the clipboard here: type it instead."
