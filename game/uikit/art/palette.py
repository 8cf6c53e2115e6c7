"""The game's colours, in one place so every screen agrees.

A deep table green with warm gold accents, cream text, and card inks chosen to
stay distinct on a white face at tiny sizes.
"""

from __future__ import annotations

Color = tuple[int, int, int]

# Table
FELT: Color = (22, 101, 62)
FELT_DARK: Color = (12, 66, 40)
FELT_LIGHT: Color = (38, 128, 82)

# Accents and text
GOLD: Color = (232, 185, 72)
GOLD_DARK: Color = (168, 122, 32)
TEXT: Color = (246, 241, 226)
TEXT_DIM: Color = (178, 196, 182)
TEXT_DARK: Color = (28, 32, 36)

# Panels, buttons, states
PANEL: Color = (16, 44, 34)
PANEL_EDGE: Color = (92, 140, 108)
ACCENT: Color = (64, 156, 224)
DANGER: Color = (214, 68, 58)
OK: Color = (86, 190, 102)
HILITE: Color = (255, 226, 110)
SHADOW: Color = (0, 0, 0)

# Cards
CARD_FACE: Color = (252, 251, 246)
CARD_EDGE: Color = (150, 150, 142)
CARD_RED: Color = (200, 30, 40)
CARD_BLACK: Color = (24, 24, 30)
# Optional four-colour deck: diamonds blue, clubs green, for quick reading.
CARD_BLUE: Color = (28, 84, 196)
CARD_GREEN: Color = (18, 122, 54)
BACK_MAIN: Color = (150, 28, 40)
BACK_DARK: Color = (96, 14, 26)
BACK_LINE: Color = GOLD
WILD: Color = (240, 176, 30)
