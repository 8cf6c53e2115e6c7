"""The scenes room: one module per full screen or form besides the table.

``menu`` (the main menu), ``confirm`` (a yes/no question over a screen),
``entry`` (typing a deal code or a name), ``rules`` (rule options),
``settings``, ``help``, ``stats``, ``scoring`` with ``score_draw`` (the
scores after each deal, over the table), ``replay`` (a deal move by move),
``review`` (the coach's review), ``cover`` (pass and play's cover), and
play with friends: ``friends`` (name, server, creating or joining a room),
``lobby`` (the room's seats, code and QR code) and ``room_link`` (the
app's tie to a room server: polls the client, feeds the table).
The form screens build on ``game.uikit.form_scene.FormScene``.

A scene may use the table room's modules (the coach, the table scene it is
shown over, duck-typed); the table never imports a scene: what it opens
here comes through the app's navigator (``game.ui.screens``).
"""

from game.ui.scenes.help import HELP, HelpScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.settings import SettingsScene
from game.uikit.form_scene import FormScene

__all__ = ["HELP", "FormScene", "HelpScene", "MenuScene", "RulesScene", "ScoringScene",
           "SettingsScene"]
