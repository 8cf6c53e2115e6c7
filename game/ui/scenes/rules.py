"""The rule options of the chosen variant, each shown only where it means
something; a refused combination says why and keeps the old value."""

from __future__ import annotations

from ..art import palette
from ..menu_config import RULE_OPTIONS, VARIANTS
from ..widgets import Button, Buttons, Choice, Heading, Row, Text
from .form_scene import FormScene


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
