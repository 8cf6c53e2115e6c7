"""The pygame window (the shell over ``game.app``), in layers, each
importing only the ones below it:

* ``launch``: the options (the command line or the page's address) and the
  frame loop that ``main.py`` and the ``indian-rummy`` command run;
* ``app``: the window and the one ``step(dt)`` over a stack of scenes, the
  match being played, saving; ``screens``: the navigator, the one place
  that makes the screens one room opens in another;
* ``table/``: the table scene and the components it holds (input,
  commands, the action bar, the events animated, the bots' pace, the status
  line, practice, hints, pass and play), its painters and dialogs, and the
  seam where a game family's table parts are found (``family_parts``);
* ``scenes/``: one module per other screen (menu, rule options, settings,
  help, scores, replay, the coach's review, statistics, pass and play's
  cover); they may use the table's modules, the table names none of theirs;
* ``host`` (links, the clipboard, the page) and ``frames`` (the frame-time
  log), used from above.

The drawing kit the rooms share (art, widgets, the ``Scene`` and
``FormScene`` bases, the ``TablePart`` base) is ``game.uikit``.
"""
