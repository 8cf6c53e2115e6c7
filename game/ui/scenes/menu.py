"""The main menu: continue, new game (variant, players, AI levels), rule
options, help, settings, quit."""

from __future__ import annotations

import sys

from ..menu_config import VARIANTS
from ..players import NAMES, level_name
from ..widgets import Button, Buttons, Choice, Heading, Row, Text, right
from .form_scene import FormScene
from .help import HelpScene
from .rules import RulesScene
from .settings import SettingsScene


class MenuScene(FormScene):
    """The new game's choices on the left, the other ways on the right (one
    column on a phone); one primary button: Continue when a match is saved,
    else Start game.  Fits 800×600 and up without scrolling."""

    max_width = 560
    wide_width = 980

    def rows(self) -> list[Row]:
        app = self.app
        cfg = app.config
        rows: list[Row] = [Heading("Indian Rummy ♠ ♥ ♦ ♣", big=True)]
        saved = app.has_match
        if saved:
            session = app.session
            rows.append(right(Heading("Your match")))
            name = VARIANTS.get(session.rules.name, (session.rules.name, ""))[0]
            rows.append(right(Buttons(Button(f"Continue: {name}, deal {session.state.deal_no}",
                                             app.continue_game, style="primary",
                                             key="continue"))))
        rows += [
            Heading("New game"),
            Choice("Game", lambda: VARIANTS[cfg.variant][0], self._variant, key="variant"),
            Text(lambda: VARIANTS[cfg.variant][1]),
            Choice("Players", lambda: str(cfg.players), self._players, key="players"),
            right(Heading("Opponents")),
        ]
        for i in range(cfg.players - 1):
            rows.append(right(Choice(f"{NAMES[1 + i]} plays",
                                     lambda i=i: level_name(cfg.levels[i]),
                                     lambda step, i=i: self._level(i, step), key=f"level{i}")))
        rows += [
            Buttons(Button("Rule options", lambda: app.push(RulesScene(app)), key="rules"),
                    Button("Start game", app.ask_new_game,
                           style="normal" if saved else "primary", key="start")),
            Buttons(Button("How to play", lambda: app.push(HelpScene(app)), key="help"),
                    Button("Settings", lambda: app.push(SettingsScene(app)), key="settings")),
        ]
        if sys.platform != "emscripten":  # a browser tab is closed by the browser
            rows.append(right(Buttons(Button("Quit", app.quit, style="quiet", key="quit"))))
        return rows

    def _variant(self, step: int) -> None:
        self.app.config.cycle_variant(step)
        self._changed()

    def _players(self, step: int) -> None:
        self.app.config.cycle_players(step)
        self._changed()

    def _level(self, i: int, step: int) -> None:
        self.app.config.cycle_level(i, step)
        self.app.mark_dirty()

    def _changed(self) -> None:
        self.app.mark_dirty()
        self.rebuild()

    def back(self) -> None:
        pass  # the menu is the bottom of the stack
