"""The art room: how cards, text and the table look and sound.

``assets`` (where the game's files are), ``palette`` (colours), ``fonts``
(bundled fonts, cached text), ``cardshapes`` (pure-geometry suits and pips),
``cardstrokes`` (the strokes of a face: letters, suits, crowns, the star),
``cardart`` (card faces and backs at any size, in the look the player chose)
and ``sound`` (effects that never get in the way).  Nothing here knows a scene or the game's state;
every other room draws with these.

``sound`` is not imported here: the app loads it late and plays silently
when it cannot (no mixer, no audio device).
"""

from game.uikit.art import cardart, cardshapes, fonts, palette

__all__ = ["cardart", "cardshapes", "fonts", "palette"]
