"""The seam for game families on the table: parts the table composes.

The common table (``scene``, ``input``, ``draw``) knows the seats, the stock,
the discard pile and the person's hand, and nothing a single family adds:
the 13-card cut card under the stock, 21-card's value-card badges,
Marriage's face-down tiplu and laid-down melds, Vazhushal's table melds and
spread discard line.  Each of those is a ``TablePart``.  A family's module
under ``ui/table/families/`` registers its parts once, when imported::

    class Tiplu(TablePart):
        layer = UNDER_PILES

        def draw(self, surface, table):
            ...

    register_parts("marriage", [Tiplu, LaidMelds])

and ``ui/table/families/__init__.py`` imports that module.  The table asks
``parts_for(rules.family)`` when it opens and never names a family itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ...engine import Card, PlayerView
    from .layout import TableLayout
    from .scene import TableScene

# Where a part is drawn among the table's own layers (``draw.draw_table``).
UNDER_PILES = 0  # after the seats, under the stock and the discard pile
OVER_PILES = 1  # over the piles, under the info line, the buttons and the hand
OVER_HAND = 2  # over the hand, under the flying cards and the card being dragged


class TablePart:
    """One piece of the table that a family adds.  Every hook has a neutral
    default, so a part overrides only what it does.

    The table calls, with itself as ``table`` (a ``TableScene``: ``state``,
    ``layout``, ``bottom``, ``session``, ``act(action)``, ``say(text)``, …):

    * ``layout(lay)`` when it opens and whenever the window changes size;
    * ``update(dt, table)`` once a frame while the table is the top scene;
    * ``handle_event(event, table)`` for each input event, before the table's
      own input; return True to keep the event from the table.  Moves go
      through ``table.act(action)`` (checked by the engine), never round it;
    * ``draw(surface, table)`` once a frame, at the part's ``layer``; drawing
      never changes the game;
    * ``card_badge(card, view)`` for each card face the table shows in the
      hand and on the pile: a short mark ("T", "Man") or None.  ``view`` is
      the bottom seat's ``PlayerView``, so a badge shows only what that
      player may know.  The view is made only when some part draws badges.
    """

    layer = OVER_PILES

    def layout(self, lay: TableLayout) -> None:
        """Place the part in the table's layout (computed from the window size)."""

    def update(self, dt: float, table: TableScene) -> None:
        """Advance the part's own timers by ``dt`` seconds."""

    def handle_event(self, event: pygame.event.Event, table: TableScene) -> bool:
        """Return True when the event was used."""
        return False

    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        """Paint the part; never changes game state."""

    def card_badge(self, card: Card, view: PlayerView) -> str | None:
        """A mark for ``card``'s face, or None."""
        return None

    @property
    def badges(self) -> bool:
        """Whether this part marks card faces (it overrides ``card_badge``)."""
        return type(self).card_badge is not TablePart.card_badge


PartMaker = Callable[[], TablePart]  # a TablePart subclass, or any callable making one

# family name (``RuleSet.family``) -> what makes its parts, in drawing order
REGISTRY: dict[str, tuple[PartMaker, ...]] = {}


def register_parts(family: str, parts: Iterable[PartMaker]) -> None:
    """Give ``family`` these parts (replacing any it had): classes, or callables
    that make a fresh part, since every table gets its own."""
    REGISTRY[family] = tuple(parts)


def parts_for(family: str) -> list[TablePart]:
    """Fresh parts for a table of ``family``; none for a family that registered none."""
    from . import families  # noqa: F401  (registers the built-in families' parts)

    return [make() for make in REGISTRY.get(family, ())]
