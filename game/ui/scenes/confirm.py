"""A yes/no question over the screen below it ("Start a new game? Your saved
match will be replaced").  The safe answer is the primary button and what
Enter or Esc gives; the other acts only when pressed."""

from __future__ import annotations

from collections.abc import Callable

from game.uikit.art import palette
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Heading, Row, Text


class ConfirmDialog(FormScene):
    opaque = False
    max_width = 480

    def __init__(self, app, title: str, text: str, *, yes: tuple[str, Callable[[], None]],
                 no: str = "Cancel") -> None:
        self.title = title
        self.text = text
        self.yes_label, self.on_yes = yes
        self.no_label = no
        super().__init__(app)

    def rows(self) -> list[Row]:
        return [
            Heading(self.title, big=True),
            Text(self.text, color=palette.TEXT, small=False),
            Buttons(Button(self.no_label, self.back, style="primary", key="no"),
                    Button(self.yes_label, self._yes, style="danger", key="yes")),
        ]

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()
