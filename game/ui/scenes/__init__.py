"""The scenes room: one module per full screen or form.

``form_scene`` (the base of every form screen), ``menu`` (the main menu),
``confirm`` (a yes/no question over a screen),
``rules`` (rule options), ``settings``, ``help`` and ``scoring`` (the scores
after each deal, over the table).  The table scene and the dialogs over it
live in the table room (``ui/table``).

Inside ``game.ui`` the table and the scenes push each other's screens, so
they import each other's modules (``..table.session``), never the package.
"""

from .form_scene import FormScene
from .help import HELP, HelpScene
from .menu import MenuScene
from .rules import RulesScene
from .scoring import ScoringScene
from .settings import SettingsScene

__all__ = ["HELP", "FormScene", "HelpScene", "MenuScene", "RulesScene", "ScoringScene",
           "SettingsScene"]
