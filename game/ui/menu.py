"""The main menu (new game, continue, help, settings) and the rule options."""

from __future__ import annotations

import sys

from . import palette
from .form import Buttons, Choice, Heading, Row, Text
from .menu_config import RULE_OPTIONS, VARIANTS
from .screens import FormScene, HelpScene, SettingsScene
from .session import NAMES, game_over, level_name
from .widgets import Button


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


class RulesScene(FormScene):
    """Every rule option of the chosen variant that means something for it."""

    def __init__(self, app) -> None:
        self.problem = ""
        super().__init__(app)

    def rows(self) -> list[Row]:
        cfg = self.app.config
        rules = cfg.rules()
        rows: list[Row] = [
            Heading(f"Rules: {VARIANTS[cfg.variant][0]}", big=True),
            Text(lambda: self.problem, color=palette.DANGER),
        ]
        for opt in RULE_OPTIONS:
            if opt.shown(rules):
                rows.append(Choice(opt.label,
                                   lambda o=opt: o.name_of(getattr(cfg.rules(), o.key)),
                                   lambda step, o=opt: self._change(o.key, step), key=opt.key))
        rows.append(Buttons(Button("Reset", self._reset, key="reset"),
                            Button("Done", self.back, style="primary", key="done")))
        return rows

    def _change(self, key: str, step: int) -> None:
        self.problem = self.app.config.cycle_option(key, step)
        self.app.mark_dirty()
        self.rebuild()

    def _reset(self) -> None:
        self.app.config.reset_options()
        self.problem = ""
        self.app.mark_dirty()
        self.rebuild()
