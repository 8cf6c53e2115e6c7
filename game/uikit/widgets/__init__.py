"""The widgets room: the pieces every screen is built from.

``metrics`` (sizes that follow the window), ``text`` (fitting and wrapping),
``backdrop`` (felt, dimming, panels), ``buttons`` (buttons and their rows),
``form`` (a scrolling column, or two, of headings, text, choices and
buttons), ``banner`` (the table's one style of announcement), ``icons`` (the
title bar's menu, help and sound icons), ``toast`` (a short message at the
top edge, over everything) and ``record`` (where text and buttons were drawn,
for the fit test only).  Widgets know no scene and no game rule; they draw
with the art room.
"""

from game.uikit.widgets import record
from game.uikit.widgets.backdrop import dim, felt, panel
from game.uikit.widgets.banner import Banner
from game.uikit.widgets.buttons import (
    STYLES,
    Button,
    button_width,
    flow_buttons,
    press_buttons,
    rows_needed,
)
from game.uikit.widgets.form import Buttons, Choice, Form, Heading, Row, Text, foot, right
from game.uikit.widgets.metrics import Metrics
from game.uikit.widgets.text import clamp_lines, draw_wrapped, fit_text, wrap
from game.uikit.widgets.toast import Toast

__all__ = [
    "STYLES", "Banner", "Button", "Buttons", "Choice", "Form", "Heading", "Metrics", "Row", "Text",
    "Toast", "button_width", "clamp_lines", "dim", "draw_wrapped", "felt", "fit_text",
    "flow_buttons", "foot", "panel", "press_buttons", "record", "right", "rows_needed", "wrap",
]
