"""The navigator: every screen that one room opens in another is made here,
at the top of the window, so the rooms below stay layered.  The table opens
the scores, help, settings and pass and play's cover as ``app.screens.…``
and imports none of them; the scenes may use the table's modules (the
coach, the drawing helpers) but never open a table themselves: the app does
(``App.continue_game``, ``App.new_game``).  Inside one room a screen opens
its neighbours directly (the menu its forms, the scores the replay)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ui.scenes.confirm import ConfirmDialog
from game.ui.scenes.cover import CoverScene
from game.ui.scenes.friends import FriendsScene, name_dialog
from game.ui.scenes.help import HelpScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.settings import SettingsScene
from game.ui.table.scene import TableScene
from game.uikit.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


class Screens:
    """Makes the screens (never pushes them: the caller says push or replace)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def menu(self) -> Scene:
        return MenuScene(self.app)

    def friends(self) -> Scene:
        """Play with friends: create a room, or join one with its code."""
        return FriendsScene(self.app)

    def name(self, then: Callable[[], None], ok: str = "OK") -> Scene:
        """The person's name at a room's table, then ``then``."""
        return name_dialog(self.app, then, ok)

    def lobby(self) -> Scene:
        """The lobby of the room ``app.link`` holds."""
        return LobbyScene(self.app)

    def table(self) -> Scene:
        """The table of ``app.session``."""
        return TableScene(self.app)

    def confirm(self, title: str, text: str, *, yes: tuple[str, Callable[[], None]],
                no: str = "Cancel") -> Scene:
        return ConfirmDialog(self.app, title, text, yes=yes, no=no)

    def help(self) -> Scene:
        """How to play the game in force (the table's, else the menu's)."""
        return HelpScene(self.app)

    def settings(self) -> Scene:
        return SettingsScene(self.app)

    def scores(self, table: TableScene) -> Scene:
        """The scores of the deal ``table`` just settled."""
        return ScoringScene(self.app, table)

    def cover(self, table: TableScene, seat: int) -> Scene:
        """Pass and play's cover: the screen goes to ``seat``'s person."""
        return CoverScene(self.app, table, seat)
