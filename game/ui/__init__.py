"""The pygame user interface, in rooms:

* here, the app itself: ``launch`` (the options, from the command line or
  the page's address, and the frame loop ``main.py`` and the
  ``indian-rummy`` command run), ``app`` (the window and the one
  ``step(dt)`` over a stack of scenes), ``frames`` (the frame-time log),
  ``scene`` (the base every screen shares, with its
  lifecycle), ``players`` (the person and the AI levels, with their names),
  what the app keeps between runs (``settings``, ``menu_config``: the next
  new game's choices, ``savegame``, ``storage``) and ``bench``;
* ``scenes/``: one module per screen (menu, rule options, settings, help,
  scores);
* ``table/``: the table scene and its parts (input, drawing, the hand,
  dialogs, layout, animation, the match session) and, in ``table/parts.py``
  with ``table/families/``, the seam where a game family adds table parts;
* ``widgets/``: buttons, forms, text fitting, backdrops, the toast;
* ``art/``: card art and shapes, fonts, palette, sound.

Lower rooms never import higher ones: ``art`` imports nothing of the UI,
``widgets`` only ``art``; ``table`` and ``scenes`` use both and each
other's modules.
"""
