"""Play with friends: the person's name and room server, then either a new
room (the game, its options and each other seat, a person or a bot and its
level, as the menu's new game has them) or a seat in a friend's room by its
code.  Either way the app opens the room's lobby (``app.rooms``:
``create``, ``join``)."""

from __future__ import annotations

# Under pygbag ``platform`` is the browser's bridge (``platform.window`` is the
# page); on the desktop it has no ``window``, and the guard below says so.
import platform
from collections.abc import Callable

from game.ai.levels import LEVELS
from game.app import friends
from game.app.friends import DEFAULT_SERVER
from game.app.menu_config import NAME_LIMIT, PERSON, VARIANTS, clean_name
from game.app.players import level_name
from game.net import links
from game.net.keys import CODE_ALPHABET, normal_code
from game.ui.host import in_browser
from game.ui.scenes.entry import NAME_KEYS, SPACE, EntryDialog
from game.ui.scenes.rules import RulesScene
from game.uikit.art import palette
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Choice, Heading, Row, Text, right

SERVER_KEYS = NAME_KEYS + "0123456789.:/-_"
SERVER_LIMIT = 60


def page_server() -> str | None:
    """The rooms of the server that served this page (``/ws`` beside it), in a browser."""
    if not in_browser():
        return None
    try:
        loc = platform.window.location
        return links.server_url(str(loc.host), str(loc.protocol) == "https:")
    except Exception:  # no page to ask: the person types the server
        return None


def server_of(prefs: friends.FriendsPrefs) -> str:
    """The room server the person chose, else the page's own, else this computer's."""
    return prefs.server or page_server() or DEFAULT_SERVER


def timer_words(seconds: int | None) -> str:
    return "Off" if seconds is None else f"{seconds} seconds a turn"


def name_dialog(app, then: Callable[[], None], ok: str = "OK") -> EntryDialog:
    """The person's name at a room's table, typed and remembered, then ``then``."""
    prefs = app.rooms.prefs

    def check(text: str) -> str:
        return "" if clean_name(text) else "Type a name (letters and spaces)."

    def named(text: str) -> None:
        prefs.name = clean_name(text)
        if app.may_save:
            friends.save(prefs)
        then()

    return EntryDialog(app, "Your name at the table", check, named, text=prefs.name,
                       keys=NAME_KEYS + SPACE, limit=NAME_LIMIT, upper=False, ok=ok,
                       hint="Your friends see it by your seat.")


class FriendsScene(FormScene):
    """Create a room or join one; the room's own screen is the lobby."""

    max_width = 560
    wide_width = 980
    _two = False  # whether the form was last laid out in two columns

    def _place(self, size: tuple[int, int], keep: bool) -> None:
        """Placed as any form; where that changes the number of columns, the
        rows are put in that layout's order (``rows``) and placed again."""
        super()._place(size, keep)
        two = self.form.columns == 2
        if two != self._two:
            self._two = two
            self.refresh()
            super()._place(size, keep)

    def rows(self) -> list[Row]:
        app = self.app
        cfg, prefs = app.config, app.rooms.prefs
        rows: list[Row] = [
            Heading("Play with friends", big=True),
            Text("Each plays on their own phone or computer; bots take the seats "
                 "nobody takes."),
            Buttons(Button(f"Your name: {prefs.person_name()}", self._ask_name, key="name")),
            Buttons(Button(f"Server: {server_of(prefs)}", self._ask_server, key="server")),
            Choice("Coach's hints", lambda: "On" if prefs.hints else "Off", self._hints,
                   key="hints"),
        ]
        room = [Choice("Turn timer", lambda: timer_words(prefs.timer), self._timer, key="timer"),
                Choice("Free seats", lambda: f"Bot: {level_name(prefs.fill)}", self._fill,
                       key="fill")]
        if self._two:
            # the room's timer and bots join the choices at the left: in the
            # room's column they pushed "Create a room" off a 1280x720 or
            # 800x600 screen at 5 or 6 players (a row for each seat)
            rows += room
        rows += [
            Heading("Join a room"),
            Buttons(Button("Join with a code", self._ask_code, key="join")),
            right(Heading("Create a room")),
            right(Choice("Game", lambda: VARIANTS[cfg.variant][0], self._variant,
                         key="variant")),
            right(Choice("Players", lambda: str(cfg.players), self._players, key="players")),
        ]
        for i in range(cfg.players - 1):
            rows.append(right(Choice(f"Seat {i + 2}", lambda i=i: self._seat_text(i),
                                     lambda step, i=i: self._seat(i, step), key=f"seat{i}")))
        if not self._two:  # one column: in the room's section, after its seats
            rows += room
        rows += [
            right(Buttons(Button("Rule options", lambda: app.push(RulesScene(app)),
                                 key="rules"),
                          Button("Create a room", self._create, style="primary",
                                 key="create"))),
            Buttons(Button("Back", app.pop, style="quiet", key="back")),
        ]
        return rows

    # ------------------------------------------------------------ choices
    def _seat_text(self, i: int) -> str:
        plan = self.app.rooms.prefs.seats[i]
        return "A friend" if plan == PERSON else f"Bot: {level_name(plan)}"

    def _seat(self, i: int, step: int) -> None:
        self.app.rooms.prefs.cycle_seat(i, step)
        self._changed()

    def _hints(self, step: int) -> None:
        self.app.rooms.prefs.hints = not self.app.rooms.prefs.hints
        self._changed()

    def _timer(self, step: int) -> None:
        self.app.rooms.prefs.cycle_timer(step)
        self._changed()

    def _fill(self, step: int) -> None:
        self.app.rooms.prefs.cycle_fill(step)
        self._changed()

    def _variant(self, step: int) -> None:
        self.app.config.cycle_variant(step)
        self.app.mark_dirty()
        self.rebuild()

    def _players(self, step: int) -> None:
        self.app.config.cycle_players(step)
        self.app.mark_dirty()
        self.rebuild()

    def _changed(self) -> None:
        if self.app.may_save:
            friends.save(self.app.rooms.prefs)
        self.rebuild()

    # ------------------------------------------------------------ typing
    def _ask_name(self) -> None:
        self.app.push(name_dialog(self.app, lambda: self._changed()))

    def _ask_server(self) -> None:
        prefs = self.app.rooms.prefs

        def check(text: str) -> str:
            url = _server_text(text)
            return "" if url else "Type the server's address, like 192.168.1.5:8765."

        def then(text: str) -> None:
            prefs.server = _server_text(text)
            self._changed()

        self.app.push(EntryDialog(
            self.app, "The room server", check, then, text=server_of(prefs).lower(),
            keys=SERVER_KEYS, limit=SERVER_LIMIT, upper=False,
            hint="Where `python -m game serve` runs: its address and port."))

    def _ask_code(self) -> None:
        def check(text: str) -> str:
            return "" if normal_code(text) else "A room code has letters and digits, " \
                "like K7QM-2RXD4P."

        self.app.push(EntryDialog(
            self.app, "Join with a code", check,
            lambda text: self.app.rooms.join(server_of(self.app.rooms.prefs), text),
            keys=CODE_ALPHABET, limit=12, ok="Join",
            hint="The host's screen shows the room's code and a QR code to scan."))

    # ------------------------------------------------------------ go
    def _create(self) -> None:
        app = self.app
        cfg, prefs = app.config, app.rooms.prefs
        rules, players, _ = cfg.build()
        if cfg.variant not in VARIANTS:
            app.toast("Choose a game first.", palette.DANGER)
            return
        options = {k: v for k, v in rules.options().items()
                   if k in (cfg.options.get(cfg.variant) or {})}
        fill = prefs.fill if prefs.fill in LEVELS else None
        app.rooms.create(server_of(prefs), cfg.variant, prefs.seat_plan(players),
                         options=options or None, timer=prefs.timer, fill=fill)


def _server_text(text: str) -> str:
    """A typed server address as a WebSocket URL (``host:port`` is enough), or ""."""
    text = text.strip().lower()
    if not text:
        return ""
    if "://" not in text:
        text = "ws://" + text
    scheme, _, rest = text.partition("://")
    if scheme not in ("ws", "wss") or not rest or " " in rest:
        return ""
    host = rest.split("/", 1)[0]
    if not links.clean_host(host):
        return ""
    return f"{scheme}://{host}{links.WS_PATH}"
