"""Vazhushal's part of the table (drawn with pygame; the window imports it):
``parts`` (the parts it lists and the family's words on the table),
``wipe_table`` (the table melds and the spread discard line: the part that
holds the components below), ``places`` (where things go in this window),
``choice`` (the wipe being chosen, the table cards picked), ``controls``
(commands, buttons, status line), ``input`` (taps and drags), ``events``
(the family's events shown), ``moves`` (what a gesture means, as engine
actions), ``draw`` and ``geo`` (painting and geometry, pure)."""

from game.families.vazhushal.table.parts import PARTS

__all__ = ["PARTS"]
