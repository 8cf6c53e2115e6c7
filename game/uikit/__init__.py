"""What the window is drawn with, and nothing about any one game: card art,
fonts, colours and sounds (``art``), buttons, text and panels (``widgets``),
the scene base every screen shares (``scene``) and the form screens'
(``form_scene``), and the table's kit (``table``): where things go, the
``TablePart`` base a family's table part implements, flying cards, chips of
cards and the words for moves.  The
families' table parts and the window (``game.ui``) both build on it."""
