"""The table room: the deal in progress and everything on the table.

``scene`` (``TableScene``: what the whole table reads, and the components
it holds), one module per component: ``input`` (mouse, touch, keys),
``commands`` (what the person asks for), ``buttons`` (the action bar),
``events`` (animating the engine's events), ``pace`` (the bots' moves, the
beat before the scores), ``status`` (the status line), ``practice``
(undo), ``hints`` (the coach's hint; ``coaching`` finds the coach) and
``pass_and_play`` (the change of hands); ``draw``, ``draw_hand`` and
``draw_seats`` paint it; ``dialogs`` (pause, pack, declare, discards) and
``showdown`` (the winner's hand before the scores) go over it;
``family_parts`` finds a family's parts and ``walkthrough`` is the first
deal's tour, a part every family gets.

The table opens the screens of other rooms (the scores, help, settings,
pass and play's cover) through the app's navigator (``app.screens``), never
by importing them: the scenes room may use this room's modules.
"""

from game.app.hand import MAX_GROUPS, HandArrangement, HandError
from game.app.session import SaveError, Session
from game.engine.melds import GroupLabel
from game.ui.table.dialogs import DeclareDialog, DiscardsDialog, PackDialog, PauseDialog
from game.ui.table.family_parts import parts_for
from game.ui.table.scene import TableScene
from game.uikit.table.hand_layout import HandGeometry, flow_hand
from game.uikit.table.layout import TableLayout, table_layout
from game.uikit.table.parts import OVER_HAND, OVER_PILES, UNDER_PILES, TablePart

__all__ = [
    "MAX_GROUPS", "OVER_HAND", "OVER_PILES", "UNDER_PILES", "DeclareDialog", "DiscardsDialog",
    "GroupLabel", "HandArrangement", "HandError", "HandGeometry", "PackDialog", "PauseDialog",
    "SaveError", "Session", "TableLayout", "TablePart", "TableScene", "flow_hand",
    "parts_for", "table_layout",
]
