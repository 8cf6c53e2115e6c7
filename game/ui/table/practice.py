"""Practice on the table: *Undo* (U, Ctrl+Z) takes the person's last move
back, and the bots' moves since, to the exact state before it
(``Session.undo``), but never past a card that came off the stock into sight
(undo never shows what is coming) and never once the deal is over.  A
component of ``TableScene`` (its ``practice``); it changes the game only
through the session."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Card
from game.uikit.art import palette
from game.uikit.widgets import Button

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class Practice:
    """The Undo button and keys, where the match is practice."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        # each undo point keeps the person's arrangement as it was when they
        # moved, so Undo gives back their groups, not just their cards
        if table.session.practice:
            table.session.keepsake = self._arrangement

    def _arrangement(self) -> list[list[Card]]:
        """A copy of the groups of the hand at the bottom (the person moving)."""
        return [list(g) for g in self.table.arr.groups]

    @property
    def slots(self) -> int:
        """Buttons this adds to the action bar at most (the layout makes room)."""
        return int(self.table.session.practice)

    def key(self) -> tuple:
        """What the button depends on (the action bar rebuilds when it changes)."""
        session = self.table.session
        return (session.can_undo(), session.undo_refusal())

    def buttons(self) -> list[Button]:
        session = self.table.session
        if not session.practice:
            return []
        return [Button("Undo", self.undo, enabled=session.can_undo(), key="undo",
                       why=session.undo_refusal())]

    def handle_key(self, event: pygame.event.Event) -> bool:
        """U or Ctrl+Z takes back, in practice."""
        if not self.table.session.practice:
            return False
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_u or (event.key == pygame.K_z and ctrl):
            self.undo()
            return True
        return False

    def undo(self) -> None:
        """Take back the person's last move (and the bots' since): practice only."""
        table = self.table
        app = table.app
        if not table.session.undo():
            table.say(table.session.undo_refusal(), palette.TEXT_DIM)
            return
        table.anim.finish()
        table.banner.clear()
        table.pace.reset()
        table.fast = False
        table.forget_position()
        self._restore(table.session.undone)
        table.sync_hand()
        table.say("Taken back: play it again.", palette.OK, 3.0)
        app.mark_dirty()
        app.save_now()

    def _restore(self, groups: list[list[Card]] | None) -> None:
        """Give the person who is to act again their arrangement from the undo
        point (``sync`` alone would bring a returning card back in a group of
        its own at the right).  None: a point made before this table kept one
        (a match loaded from a save); the hand is only kept in step then."""
        table = self.table
        seat = table.session.state.to_act
        if groups is None or seat is None:
            return
        # pass and play: the point may be another person's, whose arrangement
        # the app keeps until they take the screen again
        arr = table.arr if seat == table.bottom else table.app.hands.get(seat)
        if arr is not None:
            arr.restore(groups, table.session.state.hands[seat])
