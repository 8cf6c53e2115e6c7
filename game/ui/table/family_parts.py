"""The parts a family adds to the table, found through the family registry.

A family's package has a ``table`` module listing its parts (``PARTS``);
the first-deal walkthrough goes before them for every family: the table
offers events to its parts in order, and the tour's two buttons must win
over a family part's click on what lies under the bubble (a seat's panel,
the table's melds)."""

from __future__ import annotations

import importlib

from game.families import PACKAGES
from game.ui.table.walkthrough import Walkthrough
from game.uikit.table.parts import TablePart


def parts_for(family: str) -> list[TablePart]:
    """Fresh parts for a table of ``family`` (none for a family not installed)."""
    package = PACKAGES.get(family)
    if package is None:
        return []
    # Found by name, not imported above: a table module draws with pygame, and
    # the registry it comes from is read by code that never draws.
    module = importlib.import_module(f"{package.__name__}.table")
    return [Walkthrough(), *(make() for make in module.PARTS)]
