"""The status line in the middle of the info line: a reply to the person's
own input while it is about the position it answered, else what the table
is waiting for (the family's parts may say it in their words).  A component
of ``TableScene`` (its ``status_line``); it reads the game, never changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Phase
from game.engine.shows import valid_declarations
from game.engine.state import SeatStatus
from game.uikit.art import palette

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

Color = tuple[int, int, int]


class StatusLine:
    """What the line says now, and the person's reply that stands over it."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        # a reply to the person's own input: (text, colour, seconds left, the move
        # it answers); it goes as soon as any move is played
        self.message: tuple[str, Color, float, int] = ("", palette.TEXT, 0.0, 0)
        self._declare_key: int | None = None
        self._can_declare = False

    def say(self, text: str, color: Color = palette.TEXT, seconds: float = 3.5) -> None:
        self.message = (text, color, seconds, len(self.table.session.actions))

    def clear(self) -> None:
        """Another person holds the screen: no reply stands, nothing is remembered."""
        self.message = ("", palette.TEXT, 0.0, 0)
        self._declare_key = None

    def update(self, dt: float) -> None:
        text, color, left, at = self.message
        if left > 0:
            self.message = (text, color, left - dt, at)

    def text(self) -> tuple[str, Color]:
        offline = getattr(self.table.session, "offline", "")  # a room's link is down
        if offline:
            return offline + ".", palette.DANGER
        text, color = self._text()
        clock = getattr(self.table.session, "time_left", None)  # a room's turn timer
        seat = self.table.state.to_act
        timed = clock is not None and seat is not None and self._timed(seat)
        left = clock() if timed else None
        if left is None:
            return text, color
        return f"{text} {int(left + 0.999)} s left.", palette.DANGER if left < 10 else color

    def _timed(self, seat: int) -> bool:
        """Whether a room's turn timer runs for ``seat``: a person's, never a
        bot's (nor one standing in for someone away), which plays at once."""
        presence = getattr(self.table.session, "presence", None)
        if not presence or seat >= len(presence):
            return True
        who = presence[seat]
        return who.person and not who.covered

    def _text(self) -> tuple[str, Color]:
        t = self.table
        text, color, left, at = self.message
        if left > 0 and at == len(t.session.actions):
            return text, color
        st = t.state
        names = t.session.names
        own = t.ask("status")
        if own is not None:
            return own
        if st.to_act is None:
            ready = getattr(t.session, "ready", None)  # a room's next deal waits for all
            if ready is not None and ready():
                return "You are ready: the next deal starts when everyone is.", palette.TEXT_DIM
            return "The deal is over.", palette.TEXT_DIM
        if t.sitting_out:
            mine = st.status[t.bottom]
            if mine == SeatStatus.OUT:
                return f"{names[st.to_act]} is playing…", palette.TEXT_DIM  # the hand says why
            how = "You packed" if mine == SeatStatus.PACKED else "Wrong show"
            return (f"{how}: you pay {st.owed[t.bottom]} when the deal ends. "
                    f"{names[st.to_act]} is playing…", palette.TEXT_DIM)
        nsel = len(t.selected)
        if t.my_turn:
            if st.phase == Phase.DRAW:
                return "Your turn: draw from the stock or the discard pile.", palette.HILITE
            if t.app.settings["hints"] and self.can_declare() and nsel < 2:
                return "You can declare! Select the card to throw, then Declare.", palette.OK
            if nsel == 1:
                return "Discard the raised card, or Declare with it.", palette.HILITE
            if nsel > 1:
                return (f"{nsel} cards selected: press Group, or keep one raised to throw it.",
                        palette.HILITE)
            return "Pick a card to throw: tap it, then Discard (or drag it to the pile).", \
                palette.HILITE
        if nsel > 1 and not t.demo:
            return f"{nsel} cards selected: press Group to put them together.", palette.TEXT
        return f"{names[st.to_act]} is playing…", palette.TEXT_DIM

    def can_declare(self) -> bool:
        """Whether some card can be thrown for a valid show (worked out once per move)."""
        t = self.table
        moves = len(t.session.actions)
        if self._declare_key != moves:
            self._can_declare = bool(valid_declarations(t.session.view(t.bottom)))
            self._declare_key = moves
        return self._can_declare
