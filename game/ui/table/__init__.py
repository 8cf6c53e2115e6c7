"""The table room: the deal in progress and everything on the table.

``scene`` (TableScene: state, layout, buttons, acting, the loop), ``input``
(mouse, touch, keys), ``events`` (animating the engine's events and
announcing them), ``draw``, ``draw_hand``, ``draw_seats`` and ``draw_util``
(painting), ``dialogs`` (pause, pack, declare, discards), ``showdown`` (the
winner's hand on the table before the scores),
``layout`` (where things go, from the window size), ``anim`` (flying cards,
captions), ``hand`` (the person's arrangement of their cards), ``session``
(the match: engine state, actions, bots; no pygame), ``wording`` (the game
in words), and ``parts`` with ``families/``: the seam where a game family
adds its own table parts without touching the common table.

Inside ``game.ui`` the table and the scenes push each other's screens, so
they import each other's modules (``..scenes.help``), never the package.
"""

from game.app.hand import MAX_GROUPS, HandArrangement, HandError
from game.app.session import SaveError, Session
from game.engine.melds import GroupLabel
from game.ui.table.dialogs import DeclareDialog, DiscardsDialog, PackDialog, PauseDialog
from game.ui.table.family_parts import parts_for
from game.ui.table.scene import TableScene
from game.uikit.table.layout import HandGeometry, TableLayout, flow_hand, table_layout
from game.uikit.table.parts import OVER_HAND, OVER_PILES, UNDER_PILES, TablePart

__all__ = [
    "MAX_GROUPS", "OVER_HAND", "OVER_PILES", "UNDER_PILES", "DeclareDialog", "DiscardsDialog",
    "GroupLabel", "HandArrangement", "HandError", "HandGeometry", "PackDialog", "PauseDialog",
    "SaveError", "Session", "TableLayout", "TablePart", "TableScene", "flow_hand",
    "parts_for", "table_layout",
]
