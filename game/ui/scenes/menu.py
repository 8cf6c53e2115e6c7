"""The main menu: continue, new game (variant, players, AI levels), rule
options, help, settings, quit."""

from __future__ import annotations

import sys

from ..menu_config import VARIANTS
from ..players import NAMES, level_name
from ..table.session import game_over
from ..widgets import Button, Buttons, Choice, Heading, Row, Text
from .form_scene import FormScene
from .help import HelpScene
from .rules import RulesScene
from .settings import SettingsScene


class MenuScene(FormScene):
    def rows(self) -> list[Row]:
        cfg = self.app.config
        rows: list[Row] = [Heading("Indian Rummy ♠ ♥ ♦ ♣", big=True)]
        session = self.app.session
        if session is not None and not game_over(session.state):
            name = VARIANTS.get(session.rules.name, (session.rules.name, ""))[0]
            rows.append(Buttons(Button(f"Continue: {name}, deal {session.state.deal_no}",
                                       self.app.continue_game, style="primary",
                                       key="continue")))
        rows += [
            Heading("New game"),
            Choice("Game", lambda: VARIANTS[cfg.variant][0], self._variant, key="variant"),
            Text(lambda: VARIANTS[cfg.variant][1]),
            Choice("Players", lambda: str(cfg.players), self._players, key="players"),
        ]
        for i in range(cfg.players - 1):
            rows.append(Choice(f"{NAMES[1 + i]} plays", lambda i=i: level_name(cfg.levels[i]),
                               lambda step, i=i: self._level(i, step), key=f"level{i}"))
        rows += [
            Buttons(Button("Rule options", lambda: self.app.push(RulesScene(self.app)),
                           key="rules")),
            Buttons(Button("Start game", self.app.new_game, style="primary", key="start")),
            Buttons(Button("How to play", lambda: self.app.push(HelpScene(self.app)),
                           key="help"),
                    Button("Settings", lambda: self.app.push(SettingsScene(self.app)),
                           key="settings")),
        ]
        if sys.platform != "emscripten":  # a browser tab is closed by the browser
            rows.append(Buttons(Button("Quit", self.app.quit, style="quiet", key="quit")))
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
