"""The main menu: continue, new game (variant, players, how to play it:
normal, with hints or practice; each other seat an AI level or a person, for
pass and play, with the people's names), rule options, a deal code, the
statistics, help, settings, play with friends (each on their own device), quit."""

from __future__ import annotations

import sys
from functools import lru_cache

from game.app.dealcode import DealCode, DealCodeError, decode, encode, normalize
from game.app.menu_config import (
    MAX_SEATS_ON_SCREEN,
    MODES,
    NAME_LIMIT,
    PERSON,
    RULE_OPTIONS,
    VARIANTS,
    clean_name,
    continue_words,
    variant_line,
)
from game.app.players import NAMES, level_name
from game.families import PRESETS
from game.ui.scenes.entry import CODE_KEYS, NAME_KEYS, SPACE, EntryDialog
from game.ui.scenes.help import HelpScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Choice, Heading, Row, Text, foot, right


def code_problem(code) -> str:
    """Why a decoded deal code cannot be dealt at this table, or ""."""
    if code.players > MAX_SEATS_ON_SCREEN:
        return f"That deal is for {code.players} players; the table seats {MAX_SEATS_ON_SCREEN}."
    return ""


def longest_code() -> int:
    """The characters (hyphens left out) of the longest deal code this game
    makes, as the encoder writes it: each preset with every option the rule
    page offers changed to its longest value, the widest seed a code holds
    (a room's), a deal numbered past 127 (two bytes) and a seat left out."""
    return _longest_code(tuple(PRESETS))


@lru_cache(maxsize=2)
def _longest_code(presets: tuple[str, ...]) -> int:
    # the same for as long as the installed presets are (14 ms a time: the
    # dialog opens at once after the first)
    most = 0
    for name in presets:
        base = PRESETS[name]
        rules_cls = type(base)
        changed = []
        for key in rules_cls.OPTIONS:
            offered = {repr(v): v for o in RULE_OPTIONS if o.key == key for v in o.values
                       if not isinstance(v, str) or v in rules_cls.CHOICES.get(key, ())}
            sizes = []
            for value in offered.values():
                if value == getattr(base, key):
                    continue  # a code leaves out what the preset already says
                try:
                    one = DealCode(name, 2, 0, 1, 0, (0, 1), ((key, value),))
                    sizes.append((len(encode(one)), repr(value), value))
                except DealCodeError:
                    continue
            if sizes:
                changed.append((key, max(sizes)[2]))
        widest = DealCode(name, 16, (1 << 64) - 1, (1 << 14) - 1, 15, (0, 1),
                          tuple(sorted(changed)))
        most = max(most, len(normalize(encode(widest))))
    return most


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
            rows.append(right(Heading("Your match")))
            rows.append(right(Buttons(Button(continue_words(app.session.state),
                                             app.continue_game, style="primary",
                                             key="continue"))))
        rows += [
            Heading("New game"),
            Choice("Game", lambda: VARIANTS[cfg.variant][0], self._variant, key="variant"),
            Text(lambda: variant_line(cfg.variant, cfg.rules())),
            Choice("Players", lambda: str(cfg.players), self._players, key="players"),
            Choice("Play", lambda: MODES[cfg.mode], self._mode, key="mode"),
            right(Heading("Opponents")),
        ]
        if cfg.pass_and_play:  # the first seat's person has a name too
            rows.append(right(self._name_row(0)))
        for i in range(cfg.players - 1):
            person = cfg.levels[i] == PERSON
            label = f"Seat {i + 2}" if person else f"{NAMES[1 + i]} plays"
            rows.append(right(Choice(label, lambda i=i: self._level_text(i),
                                     lambda step, i=i: self._level(i, step), key=f"level{i}")))
            if person:
                rows.append(right(self._name_row(i + 1)))
        rows += [
            Buttons(Button("Rule options", lambda: app.push(RulesScene(app)), key="rules"),
                    Button("Start game", app.ask_new_game,
                           style="normal" if saved else "primary", key="start")),
            Buttons(Button("How to play", lambda: app.push(HelpScene(app)), key="help"),
                    Button("Settings", lambda: app.push(SettingsScene(app)), key="settings")),
            Buttons(Button("Deal code", self._ask_code, key="code"),
                    Button("Statistics", lambda: app.push(StatsScene(app)), key="stats")),
            Buttons(Button("Play with friends", lambda: app.push(app.screens.friends()),
                           key="friends")),
        ]
        if sys.platform != "emscripten":  # a browser tab is closed by the browser
            # apart from the opponents, level with the last of the new game's buttons
            rows.append(foot(right(Buttons(Button("Quit", app.quit, style="quiet",
                                                  key="quit")))))
        return rows

    def _level_text(self, i: int) -> str:
        level = self.app.config.levels[i]
        return "A person (pass and play)" if level == PERSON else level_name(level)

    def _name_row(self, seat: int) -> Row:
        cfg = self.app.config
        return Buttons(Button(f"Name of seat {seat + 1}: {cfg.person_name(seat)}",
                              lambda: self._ask_name(seat), key=f"name{seat}"))

    def _ask_name(self, seat: int) -> None:
        cfg = self.app.config

        def check(text: str) -> str:
            return "" if clean_name(text) else "Type a name (letters and spaces)."

        def then(text: str) -> None:
            cfg.names[seat] = clean_name(text)
            self._changed()

        self.app.push(EntryDialog(self.app, f"Who plays seat {seat + 1}?", check, then,
                                  text=cfg.person_name(seat), keys=NAME_KEYS + SPACE,
                                  limit=NAME_LIMIT, upper=False, hint="The name the table "
                                  "shows, and the cover says whom to pass the screen to."))

    def _ask_code(self) -> None:
        def check(text: str) -> str:
            try:
                return code_problem(decode(text))
            except DealCodeError as exc:
                return str(exc)

        self.app.push(EntryDialog(
            self.app, "Play a deal from its code", check,
            lambda text: self.app.ask_play_code(decode(text)), keys=CODE_KEYS,
            limit=longest_code(),
            group=4, ok="Deal it", hint="The scores show each deal's code, like "
            "84R0-001G-740G-17AW. The same code deals the same cards."))

    def _mode(self, step: int) -> None:
        self.app.config.cycle_mode(step)
        self._changed()

    def _variant(self, step: int) -> None:
        self.app.config.cycle_variant(step)
        self._changed()

    def _players(self, step: int) -> None:
        self.app.config.cycle_players(step)
        self._changed()

    def _level(self, i: int, step: int) -> None:
        was = self.app.config.levels[i] == PERSON
        self.app.config.cycle_level(i, step)
        self.app.mark_dirty()
        if was != (self.app.config.levels[i] == PERSON):  # a name row comes or goes
            self.rebuild()

    def _changed(self) -> None:
        self.app.mark_dirty()
        self.rebuild()

    def back(self) -> None:
        pass  # the menu is the bottom of the stack
