"""What the window keeps of play with friends, in the save's store
(``storage``: a file beside the save on the desktop, the page's local
storage in the browser) under its own key: the person's name, the room
server's address, the seats a host last planned, and the ticket of the
room the person sits in (its server, code and the seat's secret token),
so that a restarted app or a reloaded page takes the seat back by itself.

Pure Python; nothing here raises on a damaged or foreign record (it gives
the defaults and forgets the ticket).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.ai.levels import LEVELS
from game.app import storage
from game.app.menu_config import MAX_SEATS_ON_SCREEN, NAME_LIMIT, PERSON, clean_name
from game.app.players import default_level

FRIENDS_KEY = "indian-rummy-friends"
FORMAT, VERSION = "indian-rummy-friends", 1
DEFAULT_SERVER = "ws://localhost:8765/ws"  # the room server on this computer
TIMERS = (None, 15, 30, 60, 120)  # the turn timer a host may set, in seconds (None: off)
TEXT_LIMIT = 200  # characters of a server's address


@dataclass(frozen=True)
class Ticket:
    """The way back into a room: where, which, and the seat's secret token."""

    server: str
    code: str
    token: str


def _text(value: Any, limit: int = TEXT_LIMIT) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


@dataclass
class FriendsPrefs:
    """The person's choices for rooms, and the ticket of the room they sit in."""

    name: str = ""
    server: str = ""  # "" : the page's own server, or this computer's
    seats: list[str] = field(default_factory=lambda: [PERSON] * (MAX_SEATS_ON_SCREEN - 1))
    timer: int | None = None
    fill: str = field(default_factory=default_level)  # bots for the seats nobody takes
    hints: bool = False  # the coach's hint for oneself at the table
    ticket: Ticket | None = None

    def person_name(self) -> str:
        return self.name or "Player"

    def seat_plan(self, players: int) -> list[str]:
        """Every seat's plan for a room of ``players``: the host's first."""
        return [PERSON, *self.seats[: players - 1]]

    def cycle_seat(self, index: int, step: int) -> None:
        """The next plan for the other seat ``index``: a person, or a bot level."""
        keys = [PERSON, *LEVELS]
        at = keys.index(self.seats[index]) if self.seats[index] in keys else 0
        self.seats[index] = keys[(at + step) % len(keys)]

    def cycle_timer(self, step: int) -> None:
        at = TIMERS.index(self.timer) if self.timer in TIMERS else 0
        self.timer = TIMERS[(at + step) % len(TIMERS)]

    def cycle_fill(self, step: int) -> None:
        keys = list(LEVELS)
        at = keys.index(self.fill) if self.fill in keys else 0
        self.fill = keys[(at + step) % len(keys)]

    # ------------------------------------------------------------ the record
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": self.name,
                               "server": self.server, "seats": list(self.seats),
                               "timer": self.timer, "fill": self.fill, "hints": self.hints}
        if self.ticket is not None:
            t = self.ticket
            out["ticket"] = {"server": t.server, "code": t.code, "token": t.token}
        return out

    @classmethod
    def from_json(cls, data: Any) -> FriendsPrefs:
        """What is usable in ``data``; the rest keeps its default."""
        out = cls()
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or data.get("version") != VERSION:
            return out
        name = data.get("name")
        out.name = clean_name(name)[:NAME_LIMIT] if isinstance(name, str) else ""
        out.server = _text(data.get("server")) or ""
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, plan in enumerate(seats[: len(out.seats)]):
                if plan == PERSON or plan in LEVELS:
                    out.seats[i] = plan
        if data.get("timer") in TIMERS:
            out.timer = data["timer"]
        if data.get("fill") in LEVELS:
            out.fill = data["fill"]
        out.hints = data.get("hints") is True
        ticket = data.get("ticket")
        if isinstance(ticket, dict):
            parts = [_text(ticket.get(k)) for k in ("server", "code", "token")]
            if all(parts):
                out.ticket = Ticket(*parts)
        return out


def load() -> FriendsPrefs:
    text = storage.load_text(FRIENDS_KEY)
    if text is None:
        return FriendsPrefs()
    try:
        return FriendsPrefs.from_json(json.loads(text))
    except (ValueError, RecursionError):
        return FriendsPrefs()


def save(prefs: FriendsPrefs) -> str:
    """Write the record; an error message, or "" when it worked."""
    try:
        storage.save_text(FRIENDS_KEY, json.dumps(prefs.to_json(), separators=(",", ":")))
    except Exception as exc:  # a full disk must not end the game
        return f"Could not save the room: {exc}"
    return ""
