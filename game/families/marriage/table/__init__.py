"""Marriage's part of the table (drawn with pygame; the window imports it):
``parts`` (the tiplu by the stock, the melds laid on the table, the hand's
groups in Marriage's words) and ``groups`` (how a Marriage hand is grouped
and named, without drawing)."""

from game.families.marriage.table.parts import PARTS

__all__ = ["PARTS"]
