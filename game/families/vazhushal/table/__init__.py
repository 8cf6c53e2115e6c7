"""Vazhushal's part of the table (drawn with pygame; the window imports it):
``parts`` (the parts it lists and the family's words on the table),
``wipe_table`` (the table melds and the spread discard line), ``controls``
(its buttons), ``input`` (taps and drags), ``moves`` (what a gesture means,
as engine actions), ``draw`` and ``geo`` (painting and where things go)."""

from game.families.vazhushal.table.parts import PARTS

__all__ = ["PARTS"]
