"""The settings screen: every player setting from the table in ``ui/settings.py``."""

from __future__ import annotations

from game.app.settings import SETTINGS
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Choice, Heading, Row, Text

# What changing a setting does beyond storing it, by key.
_SETTING_EFFECTS = {
    "sound": lambda app, on: app.set_sound(on),
}


class SettingsScene(FormScene):
    def rows(self) -> list[Row]:
        rows: list[Row] = [Heading("Settings", big=True)]
        for opt in SETTINGS:
            rows.append(Choice(opt.label, lambda o=opt: o.name_of(self.app.settings[o.key]),
                               lambda step, o=opt: self._change(o.key, step), key=opt.key))
            rows.append(Text(opt.help))
        rows.append(Buttons(Button("Done", self.back, style="primary", key="done")))
        return rows

    def _change(self, key: str, step: int) -> None:
        value = self.app.settings.cycle(key, step)
        effect = _SETTING_EFFECTS.get(key)
        if effect is not None:
            effect(self.app, value)
        self.app.mark_dirty()

