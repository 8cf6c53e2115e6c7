"""The application, without a pixel: a match being played (``session``) and
its moves as saved (``codec``), the save document (``savegame``) and where it
is kept (``storage``), statistics (``stats_store``), the new-game choices and
rule options (``menu_config``), players and settings, the person's hand
arrangement (``hand``), deal codes (``dealcode``), how to play (``howto``)
and the coach (``coach``).  Pure Python, tested without pygame; the window
(``game.ui``) draws it and turns input into its calls."""
