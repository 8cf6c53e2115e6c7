"""Where Vazhushal's table pieces are in this window and this position: the
felt split between the discard line and the bottom seat's melds (by what
those melds need), the line's spread, each seat's strip of melds.  Worked
out from ``geo``'s pure geometry and kept until the cards or the window
change.  A component of ``WipeTable`` (its ``places``): rectangles only."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.families.vazhushal.actions import WipeDeal
from game.families.vazhushal.table.geo import (
    Felt,
    MeldGeo,
    Spread,
    flow_melds,
    most_card,
    own_share,
    place_felt,
    shrink_hand,
    spread,
    stacked,
)
from game.uikit.art import fonts
from game.uikit.table.layout import TableLayout

# the longest words under the stock: its count, and the wild cards at their shortest
UNDER_STOCK = ("Stock 108", "10♥ 10♦ +JK")

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


def deal_of(table: TableScene) -> WipeDeal | None:
    """The bottom seat's view of the family's state (``WipeDeal``), or None."""
    return table.bottom_view().extra


class FeltPlaces:
    """The felt's places for the line and the melds (``layout`` first)."""

    def __init__(self) -> None:
        self.felt: Felt | None = None
        self.lay: TableLayout | None = None
        self._line: tuple | None = None  # (key, Spread)
        self._own: tuple | None = None  # (key, MeldGeo)
        self._seats: dict[int, tuple] = {}
        self._share: float | None = None

    def layout(self, lay: TableLayout) -> None:
        self.lay = lay
        shrink_hand(lay)
        self._share = None
        self._seats = {}
        self.felt = None
        self.split(None)

    def split(self, table: TableScene | None) -> None:
        """Split the felt between the line and the bottom seat's melds by
        what the melds need (again whenever they change)."""
        ex = deal_of(table) if table is not None else None
        sizes = [len(m.cards) for m in ex.melds[table.bottom]] if ex is not None else []
        share = own_share(self.lay, sizes)
        if share != self._share or self.felt is None:
            self._share = share
            font = fonts.font(self.lay.m.small, True)
            # (stacked, the wild cards are named in the line's caption)
            words = UNDER_STOCK[:1] if stacked(self.lay) else UNDER_STOCK
            under = max(font.size(w)[0] for w in words) + 4
            self.felt = place_felt(self.lay, share, under)
            self._line = self._own = None

    def line_geo(self, table: TableScene) -> Spread:
        line = table.state.discard
        key = (len(line), self.lay.size)
        if self._line is None or self._line[0] != key:
            geo = spread(len(line), self.felt.line, most_card(self.lay))
            self._line = (key, geo)
            self.lay.discard = geo.landing.copy()  # a thrown card flies to its place
        return self._line[1]

    def own_geo(self, table: TableScene) -> MeldGeo:
        ex = deal_of(table)
        melds = ex.melds[table.bottom] if ex is not None else ()
        new = not table.demo
        key = (tuple(len(m.cards) for m in melds), self.lay.size, new)
        if self._own is None or self._own[0] != key:
            self._own = (key, flow_melds([len(m.cards) for m in melds], self.felt.own,
                                         most_card(self.lay), new_slot=new))
        return self._own[1]

    def seat_area(self, seat: int) -> pygame.Rect:
        spot = self.lay.seats[seat]
        inset = max(5, self.lay.m.pad // 2)
        return spot.extra.inflate(-2 * inset, 0)

    def seat_geo(self, table: TableScene, seat: int) -> MeldGeo:
        ex = deal_of(table)
        sizes = [len(m.cards) for m in ex.melds[seat]] if ex is not None else []
        area = self.seat_area(seat)
        # leave room for "+N" at the end of the strip
        room = pygame.Rect(area.x, area.y, max(0, area.w - self.lay.m.small * 2), area.h)
        key = (tuple(sizes), self.lay.size)
        got = self._seats.get(seat)
        if got is None or got[0] != key:
            most = max(30, min(52, int(area.h / 0.9)))  # the whole index shows
            got = (key, flow_melds(sizes, room, most, tab_h=area.h))
            self._seats[seat] = got
        return got[1]
