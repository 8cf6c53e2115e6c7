"""The rule options of the chosen variant, each shown only where it means
something; a refused combination says why and keeps the old value."""

from __future__ import annotations

from game.app.menu_config import RULE_OPTIONS, SECTIONS, VARIANTS, default_of
from game.uikit.art import palette
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Choice, Heading, Row, Text, right


def _spanning(row: Row) -> Row:
    row.span = True
    return row


class RulesScene(FormScene):
    """Every rule option of the chosen variant that means something for it."""

    wide_width = 1000

    def __init__(self, app) -> None:
        self.problem = ""
        self.section = next(iter(SECTIONS))
        super().__init__(app)

    def rows(self) -> list[Row]:
        cfg = self.app.config
        rules = cfg.rules()
        rows: list[Row] = [
            Heading(f"Rules: {VARIANTS[cfg.variant][0]}", big=True),
            _spanning(Text(lambda: self.problem, color=palette.DANGER)),
        ]
        shown_all = [opt for opt in RULE_OPTIONS if opt.shown(rules)]
        sections = [name for name in SECTIONS if any(o.section == name for o in shown_all)]
        if self.section not in sections and sections:
            self.section = sections[0]
        if len(sections) > 1:  # one section at a time, so the page never scrolls
            rows.append(_spanning(Buttons(*(
                Button(name, lambda n=name: self._section(n),
                       style="selected" if name == self.section else "quiet",
                       key=f"section_{name.lower()}") for name in sections))))
        if not sections:
            rows.append(_spanning(Text("This game has no options to change.")))
        shown = [opt for opt in shown_all if opt.section == self.section]
        half = (len(shown) + 1) // 2  # two columns where the window is wide
        for i, opt in enumerate(shown):
            row = Choice(opt.label_for(rules), lambda o=opt: self._value(o),
                         lambda step, o=opt: self._change(o.key, step), key=opt.key)
            rows.append(right(row) if i >= half else row)
        rows.append(_spanning(Buttons(Button("Reset", self._reset, key="reset"),
                                      Button("Done", self.back, style="primary", key="done"))))
        return rows

    def _value(self, opt) -> str:
        """The option's value, and "(default)" when it is the game's own."""
        cfg = self.app.config
        value = getattr(cfg.rules(), opt.key)
        mark = " (default)" if value == default_of(cfg.variant, opt.key) else ""
        return opt.name_of(value) + mark

    def _change(self, key: str, step: int) -> None:
        self.problem = self.app.config.cycle_option(key, step)
        self.app.mark_dirty()
        self.rebuild()

    def _section(self, name: str) -> None:
        self.section = name
        self.refresh()  # another page: placed afresh (a changed option keeps its place)
        self.resize(self.app.size)

    def _reset(self) -> None:
        self.app.config.reset_options()
        self.problem = ""
        self.app.mark_dirty()
        self.rebuild()
