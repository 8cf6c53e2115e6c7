"""The widgets room: the pieces every screen is built from.

``metrics`` (sizes that follow the window), ``text`` (fitting and wrapping),
``backdrop`` (felt, dimming, panels), ``buttons`` (buttons and their rows),
``form`` (a scrolling column of headings, text, choices and buttons) and
``toast`` (a short message over everything).  Widgets know no scene and no
game rule; they draw with the art room.
"""

from .backdrop import dim, felt, panel
from .buttons import STYLES, Button, button_width, flow_buttons, press_buttons
from .form import Buttons, Choice, Form, Heading, Row, Text
from .metrics import Metrics
from .text import draw_wrapped, fit_text, wrap
from .toast import Toast

__all__ = [
    "STYLES", "Button", "Buttons", "Choice", "Form", "Heading", "Metrics", "Row", "Text",
    "Toast", "button_width", "dim", "draw_wrapped", "felt", "fit_text", "flow_buttons",
    "panel", "press_buttons", "wrap",
]
