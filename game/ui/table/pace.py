"""The table's pace: the bots' moves, thought a few milliseconds a frame and
played a beat apart (never by sleeping: the browser has one thread), and the
beat between a deal's end and the scores (the winner's hand first, then the
scores).  A component of ``TableScene``; it plays only what the session's
bots choose, through ``session.play``, and animates it like any move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.table.showdown import ShowdownScene

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

THINK_BUDGET = 0.003  # seconds of bot thinking per frame
PAUSE = 0.55  # seconds between AI moves at normal speed


class Pace:
    """When the next bot move is played, and when the scores come."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.pending: tuple | None = None  # (moves when decided, the bot's action)
        self.wait = 0.0  # seconds until the next bot move may be played
        self.settled_wait: float | None = None  # seconds until the deal's end is shown
        self.reveal = True  # show the winner's hand before the scores

    def reset(self) -> None:
        """A position taken back: nothing decided, nothing waited for."""
        self.pending, self.wait, self.settled_wait = None, 0.0, None
        self.reveal = True

    def deal_over(self, seconds: float, *, reveal: bool = True) -> None:
        """The deal ended: its end shows after ``seconds`` (and the animations)."""
        self.settled_wait = seconds
        self.reveal = reveal

    @property
    def busy(self) -> bool:
        """Whether something is on its way (a bot's move, the deal's end)."""
        return self.settled_wait is not None or self.table.session.bot_to_act() is not None

    def update(self, dt: float) -> None:
        table = self.table
        busy = table.anim.busy
        if self.settled_wait is not None:
            if not busy:
                self.settled_wait -= dt
            if self.settled_wait <= 0:
                self.settled_wait = None
                self._after_deal()
            return
        if self.wait > 0 and not busy:
            self.wait -= dt
        session = table.session
        if session.bot_to_act() is None:
            return
        moves = len(session.actions)
        if self.pending is None or self.pending[0] != moves:  # decided for this position only
            with table.app.timing("bot"):
                action = session.think(THINK_BUDGET)
            self.pending = None if action is None else (moves, action)
        if self.pending is not None and not table.anim.busy and self.wait <= 0:
            action = self.pending[1]
            self.pending = None
            with table.app.timing("play"):
                table.events.show(session.play(action))
            table.after_move()
            self.wait = PAUSE * table.speed

    def _after_deal(self) -> None:
        """The winner's hand on the table first (a beat to read it), then the scores."""
        table = self.table
        app = table.app
        res = table.state.result
        table.banner.clear()
        if self.reveal and res is not None and not res.void:
            app.push(ShowdownScene(app, table))
        else:
            app.push(app.screens.scores(table))
        self.reveal = True
