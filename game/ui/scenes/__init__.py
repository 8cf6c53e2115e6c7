"""The scenes room: one module per full screen or form.

``form_scene`` (the base of every form screen), ``menu`` (the main menu),
``confirm`` (a yes/no question over a screen),
``rules`` (rule options), ``settings``, ``help`` and ``scoring`` (the scores
after each deal, over the table).  The table scene and the dialogs over it
live in the table room (``ui/table``).

Inside ``game.ui`` the table and the scenes push each other's screens, so
they import each other's modules (``..table.session``), never the package.
"""

from game.ui.scenes.form_scene import FormScene
from game.ui.scenes.help import HELP, HelpScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.settings import SettingsScene

__all__ = ["HELP", "FormScene", "HelpScene", "MenuScene", "RulesScene", "ScoringScene",
           "SettingsScene"]
