"""The settings screen: every player setting from the table in ``app/settings.py``,
and what changing one does beyond storing it (``apply_settings`` does it all at
once, for settings read from a save)."""

from __future__ import annotations

from typing import Any

from game.app.settings import SETTINGS
from game.uikit.art import cardart
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Choice, Heading, Row, Text, right


def _card_look(app: Any, _value: Any = None) -> None:
    cardart.set_four_colour(bool(app.settings["four_colour"]))
    cardart.set_large_index(bool(app.settings["large_cards"]))
    app.mark_dirty()


# What changing a setting does beyond storing it, by key.
_SETTING_EFFECTS = {
    "sound": lambda app, on: app.set_sound(on),
    "four_colour": _card_look,
    "large_cards": _card_look,
}


def apply_settings(app: Any) -> None:
    """Make every setting's effect true (the card look, the sound) for
    ``app.settings`` as they are now, e.g. just read from a save."""
    for key, effect in _SETTING_EFFECTS.items():
        effect(app, app.settings[key])


class SettingsScene(FormScene):
    """One column on a phone; on a wide window the play settings at the left
    and those of the cards and the hand at the right."""

    def rows(self) -> list[Row]:
        rows: list[Row] = [Heading("Settings", big=True)]
        for opt in SETTINGS:
            pair = [Choice(opt.label, lambda o=opt: o.name_of(self.app.settings[o.key]),
                           lambda step, o=opt: self._change(o.key, step), key=opt.key),
                    Text(opt.help)]
            rows += [right(r) for r in pair] if opt.cards else pair
        rows.append(Buttons(Button("Done", self.back, style="primary", key="done")))
        return rows

    def _change(self, key: str, step: int) -> None:
        value = self.app.settings.cycle(key, step)
        effect = _SETTING_EFFECTS.get(key)
        if effect is not None:
            effect(self.app, value)
        self.app.mark_dirty()
