"""A room's lobby: its code, the join link and the link's QR code (to scan
with a phone's camera), every seat (who sits there, whether they are here,
or which bot plays it), a free seat to move to, and the host's Start.  It
reads the room the app's ``RoomLink`` keeps, and is rebuilt when the room
changes; the app opens the table itself once the host starts."""

from __future__ import annotations

from urllib.parse import urlsplit

import pygame

from game.app.menu_config import variant_title
from game.app.players import level_name
from game.net import protocol
from game.net.client import CLOSED, CONNECTING, RECONNECTING, RoomInfo, SeatInfo
from game.uikit.art import palette
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Heading, Metrics, Row, Text, right

QUIET = 4  # modules of white margin around a QR code, as the standard asks
LEAST_MODULE = 3  # pixels: a phone's camera reads a printed code at this and up
MOST_QR = 300  # the code's largest side at 1x, in pixels: bigger helps no camera
LEAST_QR = 260  # pixels: a phone held up to a phone needs this much, where it fits
# the heading of a refusal that leaves no room to wait in: the room is there,
# but not for this person (any other refusal: there is no room)
REFUSED = {protocol.ROOM_FULL: "This room is full",
           protocol.STARTED: "This game has already started"}


def dashed(code: str) -> str:
    """A room code as people read it out: K7QM-2RXD4P."""
    return f"{code[:4]}-{code[4:]}" if len(code) > 6 else code


def page_of(link: str) -> str:
    """The page a join link opens, without its query (to type on a computer)."""
    parts = urlsplit(link)
    return f"{parts.scheme}://{parts.netloc}/"


class QrRow(Row):
    """A QR code drawn from its rows of dots, black on white with its margin."""

    focusable = False

    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows

    def side(self, m: Metrics, width: int) -> int:
        """The code's side in pixels: whole pixels a module, within the row."""
        n = len(self.rows) + 2 * QUIET
        most = min(width, max(m.px(MOST_QR), LEAST_QR))
        return max(LEAST_MODULE, most // n) * n

    def height(self, m: Metrics, width: int) -> int:
        return self.side(m, width) if self.rows else 0

    def draw(self, surface, rect, m, focus) -> None:
        if not self.rows:
            return
        n = len(self.rows) + 2 * QUIET
        side = self.side(m, rect.w)
        cell = side // n
        box = pygame.Rect(0, 0, side, side)
        box.midtop = (rect.centerx, rect.y)
        surface.fill((255, 255, 255), box)
        for y, row in enumerate(self.rows):
            top = box.y + (y + QUIET) * cell
            x = 0
            while x < len(row):  # each run of dark modules as one rectangle
                if row[x] != "1":
                    x += 1
                    continue
                end = row.find("0", x)
                end = len(row) if end < 0 else end
                surface.fill((0, 0, 0), (box.x + (x + QUIET) * cell, top, (end - x) * cell,
                                         cell))
                x = end


def seat_words(room: RoomInfo, seat: int, info: SeatInfo) -> str:
    """One seat as the lobby says it."""
    who = f"Seat {seat + 1}: "
    if not info.person:  # named as the table will name it
        return who + (f"{info.name} (bot, {level_name(info.plan)})" if info.name
                      else f"bot ({level_name(info.plan)})")
    if not info.taken:
        return who + "free for a friend"
    marks = [w for w, yes in (("you", seat == room.you), ("host", seat == room.host)) if yes]
    name = info.name + (f" ({', '.join(marks)})" if marks else "")
    if info.covered:
        return who + f"{name}, away: a bot plays for now"
    if info.reconnecting or not info.online:
        return who + f"{name}, reconnecting"
    return who + name


class LobbyScene(FormScene):
    """The room ``app.rooms.link`` holds, before its match starts."""

    max_width = 560
    wide_width = 1000

    def __init__(self, app) -> None:
        self._version = -1
        self._page: bool | None = None  # whether the rows are a room's (else: opening, or none)
        super().__init__(app)

    @property
    def link(self):
        return self.app.rooms.link

    def rows(self) -> list[Row]:
        link = self.link
        room = link.room if link is not None else None
        self._version = link.version if link is not None else -1
        self._page = room is not None
        if link is None or room is None:
            if link is not None and not link.closed:
                title = "Opening the room"
            else:
                title = REFUSED.get(link.refusal, "No room") if link is not None else "No room"
            return [Heading(title, big=True), Text(self._status, palette.TEXT),
                    Buttons(Button("Back", self._leave, style="quiet", key="leave"))]
        rows: list[Row] = [
            Heading(f"Room {dashed(room.code)}", big=True),
            Text(f"{variant_title(room.rules)}, {room.players} players"
                 + (f", {room.timer:g} seconds a turn" if room.timer else ""), palette.TEXT),
            Text(self._status, palette.GOLD),
            Heading("Seats"),
        ]
        free = [s for s, info in enumerate(room.seats) if info.person and not info.taken]
        for seat, info in enumerate(room.seats):
            rows.append(Text(seat_words(room, seat, info), palette.TEXT, small=False))
        if free and room.you is not None and not room.started:
            rows.append(Buttons(*(Button(f"Sit in seat {s + 1}", lambda s=s: link.sit(s),
                                         key=f"sit{s}") for s in free[:3])))
        leave = Button("Leave", self._leave, style="quiet", key="leave")
        if link.is_host:
            rows.append(Buttons(Button("Start the game", link.start, style="primary",
                                       key="start", enabled=not room.started), leave))
        else:
            rows.append(Buttons(leave))
        if room.link:
            rows += [right(Heading("Join with the phone's camera")), right(QrRow(room.qr)),
                     right(Text(f"or open {page_of(room.link)} and join with the code "
                                f"{dashed(room.code)}."))]
        return rows

    def _status(self) -> str:
        link = self.link
        if link is None:
            return "You are not in a room."
        if link.closed:
            return link.closed
        room = link.room
        if link.status == CONNECTING:
            return "Connecting to the room server…"
        if link.status == RECONNECTING:
            return "Reconnecting…"
        if link.status == CLOSED:
            return "The connection to the room was closed."
        if room is None:
            return "Waiting for the room…"
        if room.started:
            return "The game has started: taking your seat…"
        if link.is_host:
            what = "the code or the QR code" if room.link else "the code"  # no page, no QR
            return f"Share {what}, then start: bots take the free seats."
        return "Waiting for the host to start the game."

    def rebuild(self) -> None:
        """The rows again.  Within a page the form keeps its top (``FormScene``);
        a new page (the room came, or went) is placed afresh, as if just
        opened: the short "Opening the room" form sat mid-screen, and the
        lobby kept that top, half the phone's screen down with its QR code
        cut off at the bottom."""
        page = self._page
        self.refresh()
        self._place(self.app.size, keep=self._page == page)

    def update(self, dt: float) -> None:
        link = self.link
        if link is not None and link.version != self._version:
            self.rebuild()

    def _leave(self) -> None:
        self.app.rooms.leave()
        self.app.pop()

    def back(self) -> None:
        self._leave()
